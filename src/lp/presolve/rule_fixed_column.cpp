// Fixed columns (lower == upper within ptol::kFixedColumn): the column's
// contribution a_ij * value moves into the row bounds and c_j * value into the
// offset. Postsolve gives it the reduced cost d_j = c_j - sum a_ij y_i and the
// nonbasic side that d_j's sign allows (both bounds are the same value).
#include "common/index.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool remove_fixed_column(PresolveModel& model, int col) {
  if (!model.is_fixed(col)) return false;
  const double value = model.col_lower[uz(col)];
  model.stack.reductions.emplace_back(FixedColumn{model.snapshot(col), value, VarStatus::kAtLower, true});
  model.fix_and_remove_col(col, value);
  ++model.stats.fixed_columns;
  return true;
}

}  // namespace milpsac::lp::presolve
