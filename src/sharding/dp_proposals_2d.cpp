// The 2-D (HBM x DDR) DP proposer (see dp_proposals.h), on the generic layered
// shortest path over only the reachable cells of each table.
#include <algorithm>
#include <cstdint>
#include <string>

#include "common/index.h"
#include "common/input_error.h"
#include "graph/layered_path.h"
#include "sharding/dp_proposals.h"

namespace milpsac::sharding {

namespace {

constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 27;

struct CellLabel {
  double cost;  // total perf of the path
  double hbm;   // exact HBM of the path, in HBM bin units
  double ddr;   // exact DDR of the path, in DDR bin units
};

std::int64_t largest_machine_ddr(const Topology& t) {
  // Devices are grouped into machines of local_world_size; all devices are
  // alike, so the largest machine is the first, full one.
  return t.ddr_per_device * std::min(t.local_world_size, t.world_size);
}

}  // namespace

bool fits_largest_device_and_machine(const Topology& topology, const ShardingOption& option) {
  std::int64_t max_hbm = 0;
  std::int64_t max_ddr = 0;
  for (const Shard& s : option.shards) {
    max_hbm = std::max(max_hbm, s.hbm);
    max_ddr = std::max(max_ddr, s.ddr);
  }
  if (topology.hbm_per_device > 0 && max_hbm > topology.hbm_per_device) return false;
  if (topology.ddr_per_device > 0 && max_ddr > largest_machine_ddr(topology)) return false;
  return true;
}

std::vector<Proposal> dp_proposals_2d(const PlanInput& input, const SearchSpace& space) {
  const Topology& topology = input.topology;
  const std::size_t tables = space.num_tables();
  if (tables == 0) return {};
  const std::uint64_t devices = static_cast<std::uint64_t>(topology.world_size);
  const bool has_hbm = topology.hbm_per_device > 0;
  const bool has_ddr = topology.ddr_per_device > 0;
  const std::uint64_t hbm_bins = has_hbm ? static_cast<std::uint64_t>(input.hbm_bins_per_device) * devices : 1;
  const std::uint64_t ddr_bins = has_ddr ? static_cast<std::uint64_t>(input.ddr_bins_per_device) * devices : 1;
  if (hbm_bins > kMaxCells / ddr_bins)
    throw InputError(input.source + ": hbm_bins_per_device: " + std::to_string(input.hbm_bins_per_device) +
                     " x ddr_bins_per_device: " + std::to_string(input.ddr_bins_per_device) +
                     " x topology.world_size^2: " + std::to_string(topology.world_size) + "^2 exceeds the " +
                     std::to_string(kMaxCells) + " cells the 2-D proposer allows (lower the bins per device)");
  const double hbm_total = static_cast<double>(topology.hbm_per_device) * static_cast<double>(devices);
  const double ddr_total = static_cast<double>(topology.ddr_per_device) * static_cast<double>(devices);
  const double hbm_limit = static_cast<double>(hbm_bins);
  const double ddr_limit = static_cast<double>(ddr_bins);
  const double hbm_bin_size = hbm_total / hbm_limit;
  const double ddr_bin_size = ddr_total / ddr_limit;

  // Per table: the kept options (positions into space.options[t]) and their
  // sizes in bin units.
  std::vector<std::vector<std::uint32_t>> kept(tables);
  std::vector<std::vector<CellLabel>> step(tables);  // cost = perf, hbm/ddr = size in bins
  for (std::size_t t = 0; t < tables; ++t) {
    for (std::size_t j = 0; j < space.options[t].size(); ++j) {
      const ShardingOption& o = input.options[uz(space.options[t][j])];
      if (!fits_largest_device_and_machine(topology, o)) continue;
      kept[t].push_back(static_cast<std::uint32_t>(j));
      step[t].push_back(CellLabel{o.perf, has_hbm ? static_cast<double>(o.hbm) / hbm_bin_size : 0.0,
                                  has_ddr ? static_cast<double>(o.ddr) / ddr_bin_size : 0.0});
    }
  }

  auto paths = graph::layered_shortest_paths<CellLabel>(
      tables, hbm_bins * ddr_bins, CellLabel{0.0, 0.0, 0.0}, [&](std::size_t t) { return step[t].size(); },
      [&](std::size_t t, std::uint32_t c, const CellLabel& from, std::uint64_t& node, CellLabel& to) {
        const CellLabel& s = step[t][c];
        const double h = from.hbm + s.hbm;
        const double d = from.ddr + s.ddr;
        if (!(h < hbm_limit && d < ddr_limit)) return false;
        node = static_cast<std::uint64_t>(h) * ddr_bins + static_cast<std::uint64_t>(d);
        to.cost = from.cost + s.cost;
        to.hbm = h;
        to.ddr = d;
        return true;
      },
      graph::RelaxOrder::kNodeMajor);

  // Best cell per HBM bin: cells are in increasing order, so a strict < keeps
  // the lowest DDR bin among equal perf.
  const auto& last = paths.last;
  std::vector<std::size_t> best_per_hbm_bin;
  for (std::size_t k = 0; k < last.size(); ++k) {
    const bool new_bin =
        best_per_hbm_bin.empty() || last.nodes[best_per_hbm_bin.back()] / ddr_bins != last.nodes[k] / ddr_bins;
    if (new_bin) {
      best_per_hbm_bin.push_back(k);
    } else if (last.labels[k].cost < last.labels[best_per_hbm_bin.back()].cost) {
      best_per_hbm_bin.back() = k;
    }
  }

  // One proposal per reachable HBM bin, highest first.
  std::reverse(best_per_hbm_bin.begin(), best_per_hbm_bin.end());
  std::vector<Proposal> proposals;
  proposals.reserve(best_per_hbm_bin.size());
  for (const std::vector<std::uint32_t>& choices : paths.paths_to(best_per_hbm_bin)) {
    Proposal p(tables);
    for (std::size_t t = 0; t < tables; ++t) p[t] = space.options[t][kept[t][choices[t]]];
    proposals.push_back(std::move(p));
  }
  return proposals;
}

}  // namespace milpsac::sharding
