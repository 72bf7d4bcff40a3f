// The 1-D DP proposer of TorchEasyRec (see dp_proposals.h), on the generic layered
// shortest path. Arithmetic follows the seed operation for operation (bin
// sizes and option sizes in bin units as doubles, exact memory carried along
// the path, truncation to the bin), so bins and ties come out the same.
#include <cstdint>
#include <string>

#include "common/index.h"
#include "common/input_error.h"
#include "graph/layered_path.h"
#include "sharding/dp_proposals.h"

namespace milpsac::sharding {

namespace {

constexpr std::int64_t kMaxBins = std::int64_t{1} << 24;

struct BinLabel {
  double cost;  // total perf of the path
  double mem;   // exact total memory of the path, in bin units
};

}  // namespace

std::vector<Proposal> dp_proposals_1d(const PlanInput& input, const SearchSpace& space) {
  const Topology& topology = input.topology;
  const std::size_t tables = space.num_tables();
  if (tables == 0) return {};
  const std::int64_t bin_count = std::int64_t{input.mem_bins_per_device} * topology.world_size;
  if (bin_count > kMaxBins)
    throw InputError(input.source + ": mem_bins_per_device: " + std::to_string(input.mem_bins_per_device) +
                     " bins x topology.world_size " + std::to_string(topology.world_size) + " = " +
                     std::to_string(bin_count) + " bins, more than the " + std::to_string(kMaxBins) +
                     " the 1-D proposer allows (lower mem_bins_per_device)");
  const std::int64_t per_device = planned_storage(topology, topology.hbm_per_device, topology.ddr_per_device);
  if (per_device == 0)
    throw InputError(input.source + ": " +
                     (topology.compute_device == ComputeDevice::kCuda
                          ? "topology.hbm_per_device: no HBM left per device (after the storage reservation) on a "
                            "CUDA topology"
                          : "topology.ddr_per_device: no DDR per device on a CPU topology") +
                     ", the memory the 1-D proposer plans by (try --2d)");
  // The seed sums the device capacities, then divides: one rounding each.
  const double mem_total = static_cast<double>(per_device) * static_cast<double>(topology.world_size);
  const double bins = static_cast<double>(bin_count);
  const double bin_size = mem_total / bins;

  std::vector<std::vector<double>> mem(tables);
  std::vector<std::vector<double>> perf(tables);
  for (std::size_t t = 0; t < tables; ++t) {
    for (int i : space.options[t]) {
      const ShardingOption& o = input.options[uz(i)];
      mem[t].push_back(static_cast<double>(planned_storage(topology, o.hbm, o.ddr)) / bin_size);
      perf[t].push_back(o.perf);
    }
  }

  auto paths = graph::layered_shortest_paths<BinLabel>(
      tables, static_cast<std::uint64_t>(bin_count), BinLabel{0.0, 0.0}, [&](std::size_t t) { return mem[t].size(); },
      [&](std::size_t t, std::uint32_t c, const BinLabel& from, std::uint64_t& node, BinLabel& to) {
        const double m = from.mem + mem[t][c];
        if (!(m < bins)) return false;
        node = static_cast<std::uint64_t>(m);
        to.cost = from.cost + perf[t][c];
        to.mem = m;
        return true;
      },
      graph::RelaxOrder::kChoiceMajor);

  // One proposal per reachable final bin, highest bin first.
  std::vector<std::size_t> ends;
  ends.reserve(paths.last.size());
  for (std::size_t k = paths.last.size(); k-- > 0;) ends.push_back(k);
  std::vector<Proposal> proposals;
  proposals.reserve(ends.size());
  for (const std::vector<std::uint32_t>& choices : paths.paths_to(ends)) {
    Proposal p(tables);
    for (std::size_t t = 0; t < tables; ++t) p[t] = space.options[t][choices[t]];
    proposals.push_back(std::move(p));
  }
  return proposals;
}

}  // namespace milpsac::sharding
