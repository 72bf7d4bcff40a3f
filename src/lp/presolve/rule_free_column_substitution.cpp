// Implied free column substitution: column x_k (in 2 to kMaxColumnSize rows)
// appears in an equation r (at most kMaxRowSize entries) that implies bounds
// for x_k lying within x_k's own, so x_k's bounds never bind. Then
// x_k = (rhs - sum_{j != k} a_rj x_j) / a_rk is substituted into x_k's other
// rows (row i gains -a_ik/a_rk times row r: fill limited by the size limits)
// and into the objective; row r and x_k are removed.
// MIP mode: only continuous x_k. Rows are tried in index order.
//
// Postsolve: x_k from row r, basic; y_r = (c_k - sum_{i != r} a_ik y_i) / a_rk
// makes d_k = 0, and every other column's reduced cost is the same as in the
// reduced model (the substitution is exactly this dual step); the row's
// logical is nonbasic (an equation).
#include <algorithm>
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {
namespace {

constexpr int kMaxColumnSize = 4;
constexpr int kMaxRowSize = 8;

bool implied_free_in(const PresolveModel& model, int row, int col, double a) {
  const auto k = uz(col);
  const ActivityRange range = activity_range(model, row);
  const ImpliedBounds implied = implied_col_bounds(model, row, range, col, a);
  const double l = model.col_lower[k], u = model.col_upper[k];
  return (!std::isfinite(l) || implied.lower >= l - scaled(ptol::kImpliedFree, l)) &&
         (!std::isfinite(u) || implied.upper <= u + scaled(ptol::kImpliedFree, u));
}

}  // namespace

bool substitute_free_column(PresolveModel& model, int col) {
  const auto k = uz(col);
  if (model.integral(col)) return false;
  const int size = model.col_size[k];
  if (size < 2 || size > kMaxColumnSize) return false;
  const std::vector<Entry> column = model.active_col(col);
  int row = -1;
  double a = 0.0;
  for (const Entry& e : column) {
    const auto i = uz(e.index);
    if (!model.is_equality(e.index) || model.row_size[i] > kMaxRowSize || model.row_size[i] < 2) continue;
    double largest = 0.0;
    for (const Entry& f : model.active_row(e.index)) largest = std::max(largest, std::fabs(f.value));
    if (std::fabs(e.value) < ptol::kSubstitutionPivot * largest) continue;
    if (!implied_free_in(model, e.index, col, e.value)) continue;
    row = e.index;
    a = e.value;
    break;
  }
  if (row < 0) return false;
  const double rhs = model.row_lower[uz(row)];
  FreeColumnSubstitution record{row, rhs, a, model.active_row(row, col), model.snapshot(col, row)};
  model.remove_row(row);
  for (const Entry& other : record.column.entries) {
    const double factor = other.value / a;  // row_i -= factor * row_r
    for (const Entry& e : record.row_entries) {
      const double old_value = model.coefficient(other.index, e.index);
      const double delta = -factor * e.value;
      double updated = old_value + delta;
      if (std::fabs(updated) <= ptol::kCancellation * std::fmax(std::fabs(old_value), std::fabs(delta))) updated = 0.0;
      model.set_coefficient(other.index, e.index, updated);
    }
    model.shift_row_bounds(other.index, factor * rhs);
  }
  const double y = model.cost[k] / a;
  for (const Entry& e : record.row_entries) model.add_to_cost(e.index, -e.value * y);
  model.offset += model.cost[k] * rhs / a;
  model.remove_col(col);
  model.stack.reductions.emplace_back(std::move(record));
  ++model.stats.free_column_substitutions;
  return true;
}

}  // namespace milpsac::lp::presolve
