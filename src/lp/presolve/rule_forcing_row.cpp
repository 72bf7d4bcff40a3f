// Forcing and redundant rows, from the row's activity range [amin, amax] over
// the column bounds.
//
//  * amin > U or amax < L (beyond ptol::kInfeasibility): infeasible.
//  * amin >= L and amax <= U: the row can never be violated; removed (dual 0).
//  * amin == U: the only feasible points put every column at the bound that
//    minimises its term (lower for a > 0, upper for a < 0); all are fixed
//    there and the row removed. amax == L likewise with the maximising bounds.
//
// Postsolve of a forcing row at its upper bound: the row dual must be <= 0 and
// make every fixed column's reduced cost d_j = d0_j - a_j y have its bound's
// sign; y = min(0, min_j d0_j / a_j) is the largest such value, and the column
// attaining the minimum becomes basic (d_j = 0) in place of the row's logical.
// At the lower bound symmetrically with y = max(0, max_j d0_j / a_j).
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool remove_forcing_or_redundant_row(PresolveModel& model, int row) {
  const auto i = uz(row);
  const double L = model.row_lower[i], U = model.row_upper[i];
  const ActivityRange range = activity_range(model, row);
  const double amin = range.min(), amax = range.max();
  if ((std::isfinite(U) && amin > U + scaled(ptol::kInfeasibility, U)) ||
      (std::isfinite(L) && amax < L - scaled(ptol::kInfeasibility, L))) {
    model.infeasible = true;
    return false;
  }
  const bool lower_redundant = !std::isfinite(L) || amin >= L - scaled(ptol::kForcingRow, L);
  const bool upper_redundant = !std::isfinite(U) || amax <= U + scaled(ptol::kForcingRow, U);
  if (lower_redundant && upper_redundant) {
    model.stack.reductions.emplace_back(RemovedRow{row});
    model.remove_row(row);
    ++model.stats.redundant_rows;
    return true;
  }
  const bool forced_to_upper = std::isfinite(U) && std::isfinite(amin) && amin >= U - scaled(ptol::kForcingRow, U);
  const bool forced_to_lower = std::isfinite(L) && std::isfinite(amax) && amax <= L + scaled(ptol::kForcingRow, L);
  if (!forced_to_upper && !forced_to_lower) return false;
  ForcingRow record{row, forced_to_upper, {}};
  for (const Entry& e : model.active_row(row)) {
    const auto j = uz(e.index);
    // At the upper bound of the row every term is at its minimum, and vice versa.
    const bool at_lower = forced_to_upper ? e.value > 0 : e.value < 0;
    const double value = at_lower ? model.col_lower[j] : model.col_upper[j];
    record.columns.push_back(ForcedColumn{model.snapshot(e.index, row), e.value, value,
                                          at_lower ? VarStatus::kAtLower : VarStatus::kAtUpper});
  }
  model.remove_row(row);
  for (const ForcedColumn& fc : record.columns) model.fix_and_remove_col(fc.column.col, fc.value);
  model.stats.forcing_rows += 1;
  model.stack.reductions.emplace_back(std::move(record));
  return true;
}

}  // namespace milpsac::lp::presolve
