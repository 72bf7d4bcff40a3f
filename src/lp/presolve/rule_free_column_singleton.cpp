// Free column singletons: column x_k appears only in row r, and the bounds the
// row implies for x_k (given the other columns' bounds) lie within x_k's own,
// so x_k's bounds never bind and its reduced cost is 0 at an optimum: the row
// dual is y_r = c_k / a_rk. Then:
//  * an inequality row is active at the side y_r's sign requires (lower for
//    y_r > 0, upper for y_r < 0, any finite side for 0); without a finite
//    bound there the reduction is skipped;
//  * x_k = (rhs - sum_{j != k} a_rj x_j) / a_rk is substituted into the
//    objective: c_j -= a_rj c_k / a_rk, offset += c_k rhs / a_rk;
//  * row r and x_k are removed.
// MIP mode: only continuous x_k.
//
// Postsolve: x_k from the row, basic; y_r = c_k / a_rk; the row's logical
// nonbasic at rhs.
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool remove_free_column_singleton(PresolveModel& model, int col) {
  const auto k = uz(col);
  if (model.integral(col)) return false;
  const std::vector<Entry> entries = model.active_col(col);
  if (entries.size() != 1) return false;
  const int row = entries[0].index;
  const auto r = uz(row);
  const double a = entries[0].value;
  const ActivityRange range = activity_range(model, row);
  const ImpliedBounds implied = implied_col_bounds(model, row, range, col, a);
  const double l = model.col_lower[k], u = model.col_upper[k];
  const bool lower_implied = !std::isfinite(l) || implied.lower >= l - scaled(ptol::kImpliedFree, l);
  const bool upper_implied = !std::isfinite(u) || implied.upper <= u + scaled(ptol::kImpliedFree, u);
  if (!lower_implied || !upper_implied) return false;

  const double c = model.cost[k];
  const double y = c / a;
  const double L = model.row_lower[r], U = model.row_upper[r];
  double rhs;
  VarStatus row_status;
  if (y > 0 || (y == 0 && std::isfinite(L))) {  // y == 0: exact zero cost, any finite side
    if (!std::isfinite(L)) return false;
    rhs = L;
    row_status = VarStatus::kAtLower;
  } else {
    if (!std::isfinite(U)) return false;
    rhs = U;
    row_status = VarStatus::kAtUpper;
  }
  FreeColumnSingleton record{row, col, a, c, rhs, row_status, model.active_row(row, col)};
  for (const Entry& e : record.row_entries) model.add_to_cost(e.index, -e.value * y);
  model.offset += c * rhs / a;
  model.remove_row(row);
  model.remove_col(col);
  model.stack.reductions.emplace_back(std::move(record));
  ++model.stats.free_column_singletons;
  return true;
}

}  // namespace milpsac::lp::presolve
