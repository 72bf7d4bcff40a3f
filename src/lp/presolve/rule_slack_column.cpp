// Slack columns: a column x_k with finite or infinite bounds that appears only
// in an equation  rest + a*x_k = rhs  is that row's slack. Substituting
// x_k = (rhs - rest)/a moves its cost onto the row's other columns
// (c_j -= a_rj c_k / a, offset += c_k rhs / a) and turns the equation into
// rest in [rhs - a*u_k, rhs - a*l_k] (sides swapped for a < 0); x_k is
// removed, the row stays. MIP mode: only continuous x_k.
//
// A slack with a cost is removed only when moving that cost leaves the slack
// basis (the simplex's cold start) as dual feasible as it was: no column of
// the row whose reduced cost there (its cost) had the sign its bounds ask for
// may lose it. Otherwise the simplex starts from a basis that is in effect
// the original one with x_k basic, whose reduced costs the move spreads over
// the row; on greenbea (cost on the slack of most rows) that turned 13 dual
// infeasible columns at the slack basis into 964 and dual phase 1 took 4,059
// pivots. HiGHS removes only slacks without a cost. The check keeps the
// removal where it is harmless (maros-r7: a costed slack in each of 2,152
// rows, no new infeasibility) and refuses it where it is not; Netlib
// 104,031 -> 96,013 pivots (d2q06c 6,723 -> 5,347, greenbea 5,645 -> 4,694).
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
namespace {

// Whether cost c_j breaks dual feasibility at the slack basis (d_j = c_j
// there): a column with only a lower bound needs d_j >= 0, with only an
// upper bound d_j <= 0, a free one d_j = 0; a boxed one is always repairable
// by a bound flip. Exact sign tests: cost_plus snaps round-off to 0.
bool dual_infeasible_at_slack_basis(const PresolveModel& model, int j, double c_j) {
  const bool has_lower = std::isfinite(model.col_lower[uz(j)]), has_upper = std::isfinite(model.col_upper[uz(j)]);
  if (has_lower && has_upper) return false;
  if (has_lower) return c_j < 0.0;
  if (has_upper) return c_j > 0.0;
  return c_j != 0.0;
}

// Whether moving y = c_k / a onto the row (c_j -= a_rj y) leaves every column
// that was dual feasible at the slack basis so.
bool keeps_slack_basis_dual_feasible(const PresolveModel& model, const std::vector<Entry>& row_entries, double y) {
  for (const Entry& e : row_entries) {
    const double before = model.cost[uz(e.index)], after = model.cost_plus(e.index, -e.value * y);
    if (dual_infeasible_at_slack_basis(model, e.index, after) &&
        !dual_infeasible_at_slack_basis(model, e.index, before))
      return false;
  }
  return true;
}

}  // namespace

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
  const double y = c / a;
  if (!keeps_slack_basis_dual_feasible(model, record.row_entries, y)) return false;
  // rest = rhs - a x_k over x_k in [l, u]; an infinite bound leaves that side open.
  const double at_l = std::isfinite(l) ? rhs - a * l : (a > 0 ? kInfinity : -kInfinity);
  const double at_u = std::isfinite(u) ? rhs - a * u : (a > 0 ? -kInfinity : kInfinity);
  model.row_lower[r] = std::fmin(at_l, at_u);
  model.row_upper[r] = std::fmax(at_l, at_u);
  for (const Entry& e : record.row_entries) model.add_to_cost(e.index, -e.value * y);
  model.offset += c * rhs / a;
  model.remove_col(col);
  model.stack.reductions.emplace_back(std::move(record));
  ++model.stats.slack_columns;
  return true;
}

}  // namespace milpsac::lp::presolve
