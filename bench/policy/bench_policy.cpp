// Operator-level SAC policy at module scale (issue 5): one exact solve at
// budget 0.5 for 50, 200, 500 and 2000 ops, and the budget sweep for the
// smaller sizes, on synthetic SACStats shaped like a transformer block's:
// matmuls and element-wise ops with activation-sized outputs (bf16 tensors,
// MBs), view-like ops (no memory), dropouts (random), in-place ops following
// their parent, and a few ops that are their own in-place parent.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>

#include "model/policy/op_policy.h"
#include "model/policy/sac_stats.h"

namespace {

using milpsac::model::SacStats;

SacStats synthetic_stats(int ops, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::lognormal_distribution<double> runtime(-1.5, 1.2);  // ms: median ~0.2
  SacStats s;
  int last_compute = -1;  // the last op that produced a tensor of its own
  for (int i = 0; i < ops; ++i) {
    const double kind = u(rng);
    std::string name = "aten.add";
    std::int64_t bytes = 2 * 4096 * (1 + static_cast<std::int64_t>(u(rng) * 2048));  // bf16, up to 16 MB
    double ms = runtime(rng);
    if (kind < 0.2) {
      name = "aten.view";
      bytes = 0;
      ms *= 0.01;
      s.view_like_ops.push_back(i);
    } else if (kind < 0.25) {
      name = "aten.native_dropout";
      s.rand_ops.push_back(i);
    } else if (kind < 0.35 && last_compute >= 0) {
      name = "aten.relu_";
      bytes = 0;
      s.inplace_ops.emplace_back(i, last_compute);
    } else if (kind < 0.37) {
      name = "aten.copy_";
      s.inplace_ops.emplace_back(i, i);
    } else if (kind < 0.55) {
      name = "aten.mm";
      ms *= 4.0;
    } else if (kind < 0.6) {
      name = "aten.sum";
      bytes = 4 + static_cast<std::int64_t>(u(rng) * 4096);  // small reductions: odd sizes
    }
    if (name != "aten.view" && name != "aten.relu_") last_compute = i;
    s.func_names.push_back(name);
    s.runtimes.push_back(std::round(ms * 1e4) / 1e4);
    s.memory.push_back(bytes);
  }
  return s;
}

void BM_policy(benchmark::State& state) {
  const SacStats stats = synthetic_stats(static_cast<int>(state.range(0)), 42);
  long nodes = 0;
  bool optimal = true;
  for (auto _ : state) {
    const milpsac::model::PolicyResult r = milpsac::model::solve_policy(stats, 0.5);
    benchmark::DoNotOptimize(r.recompute_time_ms);
    nodes = r.nodes;
    optimal = optimal && r.status == milpsac::bnb::MilpStatus::kOptimal;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["groups"] = static_cast<double>(milpsac::model::tie_ops(stats).members.size());
  state.counters["optimal"] = optimal ? 1.0 : 0.0;
}
BENCHMARK(BM_policy)->Arg(50)->Arg(200)->Arg(500)->Arg(2000)->Unit(benchmark::kMillisecond);

void BM_policy_sweep(benchmark::State& state) {
  const SacStats stats = synthetic_stats(static_cast<int>(state.range(0)), 42);
  double points = 0;
  bool breakpoints = true;
  for (auto _ : state) {
    const milpsac::model::PolicySweep sweep = milpsac::model::sweep_policy(stats);
    points = static_cast<double>(sweep.points.size());
    breakpoints = sweep.at_breakpoints;
  }
  state.counters["points"] = points;
  state.counters["breakpoints"] = breakpoints ? 1.0 : 0.0;
}
BENCHMARK(BM_policy_sweep)->Arg(50)->Arg(200)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
