// The plan at the default settings (gap 0.05) against the proven optimum
// (gap 0), solved in the same test: issue 24 item 1 asks for at most 0.5 %
// above it. On synthetic models of every family (tools/synthetic), budgets
// 30/50/70 % of the way from the smallest feasible peak to the no-AC peak,
// the default plan must be valid per the independent evaluator, within the
// budget, within 0.5 % of the optimum, and report an honest gap and bound
// (the bound below the optimum, the gap that of the returned plan), the same
// plan from run to run. The plain search at 0.05 (the optimum-first search
// of docs/sac.md turned off) must report an honest bound too, and a gap-0
// request must be left as it was.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "model/sac/module_info_reader.h"
#include "model/sac/sac_min_budget.h"
#include "model/sac/sac_solver.h"
#include "model/sac/sac_sweep.h"
#include "synthetic/synthetic_module_info.h"
#include "synthetic_request.h"

using namespace milpsac;
using model::ModuleInfo;
using model::SacRequest;
using model::SacSolution;

namespace {

// The acceptance bound of issue 24: the default plan at most this far above
// the optimum (relative).
constexpr double kAboveOptimum = 0.005;
// Round-off allowed when comparing two solver values of the same plan (relative).
constexpr double kRoundOff = 1e-6;

SacSolution solve(const ModuleInfo& info, const SacRequest& request, double gap, long optimum_nodes) {
  model::SacSolveOptions options;
  options.relative_gap = gap;
  options.optimum_nodes = optimum_nodes;
  const Deadline clock(120.0);
  options.deadline = &clock;
  return model::solve_sac(info, request, options);
}

// Same plan: the same units and ratios.
bool same_plan(const SacSolution& a, const SacSolution& b) {
  if (a.plan.size() != b.plan.size()) return false;
  for (size_t k = 0; k < a.plan.size(); ++k)
    if (a.plan[k].module != b.plan[k].module || std::fabs(a.plan[k].ratio - b.plan[k].ratio) > 0.5e-4) return false;
  return true;
}

// Every family at `modules` modules, budgets at 30/50/70 %.
void check_default_quality(int modules) {
  const model::SyntheticFamily families[] = {model::SyntheticFamily::kTransformer, model::SyntheticFamily::kLlama,
                                             model::SyntheticFamily::kMoe, model::SyntheticFamily::kResnet};
  for (model::SyntheticFamily family : families) {
    const ModuleInfo info = test::synthetic_model(family, modules);
    for (double fraction : {0.3, 0.5, 0.7}) {
      CAPTURE(std::string(model::to_string(family)));
      CAPTURE(info.size());
      CAPTURE(fraction);
      const SacRequest request = test::request_at(info, fraction);
      const model::SacSolveOptions defaults;
      REQUIRE(defaults.relative_gap == doctest::Approx(0.05));  // the default meaning is kept
      const SacSolution by_default = model::solve_sac(info, request, defaults);
      const SacSolution optimum = solve(info, request, 0.0, 0);
      REQUIRE(optimum.has_plan);
      REQUIRE(optimum.status == model::SacStatus::kOptimal);
      REQUIRE(by_default.has_plan);
      for (const std::string& v : by_default.violations) CAPTURE(v);
      CHECK(by_default.violations.empty());
      CHECK(by_default.peak_bytes <= request.budget_gib * model::kBytesPerGiB);
      CHECK(by_default.recompute_ms <= optimum.recompute_ms * (1 + kAboveOptimum));
      // Honest: the bound holds against the optimum, the gap is the plan's.
      CHECK(by_default.bound_ms <= optimum.objective_ms * (1 + kRoundOff));
      CHECK(by_default.gap <= defaults.relative_gap);
      const double gap = (by_default.objective_ms - by_default.bound_ms) / by_default.objective_ms;
      CHECK(by_default.gap == doctest::Approx(gap).epsilon(kRoundOff).scale(1e-9));
      if (by_default.status == model::SacStatus::kOptimal) CHECK(by_default.gap == 0.0);
      // The same answer again.
      CHECK(same_plan(by_default, model::solve_sac(info, request, defaults)));
    }
  }
}

}  // namespace

TEST_CASE("default settings: the plan within 0.5 % of the gap-0 optimum on every synthetic family (250 modules)") {
  check_default_quality(250);
}

// 1,000 modules: the release build only (meson suite "slow"); under the
// sanitizers these solves take minutes and exercise the same code.
TEST_SUITE("slow") {
  TEST_CASE("default settings: the plan within 0.5 % of the gap-0 optimum on every synthetic family (1,000 modules)") {
    check_default_quality(1000);
  }
}

TEST_CASE("optimum-first search: off gives the plain search at the gap, with an honest bound; gap 0 left alone") {
  const ModuleInfo info = test::synthetic_model(model::SyntheticFamily::kLlama, 1000);
  for (double fraction : {0.5, 0.7}) {
    CAPTURE(fraction);
    const SacRequest request = test::request_at(info, fraction);
    const SacSolution plain = solve(info, request, 0.05, 0);
    const SacSolution first = solve(info, request, 0.05, model::SacSolveOptions{}.optimum_nodes);
    const SacSolution exact = solve(info, request, 0.0, 0);
    REQUIRE(plain.has_plan);
    REQUIRE(first.has_plan);
    REQUIRE(exact.status == model::SacStatus::kOptimal);
    CHECK(plain.gap <= 0.05);
    CHECK(first.recompute_ms <= exact.recompute_ms * (1 + kAboveOptimum));
    // The plain search stops within 5 % by pruning and by reduced-cost
    // fixing; both must leave its bound below the optimum (at 70 % the
    // fixing once reported "optimal" 1.9 % above it).
    CHECK(plain.bound_ms <= exact.objective_ms * (1 + kRoundOff));
    if (plain.status == model::SacStatus::kOptimal) CHECK(plain.objective_ms <= exact.objective_ms * (1 + kRoundOff));
    // At gap 0 the setting changes nothing: the same plan and nodes.
    const SacSolution exact_with = solve(info, request, 0.0, model::SacSolveOptions{}.optimum_nodes);
    CHECK(same_plan(exact, exact_with));
    CHECK(exact.nodes == exact_with.nodes);
  }
}

TEST_CASE("optimum-first search cut short: the search goes on at the requested gap, status and bound honest") {
  // One node at 0.1 % rarely proves 0.2 %: the second search at 0.2 % runs.
  const ModuleInfo info = test::synthetic_model(model::SyntheticFamily::kLlama, 1000);
  constexpr double kRequested = 0.002;
  int went_on = 0;  // solves where the second search ran (more nodes than the first was allowed)
  for (double fraction : {0.3, 0.5, 0.7}) {
    CAPTURE(fraction);
    const SacRequest request = test::request_at(info, fraction);
    const SacSolution exact = solve(info, request, 0.0, 0);
    REQUIRE(exact.status == model::SacStatus::kOptimal);
    for (long nodes : {1L, 2L}) {
      CAPTURE(nodes);
      const SacSolution s = solve(info, request, kRequested, nodes);
      REQUIRE(s.has_plan);
      CHECK((s.status == model::SacStatus::kOptimal || s.status == model::SacStatus::kGapLimit));
      CHECK(s.gap <= kRequested);
      CHECK(s.violations.empty());
      CHECK(s.bound_ms <= exact.objective_ms * (1 + kRoundOff));
      CHECK(s.objective_ms <= exact.objective_ms * (1 + kRequested / (1 - kRequested)) * (1 + kRoundOff));
      if (s.nodes > nodes) ++went_on;
    }
  }
  CHECK(went_on > 0);  // the case this test is about did occur
}
