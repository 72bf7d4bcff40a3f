// Placing a proposal on the devices, and rating the placed plan (the
// partitioner and perf model of TorchRec's planner loop, simplified as SPEC
// section 4 says).
//
// Greedy: shards are taken largest first (by planned storage, HBM on a CUDA
// topology and DDR otherwise, then by the other memory; ties in table order,
// then shard order), each onto the device with the most free planned storage
// among those where both its HBM and its DDR fit (ties: more free other
// memory, then the lower device index). A plan's rating is its largest
// per-device sum of shard perf; lower is better.
//
// When a shard fits nowhere the placement stops and names the shard, the
// device that came closest and the bytes missing there (HBM shortfall plus
// DDR shortfall).
#pragma once

#include <cstdint>
#include <vector>

#include "sharding/dp_proposals.h"
#include "sharding/plan_input.h"

namespace milpsac::sharding {

struct DeviceUse {
  std::int64_t hbm = 0;
  std::int64_t ddr = 0;
  double perf = 0.0;
};

struct Placement {
  std::vector<std::vector<int>> device_of;  // [table position in the proposal][shard] -> device
  std::vector<DeviceUse> devices;
  double rating = 0.0;  // max over devices of DeviceUse::perf
};

struct PlacementFailure {
  std::size_t table = 0;  // position in the proposal
  int option = -1;        // input option index
  std::size_t shard = 0;
  std::int64_t hbm = 0;   // what the shard needs
  std::int64_t ddr = 0;
  int device = -1;        // the device closest to fitting it
  std::int64_t free_hbm = 0;
  std::int64_t free_ddr = 0;
  std::int64_t missing = 0;  // bytes missing on that device
};

struct PlacementResult {
  bool placed = false;
  Placement placement;       // when placed
  PlacementFailure failure;  // when not
};

PlacementResult place_proposal(const PlanInput& input, const Proposal& proposal);

// A lower bound on the rating of any placement of the proposal: the largest
// single shard perf, and the average device load.
double rating_lower_bound(const PlanInput& input, const Proposal& proposal);

// Sum of the chosen options' perf (the DP's objective) and their memory
// (saturating at the largest int64).
double total_perf(const PlanInput& input, const Proposal& proposal);
std::int64_t total_hbm(const PlanInput& input, const Proposal& proposal);
std::int64_t total_ddr(const PlanInput& input, const Proposal& proposal);

}  // namespace milpsac::sharding
