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
  double perf;
};

// Totals of adversarial inputs could pass 2^63 bytes: saturate instead.
std::int64_t add_saturating(std::int64_t a, std::int64_t b) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return std::numeric_limits<std::int64_t>::max();
  return sum;
}

}  // namespace

ShardIndex index_shards(const PlanInput& input) {
  ShardIndex index;
  index.first.reserve(input.options.size() + 1);
  index.shard_perf_sum.reserve(input.options.size());
  index.shard_perf_max.reserve(input.options.size());
  for (const ShardingOption& o : input.options) {
    index.first.push_back(index.shards.size());
    double sum = 0.0, max = 0.0;
    for (const Shard& s : o.shards) {
      index.shards.push_back(s);
      sum += s.perf;
      max = std::max(max, s.perf);
    }
    index.shard_perf_sum.push_back(sum);
    index.shard_perf_max.push_back(max);
  }
  index.first.push_back(index.shards.size());
  return index;
}

PlacementResult place_proposal(const PlanInput& input, const ShardIndex& index, const Proposal& proposal) {
  const Topology& topo = input.topology;
  const bool cuda = topo.compute_device == ComputeDevice::kCuda;
  const std::size_t num_devices = static_cast<std::size_t>(topo.world_size);

  PlacementResult result;
  Placement& placement = result.placement;
  placement.first_shard.reserve(proposal.size() + 1);
  std::vector<PendingShard> pending;
  for (std::size_t t = 0; t < proposal.size(); ++t) {
    const auto option = static_cast<std::size_t>(proposal[t]);
    placement.first_shard.push_back(pending.size());
    for (std::size_t j = index.first[option]; j < index.first[option + 1]; ++j) {
      const Shard& s = index.shards[j];
      pending.push_back({t, j - index.first[option], cuda ? s.hbm : s.ddr, cuda ? s.ddr : s.hbm, s.perf});
    }
  }
  placement.first_shard.push_back(pending.size());
  placement.device.assign(pending.size(), -1);
  std::stable_sort(pending.begin(), pending.end(), [](const PendingShard& a, const PendingShard& b) {
    return a.primary != b.primary ? a.primary > b.primary : a.secondary > b.secondary;
  });

  std::vector<std::int64_t> free_primary(num_devices, cuda ? topo.hbm_per_device : topo.ddr_per_device);
  std::vector<std::int64_t> free_secondary(num_devices, cuda ? topo.ddr_per_device : topo.hbm_per_device);
  placement.devices.assign(num_devices, DeviceUse{});
  // Max-heap of devices by (free planned storage, free other memory, lower
  // index): its top is the preferred device whenever the shard fits there,
  // which is the common case; otherwise a scan finds the preferred device
  // among those that fit.
  auto preferred = [&](std::size_t a, std::size_t b) {  // "a is preferred to b"
    if (free_primary[a] != free_primary[b]) return free_primary[a] > free_primary[b];
    if (free_secondary[a] != free_secondary[b]) return free_secondary[a] > free_secondary[b];
    return a < b;
  };
  auto heap_less = [&](std::size_t a, std::size_t b) { return preferred(b, a); };
  std::vector<std::size_t> heap(num_devices);
  for (std::size_t d = 0; d < num_devices; ++d) heap[d] = d;
  std::make_heap(heap.begin(), heap.end(), heap_less);

  for (const PendingShard& p : pending) {
    std::size_t best = num_devices;
    const std::size_t top = heap.front();
    if (p.primary <= free_primary[top] && p.secondary <= free_secondary[top]) {
      best = top;
    } else if (p.primary <= free_primary[top]) {
      for (std::size_t d = 0; d < num_devices; ++d)
        if (p.primary <= free_primary[d] && p.secondary <= free_secondary[d] &&
            (best == num_devices || preferred(d, best)))
          best = d;
    }
    const std::int64_t hbm = cuda ? p.primary : p.secondary;
    const std::int64_t ddr = cuda ? p.secondary : p.primary;
    if (best == num_devices) {
      PlacementFailure& f = result.failure;
      f.table = p.table;
      f.option = proposal[p.table];
      f.shard = p.shard;
      f.hbm = hbm;
      f.ddr = ddr;
      for (std::size_t d = 0; d < num_devices; ++d) {
        const std::int64_t free_hbm = cuda ? free_primary[d] : free_secondary[d];
        const std::int64_t free_ddr = cuda ? free_secondary[d] : free_primary[d];
        const std::int64_t missing =
            std::max<std::int64_t>(0, hbm - free_hbm) + std::max<std::int64_t>(0, ddr - free_ddr);
        if (f.device < 0 || missing < f.missing) {
          f.device = static_cast<int>(d);
          f.free_hbm = free_hbm;
          f.free_ddr = free_ddr;
          f.missing = missing;
        }
      }
      return result;
    }
    if (best == top) {
      std::pop_heap(heap.begin(), heap.end(), heap_less);
      free_primary[best] -= p.primary;
      free_secondary[best] -= p.secondary;
      std::push_heap(heap.begin(), heap.end(), heap_less);
    } else {
      free_primary[best] -= p.primary;
      free_secondary[best] -= p.secondary;
      std::make_heap(heap.begin(), heap.end(), heap_less);
    }
    placement.device[placement.first_shard[p.table] + p.shard] = static_cast<int>(best);
    DeviceUse& use = placement.devices[best];
    use.hbm += hbm;
    use.ddr += ddr;
    use.perf += p.perf;
  }
  result.placed = true;
  for (const DeviceUse& use : placement.devices) placement.rating = std::max(placement.rating, use.perf);
  return result;
}

PlacementResult place_proposal(const PlanInput& input, const Proposal& proposal) {
  return place_proposal(input, index_shards(input), proposal);
}

double rating_lower_bound(const ShardIndex& index, int world_size, const Proposal& proposal) {
  double sum = 0.0;
  double largest = 0.0;
  for (int i : proposal) {
    sum += index.shard_perf_sum[static_cast<std::size_t>(i)];
    largest = std::max(largest, index.shard_perf_max[static_cast<std::size_t>(i)]);
  }
  return std::max(largest, sum / static_cast<double>(world_size));
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
