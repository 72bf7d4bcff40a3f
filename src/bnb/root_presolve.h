// MIP presolve at the root: presolve the model once (keep_integrality), run
// the search on the reduced model, map its incumbent back to the original
// columns and check it there (rows, bounds, integrality) before reporting.
//
// Invariants:
// - Every reported point has passed the check on the user's model; a
//   postsolved incumbent that fails it is never reported: the original model
//   is solved instead with the time that is left.
// - Verdicts of infeasibility or unboundedness never come from presolve or
//   from the reduced model: presolve's "infeasible"/"unbounded" hints, and such
//   verdicts (or numerical_error) of the reduced search, send the original
//   model through the search without presolve, as if presolve had been off.
// - The reduced MILP has the original's optimal value (the MIP reductions keep
//   at least one optimal point), so its proven bound is a bound of the
//   original.
// - Implied integers the presolve finds reach the reduced search through
//   MilpOptions::cut_integrality (for the cut separators only; it never
//   branches on them).
#pragma once

#include <functional>

#include "bnb/milp_types.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

// The search on the original model (presolve off), used for the fallbacks.
using MilpSearch = std::function<MilpResult(const lp::LinearProgram& lp, const MilpOptions& options)>;

// Presolve `lp` (which has integer columns), solve the reduced model with
// `search` and postsolve. `options.presolve` itself is not read.
MilpResult solve_with_root_presolve(const lp::LinearProgram& lp, const MilpOptions& options, const MilpSearch& search);

}  // namespace milpsac::bnb
