// Placing a proposal on the devices, and rating the placed plan (the
// partitioner and perf model of TorchRec's planner loop, simplified as
// docs/formats.md#sharding-plan-input says).
//
// Options whose shards TorchRec places by rule (placement_rules.h) go first,
// in table order: a uniform option puts shard i on rank i; a host option puts
// shard i on local rank i of the machine with the most free planned storage
// among those where every shard fits (ties: the lower machine). Then the
// greedy shards: largest first (by planned storage, HBM on a CUDA topology and
// DDR otherwise, then by the other memory; ties in table order, then shard
// order), each onto the device with the most free planned storage among those
// where both its HBM and its DDR fit (ties: more free other memory, then the
// lower device index). A plan's rating is its largest per-device sum of shard
// perf; lower is better.
//
// When a shard fits nowhere the placement stops and names the shard, the
// device that came closest (for a rule-placed shard: the device the rule
// gives it) and the bytes missing there (HBM shortfall plus DDR shortfall).
//
// The planner places thousands of proposals of thousands of tables, so the
// shards of all options are first copied into one flat array (ShardIndex):
// walking a proposal then reads memory in order instead of chasing one small
// vector per option.
#pragma once

#include <cstdint>
#include <vector>

#include "sharding/dp_proposals.h"
#include "sharding/placement_rules.h"
#include "sharding/plan_input.h"

namespace milpsac::sharding {

// All shards of all options, option after option.
struct ShardIndex {
  std::vector<std::size_t> first;  // option i's shards are shards[first[i] .. first[i + 1])
  std::vector<Shard> shards;
  std::vector<double> shard_perf_sum;  // per option
  std::vector<double> shard_perf_max;  // per option
  std::vector<PlacementRule> rule;     // per option
};
// Throws InputError when an option's shards cannot follow its placement rule.
ShardIndex index_shards(const PlanInput& input);

struct DeviceUse {
  std::int64_t hbm = 0;
  std::int64_t ddr = 0;
  double perf = 0.0;
};

struct Placement {
  // Shard k of the option chosen for table t sits on device[first_shard[t] + k].
  std::vector<std::size_t> first_shard;  // per table, plus one past the end
  std::vector<int> device;
  std::vector<DeviceUse> devices;
  double rating = 0.0;  // max over devices of DeviceUse::perf

  int device_of(std::size_t table, std::size_t shard) const { return device[first_shard[table] + shard]; }
};

struct PlacementFailure {
  std::size_t table = 0;  // position in the proposal
  int option = -1;        // input option index
  std::size_t shard = 0;
  std::int64_t hbm = 0;  // what the shard needs
  std::int64_t ddr = 0;
  int device = -1;  // the device closest to fitting it
  std::int64_t free_hbm = 0;
  std::int64_t free_ddr = 0;
  std::int64_t missing = 0;  // bytes missing on that device
};

struct PlacementResult {
  bool placed = false;
  Placement placement;       // when placed
  PlacementFailure failure;  // when not
};

PlacementResult place_proposal(const PlanInput& input, const ShardIndex& index, const Proposal& proposal);
// Convenience for a single placement (builds the index).
PlacementResult place_proposal(const PlanInput& input, const Proposal& proposal);

// A lower bound on the rating of any placement of the proposal: the largest
// single shard perf, and the average device load.
double rating_lower_bound(const ShardIndex& index, int world_size, const Proposal& proposal);

// Sum of the chosen options' perf (the DP's objective) and their memory
// (saturating at the largest int64).
double total_perf(const PlanInput& input, const Proposal& proposal);
std::int64_t total_hbm(const PlanInput& input, const Proposal& proposal);
std::int64_t total_ddr(const PlanInput& input, const Proposal& proposal);

}  // namespace milpsac::sharding
