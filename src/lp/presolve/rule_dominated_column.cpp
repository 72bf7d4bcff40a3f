// Dominated columns by dual fixing: if c_j >= 0 and lowering x_j never makes a
// row harder to satisfy (a_ij > 0 only in rows without a lower bound, a_ij < 0
// only in rows without an upper bound), some optimal solution has x_j at its
// lower bound; symmetrically for c_j <= 0 and the upper bound. The column is
// fixed there. With no finite bound on that side and a nonzero cost the LP is
// unbounded if feasible: reported, left to the certified solve.
//
// Postsolve: the signs above make d_j = c_j - sum a_ij y_i have the fixed
// bound's sign for any dual-feasible y, so the column is nonbasic there.
#include <cmath>

#include "common/index.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool remove_dominated_column(PresolveModel& model, int col) {
  const auto j = uz(col);
  const double c = model.cost[j];
  bool down_ok = c >= 0, up_ok = c <= 0;  // moving x_j down (up) never hurts
  for (const Entry& e : model.cols[j]) {
    const auto i = uz(e.index);
    if (!model.row_active[i]) continue;
    const bool has_lower = std::isfinite(model.row_lower[i]), has_upper = std::isfinite(model.row_upper[i]);
    // Lowering x_j lowers the activity where a > 0: harmless only without a row lower bound.
    if (e.value > 0 ? has_lower : has_upper) down_ok = false;
    if (e.value > 0 ? has_upper : has_lower) up_ok = false;
    if (!down_ok && !up_ok) return false;
  }
  const double l = model.col_lower[j], u = model.col_upper[j];
  double value;
  VarStatus status;
  if (down_ok && std::isfinite(l)) {
    value = l;
    status = VarStatus::kAtLower;
  } else if (up_ok && std::isfinite(u)) {
    value = u;
    status = VarStatus::kAtUpper;
  } else {
    // The preferred direction is unbounded: with a cost it improves the
    // objective without limit (if the model is feasible); with none, leave it.
    if ((down_ok && c > 0) || (up_ok && c < 0)) model.unbounded_or_infeasible = true;
    return false;
  }
  model.stack.reductions.emplace_back(FixedColumn{model.snapshot(col), value, status, false});
  model.fix_and_remove_col(col, value);
  ++model.stats.dominated_columns;
  return true;
}

}  // namespace milpsac::lp::presolve
