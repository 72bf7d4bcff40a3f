// Placement rules per sharding type (see placement_rules.h).
#include "sharding/placement_rules.h"
#include "common/index.h"

#include "common/input_error.h"

namespace milpsac::sharding {
namespace {

[[noreturn]] void reject(const ShardingOption& o, std::size_t index, const std::string& what) {
  throw InputError("options[" + std::to_string(index) + "] (table '" + o.fqn + "'): " + what);
}

}  // namespace

const char* to_string(PlacementRule rule) {
  switch (rule) {
    case PlacementRule::kUniform:
      return "uniform";
    case PlacementRule::kHost:
      return "host";
    case PlacementRule::kGreedy:
      return "greedy";
  }
  return "greedy";
}

PlacementRule placement_rule(const ShardingOption& o, const Topology& t, std::size_t index) {
  const std::size_t shards = o.shards.size();
  const auto world = uz(t.world_size);
  const auto local = uz(t.local_world_size);
  PlacementRule rule = PlacementRule::kGreedy;
  if (o.placement == "uniform") {
    rule = PlacementRule::kUniform;
  } else if (o.placement == "host") {
    rule = PlacementRule::kHost;
  } else if (o.placement == "greedy") {
    rule = PlacementRule::kGreedy;
  } else if (!o.placement.empty()) {
    reject(o, index, "placement must be \"uniform\", \"host\" or \"greedy\", got \"" + o.placement + "\"");
  } else if (o.sharding_type == "data_parallel" || o.sharding_type == "row_wise") {
    rule = PlacementRule::kUniform;
  } else if (o.sharding_type == "table_row_wise") {
    // One machine: its ranks are all the ranks. Several: the shards share one machine.
    rule = shards == world || local == world ? PlacementRule::kUniform : PlacementRule::kHost;
  }
  if (rule == PlacementRule::kUniform && shards != world)
    reject(o, index,
           std::string(o.placement.empty() ? o.sharding_type : "uniform") +
               " placement puts shard i on rank i: needs " + std::to_string(world) + " shards (world_size), has " +
               std::to_string(shards));
  if (rule == PlacementRule::kHost && shards != local)
    reject(o, index,
           "host placement puts shard i on local rank i of one machine: needs " + std::to_string(local) +
               " shards (local_world_size), has " + std::to_string(shards));
  return rule;
}

std::vector<PlacementRule> placement_rules(const PlanInput& input) {
  std::vector<PlacementRule> rules;
  rules.reserve(input.options.size());
  for (std::size_t i = 0; i < input.options.size(); ++i)
    rules.push_back(placement_rule(input.options[i], input.topology, i));
  return rules;
}

}  // namespace milpsac::sharding
