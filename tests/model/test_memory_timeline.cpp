// The memory timeline (model/sac/memory_timeline.h) against what `milp-sac
// sac` reports and against a computation of its own, on every bundled SAC
// example (examples/ and tests/data/instances/sac) and on the synthetic
// families, at budgets 30/50/70 % of the way from the smallest feasible peak
// to the no-AC peak (30/70 % on the synthetic ones), world sizes 1 and 4:
//   - one point per module, in bw_pre_order, every point "backward";
//   - its largest plan_bytes is the plan's peak (peak_memory_bytes, rounded
//     up) and within the budget; its largest baseline_bytes is the baseline
//     peak (compute_baseline);
//   - each point's plan_bytes is its baseline_bytes minus what the units that
//     finished before it in fw_post_order discarded, minus the sharded part of
//     parameters and gradients: recomputed here from the ratios by hand;
//   - ac_unit and units_discarded_at_peak name AC units of the plan, where
//     they should.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "model/sac/baseline.h"
#include "model/sac/memory_timeline.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/sac_min_budget.h"
#include "model/sac/sac_solver.h"
#include "model/sac/sac_sweep.h"
#include "model_test_support.h"
#include "synthetic/synthetic_module_info.h"
#include "synthetic_request.h"

using namespace milpsac;
using model::ModuleInfo;

namespace {

// A byte of slack per 2^40 of memory: plan_bytes is the evaluator's long
// double sum rounded to double, the check here sums in another order.
constexpr double kRelativeBytes = 1e-12;

bool inside(const std::string& inner, const std::string& outer) {
  return inner == outer ||
         (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0 && inner[outer.size()] == '.');
}

void check_timeline(const ModuleInfo& info, int world_size, double fraction) {
  const model::SacRequest request = test::request_at(info, fraction, world_size);
  CAPTURE(request.budget_gib);
  model::SacSolveOptions options;
  const Deadline clock(60.0);
  options.deadline = &clock;
  const model::SacSolution solution = model::solve_sac(info, request, options);
  REQUIRE(solution.has_plan);
  const model::MemoryTimeline timeline = model::memory_timeline(info, solution.plan, solution.evaluation);
  const auto& points = timeline.points;

  // One point per module, in bw_pre_order.
  REQUIRE(points.size() == info.modules.size());
  for (size_t k = 0; k < points.size(); ++k) {
    CHECK(info.modules[static_cast<size_t>(points[k].module)].fqn == info.order.bw_pre_order[k]);
    CHECK(points[k].phase == model::TimelinePhase::kBackward);
  }

  // The peaks.
  double plan_max = -INFINITY;
  std::int64_t baseline_max = points.front().baseline_bytes;
  for (const model::TimelinePoint& p : points) {
    plan_max = std::max(plan_max, p.plan_bytes);
    baseline_max = std::max(baseline_max, p.baseline_bytes);
  }
  CHECK(std::llround(std::ceil(plan_max)) == std::llround(std::ceil(solution.peak_bytes)));
  CHECK(plan_max <= request.budget_gib * model::kBytesPerGiB);
  CHECK(baseline_max == model::compute_baseline(info).peak_memory_bytes);
  REQUIRE(timeline.peak_point >= 0);
  CHECK(points[static_cast<size_t>(timeline.peak_point)].plan_bytes >= plan_max);
  REQUIRE(timeline.baseline_peak_point >= 0);
  CHECK(points[static_cast<size_t>(timeline.baseline_peak_point)].baseline_bytes == baseline_max);

  // Each point from the ratios, by hand.
  std::set<int> units;
  std::map<int, double> discarded;  // module -> bytes, from its ratio
  for (const model::AcDecision& d : solution.plan) {
    units.insert(d.module);
    const model::ModStats& m = info.modules[static_cast<size_t>(d.module)];
    const double acm = static_cast<double>(std::max(m.sac_memory, m.act_fw_per_module));
    discarded[d.module] = acm * d.ratio - (acm - static_cast<double>(m.act_fw_per_module));
  }
  const double params = static_cast<double>(info.modules.front().param_per_module);
  for (const model::TimelinePoint& p : points) {
    const model::ModStats& m = info.modules[static_cast<size_t>(p.module)];
    double expected =
        static_cast<double>(p.baseline_bytes) - (params + static_cast<double>(m.grad_total)) * (1.0 - 1.0 / world_size);
    for (const auto& [unit, bytes] : discarded)
      if (info.fw_post_position[static_cast<size_t>(unit)] < info.fw_post_position[static_cast<size_t>(p.module)])
        expected -= bytes;
    CAPTURE(m.fqn);
    CHECK(p.plan_bytes == doctest::Approx(expected).epsilon(kRelativeBytes).scale(static_cast<double>(baseline_max)));
    // ac_unit: the plan's unit on the path to the root, if any.
    int unit = -1;
    for (int u : units)
      if (inside(m.fqn, info.modules[static_cast<size_t>(u)].fqn)) unit = u;
    CHECK(p.ac_unit == unit);
  }

  // The units discarded at the peak: exactly the plan's units before it in
  // fw_post_order that discard something.
  const int peak_module = points[static_cast<size_t>(timeline.peak_point)].module;
  std::vector<int> before;
  for (const std::string& fqn : info.order.fw_post_order) {
    const int j = model::find_module(info, fqn);
    if (j == peak_module) break;
    if (units.count(j) && discarded[j] > 0) before.push_back(j);
  }
  CHECK(timeline.units_discarded_at_peak == before);
}

std::vector<std::string> bundled_examples() {
  const char* source = std::getenv("MILPSAC_SOURCE");
  REQUIRE(source != nullptr);
  std::vector<std::string> paths = {std::string(source) + "/examples/transformer_l4.json"};
  for (const char* name : {"gpt4", "gpt12", "moe2", "resnet50", "transformer_l4"})
    paths.push_back(test::instance_path(std::string("sac/") + name + ".json"));
  return paths;
}

}  // namespace

TEST_CASE("memory timeline: bundled examples, peaks and every point agree with the plan and the baseline") {
  for (const std::string& path : bundled_examples()) {
    CAPTURE(path);
    const ModuleInfo info = model::read_module_info_file(path);
    for (int world_size : {1, 4})
      for (double fraction : {0.3, 0.5, 0.7}) {
        CAPTURE(world_size);
        CAPTURE(fraction);
        check_timeline(info, world_size, fraction);
      }
  }
}

TEST_CASE("memory timeline: synthetic families") {
  for (const auto family : {model::SyntheticFamily::kTransformer, model::SyntheticFamily::kLlama,
                            model::SyntheticFamily::kMoe, model::SyntheticFamily::kResnet})
    for (int modules : {60, 400}) {
      CAPTURE(model::to_string(family));
      CAPTURE(modules);
      const ModuleInfo info = test::synthetic_model(family, modules);
      for (double fraction : {0.3, 0.7}) {
        CAPTURE(fraction);
        check_timeline(info, fraction < 0.5 ? 1 : 4, fraction);
      }
    }
}
