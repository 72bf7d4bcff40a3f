// solve_lp_presolved: presolve, solve the reduced LP, postsolve, and accept
// the answer only if it passes the optimality check on the original model;
// in every other case solve the original without presolve, so that verdicts
// (infeasible, unbounded, limits) always come from the checked path.
#include <algorithm>
#include <cmath>

#include "lp/presolve/presolve.h"
#include "lp/tolerances.h"

namespace milpsac::lp::presolve {
namespace {

// The reduced model may be harder for the simplex than the original (on
// Netlib modszk1, moving the costs of 510 slack columns onto their rows makes
// our simplex stall for > 20 s where the original takes 1 s). The reduced
// solve therefore gets an iteration budget of this many times the original's
// rows + columns (plus a constant); past it, the original is solved instead.
// Typical solves need 1-3 x rows iterations; the budget is deterministic.
constexpr long kReducedIterationsPerVariable = 5;
constexpr long kReducedIterationsBase = 1000;

}  // namespace

LpSolution solve_lp_presolved(const LinearProgram& lp, const LpOptions& options) {
  const Deadline deadline = Deadline::of_caller(options.deadline);
  LpOptions inner = options;
  inner.presolve = false;
  inner.deadline = &deadline;
  long spent_iterations = 0;
  auto solve_original = [&]() {
    LpOptions fallback = inner;
    fallback.iteration_limit = std::max(0L, options.iteration_limit - spent_iterations);
    LpSolution solution = solve_lp(lp, fallback);
    solution.iterations += spent_iterations;
    return solution;
  };

  PresolveOptions presolve_options;
  presolve_options.deadline = &deadline;
  const PresolveResult pre = presolve(lp, presolve_options);
  if (pre.status != PresolveStatus::kReduced && pre.status != PresolveStatus::kEmpty) return solve_original();
  // Nothing removed: the original is the same model without the round trip.
  if (pre.stack.reductions.empty() && pre.stats.tightened_bounds == 0 && pre.stats.tightened_coefficients == 0)
    return solve_original();

  LpSolution reduced;
  if (pre.status == PresolveStatus::kReduced) {
    const long budget = kReducedIterationsPerVariable * (lp.num_rows() + lp.num_cols()) + kReducedIterationsBase;
    inner.iteration_limit = std::min(options.iteration_limit, budget);
    reduced = solve_lp(pre.reduced, inner);
    spent_iterations = reduced.iterations;
    if (reduced.status != LpStatus::kOptimal) {
      LpSolution original = solve_original();
      // The reduced LP has the original's optimum (offset included), so a
      // bound of the one stopped by a limit bounds the other too.
      if (stopped_by_limit(original.status)) original.limit_bound = std::max(original.limit_bound, reduced.limit_bound);
      return original;
    }
  } else {
    reduced.status = LpStatus::kOptimal;
  }
  LpSolution solution = postsolve(lp, pre, reduced);
  solution.status = LpStatus::kOptimal;
  solution.iterations = spent_iterations;
  // The same check as every other answer, on the original model; it fills the residuals.
  solution = verify_solution(lp, std::move(solution));
  if (solution.status != LpStatus::kOptimal) return solve_original();
  return solution;
}

}  // namespace milpsac::lp::presolve
