// solve_lp: the one-shot LP entry (CLI `solve`, tests). Builds a SimplexSolver,
// runs it, and checks the answer against the original data before reporting.
#include <cmath>

#include "lp/simplex.h"
#include "lp/simplex_solver.h"
#include "lp/solution_check.h"
#include "lp/tolerances.h"

namespace milpsac::lp {

const char* to_string(LpStatus status) {
  switch (status) {
    case LpStatus::kOptimal: return "optimal";
    case LpStatus::kInfeasible: return "infeasible";
    case LpStatus::kUnbounded: return "unbounded";
    case LpStatus::kIterationLimit: return "iteration_limit";
    case LpStatus::kTimeLimit: return "time_limit";
    case LpStatus::kCutoff: return "cutoff";
    case LpStatus::kNumericalError: return "numerical_error";
  }
  return "unknown";
}

namespace {

bool bounds_contradict(const LinearProgram& lp) {
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.col_lower[j] > lp.col_upper[j]) return true;
  for (int i = 0; i < lp.num_rows(); ++i)
    if (lp.row_lower[i] > lp.row_upper[i]) return true;
  return false;
}

LpSolution solve_once(const LinearProgram& lp, const LpOptions& options, const Deadline& deadline, bool scale);

}  // namespace

LpSolution solve_lp(const LinearProgram& lp, const LpOptions& options) {
  LpSolution result;
  if (bounds_contradict(lp)) {
    result.status = LpStatus::kInfeasible;
    return result;
  }
  Deadline deadline(options.time_limit_seconds);
  // Scaled first; if the answer fails the check on the user's data (scaling
  // can hide a violation that is real in the original units, e.g. one byte
  // on a row of 1e9-byte terms), once more unscaled.
  for (const bool scale : {options.scale, false}) {
    result = solve_once(lp, options, deadline, scale);
    if (result.status != LpStatus::kNumericalError || !scale) break;
  }
  return result;
}

namespace {

LpSolution solve_once(const LinearProgram& lp, const LpOptions& options, const Deadline& deadline, bool scale) {
  LpSolution result;
  SimplexSolver solver(lp, scale);
  solver.set_deadline(&deadline);
  solver.set_iteration_limit(options.iteration_limit);
  result.status = solver.solve();
  result.iterations = solver.iterations();
  if (result.status != LpStatus::kOptimal) return result;

  result.x = solver.primal_values();
  result.row_activity = lp.A * result.x;
  result.row_duals = solver.row_duals();
  result.reduced_costs = solver.reduced_costs();
  result.basis = solver.basis();
  result.objective = objective_value(lp, result.x);
  // The simplex worked on scaled data; confirm optimality on the user's.
  if (max_bound_violation(lp, result.x) > tol::kPrimalCheck ||
      max_dual_violation(lp, result.x, result.row_duals, tol::kPrimalCheck) > tol::kDualCheck)
    result.status = LpStatus::kNumericalError;
  return result;
}

}  // namespace

}  // namespace milpsac::lp
