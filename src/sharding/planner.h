// The planner loop around the DP proposer (TorchRec's EmbeddingShardingPlanner
// design): propose, place, rate, feed back, keep the best placed plan.
//
// The best plan is the one with the lowest rating (largest per-device perf
// sum); among equal ratings the first proposed stays. A proposal whose rating
// lower bound already exceeds the best rating is not placed (it could not
// win), which keeps the loop fast when the DP yields thousands of proposals;
// the result is the same as placing every proposal.
//
// With a deadline the loop stops proposing once it has expired and keeps the
// best plan found so far (time_limit_reached says so); the initial proposal
// is always tried.
#pragma once

#include <vector>

#include "common/deadline.h"

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
  bool time_limit_reached = false;   // the deadline stopped the loop before the DP ran out of proposals
};

// Throws InputError when an option cannot follow its placement rule (placement_rules.h).
PlanResult plan_sharding(const PlanInput& input, Variant variant, const Deadline& deadline = Deadline());

}  // namespace milpsac::sharding
