// TorchRec-valid placement: shard i of a row-wise, table-row-wise or
// data-parallel option on rank i (table-row-wise across machines: on local
// rank i of one machine), only table-wise / column-wise shards placed
// greedily; the per-option "placement" field; unknown input fields dropped
// with a warning; the storage reservation.
//
// The validity test runs every sharding test input (the tzrec case file, its
// options given TorchRec sharding types) and 200 random inputs through the
// planner, both variants, and checks every placed proposal, not only the best.
#include <doctest/doctest.h>

#include "common/input_error.h"
#include "shard_test_support.h"
#include "sharding/placement.h"
#include "sharding/placement_rules.h"
#include "sharding/planner.h"

using namespace milpsac;
using namespace milpsac::sharding;
using nlohmann::json;

namespace {

const char* const kTypes[] = {"table_wise", "row_wise", "data_parallel", "table_row_wise", "column_wise"};

// Splits `total` into `parts` whole pieces (the last takes the remainder).
std::vector<std::int64_t> split(std::int64_t total, std::size_t parts) {
  std::vector<std::int64_t> pieces(parts, total / static_cast<std::int64_t>(parts));
  pieces.back() += total - pieces.back() * static_cast<std::int64_t>(parts);
  return pieces;
}

// Option `o` recast as TorchRec would emit it for sharding type `type`.
ShardingOption as_type(ShardingOption o, const std::string& type, const Topology& topo) {
  o.sharding_type = type;
  o.compute_kernel = "fused";
  std::size_t shards = 1;
  const bool multi_host = topo.local_world_size < topo.world_size;
  if (type == "row_wise") shards = static_cast<std::size_t>(topo.world_size);
  if (type == "table_row_wise") shards = static_cast<std::size_t>(multi_host ? topo.local_world_size : topo.world_size);
  if (type == "column_wise") shards = 2;
  o.shards.clear();
  if (type == "data_parallel") {  // a full replica per rank
    for (int k = 0; k < topo.world_size; ++k) o.shards.push_back({o.hbm, o.ddr, o.perf});
    o.hbm *= topo.world_size;
    o.ddr *= topo.world_size;
    o.perf *= topo.world_size;
    return o;
  }
  const auto hbm = split(o.hbm, shards), ddr = split(o.ddr, shards);
  for (std::size_t k = 0; k < shards; ++k) o.shards.push_back({hbm[k], ddr[k], o.perf / static_cast<double>(shards)});
  return o;
}

// Every option of `in` given the k-th sharding type in turn.
PlanInput torchrec_like(PlanInput in, std::uint64_t salt) {
  for (std::size_t i = 0; i < in.options.size(); ++i)
    in.options[i] = as_type(in.options[i], kTypes[(i + salt) % 5], in.topology);
  return in;
}

// Where TorchRec accepts shard k of option `o` of table t: checked against the
// sharding type directly, not through placement_rule.
void check_valid(const PlanInput& in, const Proposal& proposal, const Placement& p, int& rule_placed) {
  const int local = in.topology.local_world_size;
  const bool one_machine = local == in.topology.world_size;
  std::vector<std::int64_t> hbm(static_cast<std::size_t>(in.topology.world_size), 0), ddr = hbm;
  for (std::size_t t = 0; t < proposal.size(); ++t) {
    const ShardingOption& o = in.options[static_cast<std::size_t>(proposal[t])];
    for (std::size_t k = 0; k < o.shards.size(); ++k) {
      const int device = p.device_of(t, k);
      REQUIRE(device >= 0);
      hbm[static_cast<std::size_t>(device)] += o.shards[k].hbm;
      ddr[static_cast<std::size_t>(device)] += o.shards[k].ddr;
    }
    const bool uniform = o.sharding_type == "row_wise" || o.sharding_type == "data_parallel" ||
                         (o.sharding_type == "table_row_wise" && one_machine);
    if (uniform) {
      ++rule_placed;
      for (std::size_t k = 0; k < o.shards.size(); ++k) {
        CAPTURE(o.fqn);
        CAPTURE(o.sharding_type);
        CHECK(p.device_of(t, k) == static_cast<int>(k));
      }
    } else if (o.sharding_type == "table_row_wise") {  // shard k on local rank k of one machine
      ++rule_placed;
      const int base = p.device_of(t, 0);
      CHECK(base % local == 0);
      for (std::size_t k = 0; k < o.shards.size(); ++k) CHECK(p.device_of(t, k) == base + static_cast<int>(k));
    }
  }
  for (std::size_t d = 0; d < hbm.size(); ++d) {
    CHECK(hbm[d] <= in.topology.hbm_per_device);
    CHECK(ddr[d] <= in.topology.ddr_per_device);
  }
}

// Plans `in` with both variants; checks the best plan and every proposal that places.
int check_all_placements(const PlanInput& in) {
  int rule_placed = 0;
  const ShardIndex index = index_shards(in);
  for (Variant variant : {Variant::k1D, Variant::k2D}) {
    const PlanResult r = plan_sharding(in, variant);
    if (r.found) check_valid(in, r.best, r.placement, rule_placed);
    std::vector<Proposal> all = r.proposals;
    all.push_back(r.initial_proposal);
    for (const Proposal& proposal : all) {
      if (proposal.empty()) continue;
      const PlacementResult placed = place_proposal(in, index, proposal);
      if (placed.placed) check_valid(in, proposal, placed.placement, rule_placed);
    }
  }
  return rule_placed;
}

PlanInput from_case(const json& c) {
  return parse_plan_input(test::spec_input_from_case(c.at("options"), c.at("topology")), "case");
}

}  // namespace

TEST_CASE("placement rule by sharding type, and the input's placement field") {
  Topology topo;
  topo.world_size = 4;
  topo.local_world_size = 2;
  ShardingOption o;
  o.fqn = "t";
  o.shards.assign(4, Shard{});
  o.sharding_type = "row_wise";
  CHECK(placement_rule(o, topo, 0) == PlacementRule::kUniform);
  o.sharding_type = "data_parallel";
  CHECK(placement_rule(o, topo, 0) == PlacementRule::kUniform);
  o.sharding_type = "table_wise";
  CHECK(placement_rule(o, topo, 0) == PlacementRule::kGreedy);
  o.sharding_type = "";
  CHECK(placement_rule(o, topo, 0) == PlacementRule::kGreedy);
  o.sharding_type = "table_row_wise";
  CHECK(placement_rule(o, topo, 0) == PlacementRule::kUniform);  // world_size shards
  o.shards.assign(2, Shard{});
  CHECK(placement_rule(o, topo, 0) == PlacementRule::kHost);  // local_world_size shards
  o.placement = "greedy";
  CHECK(placement_rule(o, topo, 0) == PlacementRule::kGreedy);
  o.placement = "uniform";  // 2 shards on 4 ranks: TorchRec would reject it
  CHECK_THROWS_WITH_AS(
      placement_rule(o, topo, 3),
      doctest::Contains("options[3] (table 't'): uniform placement puts shard i on rank i: needs 4 shards"),
      InputError);
  o.placement = "round_robin";
  CHECK_THROWS_WITH_AS(placement_rule(o, topo, 3),
                       doctest::Contains("placement must be \"uniform\", \"host\" or \"greedy\""), InputError);
  o.placement = "";
  o.sharding_type = "row_wise";
  CHECK_THROWS_AS(placement_rule(o, topo, 0), InputError);
}

TEST_CASE("row-wise shards go to rank i even where the greedy rule would stack them") {
  // Greedy, largest first, would put the 50-byte table-wise shard on device 0
  // and then both row-wise shards (40, 30) on device 1; TorchRec needs shard
  // i on rank i. Rule-placed shards go first; the table-wise one then takes
  // the device with more room left (1).
  PlanInput in;
  in.topology.world_size = 2;
  in.topology.local_world_size = 2;
  in.topology.hbm_per_device = 100;
  in.options.push_back({"tw", "table_wise", "fused", "", 50, 0, 1.0, {{50, 0, 1.0}}});
  in.options.push_back({"rw", "row_wise", "fused", "", 70, 0, 2.0, {{40, 0, 1.0}, {30, 0, 1.0}}});
  const PlacementResult r = place_proposal(in, {0, 1});
  REQUIRE(r.placed);
  CHECK(r.placement.device_of(1, 0) == 0);
  CHECK(r.placement.device_of(1, 1) == 1);
  CHECK(r.placement.device_of(0, 0) == 1);
  // Shard 0 does not fit on rank 0: the failure names rank 0 and the bytes missing.
  in.options[1].shards[0].hbm = 101;
  const PlacementResult fails = place_proposal(in, {0, 1});
  REQUIRE_FALSE(fails.placed);
  CHECK(fails.failure.device == 0);
  CHECK(fails.failure.shard == 0);
  CHECK(fails.failure.missing == 1);
}

TEST_CASE("table-row-wise across machines: all shards on one machine, the one with most room") {
  PlanInput in;
  in.topology.world_size = 4;
  in.topology.local_world_size = 2;
  in.topology.hbm_per_device = 100;
  in.options.push_back({"tw", "table_wise", "fused", "", 60, 0, 1.0, {{60, 0, 1.0}}});
  in.options.push_back({"twrw", "table_row_wise", "fused", "", 100, 0, 1.0, {{50, 0, 0.5}, {50, 0, 0.5}}});
  // Rule-placed options go first: the first machine (ranks 0, 1) has the most room on a tie.
  PlacementResult r = place_proposal(in, {0, 1});
  REQUIRE(r.placed);
  CHECK(r.placement.device_of(1, 0) == 0);
  CHECK(r.placement.device_of(1, 1) == 1);
  CHECK(r.placement.device_of(0, 0) >= 2);
}

TEST_CASE("TorchRec validity on every sharding test input") {
  const json file = test::load_json(test::instance_path("shard/tzrec_dp_proposer_cases.json"));
  std::vector<PlanInput> inputs;
  for (const json& c : file.at("cases")) inputs.push_back(from_case(c));
  inputs.push_back(from_case(file.at("one_d_variant_example")));
  int rule_placed = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    for (std::uint64_t salt = 0; salt < 5; ++salt) {
      CAPTURE(i);
      CAPTURE(salt);
      PlanInput in = torchrec_like(inputs[i], salt);
      in.topology.hbm_per_device *= 2;  // room for the data-parallel replicas
      rule_placed += check_all_placements(in);
    }
  CHECK(rule_placed > 0);  // the test saw rule-placed options
}

TEST_CASE("TorchRec validity on 200 random inputs") {
  int rule_placed = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    CAPTURE(seed);
    PlanInput in = test::random_instance(seed);
    test::SplitMix rng{seed * 7919};
    const int machines = static_cast<int>(rng.uniform(1, 3));
    in.topology.local_world_size = static_cast<int>(rng.uniform(1, 4));
    in.topology.world_size = machines * in.topology.local_world_size;
    in = torchrec_like(std::move(in), seed);
    rule_placed += check_all_placements(in);
  }
  CHECK(rule_placed > 100);
}

TEST_CASE("unknown input fields are dropped with a warning naming them") {
  json doc = {
      {"topology",
       {{"world_size", 1}, {"compute_device", "cuda"}, {"hbm_per_device", 100}, {"ddr_per_device", 0}, {"gpus", 1}}},
      {"exporter", "tzrec"},
      {"options", json::array({{{"fqn", "t"},
                                {"hbm", 1},
                                {"ddr", 0},
                                {"perf", 1.0},
                                {"hmb", 3},
                                {"shards", json::array({{{"hbm", 1}, {"ddr", 0}, {"perf", 1.0}, {"x", 1}}})}}})}};
  const PlanInput in = parse_plan_input(doc, "f.json");
  REQUIRE(in.warnings.size() == 4);
  CHECK(in.warnings[0] == "f.json: document: unknown field 'exporter' ignored");
  CHECK(in.warnings[1] == "f.json: topology: unknown field 'gpus' ignored");
  CHECK(in.warnings[2] == "f.json: options[0]: unknown field 'hmb' ignored");
  CHECK(in.warnings[3] == "f.json: options[0].shards[0]: unknown field 'x' ignored");
  CHECK(in.options[0].hbm == 1);  // the known fields are read as before
  CHECK_FALSE(in.storage_reservation.has_value());
}

TEST_CASE("storage reservation: HBM only, rounded down, from the input field") {
  json doc = {
      {"topology", {{"world_size", 1}, {"compute_device", "cuda"}, {"hbm_per_device", 1001}, {"ddr_per_device", 50}}},
      {"storage_reservation", 0.15},
      {"options", json::array({{{"fqn", "t"}, {"hbm", 1}, {"ddr", 0}, {"perf", 1.0}}})}};
  const PlanInput in = parse_plan_input(doc, "f.json");
  REQUIRE(in.storage_reservation.has_value());
  CHECK(*in.storage_reservation == 0.15);
  const PlanInput reserved = with_storage_reservation(in, *in.storage_reservation);
  CHECK(reserved.topology.hbm_per_device == 850);  // floor(1001 * 0.85) = floor(850.85)
  CHECK(reserved.topology.ddr_per_device == 50);
  doc["storage_reservation"] = 1.0;
  CHECK_THROWS_WITH_AS(parse_plan_input(doc, "f.json"),
                       doctest::Contains("f.json: storage_reservation: must be a fraction in [0, 1)"), InputError);
}
