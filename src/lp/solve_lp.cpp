// solve_lp: the one-shot LP entry (CLI `solve`, tests). Builds a SimplexSolver,
// runs it, and checks the answer against the original data before reporting.
#include <algorithm>
#include <cmath>

#include "lp/certificate.h"
#include "lp/presolve/presolve.h"
#include "lp/simplex.h"
#include "lp/simplex_solver.h"
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

// The solver's current answer for `status`, checked on `lp`.
LpSolution read_answer(const LinearProgram& lp, const SimplexSolver& solver, LpStatus status,
                       const Tolerances& tolerances) {
  LpSolution result;
  result.status = status;
  result.iterations = solver.iterations();
  switch (result.status) {
    case LpStatus::kOptimal:
      result.row_duals = solver.row_duals();
      result.reduced_costs = solver.reduced_costs();
      result.basis = solver.basis();
      [[fallthrough]];
    case LpStatus::kUnbounded:
      result.x = solver.primal_values();
      result.row_activity = lp.A * result.x;
      result.objective = objective_value(lp, result.x);
      break;
    default:
      break;
  }
  if (result.status == LpStatus::kInfeasible || result.status == LpStatus::kUnbounded) result.ray = solver.ray();
  return verify_solution(lp, std::move(result), tolerances);
}

double worst_residual(const LpSolution& s) { return std::fmax(s.primal_residual, s.dual_residual); }

LpSolution solve_once(const LinearProgram& lp, const LpOptions& options, const Tolerances& tolerances,
                      const Deadline& deadline, bool scale) {
  SimplexSolver solver(lp, scale);
  solver.set_tolerances(tolerances);
  solver.set_deadline(&deadline);
  solver.set_iteration_limit(options.iteration_limit);
  LpSolution result = read_answer(lp, solver, solver.solve(), options.tolerances);
  if (result.status == LpStatus::kOptimal && !(worst_residual(result) <= tol::kPolishResidual)) {
    // Polish: the same basis re-solved with tighter feasibility tolerances,
    // usually a few pivots. On badly scaled models (pilot87) an answer within
    // the scaled tolerances was 2.5e-6 off in the objective. The polished
    // answer replaces the first only if it is optimal with smaller residuals.
    solver.set_tolerances(tolerances.tightened(tol::kRetryTightening));
    // A bounded polish: a basis that needs more than this is not a polish.
    const long polish_budget = std::max(1000L, static_cast<long>(lp.num_rows()) + lp.num_cols());
    solver.set_iteration_limit(std::min(options.iteration_limit, solver.iterations() + polish_budget));
    const LpStatus polished_status = solver.solve();
    if (polished_status == LpStatus::kOptimal) {
      LpSolution polished = read_answer(lp, solver, polished_status, options.tolerances);
      if (polished.status == LpStatus::kOptimal && worst_residual(polished) < worst_residual(result))
        result = std::move(polished);
    }
    result.iterations = solver.iterations();
  }
  return result;
}

}  // namespace

LpSolution verify_solution(const LinearProgram& lp, LpSolution result, const Tolerances& tolerances) {
  const int m = lp.num_rows(), n = lp.num_cols();
  switch (result.status) {
    case LpStatus::kOptimal: {
      result.primal_residual = max_bound_violation(lp, result.x);
      result.dual_residual = result.row_duals.size() == m
                                 ? max_dual_violation(lp, result.x, result.row_duals, tolerances.primal_check)
                                 : INFINITY;
      if (!(result.primal_residual <= tolerances.primal_check && result.dual_residual <= tolerances.dual_check))
        result.status = LpStatus::kNumericalError;
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
  const Deadline deadline = Deadline::for_layer(options.deadline, options.time_limit_seconds);
  // Scaled first; if the answer fails its check on the user's data (scaling
  // can hide a violation that is real in the original units, e.g. one byte
  // on a row of 1e9-byte terms), once more unscaled, and last unscaled with
  // feasibility tolerances a hundred times tighter.
  struct Attempt {
    bool scale;
    Tolerances tolerances;
  };
  const Attempt attempts[] = {{options.scale, options.tolerances},
                              {false, options.tolerances},
                              {false, options.tolerances.tightened(tol::kRetryTightening)}};
  for (const Attempt& attempt : attempts) {
    if (deadline.expired()) {
      result = LpSolution{};
      result.status = LpStatus::kTimeLimit;
      break;
    }
    result = solve_once(lp, options, attempt.tolerances, deadline, attempt.scale);
    if (result.status != LpStatus::kNumericalError) break;
  }
  return result;
}

}  // namespace milpsac::lp
