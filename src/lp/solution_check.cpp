#include "lp/solution_check.h"

#include <algorithm>
#include <cmath>

#include "common/index.h"

namespace milpsac::lp {
namespace {

// Dual condition for one variable with value `value` in [lower, upper] and
// reduced cost `d` (minimisation): which signs of d are allowed there.
double dual_condition(double value, double lower, double upper, double d, double scale, double tol) {
  const bool at_lower = std::isfinite(lower) && value <= lower + tol * (1.0 + std::fabs(lower));
  const bool at_upper = std::isfinite(upper) && value >= upper - tol * (1.0 + std::fabs(upper));
  double v = 0.0;
  if (!at_lower && d > 0) v = d;   // could decrease the objective by lowering it
  if (!at_upper && d < 0) v = -d;  // could decrease the objective by raising it
  return v / scale;
}

}  // namespace

double interval_violation(double value, double lower, double upper) {
  double v = 0.0;
  if (std::isfinite(lower) && value < lower) v = (lower - value) / (1.0 + std::fabs(lower));
  if (std::isfinite(upper) && value > upper) v = std::max(v, (value - upper) / (1.0 + std::fabs(upper)));
  return v;
}

double max_bound_violation(const LinearProgram& lp, const Eigen::VectorXd& x, RowMeasure rows) {
  if (x.size() != lp.num_cols() || !x.allFinite()) return INFINITY;
  double worst = 0.0;
  for (int j = 0; j < lp.num_cols(); ++j) {
    double v = interval_violation(x[j], lp.col_lower[j], lp.col_upper[j]);
    // A semi-continuous column may also be 0 (measured like a bound at 0).
    if (lp.is_semicontinuous_column(j)) v = std::min(v, std::fabs(x[j]));
    worst = std::max(worst, v);
  }
  const Eigen::VectorXd activity = lp.A * x;
  if (rows == RowMeasure::kBound) {
    for (int i = 0; i < lp.num_rows(); ++i)
      worst = std::max(worst, interval_violation(activity[i], lp.row_lower[i], lp.row_upper[i]));
    return worst;
  }
  // kTerms: the size of each row's terms joins its bounds in the measure.
  Eigen::VectorXd terms = Eigen::VectorXd::Zero(lp.num_rows());
  for (int j = 0; j < lp.num_cols(); ++j)
    if (x[j] != 0.0)
      for (SparseMatrix::InnerIterator it(lp.A, j); it; ++it) terms[it.row()] += std::fabs(it.value() * x[j]);
  for (int i = 0; i < lp.num_rows(); ++i) {
    const double l = lp.row_lower[i], u = lp.row_upper[i], a = activity[i];
    double v = 0.0;
    if (std::isfinite(l) && a < l) v = (l - a) / (1.0 + terms[i] + std::fabs(l));
    if (std::isfinite(u) && a > u) v = std::max(v, (a - u) / (1.0 + terms[i] + std::fabs(u)));
    worst = std::max(worst, v);
  }
  return worst;
}

OptimumCheck check_optimum(const LinearProgram& lp, const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                           const Tolerances& tolerances, RowMeasure rows) {
  OptimumCheck check;
  check.primal_residual = max_bound_violation(lp, x, rows);
  // max_dual_violation reads x and y entry by entry.
  if (x.size() == lp.num_cols() && y.size() == lp.num_rows())
    check.dual_residual = max_dual_violation(lp, x, y, tolerances.primal_check);
  check.passed = check.primal_residual <= tolerances.primal_check && check.dual_residual <= tolerances.dual_check;
  return check;
}

double max_integrality_violation(const LinearProgram& lp, const Eigen::VectorXd& x) {
  double worst = 0.0;
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.is_integer[uz(j)]) worst = std::max(worst, std::fabs(x[j] - std::round(x[j])));
  return worst;
}

bool is_feasible(const LinearProgram& lp, const Eigen::VectorXd& x, double tolerance, bool check_integrality,
                 double integrality_tolerance) {
  if (max_bound_violation(lp, x) > tolerance) return false;
  return !check_integrality || max_integrality_violation(lp, x) <= integrality_tolerance;
}

double max_dual_violation(const LinearProgram& lp, const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                          double primal_tolerance) {
  const double sign = lp.sense == ObjectiveSense::kMaximize ? -1.0 : 1.0;
  const Eigen::VectorXd d = sign * lp.c - lp.A.transpose() * y;
  const Eigen::VectorXd activity = lp.A * x;
  // Reduced costs mix c with A^T y: measure them against the largest cost.
  const double scale = 1.0 + (lp.c.size() > 0 ? lp.c.cwiseAbs().maxCoeff() : 0.0);
  double worst = 0.0;
  for (int j = 0; j < lp.num_cols(); ++j)
    worst = std::max(worst, dual_condition(x[j], lp.col_lower[j], lp.col_upper[j], d[j], scale, primal_tolerance));
  // A row's logical s = A x has cost 0 and column -e_i: its reduced cost is y_i.
  for (int i = 0; i < lp.num_rows(); ++i)
    worst =
        std::max(worst, dual_condition(activity[i], lp.row_lower[i], lp.row_upper[i], y[i], scale, primal_tolerance));
  return worst;
}

double objective_value(const LinearProgram& lp, const Eigen::VectorXd& x) { return lp.c.dot(x) + lp.offset; }

}  // namespace milpsac::lp
