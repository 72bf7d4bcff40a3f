// Helpers for the sharding tests: the tzrec case file's field names mapped to
// docs/formats.md, a portable seeded generator of small random instances, the
// exact optimum by enumeration (scratch files and running the CLI are in
// ../cli_runner.h).
#pragma once

#include <sys/wait.h>

#include <unistd.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "../cli_runner.h"
#include "../test_support.h"
#include "sharding/plan_input.h"
#include "sharding/search_space.h"

namespace milpsac::test {

inline nlohmann::json load_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  return nlohmann::json::parse(in);
}

// The case file writes topologies as {num_devices, hbm_per_device,
// ddr_per_device?, local_world_size?} and options without "ddr" when it is 0;
// docs/formats.md says world_size and needs every field.
inline nlohmann::json spec_input_from_case(const nlohmann::json& options, const nlohmann::json& topology) {
  nlohmann::json topo = {{"world_size", topology.at("num_devices")},
                         {"compute_device", "cuda"},
                         {"hbm_per_device", topology.at("hbm_per_device")},
                         {"ddr_per_device", topology.value("ddr_per_device", 0)}};
  if (topology.contains("local_world_size")) topo["local_world_size"] = topology.at("local_world_size");
  nlohmann::json opts = nlohmann::json::array();
  for (const auto& o : options)
    opts.push_back({{"fqn", o.at("fqn")}, {"hbm", o.at("hbm")}, {"ddr", o.value("ddr", 0)}, {"perf", o.at("perf")}});
  return {{"topology", topo}, {"options", opts}};
}

// SplitMix64: the same numbers on every platform (std distributions are not).
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) {  // inclusive
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
};

// A random instance of up to `max_tables` tables x `max_options` options; some
// are tight, some roomy; sizes are multiples of `grain` bytes when grain > 1 so
// sums and bin edges collide often.
inline sharding::PlanInput random_instance(std::uint64_t seed, int max_tables = 6, int max_options = 4) {
  SplitMix rng{seed};
  sharding::PlanInput in;
  in.topology.world_size = static_cast<int>(rng.uniform(1, 4));
  in.topology.local_world_size = in.topology.world_size;
  in.topology.compute_device = rng.uniform(0, 3) == 0 ? sharding::ComputeDevice::kCpu : sharding::ComputeDevice::kCuda;
  in.topology.hbm_per_device = rng.uniform(200, 5000);
  in.topology.ddr_per_device = rng.uniform(200, 5000);
  const int bins[] = {1, 2, 3, 5, 10, 100};
  in.mem_bins_per_device = bins[rng.uniform(0, 5)];
  in.hbm_bins_per_device = bins[rng.uniform(0, 5)];
  in.ddr_bins_per_device = bins[rng.uniform(0, 5)];
  const std::int64_t grain = rng.uniform(0, 1) ? 50 : 1;
  const int tables = static_cast<int>(rng.uniform(1, max_tables));
  const std::int64_t per_table = std::max<std::int64_t>(
      1, 2 * in.topology.world_size * std::max(in.topology.hbm_per_device, in.topology.ddr_per_device) / tables);
  for (int t = 0; t < tables; ++t) {
    const int options = static_cast<int>(rng.uniform(1, max_options));
    for (int j = 0; j < options; ++j) {
      sharding::ShardingOption o;
      o.fqn = "table_" + std::to_string(t);
      o.hbm = rng.uniform(0, per_table / grain) * grain;
      o.ddr = rng.uniform(0, per_table / grain) * grain;
      o.perf = static_cast<double>(rng.uniform(0, 400)) / 4.0;  // quarter ms: exact in double
      const int shards = static_cast<int>(rng.uniform(1, 3));
      std::int64_t hbm_left = o.hbm, ddr_left = o.ddr;
      double perf_left = o.perf;
      for (int k = 0; k < shards; ++k) {
        sharding::Shard s;
        s.hbm = k + 1 == shards ? hbm_left : hbm_left / 2;
        s.ddr = k + 1 == shards ? ddr_left : ddr_left / 2;
        s.perf = k + 1 == shards ? perf_left : perf_left / 2;
        hbm_left -= s.hbm;
        ddr_left -= s.ddr;
        perf_left -= s.perf;
        o.shards.push_back(s);
      }
      in.options.push_back(std::move(o));
    }
  }
  return in;
}

// Minimum total perf over one option per table (of space.options) whose
// totals satisfy `fits(total_hbm, total_ddr)`; +inf when none does. `keep`
// filters options.
template <class Fits, class Keep>
double enumerate_best(const sharding::PlanInput& in, const sharding::SearchSpace& space, Fits fits, Keep keep) {
  double best = std::numeric_limits<double>::infinity();
  const std::size_t tables = space.num_tables();
  std::vector<std::size_t> pick(tables, 0);
  while (true) {
    std::int64_t hbm = 0, ddr = 0;
    double perf = 0.0;
    bool ok = true;
    for (std::size_t t = 0; t < tables && ok; ++t) {
      const auto& o = in.options[static_cast<std::size_t>(space.options[t][pick[t]])];
      ok = keep(o);
      hbm += o.hbm;
      ddr += o.ddr;
      perf += o.perf;
    }
    if (ok && fits(hbm, ddr)) best = std::min(best, perf);
    std::size_t t = 0;
    while (t < tables && ++pick[t] == space.options[t].size()) pick[t++] = 0;
    if (t == tables) break;
  }
  return best;
}

}  // namespace milpsac::test
