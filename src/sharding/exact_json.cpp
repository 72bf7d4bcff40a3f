// The "exact" object of `milp-sac shard --exact` (see exact_json.h).
#include "sharding/exact_json.h"

#include <algorithm>

#include "sharding/placement.h"
#include "sharding/plan_json.h"

namespace milpsac::sharding {

nlohmann::ordered_json exact_json(const PlanInput& input, const PlanResult& plan, const ExactSelection& exact) {
  nlohmann::ordered_json j = {{"status", bnb::to_string(exact.status)}};
  if (!exact.has_solution) return j;
  j["total_perf_ms"] = exact.total_perf;
  j["options"] = proposal_json(exact.choice);
  j["bound_ms"] = exact.bound;
  j["gap"] = exact.gap;
  j["nodes"] = exact.nodes;
  j["seconds"] = exact.seconds;
  // What the bins cost: the DP's best total perf over its proposals minus the optimum.
  if (!plan.proposals.empty()) {
    double dp_best = total_perf(input, plan.proposals.front());
    for (const Proposal& p : plan.proposals) dp_best = std::min(dp_best, total_perf(input, p));
    j["dp_best_total_perf_ms"] = dp_best;
    j["discretisation_cost_ms"] = dp_best - exact.total_perf;
  } else {
    j["dp_best_total_perf_ms"] = nullptr;
    j["discretisation_cost_ms"] = nullptr;
  }
  PlacementResult placed = place_proposal(input, exact.choice);
  j["placed"] = placed.placed;
  if (placed.placed) j["rating_ms"] = placed.placement.rating;
  return j;
}

}  // namespace milpsac::sharding
