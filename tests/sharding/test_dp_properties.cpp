// Property tests of the DP proposers on seeded random instances:
//   - the proposals equal those of a literal transcription of the reference
//     loops (the reference's 1-D tables; upstream's 2-D candidate lists);
//   - 1-D proposals are feasible, in decreasing memory, and the best is within
//     the bin-rounding bound of the exact optimum found by enumeration;
//   - 2-D proposals respect both capacities and the pruning rule.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <map>

#include "shard_test_support.h"
#include "sharding/dp_proposals.h"
#include "sharding/placement.h"

using namespace milpsac;
using namespace milpsac::sharding;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Seed 002's feedback(), transcribed loop for loop over dense tables.
std::vector<Proposal> reference_1d(const PlanInput& in, const SearchSpace& space) {
  const std::size_t tables = space.num_tables();
  if (tables == 0) return {};
  const Topology& t = in.topology;
  const long bin_count = static_cast<long>(in.mem_bins_per_device) * t.world_size;
  const double mem_total = static_cast<double>(planned_storage(t, t.hbm_per_device, t.ddr_per_device)) * t.world_size;
  const double bin_size = mem_total / static_cast<double>(bin_count);
  std::size_t option_count = 0;
  for (const auto& o : space.options) option_count = std::max(option_count, o.size());
  std::vector<std::vector<double>> mem(tables, std::vector<double>(option_count, kInf));
  std::vector<std::vector<double>> perf(tables, std::vector<double>(option_count, kInf));
  for (std::size_t i = 0; i < tables; ++i)
    for (std::size_t j = 0; j < space.options[i].size(); ++j) {
      const ShardingOption& o = in.options[static_cast<std::size_t>(space.options[i][j])];
      mem[i][j] = static_cast<double>(planned_storage(t, o.hbm, o.ddr)) / bin_size;
      perf[i][j] = o.perf;
    }
  struct Cell {
    double perf = kInf, mem = kInf;
  };
  struct Back {
    long opt = -1, prev = -1;
  };
  std::vector<std::vector<Cell>> dp(tables, std::vector<Cell>(static_cast<std::size_t>(bin_count)));
  std::vector<std::vector<Back>> back(tables, std::vector<Back>(static_cast<std::size_t>(bin_count)));
  for (std::size_t j = 0; j < option_count; ++j)
    if (mem[0][j] < static_cast<double>(bin_count)) {
      auto b = static_cast<std::size_t>(mem[0][j]);
      if (dp[0][b].perf > perf[0][j]) {
        dp[0][b] = {perf[0][j], mem[0][j]};
        back[0][b] = {static_cast<long>(j), -1};
      }
    }
  for (std::size_t i = 1; i < tables; ++i)
    for (std::size_t j = 0; j < option_count; ++j)
      for (long m = 0; m < bin_count; ++m) {
        const Cell prev = dp[i - 1][static_cast<std::size_t>(m)];
        if (prev.perf < kInf) {
          const double nm = prev.mem + mem[i][j];
          if (nm < static_cast<double>(bin_count)) {
            auto b = static_cast<std::size_t>(nm);
            const double np = prev.perf + perf[i][j];
            if (dp[i][b].perf > np) {
              dp[i][b] = {np, nm};
              back[i][b] = {static_cast<long>(j), m};
            }
          }
        }
      }
  std::vector<Proposal> out;
  for (long c = bin_count - 1; c >= 0; --c) {
    Back b = back[tables - 1][static_cast<std::size_t>(c)];
    if (b.opt < 0) continue;
    Proposal p(tables);
    p[tables - 1] = space.options[tables - 1][static_cast<std::size_t>(b.opt)];
    long cur = b.prev;
    for (std::size_t i = tables - 1; i-- > 0;) {
      Back bi = back[i][static_cast<std::size_t>(cur)];
      p[i] = space.options[i][static_cast<std::size_t>(bi.opt)];
      cur = bi.prev;
    }
    out.push_back(p);
  }
  return out;
}

// Upstream's 2-D sparse DP, transcribed with ordered maps (ties: first
// candidate in (previous cell, option) order).
std::vector<Proposal> reference_2d(const PlanInput& in, const SearchSpace& space) {
  const std::size_t tables = space.num_tables();
  if (tables == 0) return {};
  const Topology& t = in.topology;
  const long devices = t.world_size;
  long hb = t.hbm_per_device > 0 ? in.hbm_bins_per_device * devices : 1;
  long db = t.ddr_per_device > 0 ? in.ddr_bins_per_device * devices : 1;
  const double hbs = static_cast<double>(t.hbm_per_device) * devices / static_cast<double>(hb);
  const double dbs = static_cast<double>(t.ddr_per_device) * devices / static_cast<double>(db);
  struct State {
    double perf, h, d;
    std::vector<int> picks;
  };
  std::map<long, State> layer;  // by flat cell
  layer[-1] = State{0.0, 0.0, 0.0, {}};
  for (std::size_t i = 0; i < tables; ++i) {
    std::map<long, State> next;
    for (const auto& [cell, s] : layer)
      for (int opt : space.options[i]) {
        const ShardingOption& o = in.options[static_cast<std::size_t>(opt)];
        if (!fits_largest_device_and_machine(t, o)) continue;
        const double h = s.h + (t.hbm_per_device > 0 ? static_cast<double>(o.hbm) / hbs : 0.0);
        const double d = s.d + (t.ddr_per_device > 0 ? static_cast<double>(o.ddr) / dbs : 0.0);
        if (!(h < static_cast<double>(hb) && d < static_cast<double>(db))) continue;
        const long c = static_cast<long>(h) * db + static_cast<long>(d);
        const double p = s.perf + o.perf;
        auto it = next.find(c);
        if (it == next.end() || p < it->second.perf) {
          State ns{p, h, d, s.picks};
          ns.picks.push_back(opt);
          next[c] = ns;
        }
      }
    layer = std::move(next);
  }
  std::map<long, const State*> best_by_hbm;
  for (const auto& [cell, s] : layer) {
    auto it = best_by_hbm.find(cell / db);
    if (it == best_by_hbm.end() || s.perf < it->second->perf) best_by_hbm[cell / db] = &s;
  }
  std::vector<Proposal> out;
  for (auto it = best_by_hbm.rbegin(); it != best_by_hbm.rend(); ++it) out.push_back(it->second->picks);
  return out;
}

}  // namespace

TEST_CASE("1-D DP equals a literal transcription of the reference proposer on random instances") {
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    CAPTURE(seed);
    const PlanInput in = test::random_instance(seed, 10, 6);
    const SearchSpace space = load_search_space(in, Variant::k1D);
    CHECK(dp_proposals_1d(in, space) == reference_1d(in, space));
  }
}

TEST_CASE("2-D DP equals a transcription of upstream's candidate lists on random instances") {
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    CAPTURE(seed);
    PlanInput in = test::random_instance(seed, 8, 5);
    if (seed % 7 == 0) in.topology.ddr_per_device = 0;  // a collapsed axis
    if (seed % 11 == 0) in.topology.hbm_per_device = 0;
    if (in.topology.hbm_per_device == 0 && in.topology.ddr_per_device == 0) in.topology.ddr_per_device = 1000;
    if (seed % 3 == 0) in.topology.local_world_size = 1;
    const SearchSpace space = load_search_space(in, Variant::k2D);
    CHECK(dp_proposals_2d(in, space) == reference_2d(in, space));
  }
}

TEST_CASE("1-D proposals: feasible, decreasing memory, best within the bin-rounding bound of the optimum") {
  int with_proposals = 0;
  for (std::uint64_t seed = 1000; seed < 1300; ++seed) {
    CAPTURE(seed);
    const PlanInput in = test::random_instance(seed, 6, 4);
    const Topology& topo = in.topology;
    const SearchSpace space = load_search_space(in, Variant::k1D);
    const std::vector<Proposal> proposals = dp_proposals_1d(in, space);
    const std::int64_t capacity = planned_storage(topo, topo.hbm_per_device, topo.ddr_per_device) * topo.world_size;
    const double bin_size =
        static_cast<double>(capacity) / (static_cast<double>(in.mem_bins_per_device) * topo.world_size);
    const auto tables = static_cast<double>(space.num_tables());
    auto planned = [&](const Proposal& p) { return planned_storage(topo, total_hbm(in, p), total_ddr(in, p)); };

    std::int64_t previous = std::numeric_limits<std::int64_t>::max();
    double best = kInf;
    for (const Proposal& p : proposals) {
      REQUIRE(p.size() == space.num_tables());
      for (std::size_t t = 0; t < p.size(); ++t) CHECK(in.options[static_cast<std::size_t>(p[t])].fqn == space.fqns[t]);
      CHECK(planned(p) <= capacity);
      CHECK(planned(p) <= previous);
      previous = planned(p);
      best = std::min(best, total_perf(in, p));
    }
    const auto keep_all = [](const ShardingOption&) { return true; };
    const double optimum = test::enumerate_best(
        in, space, [&](std::int64_t h, std::int64_t d) { return planned_storage(topo, h, d) <= capacity; }, keep_all);
    // Any selection that leaves one bin per table free is found or beaten.
    const double shrunk = test::enumerate_best(
        in, space,
        [&](std::int64_t h, std::int64_t d) {
          return static_cast<double>(planned_storage(topo, h, d)) <= static_cast<double>(capacity) - tables * bin_size;
        },
        keep_all);
    if (!proposals.empty()) {
      ++with_proposals;
      CHECK(best >= optimum);
    }
    if (shrunk < kInf) {
      REQUIRE_FALSE(proposals.empty());
      CHECK(best <= shrunk);
    }
  }
  CHECK(with_proposals > 100);  // the generator makes mostly feasible instances
}

TEST_CASE("2-D proposals: within both capacities, pruned options never chosen, HBM non-increasing") {
  for (std::uint64_t seed = 2000; seed < 2200; ++seed) {
    CAPTURE(seed);
    const PlanInput in = test::random_instance(seed, 6, 4);
    const Topology& topo = in.topology;
    const SearchSpace space = load_search_space(in, Variant::k2D);
    std::int64_t previous = std::numeric_limits<std::int64_t>::max();
    for (const Proposal& p : dp_proposals_2d(in, space)) {
      CHECK(total_hbm(in, p) <= topo.hbm_per_device * topo.world_size);
      CHECK(total_ddr(in, p) <= topo.ddr_per_device * topo.world_size);
      for (int i : p) CHECK(fits_largest_device_and_machine(topo, in.options[static_cast<std::size_t>(i)]));
      CHECK(total_hbm(in, p) <= previous);
      previous = total_hbm(in, p);
    }
  }
}
