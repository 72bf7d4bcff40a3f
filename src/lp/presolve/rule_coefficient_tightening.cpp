// MIP mode: coefficient tightening of binary columns in one-sided rows.
//
// Written as sum a x <= U (a >= row is negated first) with maximal activity
// M > U over the bounds. For a binary x_j:
//  * a_j > 0 and the row is slack whenever x_j = 0 (M - a_j < U): with
//    delta = U - (M - a_j), a_j -= delta and U -= delta cut off the same
//    integer points (x_j = 1: unchanged; x_j = 0: still never binding) and a
//    larger part of the relaxation;
//  * a_j < 0 and the row is slack whenever x_j = 1 (M + a_j < U): with
//    delta = U - (M + a_j), a_j += delta.
// The LP relaxation changes, so only in MIP mode; primal values are unchanged
// and need no postsolve.
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

bool tighten_coefficients(PresolveModel& model, int row) {
  const auto i = uz(row);
  const bool has_lower = std::isfinite(model.row_lower[i]), has_upper = std::isfinite(model.row_upper[i]);
  if (has_lower == has_upper) return false;  // ranged, equality or free rows are left alone
  const double s = has_upper ? 1.0 : -1.0;
  double rhs = has_upper ? model.row_upper[i] : -model.row_lower[i];
  const ActivityRange range = activity_range(model, row);
  double max_activity = has_upper ? range.max() : -range.min();
  if (!std::isfinite(max_activity)) return false;
  bool changed = false;
  for (const Entry& e : model.active_row(row)) {
    const auto j = uz(e.index);
    if (!model.integral(e.index) || model.col_lower[j] != 0.0 || model.col_upper[j] != 1.0)
      continue;                                                       // binaries only (integral bounds)
    if (max_activity <= rhs + scaled(ptol::kForcingRow, rhs)) break;  // the row became redundant
    const double a = s * e.value;
    const double delta = a > 0 ? rhs - (max_activity - a) : rhs - (max_activity + a);
    if (delta <= scaled(ptol::kMinBoundChange, std::fabs(a))) continue;
    if (a > 0) {
      model.set_coefficient(row, e.index, s * (a - delta));
      rhs -= delta;
      max_activity -= delta;
    } else {
      model.set_coefficient(row, e.index, s * (a + delta));
    }
    ++model.stats.tightened_coefficients;
    changed = true;
  }
  if (has_upper)
    model.row_upper[i] = rhs;
  else
    model.row_lower[i] = -rhs;
  return changed;
}

}  // namespace milpsac::lp::presolve
