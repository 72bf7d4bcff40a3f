// Greedy shard placement and plan rating (see placement.h).
#include "sharding/placement.h"
#include "common/index.h"

#include <algorithm>
#include <limits>
#include <optional>

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
  index.rule = placement_rules(input);
  return index;
}

namespace {

// Free memory per device, in planned storage (primary) and the other memory.
struct FreeMemory {
  bool cuda = true;
  std::vector<std::int64_t> primary;
  std::vector<std::int64_t> secondary;

  bool fits(std::size_t d, const Shard& s) const {
    return primary_of(s) <= primary[d] && secondary_of(s) <= secondary[d];
  }
  std::int64_t primary_of(const Shard& s) const { return cuda ? s.hbm : s.ddr; }
  std::int64_t secondary_of(const Shard& s) const { return cuda ? s.ddr : s.hbm; }
  std::int64_t free_hbm(std::size_t d) const { return cuda ? primary[d] : secondary[d]; }
  std::int64_t free_ddr(std::size_t d) const { return cuda ? secondary[d] : primary[d]; }
  std::int64_t missing(std::size_t d, const Shard& s) const {
    return std::max<std::int64_t>(0, s.hbm - free_hbm(d)) + std::max<std::int64_t>(0, s.ddr - free_ddr(d));
  }
};

void record_failure(PlacementFailure& f, std::size_t table, int option, std::size_t shard, const Shard& s,
                    const FreeMemory& free, std::size_t device) {
  f.table = table;
  f.option = option;
  f.shard = shard;
  f.hbm = s.hbm;
  f.ddr = s.ddr;
  f.device = static_cast<int>(device);
  f.free_hbm = free.free_hbm(device);
  f.free_ddr = free.free_ddr(device);
  f.missing = free.missing(device, s);
}

void take(Placement& placement, FreeMemory& free, std::size_t table, std::size_t shard, const Shard& s,
          std::size_t device) {
  free.primary[device] -= free.primary_of(s);
  free.secondary[device] -= free.secondary_of(s);
  placement.device[placement.first_shard[table] + shard] = static_cast<int>(device);
  DeviceUse& use = placement.devices[device];
  use.hbm += s.hbm;
  use.ddr += s.ddr;
  use.perf += s.perf;
}

// The machine for a host option: the most free planned storage among the
// machines with local_world_size devices where every shard fits; nullopt when
// none does (then `closest` is the machine missing the fewest bytes).
std::optional<std::size_t> choose_machine(const Topology& topo, const FreeMemory& free, const Shard* shards,
                                          std::size_t count, std::size_t& closest) {
  const auto local = uz(topo.local_world_size);
  const std::size_t machines = uz(topo.world_size) / local;  // full machines only
  std::optional<std::size_t> best;
  std::int64_t best_free = 0;
  std::int64_t fewest_missing = std::numeric_limits<std::int64_t>::max();
  for (std::size_t m = 0; m < machines; ++m) {
    std::int64_t missing = 0, free_primary = 0;
    for (std::size_t k = 0; k < count; ++k) {
      missing = add_saturating(missing, free.missing(m * local + k, shards[k]));
      free_primary = add_saturating(free_primary, free.primary[m * local + k]);
    }
    if (missing < fewest_missing) {
      fewest_missing = missing;
      closest = m;
    }
    bool fits = true;
    for (std::size_t k = 0; k < count && fits; ++k) fits = free.fits(m * local + k, shards[k]);
    if (fits && (!best || free_primary > best_free)) {
      best = m;
      best_free = free_primary;
    }
  }
  return best;
}

}  // namespace

PlacementResult place_proposal(const PlanInput& input, const ShardIndex& index, const Proposal& proposal) {
  const Topology& topo = input.topology;
  const bool cuda = topo.compute_device == ComputeDevice::kCuda;
  const std::size_t num_devices = uz(topo.world_size);
  const auto local = uz(topo.local_world_size);

  PlacementResult result;
  Placement& placement = result.placement;
  FreeMemory free{cuda, std::vector<std::int64_t>(num_devices, cuda ? topo.hbm_per_device : topo.ddr_per_device),
                  std::vector<std::int64_t>(num_devices, cuda ? topo.ddr_per_device : topo.hbm_per_device)};
  placement.devices.assign(num_devices, DeviceUse{});
  placement.first_shard.reserve(proposal.size() + 1);
  std::size_t total = 0;
  for (int option : proposal) {
    placement.first_shard.push_back(total);
    const auto o = uz(option);
    total += index.first[o + 1] - index.first[o];
  }
  placement.first_shard.push_back(total);
  placement.device.assign(total, -1);

  // Rule-placed options first, in table order.
  std::vector<PendingShard> pending;
  for (std::size_t t = 0; t < proposal.size(); ++t) {
    const auto option = uz(proposal[t]);
    const Shard* shards = index.shards.data() + index.first[option];
    const std::size_t count = index.first[option + 1] - index.first[option];
    const PlacementRule rule = index.rule[option];
    if (rule == PlacementRule::kGreedy) {
      for (std::size_t k = 0; k < count; ++k)
        pending.push_back({t, k, free.primary_of(shards[k]), free.secondary_of(shards[k]), shards[k].perf});
      continue;
    }
    std::size_t base = 0;  // uniform: shard k on device k
    if (rule == PlacementRule::kHost) {
      std::size_t closest = 0;
      const std::optional<std::size_t> machine = choose_machine(topo, free, shards, count, closest);
      base = (machine ? *machine : closest) * local;
    }
    for (std::size_t k = 0; k < count; ++k)
      if (!free.fits(base + k, shards[k])) {
        record_failure(result.failure, t, proposal[t], k, shards[k], free, base + k);
        return result;
      }
    for (std::size_t k = 0; k < count; ++k) take(placement, free, t, k, shards[k], base + k);
  }

  std::stable_sort(pending.begin(), pending.end(), [](const PendingShard& a, const PendingShard& b) {
    return a.primary != b.primary ? a.primary > b.primary : a.secondary > b.secondary;
  });
  // Max-heap of devices by (free planned storage, free other memory, lower
  // index): its top is the preferred device whenever the shard fits there,
  // which is the common case; otherwise a scan finds the preferred device
  // among those that fit.
  auto preferred = [&](std::size_t a, std::size_t b) {  // "a is preferred to b"
    if (free.primary[a] != free.primary[b]) return free.primary[a] > free.primary[b];
    if (free.secondary[a] != free.secondary[b]) return free.secondary[a] > free.secondary[b];
    return a < b;
  };
  auto heap_less = [&](std::size_t a, std::size_t b) { return preferred(b, a); };
  std::vector<std::size_t> heap(num_devices);
  for (std::size_t d = 0; d < num_devices; ++d) heap[d] = d;
  std::make_heap(heap.begin(), heap.end(), heap_less);

  for (const PendingShard& p : pending) {
    const auto option = uz(proposal[p.table]);
    const Shard& shard = index.shards[index.first[option] + p.shard];
    std::size_t best = num_devices;
    const std::size_t top = heap.front();
    if (free.fits(top, shard)) {
      best = top;
    } else if (p.primary <= free.primary[top]) {
      for (std::size_t d = 0; d < num_devices; ++d)
        if (free.fits(d, shard) && (best == num_devices || preferred(d, best))) best = d;
    }
    if (best == num_devices) {
      std::size_t closest = 0;
      for (std::size_t d = 1; d < num_devices; ++d)
        if (free.missing(d, shard) < free.missing(closest, shard)) closest = d;
      record_failure(result.failure, p.table, proposal[p.table], p.shard, shard, free, closest);
      return result;
    }
    if (best == top) {
      std::pop_heap(heap.begin(), heap.end(), heap_less);
      take(placement, free, p.table, p.shard, shard, best);
      std::push_heap(heap.begin(), heap.end(), heap_less);
    } else {
      take(placement, free, p.table, p.shard, shard, best);
      std::make_heap(heap.begin(), heap.end(), heap_less);
    }
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
    sum += index.shard_perf_sum[uz(i)];
    largest = std::max(largest, index.shard_perf_max[uz(i)]);
  }
  return std::max(largest, sum / static_cast<double>(world_size));
}

double total_perf(const PlanInput& input, const Proposal& proposal) {
  double sum = 0.0;
  for (int i : proposal) sum += input.options[uz(i)].perf;
  return sum;
}

std::int64_t total_hbm(const PlanInput& input, const Proposal& proposal) {
  std::int64_t sum = 0;
  for (int i : proposal) sum = add_saturating(sum, input.options[uz(i)].hbm);
  return sum;
}

std::int64_t total_ddr(const PlanInput& input, const Proposal& proposal) {
  std::int64_t sum = 0;
  for (int i : proposal) sum = add_saturating(sum, input.options[uz(i)].ddr);
  return sum;
}

}  // namespace milpsac::sharding
