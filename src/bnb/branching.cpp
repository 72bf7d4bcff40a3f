// choose_branching: the rule MilpOptions::branching names (branching.h).
#include "bnb/branching.h"

namespace milpsac::bnb {

BranchingDecision choose_branching(SearchState& state, const std::vector<int>& fractional, const Eigen::VectorXd& x,
                                   double objective, const std::vector<BoundChange>& changes) {
  switch (state.options.branching) {
    case BranchingRule::kPerChild:
      return choose_branching_per_child(state, fractional, x, objective, changes);
    case BranchingRule::kBatch:
      break;
  }
  return choose_branching_batch(state, fractional, x, objective, changes);
}

}  // namespace milpsac::bnb
