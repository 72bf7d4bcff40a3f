// Singleton rows: a*x_j in [L, U] becomes the bounds [L/a, U/a] of x_j (sides
// swapped for a < 0) and the row is removed.
//
// Postsolve: if x_j ends nonbasic at a bound that came from the row, x_j's own
// bound is not active in the original, so the row takes the dual
// y = d_j / a (making d_j = 0, x_j basic) and its logical goes nonbasic at the
// matching row bound; otherwise y = 0 and the logical is basic.
#include <cmath>

#include "common/index.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool remove_singleton_row(PresolveModel& model, int row) {
  const std::vector<Entry> entries = model.active_row(row);
  if (entries.size() != 1) return false;
  const int col = entries[0].index;
  const double a = entries[0].value;
  const double L = model.row_lower[uz(row)], U = model.row_upper[uz(row)];
  const double lower = a > 0 ? L / a : U / a;
  const double upper = a > 0 ? U / a : L / a;
  // x/inf is 0 in IEEE: keep the infinities.
  const double lo = (a > 0 ? std::isfinite(L) : std::isfinite(U)) ? lower : -kInfinity;
  const double hi = (a > 0 ? std::isfinite(U) : std::isfinite(L)) ? upper : kInfinity;
  ColumnSnapshot column = model.snapshot(col, row);
  const auto change = model.tighten_col_bounds(col, lo, hi);
  if (model.infeasible) return false;
  model.stack.reductions.emplace_back(SingletonRow{row, a, change.lower, change.upper, std::move(column)});
  model.remove_row(row);
  ++model.stats.singleton_rows;
  return true;
}

}  // namespace milpsac::lp::presolve
