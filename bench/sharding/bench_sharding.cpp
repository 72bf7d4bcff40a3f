// Scale of the sharding proposer/planner and of the autograd analysis
// (issue 6): 5,000 tables x 20 options on 64 devices with 100 bins per device
// (1-D), the 2-D variant on a smaller instance, and a 100,000-node autograd
// graph. Instances are generated deterministically (fixed seeds).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/autograd_graph.h"
#include "analysis/graph_info.h"
#include "sharding/planner.h"
#include "sharding/proposer.h"

namespace {

using namespace milpsac;

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

// prefix + number, built with += (GCC 12 warns falsely, -Wrestrict, on
// literal + std::string temporaries in some inlining contexts).
std::string numbered(const char* prefix, std::size_t n) {
  std::string s(prefix);
  s += std::to_string(n);
  return s;
}

// Tables of 0.1-2 GiB; each option keeps a fraction of the table in HBM (the
// rest in DDR) and gets slower the less it keeps; 1, 2, 4 or 8 equal shards.
sharding::PlanInput make_plan_input(int tables, int options, int devices) {
  Rng rng{42};
  sharding::PlanInput in;
  in.topology.world_size = devices;
  in.topology.local_world_size = 8;
  in.topology.compute_device = sharding::ComputeDevice::kCuda;
  const std::int64_t gib = std::int64_t{1} << 30;
  // Total HBM about 60 % of what every table fully in HBM would need.
  in.topology.hbm_per_device = static_cast<std::int64_t>(0.6 * 1.05 * tables / devices) * gib;
  in.topology.ddr_per_device = 4 * in.topology.hbm_per_device;
  for (int t = 0; t < tables; ++t) {
    const double size = (0.1 + 1.9 * rng.unit()) * static_cast<double>(gib);
    for (int j = 0; j < options; ++j) {
      const double in_hbm = 0.05 + 0.95 * rng.unit();
      sharding::ShardingOption o;
      o.fqn = numbered("table_", static_cast<std::size_t>(t));
      o.hbm = static_cast<std::int64_t>(size * in_hbm);
      o.ddr = static_cast<std::int64_t>(size) - o.hbm;
      o.perf = (1.0 + rng.unit()) / in_hbm;
      const int shards = 1 << (rng.next() % 4);
      for (int k = 0; k < shards; ++k) o.shards.push_back({o.hbm / shards, o.ddr / shards, o.perf / shards});
      in.options.push_back(std::move(o));
    }
  }
  return in;
}

void BM_Propose1D(benchmark::State& state) {
  const auto in = make_plan_input(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
                                  static_cast<int>(state.range(2)));
  std::size_t proposals = 0;
  for (auto _ : state) {
    sharding::DpProposer p = sharding::load_proposer(in, sharding::Variant::k1D);
    sharding::feedback(p, in);
    proposals = p.proposals.size();
    benchmark::DoNotOptimize(p.proposals.data());
  }
  state.counters["proposals"] = static_cast<double>(proposals);
}
BENCHMARK(BM_Propose1D)->Args({5000, 20, 64})->Args({500, 20, 64})->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_Plan1D(benchmark::State& state) {
  const auto in = make_plan_input(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
                                  static_cast<int>(state.range(2)));
  sharding::PlanResult r;
  for (auto _ : state) {
    r = sharding::plan_sharding(in, sharding::Variant::k1D);
    benchmark::DoNotOptimize(r.best.data());
  }
  state.counters["proposals"] = static_cast<double>(r.proposals.size());
  state.counters["placed"] = static_cast<double>(r.placed);
  state.counters["skipped"] = static_cast<double>(r.skipped);
  state.counters["rating"] = r.placement.rating;
}
BENCHMARK(BM_Plan1D)->Args({5000, 20, 64})->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_Propose2D(benchmark::State& state) {
  auto in = make_plan_input(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
                            static_cast<int>(state.range(2)));
  in.hbm_bins_per_device = static_cast<int>(state.range(3));
  in.ddr_bins_per_device = static_cast<int>(state.range(4));
  std::size_t proposals = 0;
  for (auto _ : state) {
    sharding::DpProposer p = sharding::load_proposer(in, sharding::Variant::k2D);
    sharding::feedback(p, in);
    proposals = p.proposals.size();
    benchmark::DoNotOptimize(p.proposals.data());
  }
  state.counters["proposals"] = static_cast<double>(proposals);
}
BENCHMARK(BM_Propose2D)
    ->Args({500, 20, 8, 100, 25})
    ->Args({5000, 20, 64, 100, 25})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// A training-step-like graph: placeholders, a forward chain with skips, the
// loss, and a backward chain mirroring it, each backward node reading the
// previous gradient and (sometimes) a saved forward value.
analysis::AutogradGraph make_graph(std::size_t n) {
  Rng rng{7};
  std::vector<analysis::AutogradNode> nodes;
  nodes.reserve(n);
  const std::size_t fwd = n / 2 - 1;
  auto add = [&](analysis::Stage stage, bool saved, std::vector<std::size_t> inputs) {
    analysis::AutogradNode node;
    node.name = numbered("n", nodes.size());
    node.stage = stage;
    node.saved = saved;
    node.out_bytes = static_cast<std::int64_t>(1 + rng.next() % (1 << 20));
    node.inputs = std::move(inputs);
    node.fwd_flop = static_cast<std::int64_t>(rng.next() % 1000000);
    nodes.push_back(std::move(node));
  };
  add(analysis::Stage::kPlaceholder, true, {});
  for (std::size_t i = 1; i < fwd; ++i) {
    std::vector<std::size_t> in = {i - 1};
    if (i > 4 && rng.next() % 4 == 0) in.push_back(i - 1 - rng.next() % 4);
    add(analysis::Stage::kForward, rng.next() % 2 == 0, in);
  }
  add(analysis::Stage::kLoss, false, {fwd - 1});
  const std::size_t loss = nodes.size() - 1;
  std::size_t grad = loss;
  while (nodes.size() < n) {
    std::vector<std::size_t> in = {grad};
    in.push_back(rng.next() % fwd);
    add(analysis::Stage::kBackward, false, in);
    grad = nodes.size() - 1;
    if (rng.next() % 3 == 0 && nodes.size() < n) add(analysis::Stage::kBackward, false, {grad});  // a weight gradient
  }
  return analysis::make_autograd_graph(std::move(nodes), "bench");
}

void BM_AnalyzeGraph(benchmark::State& state) {
  const auto graph = make_graph(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(analysis::analyze_autograd_graph(graph));
  state.counters["nodes"] = static_cast<double>(graph.nodes.size());
}
BENCHMARK(BM_AnalyzeGraph)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_BuildAndAnalyzeGraph(benchmark::State& state) {
  for (auto _ : state) {
    auto graph = make_graph(static_cast<std::size_t>(state.range(0)));
    benchmark::DoNotOptimize(analysis::analyze_autograd_graph(graph));
  }
}
BENCHMARK(BM_BuildAndAnalyzeGraph)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
