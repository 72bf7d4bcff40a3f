// The planner loop (see planner.h).
#include "sharding/planner.h"

#include "sharding/proposer.h"

namespace milpsac::sharding {

namespace {

// Relative slack for comparing a rating bound with a rating summed in another
// order: a proposal is skipped only when it is clearly worse.
constexpr double kBoundSlack = 1e-9;

}  // namespace

PlanResult plan_sharding(const PlanInput& input, Variant variant, const Deadline& deadline) {
  PlanResult result;
  DpProposer proposer = load_proposer(input, variant);
  result.fqns = proposer.space.fqns;
  const ShardIndex shards = index_shards(input);
  bool have_failure = false;
  long index = -1;
  while (std::optional<Proposal> proposal = propose(proposer)) {
    if (index == -1) result.initial_proposal = *proposal;
    const bool hopeless = result.found && rating_lower_bound(shards, input.topology.world_size, *proposal) >
                                              result.placement.rating * (1.0 + kBoundSlack);
    if (hopeless) {
      ++result.skipped;
    } else {
      PlacementResult placed = place_proposal(input, shards, *proposal);
      if (placed.placed) {
        ++result.placed;
        if (!result.found || placed.placement.rating < result.placement.rating) {
          result.found = true;
          result.best = *proposal;
          result.best_index = index;
          result.placement = std::move(placed.placement);
        }
      } else {
        ++result.unplaceable;
        if (!have_failure || placed.failure.missing < result.closest_failure.missing) {
          have_failure = true;
          result.closest_failure = placed.failure;
        }
      }
    }
    feedback(proposer, input);
    ++index;
    if (deadline.expired()) {
      result.time_limit_reached = true;
      break;
    }
  }
  result.proposals = std::move(proposer.proposals);
  return result;
}

}  // namespace milpsac::sharding
