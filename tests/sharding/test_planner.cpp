// Placement (largest shard first onto the device with the most free memory
// that fits), rating (largest per-device perf sum), the planner loop, and the
// report of a table that fits nowhere.
#include <doctest/doctest.h>

#include "shard_test_support.h"
#include "sharding/placement.h"
#include "sharding/planner.h"
#include "sharding/proposer.h"

using namespace milpsac;
using namespace milpsac::sharding;

namespace {

PlanInput two_devices(std::int64_t hbm, std::int64_t ddr) {
  PlanInput in;
  in.topology.world_size = 2;
  in.topology.local_world_size = 2;
  in.topology.compute_device = ComputeDevice::kCuda;
  in.topology.hbm_per_device = hbm;
  in.topology.ddr_per_device = ddr;
  return in;
}

ShardingOption option(const std::string& fqn, std::vector<Shard> shards) {
  ShardingOption o;
  o.fqn = fqn;
  o.shards = std::move(shards);
  for (const Shard& s : o.shards) {
    o.hbm += s.hbm;
    o.ddr += s.ddr;
    o.perf += s.perf;
  }
  return o;
}

}  // namespace

TEST_CASE("placement: largest shard first, onto the device with the most free memory that fits") {
  PlanInput in = two_devices(100, 100);
  in.options.push_back(option("c", {{30, 0, 1.0}}));
  in.options.push_back(option("a", {{60, 0, 4.0}}));
  in.options.push_back(option("b", {{50, 0, 2.0}, {10, 0, 0.5}}));
  const PlacementResult r = place_proposal(in, {0, 1, 2});
  REQUIRE(r.placed);
  // a:60 -> device 0 (tie, lower index); b:50 -> device 1; c:30 -> device 1
  // (50 free vs 40); b:10 -> device 0 (40 free vs 20).
  CHECK(r.placement.device == std::vector<int>{1, 0, 1, 0});
  CHECK(r.placement.devices[0].hbm == 70);
  CHECK(r.placement.devices[1].hbm == 80);
  CHECK(r.placement.devices[0].perf == 4.5);
  CHECK(r.placement.devices[1].perf == 3.0);
  CHECK(r.placement.rating == 4.5);
}

TEST_CASE("placement: a shard must fit both HBM and DDR of its device") {
  PlanInput in = two_devices(100, 100);
  in.options.push_back(option("a", {{50, 90, 1.0}}));
  in.options.push_back(option("b", {{40, 20, 1.0}}));
  in.options.push_back(option("c", {{45, 5, 1.0}}));
  // Order a (HBM 50), c (45), b (40). a -> device 0 (tie, lower index), which
  // keeps 50 HBM / 10 DDR; c -> device 1 (100 HBM free), keeping 55 / 95;
  // b -> device 1 (55 HBM free beats 50, and device 0 lacks the DDR anyway).
  PlacementResult r = place_proposal(in, {0, 1, 2});
  REQUIRE(r.placed);
  CHECK(r.placement.device == std::vector<int>{0, 1, 1});
  // d (10 HBM, 15 DDR) comes last: device 0 has the most free HBM (50 vs 15)
  // but only 10 DDR, so d goes to device 1.
  in.options.push_back(option("d", {{10, 15, 1.0}}));
  r = place_proposal(in, {0, 1, 2, 3});
  REQUIRE(r.placed);
  CHECK(r.placement.device_of(3, 0) == 1);
}

TEST_CASE("placement: a shard that fits nowhere is named with the bytes missing on the closest device") {
  PlanInput in = two_devices(100, 50);
  in.options.push_back(option("small", {{70, 0, 1.0}}));
  in.options.push_back(option("big", {{90, 60, 1.0}}));
  const PlacementResult r = place_proposal(in, {0, 1});
  REQUIRE_FALSE(r.placed);
  // big (90,60) goes first and fits nowhere: each device has HBM 100 but DDR 50.
  CHECK(r.failure.table == 1);
  CHECK(r.failure.option == 1);
  CHECK(r.failure.shard == 0);
  CHECK(r.failure.device == 0);
  CHECK(r.failure.missing == 10);
  CHECK(r.failure.free_hbm == 100);
  CHECK(r.failure.free_ddr == 50);
}

TEST_CASE("planner: keeps the lowest rating and skips proposals that cannot beat it") {
  PlanInput in = two_devices(100, 0);
  in.options.push_back(option("t", {{75, 0, 5.0}, {75, 0, 5.0}}));  // X: 150 bytes, perf 10, rating 5
  in.options.push_back(option("t", {{20, 0, 8.0}}));                // Y: 20 bytes, perf 8, rating 8
  in.options.push_back(option("t", {{100, 0, 9.0}}));               // Z: 100 bytes, perf 9, rating 9
  const PlanResult r = plan_sharding(in, Variant::k1D);
  CHECK(r.initial_proposal == Proposal{1});
  CHECK(r.proposals == std::vector<Proposal>{{0}, {2}, {1}});  // bins 150, 100, 20
  REQUIRE(r.found);
  CHECK(r.best == Proposal{0});
  CHECK(r.best_index == 0);
  CHECK(r.placement.rating == 5.0);
  CHECK(r.placed == 2);   // the initial proposal and X
  CHECK(r.skipped == 2);  // Z (bound 9) and Y again (bound 8)
  CHECK(r.unplaceable == 0);
}

TEST_CASE("planner: when nothing can be placed, names the table and the bytes missing") {
  PlanInput in = two_devices(60, 0);
  in.options.push_back(option("t", {{80, 0, 10.0}}));  // fits the total (120), no device
  in.options.push_back(option("t", {{40, 0, 7.0}, {40, 0, 7.0}}));
  in.options.push_back(option("u", {{10, 0, 1.0}}));
  const PlanResult r = plan_sharding(in, Variant::k1D);
  // The DP prefers the single 80-byte shard (perf 11 < 15 with u), which no device holds.
  CHECK_FALSE(r.found);
  CHECK(r.fqns == std::vector<std::string>{"u", "t"});
  CHECK(r.closest_failure.table == 1);
  CHECK(r.fqns[r.closest_failure.table] == "t");
  CHECK(r.closest_failure.option == 0);
  CHECK(r.closest_failure.hbm == 80);
  CHECK(r.closest_failure.missing == 20);
}

TEST_CASE("planner: skipping by the rating bound changes nothing (random instances)") {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    CAPTURE(seed);
    const PlanInput in = test::random_instance(seed, 6, 4);
    for (Variant v : {Variant::k1D, Variant::k2D}) {
      if (v == Variant::k1D &&
          planned_storage(in.topology, in.topology.hbm_per_device, in.topology.ddr_per_device) == 0)
        continue;
      const PlanResult r = plan_sharding(in, v);
      // Place every proposal, keep the first strictly best.
      DpProposer p = load_proposer(in, v);
      bool found = false;
      Proposal best;
      double rating = 0.0;
      long index = -1, best_index = -2;
      while (auto proposal = propose(p)) {
        PlacementResult placed = place_proposal(in, *proposal);
        if (placed.placed && (!found || placed.placement.rating < rating)) {
          found = true;
          best = *proposal;
          rating = placed.placement.rating;
          best_index = index;
        }
        feedback(p, in);
        ++index;
      }
      CHECK(r.found == found);
      if (found) {
        CHECK(r.best == best);
        CHECK(r.best_index == best_index);
        CHECK(r.placement.rating == rating);
      }
    }
  }
}
