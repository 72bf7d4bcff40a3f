// Slack columns: a column x_k with finite or infinite bounds that appears only
// in an equation  rest + a*x_k = rhs  is that row's slack. Substituting
// x_k = (rhs - rest)/a moves its cost onto the row's other columns
// (c_j -= a_rj c_k / a, offset += c_k rhs / a) and turns the equation into
// rest in [rhs - a*u_k, rhs - a*l_k] (sides swapped for a < 0); x_k is
// removed, the row stays. MIP mode: only continuous x_k.
//
// Postsolve (postsolve_stack.cpp): x_k from the equation; the reduced row's
// status passes to x_k (basic stays basic; a row at a bound puts x_k at the
// bound that produced it) and the row becomes a nonbasic equation; its dual is
// the reduced row's plus c_k / a, which makes d_k = -a * y'_r, of the sign the
// bound x_k sits at requires.
#include <cmath>

#include "common/index.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool remove_slack_column(PresolveModel& model, int col) {
  const auto k = uz(col);
  if (model.integral(col)) return false;
  const std::vector<Entry> entries = model.active_col(col);
  if (entries.size() != 1) return false;
  const int row = entries[0].index;
  if (!model.is_equality(row)) return false;
  const auto r = uz(row);
  if (model.row_size[r] < 2) return false;  // a singleton row is a bound: its own rule
  const double a = entries[0].value, c = model.cost[k];
  const double l = model.col_lower[k], u = model.col_upper[k];
  const double rhs = model.row_lower[r];
  SlackColumn record{row, col, a, c, rhs, l, u, model.active_row(row, col)};
  // rest = rhs - a x_k over x_k in [l, u]; an infinite bound leaves that side open.
  const double at_l = std::isfinite(l) ? rhs - a * l : (a > 0 ? kInfinity : -kInfinity);
  const double at_u = std::isfinite(u) ? rhs - a * u : (a > 0 ? -kInfinity : kInfinity);
  model.row_lower[r] = std::fmin(at_l, at_u);
  model.row_upper[r] = std::fmax(at_l, at_u);
  const double y = c / a;
  for (const Entry& e : record.row_entries) model.add_to_cost(e.index, -e.value * y);
  model.offset += c * rhs / a;
  model.remove_col(col);
  model.stack.reductions.emplace_back(std::move(record));
  ++model.stats.slack_columns;
  return true;
}

}  // namespace milpsac::lp::presolve
