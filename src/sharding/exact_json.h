// The "exact" object of `milp-sac shard --exact` (docs/json.md#shard): the
// selection MILP's answer next to the DP's, and what the bin discretisation
// cost. Built here once for the CLI and the Python module (propose_sharding
// with exact=True), so both give the same keys and values.
#pragma once

#include <nlohmann/json.hpp>

#include "sharding/exact_selection.h"
#include "sharding/plan_input.h"
#include "sharding/planner.h"

namespace milpsac::sharding {

// `input` is what the planner saw (after the storage reservation).
nlohmann::ordered_json exact_json(const PlanInput& input, const PlanResult& plan, const ExactSelection& exact);

}  // namespace milpsac::sharding
