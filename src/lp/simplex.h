// Public entry points of the LP core: a one-shot solve, and a persistent solver
// object that branch-and-bound drives through a narrow contract (set column
// bounds, re-solve from the current basis, read values, save/restore a basis).
#pragma once

#include <cstdint>
#include <vector>

#include "common/deadline.h"
#include "lp/linear_program.h"

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

struct LpOptions {
  double time_limit_seconds = INFINITY;
  long iteration_limit = 1000000;
  bool presolve = true;  // only used by solve_lp (the one-shot entry)
  bool scale = true;
};

struct LpSolution {
  LpStatus status = LpStatus::kNumericalError;
  double objective = 0.0;        // in the LP's own sense, offset included
  Eigen::VectorXd x;             // column values (original problem)
  Eigen::VectorXd row_activity;  // A x
  Eigen::VectorXd row_duals;     // y, for the minimisation form
  Eigen::VectorXd reduced_costs; // c - A^T y, for the minimisation form
  long iterations = 0;
  Basis basis;                   // empty when presolve changed the problem
};

// Solve an LP (integrality ignored). The result is checked for primal and dual
// feasibility against the original data before it is reported as optimal.
LpSolution solve_lp(const LinearProgram& lp, const LpOptions& options = {});

}  // namespace milpsac::lp
