// Greedy shard placement and plan rating (see placement.h).
#include "sharding/placement.h"

#include <algorithm>
#include <limits>

namespace milpsac::sharding {

namespace {

struct PendingShard {
  std::size_t table;
  std::size_t shard;
  std::int64_t primary;    // planned storage
  std::int64_t secondary;  // the other memory
};

// Totals of adversarial inputs could pass 2^63 bytes: saturate instead.
std::int64_t add_saturating(std::int64_t a, std::int64_t b) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return std::numeric_limits<std::int64_t>::max();
  return sum;
}

}  // namespace

PlacementResult place_proposal(const PlanInput& input, const Proposal& proposal) {
  const Topology& topo = input.topology;
  const bool cuda = topo.compute_device == ComputeDevice::kCuda;
  const std::size_t num_devices = static_cast<std::size_t>(topo.world_size);

  PlacementResult result;
  Placement& placement = result.placement;
  placement.device_of.resize(proposal.size());
  std::vector<PendingShard> pending;
  for (std::size_t t = 0; t < proposal.size(); ++t) {
    const ShardingOption& o = input.options[static_cast<std::size_t>(proposal[t])];
    placement.device_of[t].assign(o.shards.size(), -1);
    for (std::size_t k = 0; k < o.shards.size(); ++k) {
      const Shard& s = o.shards[k];
      pending.push_back({t, k, cuda ? s.hbm : s.ddr, cuda ? s.ddr : s.hbm});
    }
  }
  std::stable_sort(pending.begin(), pending.end(), [](const PendingShard& a, const PendingShard& b) {
    return a.primary != b.primary ? a.primary > b.primary : a.secondary > b.secondary;
  });

  std::vector<std::int64_t> free_primary(num_devices, cuda ? topo.hbm_per_device : topo.ddr_per_device);
  std::vector<std::int64_t> free_secondary(num_devices, cuda ? topo.ddr_per_device : topo.hbm_per_device);
  placement.devices.assign(num_devices, DeviceUse{});
  for (const PendingShard& p : pending) {
    std::size_t best = num_devices;
    for (std::size_t d = 0; d < num_devices; ++d) {
      if (p.primary > free_primary[d] || p.secondary > free_secondary[d]) continue;
      if (best == num_devices || free_primary[d] > free_primary[best] ||
          (free_primary[d] == free_primary[best] && free_secondary[d] > free_secondary[best]))
        best = d;
    }
    const int option = proposal[p.table];
    const Shard& s = input.options[static_cast<std::size_t>(option)].shards[p.shard];
    if (best == num_devices) {
      PlacementFailure& f = result.failure;
      f.table = p.table;
      f.option = option;
      f.shard = p.shard;
      f.hbm = s.hbm;
      f.ddr = s.ddr;
      for (std::size_t d = 0; d < num_devices; ++d) {
        const std::int64_t free_hbm = cuda ? free_primary[d] : free_secondary[d];
        const std::int64_t free_ddr = cuda ? free_secondary[d] : free_primary[d];
        const std::int64_t missing = std::max<std::int64_t>(0, s.hbm - free_hbm) +
                                     std::max<std::int64_t>(0, s.ddr - free_ddr);
        if (f.device < 0 || missing < f.missing) {
          f.device = static_cast<int>(d);
          f.free_hbm = free_hbm;
          f.free_ddr = free_ddr;
          f.missing = missing;
        }
      }
      return result;
    }
    free_primary[best] -= p.primary;
    free_secondary[best] -= p.secondary;
    placement.device_of[p.table][p.shard] = static_cast<int>(best);
    DeviceUse& use = placement.devices[best];
    use.hbm += s.hbm;
    use.ddr += s.ddr;
    use.perf += s.perf;
  }
  result.placed = true;
  for (const DeviceUse& use : placement.devices) placement.rating = std::max(placement.rating, use.perf);
  return result;
}

double rating_lower_bound(const PlanInput& input, const Proposal& proposal) {
  double sum = 0.0;
  double largest = 0.0;
  for (int i : proposal)
    for (const Shard& s : input.options[static_cast<std::size_t>(i)].shards) {
      sum += s.perf;
      largest = std::max(largest, s.perf);
    }
  return std::max(largest, sum / static_cast<double>(input.topology.world_size));
}

double total_perf(const PlanInput& input, const Proposal& proposal) {
  double sum = 0.0;
  for (int i : proposal) sum += input.options[static_cast<std::size_t>(i)].perf;
  return sum;
}

std::int64_t total_hbm(const PlanInput& input, const Proposal& proposal) {
  std::int64_t sum = 0;
  for (int i : proposal) sum = add_saturating(sum, input.options[static_cast<std::size_t>(i)].hbm);
  return sum;
}

std::int64_t total_ddr(const PlanInput& input, const Proposal& proposal) {
  std::int64_t sum = 0;
  for (int i : proposal) sum = add_saturating(sum, input.options[static_cast<std::size_t>(i)].ddr);
  return sum;
}

}  // namespace milpsac::sharding
