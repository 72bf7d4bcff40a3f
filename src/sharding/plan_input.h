// The sharding planner's input (docs/formats.md#sharding-plan-input): a
// topology of identical devices and the sharding options of every embedding
// table.
//
// Plain data, validated once by the reader: sizes are non-negative integers
// of bytes (at most 2^53, so every sum and ratio in double is exact enough),
// perf values are finite and non-negative, every option has at least one
// shard, every device has some memory. Fields the format does not know are
// dropped with a warning (exporters add their own), not rejected.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/deadline.h"
#include "common/options.h"

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
  // "uniform" (shard i on rank i), "host" (shard i on local rank i of one
  // machine), "greedy", or empty: chosen by sharding_type (placement_rules.h).
  std::string placement;
  std::int64_t hbm = 0;
  std::int64_t ddr = 0;
  double perf = 0.0;
  std::vector<Shard> shards;  // a missing "shards" field means one shard holding the whole option
};

struct PlanInput {
  // Where the input came from (a file name, "<stdin>"); every message about
  // the input found after reading (bins, capacities, model size) starts with it.
  std::string source = "plan input";
  Topology topology;
  int mem_bins_per_device = 100;  // 1-D proposer
  int hbm_bins_per_device = 100;  // 2-D proposer
  int ddr_bins_per_device = 25;   // 2-D proposer
  // Fraction of each device's HBM kept free for the framework, when the input
  // says (see with_storage_reservation); the command line's default is 0.15.
  std::optional<double> storage_reservation;
  std::vector<ShardingOption> options;
  std::vector<std::string> warnings;  // e.g. fields the format does not know, dropped
};

// TorchEasyRec's default storage reservation (its record: common/options.h).
inline constexpr double kDefaultStorageReservation = options::kStorageReservation.default_value;

// The input as the proposer sees it once `fraction` of every device's HBM is
// reserved (TorchRec's percentage reservation: HBM only, rounded down to whole
// bytes). Precondition: 0 <= fraction < 1.
PlanInput with_storage_reservation(PlanInput input, double fraction);

// Adds a warning "SOURCE: PATH: unknown field 'x' ignored" for each field of
// the parsed document that the format does not know (the reader reads the
// known fields by name and ignores the rest; exporters add fields of their own).
void warn_unknown_fields(const nlohmann::json& doc, const std::string& source, std::vector<std::string>& warnings);
// The same for one element of "options", options[index] (a streamed reader
// meets the options one at a time).
void warn_unknown_option_fields(const nlohmann::json& option, std::size_t index, const std::string& source,
                                std::vector<std::string>& warnings);

// Validates a parsed document; `source` (a file name) starts every message.
// Throws InputError naming the field (JSON path) and what is wrong. With a
// `deadline`, it is polled while the options are read (TimeLimitReached).
PlanInput parse_plan_input(const nlohmann::json& doc, const std::string& source, const Deadline* deadline = nullptr);
// Reads and validates a file; malformed JSON is an InputError too. With a
// `deadline`, reading polls it (TimeLimitReached: --time-limit counts the reading).
PlanInput read_plan_input(const std::string& path, const Deadline* deadline = nullptr);

// Planned storage of the 1-D proposer: HBM on a CUDA topology, DDR otherwise.
inline std::int64_t planned_storage(const Topology& t, std::int64_t hbm, std::int64_t ddr) {
  return t.compute_device == ComputeDevice::kCuda ? hbm : ddr;
}

}  // namespace milpsac::sharding
