// Doubleton equations a*x_j + b*x_k = rhs: x_k = (rhs - a*x_j)/b is
// substituted into every other row of x_k (coefficients of x_j change, row
// bounds shift) and into the objective; x_j's bounds are tightened to keep x_k
// within its own; the row and x_k are removed.
//
// Which column goes: x_k must be continuous in MIP mode, |b| must not be tiny
// next to |a| (ptol::kDoubletonPivot), and of the two the one with fewer
// entries goes (less fill), the first by index on a tie.
//
// Postsolve: x_k from the equation. If x_j ends nonbasic at a bound that came
// from x_k's bounds, x_j becomes basic and x_k nonbasic at that bound, the row
// dual making d_j = 0; otherwise x_k is basic and the row dual makes d_k = 0.
// Either way the row's logical is nonbasic (the row is an equation).
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {
namespace {

bool can_eliminate(const PresolveModel& model, int k, double b, double a) {
  if (model.integral(k)) return false;
  return std::fabs(b) >= ptol::kDoubletonPivot * std::fabs(a);
}

}  // namespace

bool remove_doubleton_equation(PresolveModel& model, int row) {
  if (!model.is_equality(row)) return false;
  const std::vector<Entry> entries = model.active_row(row);
  if (entries.size() != 2) return false;
  // Choose the eliminated column k (entry e_k) and the kept column j.
  int pick = -1;
  const bool ok0 = can_eliminate(model, entries[0].index, entries[0].value, entries[1].value);
  const bool ok1 = can_eliminate(model, entries[1].index, entries[1].value, entries[0].value);
  if (ok0 && ok1) {
    pick = model.col_size[uz(entries[1].index)] < model.col_size[uz(entries[0].index)] ? 1 : 0;
  } else if (ok0) {
    pick = 0;
  } else if (ok1) {
    pick = 1;
  } else {
    return false;
  }
  const int k = entries[uz(pick)].index, j = entries[uz(1 - pick)].index;
  const double b = entries[uz(pick)].value, a = entries[uz(1 - pick)].value;
  const double rhs = model.row_lower[uz(row)];
  const auto uk = uz(k);

  DoubletonEquation record;
  record.row = row;
  record.rhs = rhs;
  record.kept_coefficient = a;
  record.removed_coefficient = b;
  record.removed_lower = model.col_lower[uk];
  record.removed_upper = model.col_upper[uk];
  record.kept = model.snapshot(j, row);
  record.removed = model.snapshot(k, row);

  // x_j = (rhs - b x_k)/a over x_k in [l_k, u_k].
  const double r = -b / a;  // d x_j / d x_k
  auto image = [&](double xk) { return std::isfinite(xk) ? (rhs - b * xk) / a : (xk > 0 ? r : -r) * kInfinity; };
  const double e1 = image(model.col_lower[uk]), e2 = image(model.col_upper[uk]);
  const double lower = std::fmin(e1, e2), upper = std::fmax(e1, e2);
  model.remove_row(row);
  const auto change = model.tighten_col_bounds(j, lower, upper);
  if (model.infeasible) return false;
  record.lower_from_removed = change.lower;
  record.upper_from_removed = change.upper;

  // Substitute x_k in its other rows: a_ij += a_ik * (-a/b), bounds -= a_ik * rhs/b.
  for (const Entry& e : record.removed.entries) {
    const int i = e.index;
    const double old_value = model.coefficient(i, j);
    const double delta = -e.value * a / b;
    double updated = old_value + delta;
    if (std::fabs(updated) <= ptol::kCancellation * std::fmax(std::fabs(old_value), std::fabs(delta))) updated = 0.0;
    model.set_coefficient(i, j, updated);
    model.shift_row_bounds(i, e.value * rhs / b);
  }
  model.add_to_cost(j, -model.cost[uk] * a / b);
  model.offset += model.cost[uk] * rhs / b;
  model.remove_col(k);
  model.stack.reductions.emplace_back(std::move(record));
  ++model.stats.doubleton_equations;
  return true;
}

}  // namespace milpsac::lp::presolve
