// Round-2 SAC features against independent checks:
//   - the cumulative formulation with twin counts has the optimum of the
//     chain formulation without them on every SAC case of the tests
//     (transformer_l4 cases, expected.tsv) and on 50 random synthetic models
//     of every family;
//   - twin counts close gap 0 on a 1,000-module LLaMA-like model in few nodes,
//     and the greedy plan's point satisfies every row of the model;
//   - the greedy plan is always valid per the independent evaluator, and the
//     search never reports worse than it;
//   - the budget sweep is non-increasing on every bundled instance and its
//     points agree with single solves within their gaps;
//   - runtimes scaled by 1e-10 or 1e200 give the same plan (the objective is
//     rescaled inside); the CLI's sweep, plot, --quiet and exit codes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>

#include "model/sac/module_info_reader.h"
#include "model/sac/plan_evaluator.h"
#include "model/sac/sac_formulation.h"
#include "model/sac/sac_heuristic.h"
#include "model/sac/sac_solver.h"
#include "model/sac/sac_sweep.h"
#include "model_test_support.h"
#include "synthetic/synthetic_module_info.h"
#include "synthetic_request.h"

using namespace milpsac;
using model::ModuleInfo;
using model::SacRequest;
using model::SacSolution;
using Json = nlohmann::json;

namespace {

const char* const kInstances[] = {"gpt4", "gpt12", "moe2", "resnet50", "transformer_l4"};

const ModuleInfo& instance(const std::string& name) {
  static std::map<std::string, ModuleInfo> cache;
  auto it = cache.find(name);
  if (it == cache.end())
    it = cache.emplace(name, model::read_module_info_file(test::instance_path("sac/" + name + ".json"))).first;
  return it->second;
}

SacSolution solve(const ModuleInfo& info, const SacRequest& request, model::SacFormulation formulation,
                  double gap = 0.0, bool heuristic = true, bool twin_counts = true) {
  model::SacSolveOptions options;
  options.twin_counts = twin_counts;
  options.relative_gap = gap;
  const Deadline clock(120.0);
  options.deadline = &clock;
  options.formulation = formulation;
  options.use_heuristic = heuristic;
  return model::solve_sac(info, request, options);
}

// The greedy plan, rounded as reported, per the independent evaluator.
void check_heuristic(const ModuleInfo& info, const SacRequest& request, const SacSolution& exact) {
  const model::HeuristicPlan plan = model::greedy_sac_plan(info, request);
  if (!plan.found) return;  // allowed: the greedy is not complete
  CHECK(exact.has_plan);    // a plan exists, so the search must report one
  std::map<std::string, double> ratios;
  double recompute = 0.0;
  for (int i = 0; i < info.size(); ++i) {
    if (!plan.unit[static_cast<size_t>(i)]) continue;
    const model::ModStats& m = info.modules[static_cast<size_t>(i)];
    const double acm = static_cast<double>(model::effective_sac_memory(m));
    const double ia = static_cast<double>(m.act_fw_per_module);
    const double ratio = (acm - ia) / acm + plan.discard_gib[static_cast<size_t>(i)] * model::kBytesPerGiB / acm;
    ratios[m.fqn] = model::round_ratio_up(ratio);
    recompute += model::unit_recompute_ms(m, plan.discard_gib[static_cast<size_t>(i)]);
  }
  const model::PlanEvaluation e = model::evaluate_plan(info, ratios, request);
  for (const std::string& v : e.violations) CAPTURE(v);
  CHECK(e.ok());
  CHECK(recompute == doctest::Approx(plan.recompute_ms).epsilon(1e-9));
  if (exact.has_plan) CHECK(exact.objective_ms <= plan.recompute_ms * (1 + 1e-9) + 1e-9);
}

void check_same_optimum(const ModuleInfo& info, const SacRequest& request) {
  // Chain without twin counts and without the greedy start against the
  // default (cumulative, twin counts, greedy start): both reformulations
  // and the start are checked at once.
  const SacSolution chain = solve(info, request, model::SacFormulation::kChain, 0.0, false, false);
  const SacSolution cumulative = solve(info, request, model::SacFormulation::kCumulative);
  REQUIRE(chain.has_plan == cumulative.has_plan);
  check_heuristic(info, request, cumulative);
  if (!chain.has_plan) return;
  CHECK(chain.status == model::SacStatus::kOptimal);
  CHECK(cumulative.status == model::SacStatus::kOptimal);
  CHECK(cumulative.objective_ms == doctest::Approx(chain.objective_ms).epsilon(1e-6).scale(1e-3));
  CHECK(cumulative.violations.empty());
}

// A LLaMA-like synthetic model of about `modules` modules.
ModuleInfo llama(int modules) { return test::synthetic_model(model::SyntheticFamily::kLlama, modules); }

std::optional<std::vector<std::string>> units(const Json& value) {
  if (value.is_null()) return std::nullopt;
  return value.get<std::vector<std::string>>();
}

}  // namespace

TEST_CASE("cumulative = chain optimum: the transformer_l4 cases and expected.tsv, greedy plans valid") {
  const Json cases = Json::parse(test::read_text(test::instance_path("sac/transformer_l4.cases.json")));
  for (const Json& c : cases["cases"]) {
    CAPTURE(c["name"].get<std::string>());
    SacRequest request;
    request.budget_gib = c["memory_budget_gib"];
    request.world_size = c["world_size"];
    request.ac_units = units(c["ac_units"]);
    request.fsdp_units = units(c["fsdp_units"]);
    check_same_optimum(instance("transformer_l4"), request);
  }
  for (const auto& row : test::read_tsv(test::instance_path("sac/expected.tsv"))) {
    CAPTURE(row.at("instance") + " budget " + row.at("budget_gib") + " W " + row.at("world_size"));
    SacRequest request;
    request.budget_gib = std::stod(row.at("budget_gib"));
    request.world_size = std::stoi(row.at("world_size"));
    check_same_optimum(instance(row.at("instance")), request);
  }
}

TEST_CASE("cumulative = chain optimum on 50 random synthetic models; greedy plans valid") {
  std::mt19937 rng(20261123);  // fixed seed: the same 50 models every run
  const model::SyntheticFamily families[] = {model::SyntheticFamily::kTransformer, model::SyntheticFamily::kLlama,
                                             model::SyntheticFamily::kMoe, model::SyntheticFamily::kResnet};
  for (int k = 0; k < 50; ++k) {
    model::SyntheticSpec spec;
    spec.family = families[k % 4];
    spec.layers = 1 + static_cast<int>(rng() % 3);
    spec.experts = 2 + static_cast<int>(rng() % 3);
    spec.group_depth = static_cast<int>(rng() % 2);
    spec.group_fanout = 2;
    spec.hidden = 256 + 128 * static_cast<int>(rng() % 4);
    spec.seq = 256 << (rng() % 3);
    spec.batch = 1 + static_cast<int>(rng() % 4);
    const ModuleInfo info = model::parse_module_info(model::synthetic_module_info_json(spec), "random.json");
    SacRequest request;
    request.world_size = 1 << (rng() % 3);
    const double top = model::no_ac_peak_gib(info, request.world_size);
    const model::MinBudget min = model::smallest_feasible_budget(info, request, Deadline(30.0));
    REQUIRE(min.found);
    // From a little below the smallest feasible budget to the no-AC peak.
    const double fraction = std::uniform_real_distribution<double>(-0.05, 1.0)(rng);
    request.budget_gib = min.peak_gib + fraction * (top - min.peak_gib);
    CAPTURE(k);
    CAPTURE(std::string(model::to_string(spec.family)));
    CAPTURE(info.size());
    CAPTURE(request.budget_gib);
    check_same_optimum(info, request);
  }
}

TEST_CASE("twin counts: gap 0 in few nodes on 1,000 LLaMA-like modules; the greedy point satisfies every row") {
  const ModuleInfo info = llama(1000);
  for (double fraction : {0.3, 0.5, 0.7}) {
    CAPTURE(fraction);
    const SacRequest request = test::request_at(info, fraction);
    const model::SacModel sac = model::build_sac_model(info, request);
    // Identical layers: the attention, core, MLP and layer units form groups.
    CHECK(sac.twin_count_col.size() >= 4);
    for (const auto& [col, members] : sac.twin_count_col) {
      CHECK(sac.lp.is_integer[static_cast<size_t>(col)]);
      CHECK(members.size() >= 2);
    }
    const model::HeuristicPlan greedy = model::greedy_sac_plan(info, request);
    REQUIRE(greedy.found);
    const Eigen::VectorXd x = model::heuristic_point(info, sac, greedy);
    CHECK(test::max_violation(sac.lp, x) <= 1e-9);
    // Without the counts this search took 38,257 nodes at 50 % (12 s) and did
    // not finish in 30 s at 30 % and 70 %; with them 15-83 nodes.
    model::SacSolveOptions options;
    options.relative_gap = 0.0;
    const Deadline clock(120.0);
    options.deadline = &clock;
    const SacSolution s = model::solve_sac(info, request, options);
    REQUIRE(s.has_plan);
    CHECK(s.status == model::SacStatus::kOptimal);
    CHECK(s.nodes <= 2000);
    CHECK(s.violations.empty());
  }
}

TEST_CASE("a time limit still returns the greedy plan, with its gap") {
  const ModuleInfo info = llama(600);
  const SacRequest request = test::request_at(info, 0.5);
  model::SacSolveOptions options;
  const Deadline clock(1e-6);  // expires before the root LP
  options.deadline = &clock;
  const SacSolution s = model::solve_sac(info, request, options);
  REQUIRE(s.has_plan);
  CHECK(s.found_by == "heuristic");
  CHECK(s.status == model::SacStatus::kTimeLimit);
  CHECK(s.gap > 0);
  CHECK(s.violations.empty());
}

TEST_CASE("runtimes scaled by 1e-10 and 1e200: the same plan, the objective scaled") {
  const ModuleInfo& base = instance("transformer_l4");
  SacRequest request;
  request.budget_gib = 1.2;
  request.world_size = 4;
  const SacSolution reference = solve(base, request, model::kDefaultFormulation);
  REQUIRE(reference.has_plan);
  for (double scale : {1e-10, 1e200}) {
    CAPTURE(scale);
    ModuleInfo scaled = base;
    for (model::ModStats& m : scaled.modules) {
      m.sac_runtime *= scale;
      m.fw_runtime_per_module *= scale;
      m.bw_runtime_per_module *= scale;
    }
    const SacSolution s = solve(scaled, request, model::kDefaultFormulation);
    REQUIRE(s.has_plan);
    CHECK(s.status == model::SacStatus::kOptimal);
    CHECK(s.objective_ms / scale == doctest::Approx(reference.objective_ms).epsilon(1e-6));
    CHECK(s.violations.empty());
  }
}

TEST_CASE("budget sweep: non-increasing on every bundled instance, points agree with single solves") {
  for (const char* name : kInstances) {
    CAPTURE(name);
    const ModuleInfo& info = instance(name);
    SacRequest request;
    request.world_size = 2;
    model::SweepOptions options;
    options.points = 6;
    const model::Sweep sweep = model::sweep_budgets(info, request, options);
    REQUIRE(sweep.min_feasible_budget_gib);
    REQUIRE(sweep.points.size() >= 6);  // the grid, and the brackets of located breakpoints
    if (!sweep.breakpoints_located) CHECK(sweep.points.size() == 6);
    CHECK(sweep.monotone);
    CHECK(sweep.points.front().budget_gib == doctest::Approx(*sweep.min_feasible_budget_gib));
    CHECK(sweep.points.back().budget_gib == doctest::Approx(sweep.no_ac_peak_gib));
    CHECK(sweep.points.back().solution.recompute_ms == doctest::Approx(0.0));
    for (size_t p = 0; p < sweep.points.size(); ++p) {
      const model::SweepPoint& point = sweep.points[p];
      CAPTURE(point.budget_gib);
      REQUIRE(point.solution.has_plan);
      CHECK(point.solution.violations.empty());
      if (p > 0) CHECK(point.solution.recompute_ms <= sweep.points[p - 1].solution.recompute_ms + 1e-9);
      SacRequest at = request;
      at.budget_gib = point.budget_gib;
      const SacSolution single = model::solve_sac(info, at, {});
      REQUIRE(single.has_plan);
      // Each answer is at least the other's proven bound (both within their gap of the optimum).
      CHECK(point.solution.objective_ms >= single.bound_ms - 1e-6);
      CHECK(single.objective_ms >= point.solution.bound_ms - 1e-6);
    }
  }
}

namespace {

// Every located change: the flagged point is within the tolerance above its
// predecessor, has another unit set and was solved at gap 0; between located
// changes the unit set stays the same; budgets strictly increase.
void check_breakpoints(const model::Sweep& sweep, const model::SweepOptions& options) {
  REQUIRE(sweep.breakpoints_located);
  CHECK(sweep.monotone);
  const double range = sweep.points.back().budget_gib - sweep.points.front().budget_gib;
  auto units = [](const SacSolution& s) {
    std::vector<int> u;
    for (const model::AcDecision& d : s.plan) u.push_back(d.module);
    std::sort(u.begin(), u.end());
    return u;
  };
  int flagged = 0;
  for (size_t p = 1; p < sweep.points.size(); ++p) {
    const model::SweepPoint& before = sweep.points[p - 1];
    const model::SweepPoint& point = sweep.points[p];
    CAPTURE(point.budget_gib);
    CHECK(point.budget_gib > before.budget_gib);
    REQUIRE(point.solution.has_plan);
    CHECK(point.solution.violations.empty());
    CHECK(point.solution.recompute_ms <= before.solution.recompute_ms + 1e-9);
    if (point.plan_change) {
      ++flagged;
      CHECK(point.budget_gib - before.budget_gib <= options.breakpoint_tolerance * range * (1 + 1e-9));
      CHECK(units(point.solution) != units(before.solution));
      CHECK(point.solution.status == model::SacStatus::kOptimal);  // probes are solved at gap 0
    } else {
      CHECK(units(point.solution) == units(before.solution));
    }
  }
  CHECK(flagged == sweep.plan_changes);
}

}  // namespace

TEST_CASE("budget sweep breakpoints: each change of the AC-unit set bracketed within the tolerance") {
  const ModuleInfo& info = instance("transformer_l4");
  SacRequest request;
  model::SweepOptions options;  // defaults: 21 points
  // Room above the changes this model shows. Its four layers are alike, so
  // near the no-AC peak every one-unit set is optimal up to the rounding of
  // the ratios, and which one each probe returns follows the solver's path:
  // 8 or 9 changes, depending on the build. At the default of 8 the test sat
  // on the limit, where one more tie turned it into a grid.
  options.max_breakpoints = 16;
  const model::Sweep sweep = model::sweep_budgets(info, request, options);
  REQUIRE(sweep.plan_changes >= 1);
  check_breakpoints(sweep, options);

  // gpt4 has 10 changes between grid points and more inside them: brackets
  // split by a third unit set.
  model::SweepOptions many = options;
  many.max_breakpoints = 64;
  const model::Sweep split = model::sweep_budgets(instance("gpt4"), request, many);
  CHECK(split.plan_changes > 10);
  check_breakpoints(split, many);

  // The grid alone when asked, or when the changes are more than allowed.
  options.max_breakpoints = 0;
  const model::Sweep grid = model::sweep_budgets(info, request, options);
  CHECK_FALSE(grid.breakpoints_located);
  CHECK(grid.points.size() == 21);
  options.max_breakpoints = sweep.plan_changes - 1;
  const model::Sweep too_many = model::sweep_budgets(info, request, options);
  CHECK_FALSE(too_many.breakpoints_located);
  CHECK(too_many.points.size() == 21);
  for (const model::SweepPoint& p : too_many.points) CHECK_FALSE(p.plan_change);
}

TEST_CASE("cli: sac --budget-sweep JSON, table, plot; --quiet; formulation names") {
  const std::string l4 = "'" + test::instance_path("sac/transformer_l4.json") + "'";
  SUBCASE("JSON keys and points") {
    const auto r = test::run_cli("sac " + l4 + " --budget-sweep --points 5 --world-size 4");
    REQUIRE(r.exit_code == 0);
    const Json out = Json::parse(r.out);
    REQUIRE(out["points"].size() >= 5);
    for (const char* key :
         {"min_feasible_budget_gib", "no_ac_peak_gib", "baseline_peak_gib", "monotone", "sweep", "plan_changes"})
      CHECK(out.contains(key));
    int changes = 0;
    for (const Json& p : out["points"]) {
      for (const char* key : {"budget_gib", "status", "recomputation_time_ms", "peak_memory_bytes", "gap", "bound_ms",
                              "ac_decisions", "seconds", "plan_change"})
        CHECK(p.contains(key));
      changes += p["plan_change"].get<bool>() ? 1 : 0;
    }
    if (out["sweep"] == "breakpoints") CHECK(changes == out["plan_changes"].get<int>());
    const auto grid = test::run_cli("sac " + l4 + " --budget-sweep --points 5 --world-size 4 --max-breakpoints 0");
    REQUIRE(grid.exit_code == 0);
    CHECK(Json::parse(grid.out)["points"].size() == 5);
    CHECK(Json::parse(grid.out)["sweep"] == "grid");
    CHECK(out["points"].back()["budget_gib"].get<double>() == doctest::Approx(out["no_ac_peak_gib"].get<double>()));
  }
  SUBCASE("range, table and plot") {
    const std::string svg = test::temp_path("sweep.svg");
    std::remove(svg.c_str());
    const auto r =
        test::run_cli("sac " + l4 + " --budget-sweep --from 1.2 --to 2 --points 3 --format table --plot '" + svg + "'");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("budget GiB") != std::string::npos);
    const std::string text = test::read_text(svg);
    CHECK(text.find("<svg") != std::string::npos);
    CHECK(text.find("baseline peak") != std::string::npos);
    CHECK(text.find("</svg>") != std::string::npos);
  }
  SUBCASE("bad sweep options: exit 2") {
    CHECK(test::run_cli("sac " + l4 + " --budget-sweep --points 1").exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget-sweep --max-breakpoints -1").exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget-sweep --from 2 --to 1").exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget-sweep --budget 1").exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget 1.6 --formulation pulp").exit_code == 2);
  }
  SUBCASE("every formulation name, old ones too, gives the same plan value") {
    double value = -1;
    for (const char* f : {"cumulative", "chain", "ours"}) {
      const auto r = test::run_cli("sac " + l4 + " --budget 1.6 --world-size 4 --gap 0 --formulation " + f);
      REQUIRE(r.exit_code == 0);
      const double v = Json::parse(r.out)["recomputation_time_ms"].get<double>();
      if (value >= 0) CHECK(v == doctest::Approx(value).epsilon(1e-6));
      value = v;
    }
  }
  SUBCASE("warnings: one line per kind, none with --quiet") {
    auto stderr_lines = [&](const std::string& extra) {
      const std::string command =
          std::string("'") + std::getenv("MILPSAC_BIN") + "' sac " + l4 + " --budget 1.6 " + extra + " 2>&1 >/dev/null";
      FILE* pipe = popen(command.c_str(), "r");
      REQUIRE(pipe != nullptr);
      int lines = 0, c = 0;
      while ((c = std::fgetc(pipe)) != EOF) lines += c == '\n';
      pclose(pipe);
      return lines;
    };
    REQUIRE_FALSE(instance("transformer_l4").warnings.empty());
    CHECK(stderr_lines("") == 1);
    CHECK(stderr_lines("--quiet") == 0);
  }
}

namespace {

// Everything a sweep reports but the seconds.
void check_same_sweep(const model::Sweep& a, const model::Sweep& b) {
  CHECK(a.min_feasible_budget_gib == b.min_feasible_budget_gib);
  CHECK(a.min_feasible_proven == b.min_feasible_proven);
  CHECK(a.monotone == b.monotone);
  CHECK(a.breakpoints_located == b.breakpoints_located);
  CHECK(a.plan_changes == b.plan_changes);
  REQUIRE(a.points.size() == b.points.size());
  for (size_t p = 0; p < a.points.size(); ++p) {
    const model::SweepPoint& x = a.points[p];
    const model::SweepPoint& y = b.points[p];
    CAPTURE(x.budget_gib);
    CHECK(x.budget_gib == y.budget_gib);  // bit for bit: the same computation
    CHECK(x.plan_change == y.plan_change);
    CHECK(x.repaired == y.repaired);
    CHECK(x.solution.status == y.solution.status);
    CHECK(x.solution.found_by == y.solution.found_by);
    CHECK(x.solution.recompute_ms == y.solution.recompute_ms);
    CHECK(x.solution.peak_bytes == y.solution.peak_bytes);
    CHECK(x.solution.bound_ms == y.solution.bound_ms);
    CHECK(x.solution.nodes == y.solution.nodes);
    REQUIRE(x.solution.plan.size() == y.solution.plan.size());
    for (size_t d = 0; d < x.solution.plan.size(); ++d) {
      CHECK(x.solution.plan[d].module == y.solution.plan[d].module);
      CHECK(x.solution.plan[d].ratio == y.solution.plan[d].ratio);
    }
  }
}

// The sweep of each model on 1 and on 2 threads, the grid alone and with
// breakpoints searched in parallel: the same curve.
void check_threads_agree(const std::vector<std::pair<std::string, ModuleInfo>>& models) {
  for (const auto& [name, info] : models) {
    CAPTURE(name);
    for (int max_breakpoints : {0, 64}) {  // the grid alone; breakpoints searched in parallel
      CAPTURE(max_breakpoints);
      SacRequest request;
      request.world_size = 2;
      model::SweepOptions options;
      options.points = 9;
      options.max_breakpoints = max_breakpoints;
      options.threads = 1;
      const model::Sweep one = model::sweep_budgets(info, request, options);
      REQUIRE(one.points.size() >= 9);
      options.threads = 2;
      check_same_sweep(one, model::sweep_budgets(info, request, options));
    }
  }
}

}  // namespace

TEST_CASE("budget sweep: the same curve on 1 and on 2 threads (bundled example)") {
  REQUIRE(std::getenv("MILPSAC_SOURCE") != nullptr);  // set by meson test
  check_threads_agree({{"transformer_l4", model::read_module_info_file(std::string(std::getenv("MILPSAC_SOURCE")) +
                                                                       "/examples/transformer_l4.json")}});
}

// The synthetic families (120 modules each): the release build only (meson
// suite "slow"); under the sanitizers they take minutes, and ThreadSanitizer
// checks the threads separately (scripts/tsan --full).
TEST_SUITE("slow") {
  TEST_CASE("budget sweep: the same curve on 1 and on 2 threads (synthetic families, breakpoints)") {
    std::vector<std::pair<std::string, ModuleInfo>> models;
    for (model::SyntheticFamily family : {model::SyntheticFamily::kTransformer, model::SyntheticFamily::kLlama,
                                          model::SyntheticFamily::kMoe, model::SyntheticFamily::kResnet})
      models.emplace_back(model::to_string(family),
                          model::parse_module_info(
                              model::synthetic_module_info_json(model::synthetic_spec_for(family, 120)), "synth.json"));
    check_threads_agree(models);
  }
}
