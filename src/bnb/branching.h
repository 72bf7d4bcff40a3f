// Branching-column choice: pseudocost product score, with strong branching
// (both children solved with a small iteration budget) to initialise the
// pseudocosts of columns not yet observed in both directions.
#pragma once

#include <vector>

#include "bnb/search_state.h"

namespace milpsac::bnb {

// Pick the column to branch on among `fractional` at the current node, whose
// LP optimum is x with value `objective`; `changes` are the node's bounds. May
// run strong-branching LPs (the solver's bounds are restored, its basis too).
int choose_branching_column(SearchState& state, const std::vector<int>& fractional, const Eigen::VectorXd& x,
                            double objective, const std::vector<BoundChange>& changes);

}  // namespace milpsac::bnb
