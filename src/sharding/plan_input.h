// The sharding planner's input (SPEC section 4): a topology of identical
// devices and the sharding options of every embedding table.
//
// Plain data, validated once by the reader: sizes are non-negative integers
// of bytes (at most 2^53, so every sum and ratio in double is exact enough),
// perf values are finite and non-negative, every option has at least one
// shard, every device has some memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace milpsac::sharding {

enum class ComputeDevice { kCuda, kCpu };

struct Topology {
  int world_size = 1;        // number of devices
  int local_world_size = 1;  // devices per machine (the last machine may have fewer)
  ComputeDevice compute_device = ComputeDevice::kCuda;
  std::int64_t hbm_per_device = 0;  // bytes
  std::int64_t ddr_per_device = 0;  // bytes
};

// One shard of an option: what one device holds and spends.
struct Shard {
  std::int64_t hbm = 0;
  std::int64_t ddr = 0;
  double perf = 0.0;  // ms
};

// One way to shard one table. The DP plans with the option totals (hbm, ddr,
// perf); the placement puts the shards on devices.
struct ShardingOption {
  std::string fqn;
  std::string sharding_type;   // informational, echoed in the plan
  std::string compute_kernel;  // informational, echoed in the plan
  std::int64_t hbm = 0;
  std::int64_t ddr = 0;
  double perf = 0.0;
  std::vector<Shard> shards;  // a missing "shards" field means one shard holding the whole option
};

struct PlanInput {
  Topology topology;
  int mem_bins_per_device = 100;  // 1-D proposer (seed 002)
  int hbm_bins_per_device = 100;  // 2-D proposer
  int ddr_bins_per_device = 25;   // 2-D proposer
  std::vector<ShardingOption> options;
};

// Validates a parsed document; `source` (a file name) starts every message.
// Throws InputError naming the field (JSON path) and what is wrong.
PlanInput parse_plan_input(const nlohmann::json& doc, const std::string& source);
// Reads and validates a file; malformed JSON is an InputError too.
PlanInput read_plan_input(const std::string& path);

// Planned storage of the 1-D proposer: HBM on a CUDA topology, DDR otherwise.
inline std::int64_t planned_storage(const Topology& t, std::int64_t hbm, std::int64_t ddr) {
  return t.compute_device == ComputeDevice::kCuda ? hbm : ddr;
}

}  // namespace milpsac::sharding
