// Primal heuristics: cheap ways to find an incumbent early, so that pruning
// starts before the tree grows. Both leave the solver's bounds as they found
// them (the basis may differ).
#pragma once

#include "bnb/search_state.h"

namespace milpsac::bnb {

// Round every integer column of x to the nearest integer and offer the point.
bool simple_rounding(SearchState& state, const Eigen::VectorXd& x);

// Fractional diving from the current node: repeatedly fix the least fractional
// column to its nearest integer and re-solve, backtracking once on a dead end.
// `changes` are the node's bound changes; the budget is in LP iterations.
bool fractional_dive(SearchState& state, const std::vector<BoundChange>& changes, long iteration_budget);

// RINS (relaxation induced neighbourhood search): fix every integer column on
// which the incumbent and the LP optimum x agree, and solve what is left as a
// sub-MIP within `node_limit` nodes and `lp_iteration_limit` LP iterations
// (and the search's remaining time). The
// sub-MIP's answer is offered like any other point (checked on the original
// model). Skipped when too few columns agree (the sub-MIP would be the whole
// model). The relaxation is not touched.
bool rins(SearchState& state, const Eigen::VectorXd& x, long node_limit, long lp_iteration_limit);

// RENS (relaxation enforced neighbourhood search), for the root: fix every
// integer column that is integral at the LP optimum x, bound each other one
// by the floor and ceiling of its value, and solve the rest as a sub-MIP
// within the same budgets as RINS. Needs no incumbent: it is how a first one
// is found where rounding, diving and the pump fail (HiGHS runs it at its
// root). Skipped, like RINS, when too few columns are fixed.
bool rens(SearchState& state, const Eigen::VectorXd& x, long node_limit, long lp_iteration_limit);

// Feasibility Jump (bnb/feasibility_jump.h) within the root's global bounds,
// for a root that has no incumbent after the heuristics above: an LP-free
// search, so it finds points where every LP-based one is stuck on the LP's
// vertices. Its point gets the best continuous columns for its integers
// (offer_completion) or, on a pure-integer model, is offered as it is.
// Work: about kJumpWorkPerNonzero column entries per nonzero of the model,
// within [kJumpMinWork, kJumpMaxWork].
inline constexpr long kJumpWorkPerNonzero = 100;
inline constexpr long kJumpMinWork = 10'000'000;
inline constexpr long kJumpMaxWork = 100'000'000;
bool jump_for_incumbent(SearchState& state);

}  // namespace milpsac::bnb
