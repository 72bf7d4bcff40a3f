// MIP mode: bound tightening of integer columns from row activity ranges.
//
// For each integer column x_j of a row, the row and the other columns' bounds
// imply an interval for x_j (implied_col_bounds); rounded inward it replaces
// x_j's bounds when it is tighter. Only integer columns, and only in MIP mode:
// the kept bound changes the LP relaxation's dual information (a tightened
// bound can become active where the original row was), which an LP answer
// must not see, while for the search a tighter integer domain is pure gain.
// Bounds move only by at least ptol::kMinBoundChange (relative) so that
// passes do not creep in tiny steps.
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool tighten_integer_bounds(PresolveModel& model, int row) {
  bool changed = false;
  ActivityRange range = activity_range(model, row);
  if (range.min_infinite > 1 && range.max_infinite > 1) return false;
  for (const Entry& e : model.active_row(row)) {
    const auto j = uz(e.index);
    if (!model.integral(e.index)) continue;
    const ImpliedBounds implied = implied_col_bounds(model, row, range, e.index, e.value);
    const double l = model.col_lower[j], u = model.col_upper[j];
    const double lower = std::ceil(implied.lower - ptol::kIntegerRounding);
    const double upper = std::floor(implied.upper + ptol::kIntegerRounding);
    const bool raise = std::isfinite(lower) && std::fabs(lower) < ptol::kInfiniteBound &&
                       (!std::isfinite(l) || lower > l + scaled(ptol::kMinBoundChange, l));
    const bool cut = std::isfinite(upper) && std::fabs(upper) < ptol::kInfiniteBound &&
                     (!std::isfinite(u) || upper < u - scaled(ptol::kMinBoundChange, u));
    if (!raise && !cut) continue;
    model.tighten_col_bounds(e.index, raise ? lower : -kInfinity, cut ? upper : kInfinity);
    if (model.infeasible) return false;
    ++model.stats.tightened_bounds;
    changed = true;
    range = activity_range(model, row);
  }
  return changed;
}

}  // namespace milpsac::lp::presolve
