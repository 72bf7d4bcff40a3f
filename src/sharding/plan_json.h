// The sharding planner's answer as the JSON object of docs/json.md#shard,
// built once for `milp-sac shard` and the Python module (propose_sharding) so
// both give the same keys, in the same order, with the same values. Without
// "schema" (the writer puts it first) and without the --exact part (the CLI
// adds it).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "sharding/plan_input.h"
#include "sharding/planner.h"
#include "sharding/search_space.h"

namespace milpsac::sharding {

// `input` is what the planner saw (after the storage reservation), `original`
// the input as read (its capacities are reported per device). With
// `with_proposals`, also "initial_proposal" and every DP proposal.
nlohmann::ordered_json plan_json(const PlanInput& input, const PlanInput& original, const PlanResult& plan,
                                 Variant variant, double storage_reservation, bool with_proposals);

// "no proposal could be placed; closest: table 't' ... N bytes missing" (plan.found false).
std::string failure_message(const PlanInput& input, const PlanResult& plan);

// A proposal as a JSON array of option indices.
nlohmann::ordered_json proposal_json(const Proposal& proposal);

}  // namespace milpsac::sharding
