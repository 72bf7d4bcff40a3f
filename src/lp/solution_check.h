// Independent checks of a reported solution against the original LP data.
//
// Nothing is reported as optimal or feasible without passing these: they use
// only the user's LinearProgram (no scaling, no basis), so a bug in the simplex
// or the search shows up as a failed check instead of a silent wrong answer.
#pragma once

#include <Eigen/Dense>
#include <cmath>

#include "lp/linear_program.h"
#include "lp/tolerances.h"

namespace milpsac::lp {

// What a row's violation is measured against.
enum class RowMeasure {
  // 1 + |bound|: what solve_lp reports to the user as primal_residual.
  kBound,
  // 1 + |bound| + sum_j |a_ij x_j|: what floating point can resolve on the
  // row. The search uses it (a row 1344 h - b <= 0 cannot be held to 1e-6
  // absolute); its incumbents are checked strictly on the user's model.
  kTerms,
};

// Largest violation of row and column bounds by x, each relative to
// 1 + |bound|. 0 when x is feasible. A semi-continuous column's violation is
// its distance to the nearer of {0} and its bounds.
double max_bound_violation(const LinearProgram& lp, const Eigen::VectorXd& x, RowMeasure rows = RowMeasure::kBound);

// Distance of `value` from [lower, upper] relative to 1 + |the bound it
// passes| (an infinite side is never passed): the measure max_bound_violation
// uses for every bound.
double interval_violation(double value, double lower, double upper);

// Largest distance of an integer column's value from the nearest integer.
double max_integrality_violation(const LinearProgram& lp, const Eigen::VectorXd& x);

// x is feasible for the rows and bounds within `tolerance` (relative) and, when
// check_integrality, integral within `integrality_tolerance`.
bool is_feasible(const LinearProgram& lp, const Eigen::VectorXd& x, double tolerance, bool check_integrality,
                 double integrality_tolerance = 1e-6);

// Largest violation of the optimality conditions for (x, y) in minimisation
// form: reduced costs d = c - A^T y must be >= 0 at a lower bound, <= 0 at an
// upper bound, 0 in between; duals y likewise against the row activity.
// Relative to 1 + max |c_j|.
double max_dual_violation(const LinearProgram& lp, const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                          double primal_tolerance);

// The one check of a claimed optimum (x, y) on `lp`: primal residual
// (max_bound_violation with `rows`) within tolerances.primal_check and dual
// residual (max_dual_violation) within tolerances.dual_check. Every optimum
// the LP engine (checked_simplex.h) accepts has passed it.
struct OptimumCheck {
  double primal_residual = INFINITY;
  double dual_residual = INFINITY;
  bool passed = false;
};
OptimumCheck check_optimum(const LinearProgram& lp, const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                           const Tolerances& tolerances, RowMeasure rows);

// The objective c^T x + offset in the LP's own sense.
double objective_value(const LinearProgram& lp, const Eigen::VectorXd& x);

}  // namespace milpsac::lp
