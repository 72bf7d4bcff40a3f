// solve_lp: the one-shot LP entry (CLI `solve`, tests). Runs the checked LP
// engine (checked_simplex.h) on the model, which checks every verdict against
// the original data (verify_solution, here) before it is reported.
#include <algorithm>
#include <cmath>

#include "lp/certificate.h"
#include "lp/checked_simplex.h"
#include "lp/presolve/presolve.h"
#include "lp/simplex.h"
#include "lp/solution_check.h"
#include "lp/tolerances.h"

namespace milpsac::lp {

const char* to_string(LpStatus status) {
  switch (status) {
    case LpStatus::kOptimal:
      return "optimal";
    case LpStatus::kInfeasible:
      return "infeasible";
    case LpStatus::kUnbounded:
      return "unbounded";
    case LpStatus::kIterationLimit:
      return "iteration_limit";
    case LpStatus::kTimeLimit:
      return "time_limit";
    case LpStatus::kCutoff:
      return "cutoff";
    case LpStatus::kNumericalError:
      return "numerical_error";
  }
  return "unknown";
}

namespace {

// A column or row whose lower bound exceeds its upper bound, or -1.
int crossed_bounds(const LinearProgram& lp) {
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.col_lower[j] > lp.col_upper[j]) return j;
  for (int i = 0; i < lp.num_rows(); ++i)
    if (lp.row_lower[i] > lp.row_upper[i]) return lp.num_cols() + i;
  return -1;
}

}  // namespace

LpSolution verify_solution(const LinearProgram& lp, LpSolution result, const Tolerances& tolerances) {
  const int n = lp.num_cols();
  switch (result.status) {
    case LpStatus::kOptimal: {
      const OptimumCheck check = check_optimum(lp, result.x, result.row_duals, tolerances, RowMeasure::kBound);
      result.primal_residual = check.primal_residual;
      result.dual_residual = check.dual_residual;
      if (!check.passed) result.status = LpStatus::kNumericalError;
      break;
    }
    case LpStatus::kInfeasible:
    case LpStatus::kUnbounded: {
      if (result.status == LpStatus::kInfeasible && result.ray.size() == 0 && crossed_bounds(lp) >= 0) {
        result.ray_residual = 0.0;  // the bounds of one column or row contradict each other
        result.ray_margin = INFINITY;
        break;
      }
      Eigen::SparseMatrix<double> A = lp.A;
      A.prune(1.0, 0.0);  // drops stored zeros only
      const double sign = lp.sense == ObjectiveSense::kMaximize ? -1.0 : 1.0;
      const Eigen::VectorXd cost = sign * lp.c;
      const OriginalData data{A, cost, lp.col_lower, lp.col_upper, lp.row_lower, lp.row_upper};
      CertificateCheck check;
      if (result.status == LpStatus::kInfeasible) {
        check = check_farkas_ray(data, result.ray);
      } else {
        check = check_primal_ray(data, result.ray);
        result.primal_residual = result.x.size() == n ? max_bound_violation(lp, result.x) : INFINITY;
        if (!(result.primal_residual <= tolerances.primal_check)) check.valid = false;
      }
      result.ray_residual = check.residual;
      result.ray_margin = check.margin;
      if (!check.valid) result.status = LpStatus::kNumericalError;
      break;
    }
    default:
      break;
  }
  return result;
}

LpSolution solve_lp(const LinearProgram& lp, const LpOptions& options) {
  // Presolve first when asked; it calls back here with presolve off, and
  // falls back to the original model whenever the round trip does not
  // give a checked optimum.
  if (options.presolve) return presolve::solve_lp_presolved(lp, options);
  LpSolution result;
  if (!options.tolerances.validate().empty()) return result;  // kNumericalError: nothing solved
  if (crossed_bounds(lp) >= 0) {
    result.status = LpStatus::kInfeasible;
    return verify_solution(lp, std::move(result), options.tolerances);
  }
  const Deadline deadline = Deadline::of_caller(options.deadline);
  CheckedSimplex engine(lp, &deadline, {CheckedUse::kReport, options.scale, options.tolerances});
  engine.solve(options.iteration_limit);
  LpSolution answer = engine.answer();
  if (stopped_by_limit(answer.status)) answer.limit_bound = engine.limit_bound();
  return answer;
}

}  // namespace milpsac::lp
