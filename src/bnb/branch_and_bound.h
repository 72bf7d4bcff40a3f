// Best-first branch-and-bound over the LP core: the MILP entry point.
//
// The search sees the LP only through LpRelaxation (bnb/lp_relaxation.h), its
// one door to the simplex. A model without integer columns goes through the
// checked LP path (lp::solve_lp: unscaled retry, dual check) instead. Relative gap (docs/cli.md):
// (ub - lb) / max(|ub|, 1e-9), and 0 when ub - lb <= 1e-9.
#pragma once

#include "bnb/milp_types.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

// Solve a MILP (an LP when no column is integer). Every reported incumbent has
// been checked against the original rows, bounds and integrality (1e-6).
MilpResult solve_milp(const lp::LinearProgram& lp, const MilpOptions& options = {});

}  // namespace milpsac::bnb
