// Public entry points of the LP core: a one-shot solve, and a persistent solver
// object that branch-and-bound drives through a narrow contract (set column
// bounds, re-solve from the current basis, read values, save/restore a basis).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "common/deadline.h"
#include "lp/linear_program.h"
#include "lp/tolerances.h"

namespace milpsac::lp {

enum class LpStatus {
  kOptimal,
  kInfeasible,
  kUnbounded,
  kIterationLimit,
  kTimeLimit,
  kCutoff,          // dual simplex stopped: objective proven above the cutoff
  kNumericalError,  // could not reach a verified answer
};
const char* to_string(LpStatus status);

// Status of one variable (structural column or row logical) in a basis.
enum class VarStatus : std::uint8_t { kBasic, kAtLower, kAtUpper, kAtZero };

struct Basis {
  std::vector<VarStatus> cols;  // one per column
  std::vector<VarStatus> rows;  // one per row (the row's logical variable)
  bool empty() const { return cols.empty() && rows.empty(); }
};

// The simplex iteration limit when a caller sets none: LpOptions, a fresh
// SimplexSolver and the search's budget for one node LP all start from it.
inline constexpr long kDefaultIterationLimit = 1000000;

struct LpOptions {
  // The caller's clock (not owned; null: no limit): the solve ends no later
  // than it and stops when its interrupt flag is raised. Seconds live at the
  // front doors (api/solve_door.h), which build the clock.
  const Deadline* deadline = nullptr;
  long iteration_limit = kDefaultIterationLimit;
  bool presolve = true;  // only used by solve_lp (the one-shot entry)
  bool scale = true;
  // Validated once by solve_lp (an invalid set gives kNumericalError with no
  // solve; callers taking them from users check Tolerances::validate first).
  Tolerances tolerances;
};

struct LpSolution {
  LpStatus status = LpStatus::kNumericalError;
  // How well the verdict holds on the original data (solution_check.h,
  // certificate.h), for the CLI's "check" object:
  //   optimal: primal_residual (largest relative bound/row violation of x) and
  //            dual_residual (largest relative violation of the optimality
  //            conditions by y and the reduced costs);
  //   infeasible / unbounded: ray_residual (what the ray check treated as
  //            round-off) and ray_margin (the relative separating gap or cost
  //            decrease, > 0); primal_residual of the feasible point too for
  //            unbounded;
  //   numerical_error: whatever failed, so a user sees by how much.
  // Fields that do not apply stay NaN.
  double primal_residual = NAN;
  double dual_residual = NAN;
  double ray_residual = NAN;
  double ray_margin = NAN;
  // infeasible: a Farkas ray y (one per row, minimisation form);
  // unbounded: a primal ray d (one per column). Empty otherwise.
  Eigen::VectorXd ray;
  double objective = 0.0;         // in the LP's own sense, offset included
  Eigen::VectorXd x;              // column values (original problem)
  Eigen::VectorXd row_activity;   // A x
  Eigen::VectorXd row_duals;      // y, for the minimisation form
  Eigen::VectorXd reduced_costs;  // c - A^T y, for the minimisation form
  long iterations = 0;
  Basis basis;  // for the original model (postsolved when presolve ran)
  // time_limit / iteration_limit: a lower bound of the LP's optimum in
  // minimisation form (offset included) from the stopped simplex's duals
  // (lagrangian_bound.h, checked on the model's own data); -inf when they
  // give none, and for every other status.
  double limit_bound = -INFINITY;
};

// The statuses that carry LpSolution::limit_bound: the solve stopped short.
inline bool stopped_by_limit(LpStatus status) {
  return status == LpStatus::kTimeLimit || status == LpStatus::kIterationLimit;
}

// Solve an LP (integrality ignored). Every verdict is checked against the
// original data before it is reported (verify_solution); an answer that fails
// its check is re-solved without scaling, and reported as kNumericalError
// with its residuals if it fails again.
LpSolution solve_lp(const LinearProgram& lp, const LpOptions& options = {});

// Check a claimed solution against `lp` and fill its residual fields:
// optimal needs x primal feasible and (x, row_duals) dual feasible; infeasible
// a valid Farkas ray (or a column/row with crossed bounds); unbounded a valid
// primal ray and a feasible x. A claim that fails becomes kNumericalError.
// Other statuses pass through unchanged.
LpSolution verify_solution(const LinearProgram& lp, LpSolution solution, const Tolerances& tolerances = {});

}  // namespace milpsac::lp
