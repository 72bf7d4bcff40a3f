// The dynamic programmes of the embedding-sharding proposers: choose one
// option per table so that the total memory fits and the total perf is
// minimal, discretising memory into bins. Each is a shortest path through the
// layered DAG (table, memory bin) of graph/layered_path.h.
//
// 1-D (TorchRec / early TorchEasyRec): bins of the planned storage,
//   mem_bins_per_device x world_size of them. A bin keeps the lowest-perf path
//   into it together with that path's exact memory (in bin units), and later
//   tables add to the exact memory, not to the bin. Ties keep the first path
//   in the seed's loop order (option, then previous bin). One proposal per
//   reachable final bin, from the highest bin down.
// 2-D (TorchEasyRec today): cells (HBM bin, DDR bin), an axis collapsing to
//   one bin when its total capacity is 0; options whose largest shard needs
//   more HBM than one device or more DDR than one machine are pruned. Ties keep
//   the first path in upstream's order (previous cell, then option). One
//   proposal per reachable HBM bin (its best cell over the DDR bins, lowest
//   DDR bin among equal perf), from the highest HBM bin down.
//
// A proposal lists input option indices, one per table in SearchSpace order.
#pragma once

#include <vector>

#include "sharding/plan_input.h"
#include "sharding/search_space.h"

namespace milpsac::sharding {

using Proposal = std::vector<int>;

// `space` must come from load_search_space(input, Variant::k1D). Throws
// InputError when the planned storage of the topology is 0 or the bin table
// would be too large.
std::vector<Proposal> dp_proposals_1d(const PlanInput& input, const SearchSpace& space);

// `space` must come from load_search_space(input, Variant::k2D). Throws
// InputError when the cell table would be too large.
std::vector<Proposal> dp_proposals_2d(const PlanInput& input, const SearchSpace& space);

// Whether the 2-D proposer keeps an option (its largest shard fits the largest
// device's HBM and the largest machine's DDR, axes with zero capacity ignored).
bool fits_largest_device_and_machine(const Topology& topology, const ShardingOption& option);

}  // namespace milpsac::sharding
