// The planner loop around the DP proposer (TorchRec's EmbeddingShardingPlanner
// design): propose, place, rate, feed back, keep the best placed plan.
//
// The best plan is the one with the lowest rating (largest per-device perf
// sum); among equal ratings the first proposed stays. A proposal whose rating
// lower bound already exceeds the best rating is not placed (it could not
// win), which keeps the loop fast when the DP yields thousands of proposals;
// the result is the same as placing every proposal.
#pragma once

#include <vector>

#include "sharding/placement.h"
#include "sharding/plan_input.h"
#include "sharding/search_space.h"

namespace milpsac::sharding {

struct PlanResult {
  std::vector<std::string> fqns;     // table order of every proposal
  Proposal initial_proposal;         // each table's smallest option
  std::vector<Proposal> proposals;   // the DP's proposals, in order
  bool found = false;                // some proposal was placed
  Proposal best;                     // the chosen option per table
  long best_index = -2;              // -1: the initial proposal; k >= 0: proposals[k]
  Placement placement;               // of `best`
  PlacementFailure closest_failure;  // when !found: the failure missing the fewest bytes (first among equal)
  std::size_t placed = 0;            // proposals placed
  std::size_t unplaceable = 0;       // proposals that did not fit
  std::size_t skipped = 0;           // proposals not placed because they could not beat the best
};

PlanResult plan_sharding(const PlanInput& input, Variant variant);

}  // namespace milpsac::sharding
