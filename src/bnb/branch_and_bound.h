// Best-first branch-and-bound over the LP core: the MILP entry point.
//
// The search sees the LP only through lp::SimplexSolver's narrow contract (set
// column bounds, re-solve from a basis, read values). Relative gap (docs/cli.md):
// (ub - lb) / max(|ub|, 1e-9), and 0 when ub - lb <= 1e-9.
#pragma once

#include <climits>
#include <cmath>

#include "lp/linear_program.h"

namespace milpsac::bnb {

enum class MilpStatus {
  kOptimal,      // gap closed (<= 1e-9 absolute or relative gap 0 reached)
  kGapLimit,     // stopped at the requested relative gap
  kTimeLimit,    // with or without incumbent: see has_solution
  kNodeLimit,    // with or without incumbent: see has_solution
  kInfeasible,
  kUnbounded,
  kNumericalError,
};
const char* to_string(MilpStatus status);

struct MilpOptions {
  double relative_gap = 1e-4;
  double time_limit_seconds = INFINITY;
  long node_limit = LONG_MAX;
};

struct MilpResult {
  MilpStatus status = MilpStatus::kNumericalError;
  bool has_solution = false;
  double objective = INFINITY;  // incumbent value in the LP's own sense (offset included)
  double bound = -INFINITY;     // proven bound in the LP's own sense
  double gap = INFINITY;        // relative gap (docs/cli.md)
  long nodes = 0;
  double seconds = 0.0;
  Eigen::VectorXd x;            // incumbent (original columns), empty without one
};

// Solve a MILP (an LP when no column is integer). Every reported incumbent has
// been checked against the original rows, bounds and integrality (1e-6).
MilpResult solve_milp(const lp::LinearProgram& lp, const MilpOptions& options = {});

// Relative gap as docs/cli.md defines it (both values in minimisation sense).
double relative_gap(double upper, double lower);

}  // namespace milpsac::bnb
