// Per-rank plan statistics (sharding/plan_stats.h) and their JSON
// (docs/json.md#shard): the imbalance measures at their known ends, and on
// random placed plans every figure agrees with the plan it describes (usage
// sums, percentages of the capacities, shard counts, perf max and total).
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "shard_test_support.h"
#include "sharding/plan_json.h"
#include "sharding/plan_stats.h"
#include "sharding/planner.h"

using namespace milpsac;
using nlohmann::json;

TEST_CASE("imbalance: 0 when even, 1 (normalised) when all on one rank, none without load") {
  for (int k = 1; k <= 5; ++k) {
    CAPTURE(k);
    const auto even = sharding::imbalance(std::vector<double>(static_cast<std::size_t>(k), 3.0));
    REQUIRE(even);
    CHECK(even->total_variation == doctest::Approx(0.0));
    CHECK(even->total_distance == doctest::Approx(0.0));
    CHECK(even->chi_divergence == doctest::Approx(0.0));
    CHECK(even->kl_divergence == doctest::Approx(0.0));
    std::vector<double> one(static_cast<std::size_t>(k), 0.0);
    one[static_cast<std::size_t>(k - 1)] = 7.0;
    const auto all = sharding::imbalance(one);
    REQUIRE(all);
    const double kk = k;
    CHECK(all->total_variation == doctest::Approx((kk - 1) / kk));
    CHECK(all->total_distance == doctest::Approx(2 * (kk - 1) / kk));
    CHECK(all->chi_divergence == doctest::Approx(k > 1 ? 1.0 : 0.0));
    CHECK(all->kl_divergence == doctest::Approx(k > 1 ? 1.0 : 0.0));
    CHECK_FALSE(sharding::imbalance(std::vector<double>(static_cast<std::size_t>(k), 0.0)));
  }
  // In between: strictly inside (0, 1), and larger when more uneven.
  const auto mild = sharding::imbalance({4.0, 5.0, 6.0});
  const auto strong = sharding::imbalance({1.0, 2.0, 12.0});
  REQUIRE(mild);
  REQUIRE(strong);
  CHECK(mild->chi_divergence > 0.0);
  CHECK(mild->chi_divergence < strong->chi_divergence);
  CHECK(strong->kl_divergence < 1.0);
  CHECK(mild->kl_divergence < strong->kl_divergence);
}

TEST_CASE("plan stats and their JSON agree with the placed plan on random instances") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    CAPTURE(seed);
    sharding::PlanInput in = test::random_instance(seed);
    for (sharding::ShardingOption& o : in.options)
      if (o.shards.size() == 1) o.sharding_type = "table_wise";  // the rest keep no type
    const sharding::PlanInput reserved = sharding::with_storage_reservation(in, 0.1);
    const sharding::PlanResult plan = sharding::plan_sharding(reserved, sharding::Variant::k1D);
    if (!plan.found) continue;
    ++checked;
    const sharding::PlanStats s = sharding::plan_stats(reserved, in, plan);
    REQUIRE(s.ranks.size() == static_cast<std::size_t>(in.topology.world_size));

    // What the ranks hold, recounted from the chosen options' shards.
    std::vector<std::int64_t> hbm(s.ranks.size(), 0), ddr(s.ranks.size(), 0);
    std::vector<std::map<std::string, int>> by_type(s.ranks.size());
    int shards = 0;
    for (std::size_t t = 0; t < plan.best.size(); ++t) {
      const sharding::ShardingOption& o = reserved.options[static_cast<std::size_t>(plan.best[t])];
      for (std::size_t k = 0; k < o.shards.size(); ++k) {
        const auto d = static_cast<std::size_t>(plan.placement.device_of(t, k));
        hbm[d] += o.shards[k].hbm;
        ddr[d] += o.shards[k].ddr;
        ++by_type[d][o.sharding_type];
        ++shards;
      }
    }
    int counted = 0;
    double perf_total = 0.0;
    double perf_max = 0.0;
    for (std::size_t d = 0; d < s.ranks.size(); ++d) {
      const sharding::RankStats& r = s.ranks[d];
      CHECK(r.hbm == hbm[d]);
      CHECK(r.ddr == ddr[d]);
      CHECK(r.hbm_capacity == in.topology.hbm_per_device);  // as read, before the reservation
      CHECK(r.ddr_capacity == in.topology.ddr_per_device);
      REQUIRE(r.hbm_percent);
      REQUIRE(r.ddr_percent);
      CHECK(*r.hbm_percent == doctest::Approx(100.0 * static_cast<double>(hbm[d]) / in.topology.hbm_per_device));
      CHECK(*r.ddr_percent == doctest::Approx(100.0 * static_cast<double>(ddr[d]) / in.topology.ddr_per_device));
      CHECK(*r.hbm_percent <= 100.0 * (1.0 - 0.1) + 1e-9);  // the plan fits after the reservation
      CHECK(r.shards_by_type == by_type[d]);
      for (const auto& [type, n] : r.shards_by_type) counted += n;
      CHECK(r.shards == static_cast<int>([&] {
              int n = 0;
              for (const auto& [type, m] : by_type[d]) n += m;
              return n;
            }()));
      perf_total += r.perf;
      perf_max = std::max(perf_max, r.perf);
    }
    CHECK(counted == shards);
    CHECK(s.perf_max == doctest::Approx(plan.placement.rating));
    CHECK(s.perf_max == doctest::Approx(perf_max));
    CHECK(s.ranks[static_cast<std::size_t>(s.perf_max_rank)].perf == doctest::Approx(s.perf_max));
    CHECK(s.perf_total == doctest::Approx(perf_total));
    CHECK(s.perf_total == doctest::Approx(sharding::total_perf(reserved, plan.best)));

    // The JSON carries the same figures.
    const json out = sharding::plan_json(reserved, in, plan, sharding::Variant::k1D, 0.1, false);
    REQUIRE(out["devices"].size() == s.ranks.size());
    for (std::size_t d = 0; d < s.ranks.size(); ++d) {
      const json& j = out["devices"][d];
      CHECK(j["hbm_bytes"] == hbm[d]);
      CHECK(j["hbm_used_percent"].get<double>() == doctest::Approx(*s.ranks[d].hbm_percent));
      CHECK(j["ddr_used_percent"].get<double>() == doctest::Approx(*s.ranks[d].ddr_percent));
      CHECK(j["shards"] == s.ranks[d].shards);
      CHECK(j["shards_by_type"] == json(by_type[d]));
    }
    const json& st = out["stats"];
    CHECK(st["perf_max_ms"].get<double>() == doctest::Approx(out["rating_ms"].get<double>()));
    CHECK(st["perf_total_ms"].get<double>() == doctest::Approx(out["total_perf_ms"].get<double>()));
    CHECK(st["hbm_max_bytes"] == *std::max_element(hbm.begin(), hbm.end()));
    const bool any_hbm = *std::max_element(hbm.begin(), hbm.end()) > 0;
    CHECK(st["imbalance"]["hbm"].is_null() == !any_hbm);
    if (any_hbm) {
      const double tv = st["imbalance"]["hbm"]["total_variation"].get<double>();
      CHECK(tv >= 0.0);
      CHECK(tv <= 1.0);
    }
  }
  CHECK(checked >= 30);  // enough plans were placed to mean something
}
