// One strong-branching child: the node's LP solved again, from the node's
// basis, inside the child's bounds (the caller has applied them), and what
// that showed about the child. Shared by the branching rules (branching.h).
#pragma once

#include <cmath>

#include "bnb/search_state.h"

namespace milpsac::bnb {

struct ChildResult {
  double gain = 0.0;         // objective gain, for the pseudocosts (the cap stands in for empty children)
  bool empty = false;        // infeasible, or its bound reaches the cutoff
  double bound = -INFINITY;  // a proven lower bound of the child (INFINITY when infeasible)
  bool optimal = false;      // the LP was solved to optimality: its point lies in the child
  bool improved = false;     // its point was integral and became the incumbent
};

// Solve the child within `iterations` dual iterations; `objective` is the
// node's LP value. An iteration-limited child's value guides (its gain) but
// bounds nothing; a time limit or numerical trouble teaches nothing. An
// optimal child whose point is integral offers it as a solution (HiGHS's
// strong branching does too); once it is the incumbent, the child holds
// nothing better and is empty.
ChildResult solve_strong_branching_child(SearchState& state, const lp::Basis& basis, double objective, long iterations);

}  // namespace milpsac::bnb
