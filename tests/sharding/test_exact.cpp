// --exact: the selection MILP solved by our branch-and-bound equals the
// optimum found by enumeration, for both variants, on seeded random instances
// (up to 6 tables x 4 options), and reports infeasibility when no selection
// fits. Registered as its own meson test (`sharding_exact`, suite needs-bnb).
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "shard_test_support.h"
#include "sharding/exact_selection.h"
#include "sharding/placement.h"

using namespace milpsac;
using namespace milpsac::sharding;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bnb::MilpOptions proven_optimal() {
  bnb::MilpOptions o;
  o.relative_gap = 0.0;
  return o;
}

}  // namespace

TEST_CASE("exact selection model: one row per table, one capacity row per axis, binary columns") {
  const PlanInput in = test::random_instance(7, 4, 3);
  const SearchSpace space = load_search_space(in, Variant::k1D);
  const ExactModel m = build_exact_model(in, space, Variant::k1D);
  CHECK(m.lp.num_rows() == static_cast<int>(space.num_tables()) + 1);
  CHECK(m.lp.num_cols() == static_cast<int>(in.options.size()));
  for (int j = 0; j < m.lp.num_cols(); ++j) {
    CHECK(m.lp.is_integer[static_cast<std::size_t>(j)] == 1);
    CHECK(m.lp.col_lower[j] == 0.0);
    CHECK(m.lp.col_upper[j] == 1.0);
  }
  const ExactModel m2 = build_exact_model(in, load_search_space(in, Variant::k2D), Variant::k2D);
  CHECK(m2.lp.num_rows() == static_cast<int>(space.num_tables()) + 2);
}

TEST_CASE("--exact equals enumeration (1-D and 2-D, random instances)") {
  int feasible = 0, infeasible = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    CAPTURE(seed);
    const PlanInput in = test::random_instance(seed, 6, 4);
    const Topology& topo = in.topology;
    for (Variant v : {Variant::k1D, Variant::k2D}) {
      CAPTURE(v == Variant::k2D);
      const SearchSpace space = load_search_space(in, v);
      double expected = kInf;
      if (v == Variant::k1D) {
        const std::int64_t cap = planned_storage(topo, topo.hbm_per_device, topo.ddr_per_device) * topo.world_size;
        expected = test::enumerate_best(
            in, space, [&](std::int64_t h, std::int64_t d) { return planned_storage(topo, h, d) <= cap; },
            [](const ShardingOption&) { return true; });
      } else {
        expected = test::enumerate_best(
            in, space,
            [&](std::int64_t h, std::int64_t d) {
              return h <= topo.hbm_per_device * topo.world_size && d <= topo.ddr_per_device * topo.world_size;
            },
            [&](const ShardingOption& o) { return fits_largest_device_and_machine(topo, o); });
      }
      const ExactSelection exact = solve_exact_selection(in, space, v, proven_optimal());
      if (expected == kInf) {
        ++infeasible;
        CHECK(exact.status == bnb::MilpStatus::kInfeasible);
        CHECK_FALSE(exact.has_solution);
        continue;
      }
      ++feasible;
      CHECK(exact.status == bnb::MilpStatus::kOptimal);
      REQUIRE(exact.has_solution);
      CHECK(std::fabs(exact.total_perf - expected) <= 1e-6);
      // The answer is a selection that fits.
      REQUIRE(exact.choice.size() == space.num_tables());
      for (std::size_t t = 0; t < space.num_tables(); ++t)
        CHECK(in.options[static_cast<std::size_t>(exact.choice[t])].fqn == space.fqns[t]);
      if (v == Variant::k1D) {
        CHECK(planned_storage(topo, total_hbm(in, exact.choice), total_ddr(in, exact.choice)) <=
              planned_storage(topo, topo.hbm_per_device, topo.ddr_per_device) * topo.world_size);
      } else {
        CHECK(total_hbm(in, exact.choice) <= topo.hbm_per_device * topo.world_size);
        CHECK(total_ddr(in, exact.choice) <= topo.ddr_per_device * topo.world_size);
      }
    }
  }
  CHECK(feasible > 100);
  CHECK(infeasible > 0);
}

TEST_CASE("shard CLI --exact reports the optimum and what the bins cost") {
  // Two tables, capacity 100 bytes in 2 bins of 50: the DP's bins hide the
  // exact optimum (60 + 40 = 100 bytes, perf 2).
  nlohmann::json doc = {
      {"topology", {{"world_size", 1}, {"compute_device", "cuda"}, {"hbm_per_device", 100}, {"ddr_per_device", 0}}},
      {"mem_bins_per_device", 2},
      {"options", nlohmann::json::array({{{"fqn", "a"}, {"hbm", 60}, {"ddr", 0}, {"perf", 1.0}},
                                         {{"fqn", "a"}, {"hbm", 10}, {"ddr", 0}, {"perf", 5.0}},
                                         {{"fqn", "b"}, {"hbm", 40}, {"ddr", 0}, {"perf", 1.0}},
                                         {{"fqn", "b"}, {"hbm", 5}, {"ddr", 0}, {"perf", 4.0}}})}};
  test::TempFile input(doc.dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --exact --storage-reservation 0");
  CAPTURE(run.err);
  REQUIRE(run.exit_code == 0);
  const auto out = nlohmann::json::parse(run.out);
  REQUIRE(out.contains("exact"));
  CHECK(out["exact"]["status"] == "optimal");
  CHECK(out["exact"]["total_perf_ms"] == 2.0);
  CHECK(out["exact"]["options"] == nlohmann::json::array({2, 0}));  // tables in proposer order: b, a
  CHECK(out["exact"]["dp_best_total_perf_ms"].get<double>() > 2.0);
  CHECK(out["exact"]["discretisation_cost_ms"].get<double>() > 0.0);
}
