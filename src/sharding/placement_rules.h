// Which devices may hold an option's shards, as TorchRec's partitioner
// decides it (docs/formats.md#sharding-plan-input, field "placement"):
//
//   uniform  shard i on rank i; the option has world_size shards
//            (data_parallel and row_wise; table_row_wise on one machine)
//   host     shard i on local rank i of one machine, the machine chosen
//            greedily; the option has local_world_size shards
//            (table_row_wise across several machines)
//   greedy   each shard on the device with the most free memory that fits
//            it (table_wise, column_wise, table_column_wise, anything else)
//
// TorchRec rejects plans that place the shards of a uniform or host option
// otherwise, so these are not preferences: a uniform option whose shard count
// is not the number of devices cannot be placed at all and is bad input.
#pragma once

#include <cstddef>
#include <vector>

#include "sharding/plan_input.h"

namespace milpsac::sharding {

enum class PlacementRule { kGreedy, kUniform, kHost };

const char* to_string(PlacementRule rule);

// The rule of option `index` of the input: its "placement" field when given,
// else by its sharding_type. Throws InputError naming options[index] when the
// placement is not one of the three words or the shard count does not suit it.
PlacementRule placement_rule(const ShardingOption& option, const Topology& topology, std::size_t index);

// Every option's rule, in input order.
std::vector<PlacementRule> placement_rules(const PlanInput& input);

}  // namespace milpsac::sharding
