// Empty rows and empty columns.
//
// An empty row constrains nothing: removed when 0 is within its bounds, else
// the model is infeasible. An empty column only contributes its cost: fixed at
// the bound its cost prefers (lower for c >= 0), at 0 or a finite bound when
// the cost is 0; with no such bound the objective is unbounded (if the rest is
// feasible), which presolve reports and leaves to the certified solve.
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool remove_empty_row(PresolveModel& model, int row) {
  const double L = model.row_lower[uz(row)], U = model.row_upper[uz(row)];
  if (L > scaled(ptol::kInfeasibility, L) || U < -scaled(ptol::kInfeasibility, U)) {
    model.infeasible = true;
    return false;
  }
  model.stack.reductions.emplace_back(RemovedRow{row});
  model.remove_row(row);
  ++model.stats.empty_rows;
  return true;
}

bool remove_empty_column(PresolveModel& model, int col) {
  const auto j = uz(col);
  const double c = model.cost[j], l = model.col_lower[j], u = model.col_upper[j];
  double value = 0.0;
  VarStatus status = VarStatus::kAtZero;
  if (c > 0) {
    if (!std::isfinite(l)) {
      model.unbounded_or_infeasible = true;
      return false;
    }
    value = l;
    status = VarStatus::kAtLower;
  } else if (c < 0) {
    if (!std::isfinite(u)) {
      model.unbounded_or_infeasible = true;
      return false;
    }
    value = u;
    status = VarStatus::kAtUpper;
  } else if (std::isfinite(l)) {
    value = l;
    status = VarStatus::kAtLower;
  } else if (std::isfinite(u)) {
    value = u;
    status = VarStatus::kAtUpper;
  }
  model.stack.reductions.emplace_back(FixedColumn{model.snapshot(col), value, status, false});
  model.fix_and_remove_col(col, value);
  ++model.stats.empty_columns;
  return true;
}

}  // namespace milpsac::lp::presolve
