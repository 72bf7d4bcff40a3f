// The SAC planner through our branch-and-bound, against the shared references:
//   - transformer_l4.cases.json: 13 cases with the seed formulation's exact
//     optimum; at gap 0 ours must match within 0.01 ms, with the same sorted
//     ratios as the reference plans (data/ml) and the same feasibility;
//   - expected.tsv: CBC at gap 0.05 on the seed formulation; at gap 0 ours must
//     be <= CBC + 0.01 ms (and <= the best known plan + 0.01 ms), feasibility
//     must match, and infeasible rows must report the smallest budget;
//   - cross-checks: the seed formulation (exported as MPS and solved by our
//     `solve`, or solved in process) has the same optimum as `sac`;
//   - the CLI: JSON keys, exit codes, table output.
// Every plan is re-checked by the independent evaluator. Suite "slow" holds the
// seed-formulation cross-checks on transformer_l4 (dense, tens of seconds).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "bnb/branch_and_bound.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/plan_evaluator.h"
#include "model/sac/sac_formulation.h"
#include "model/sac/sac_formulation_pairwise_bigm.h"
#include "model/sac/sac_solver.h"
#include "model_test_support.h"
#include "synthetic/synthetic_module_info.h"

using namespace milpsac;
using model::ModuleInfo;
using model::SacRequest;
using model::SacSolution;
using Json = nlohmann::json;

namespace {

const ModuleInfo& instance(const std::string& name) {
  static std::map<std::string, ModuleInfo> cache;
  auto it = cache.find(name);
  if (it == cache.end())
    it = cache.emplace(name, model::read_module_info_file(test::instance_path("sac/" + name + ".json"))).first;
  return it->second;
}

SacSolution solve_exact(const ModuleInfo& info, const SacRequest& request) {
  model::SacSolveOptions options;
  options.relative_gap = 0.0;
  const Deadline clock(60.0);
  options.deadline = &clock;
  return model::solve_sac(info, request, options);
}

// The reported plan passes the independent evaluator and fits the budget.
void check_plan(const ModuleInfo& info, const SacRequest& request, const SacSolution& solution) {
  REQUIRE(solution.has_plan);
  std::map<std::string, double> ratios;
  for (const auto& d : solution.plan) ratios[info.modules[static_cast<size_t>(d.module)].fqn] = d.ratio;
  const model::PlanEvaluation e = model::evaluate_plan(info, ratios, request);
  for (const std::string& v : e.violations) CAPTURE(v);
  CHECK(e.ok());
  CHECK(e.peak_bytes <= request.budget_gib * model::kBytesPerGiB);
  CHECK(solution.peak_bytes == e.peak_bytes);
  CHECK(solution.recompute_ms == doctest::Approx(e.total_recompute_ms));
  // Rounding ratios up costs a little recompute time, never saves any.
  CHECK(solution.recompute_ms >= solution.objective_ms - 1e-6);
  CHECK(solution.recompute_ms <= solution.objective_ms + 0.02);
  for (const auto& d : solution.plan) CHECK(d.ratio == model::round_ratio_up(d.ratio));
}

std::optional<std::vector<std::string>> units(const Json& value) {
  if (value.is_null()) return std::nullopt;
  return value.get<std::vector<std::string>>();
}

std::string shell_quote(const std::string& s) { return "'" + s + "'"; }

}  // namespace

TEST_CASE("transformer_l4: the 13 cases at gap 0 match the seed formulation's exact optimum") {
  const Json cases = Json::parse(test::read_text(test::instance_path("sac/transformer_l4.cases.json")));
  // Reference plans (gap 0) of the same cases, for the sorted-ratio comparison.
  const Json reference = Json::parse(
      test::read_text(test::test_data_dir() + "/data/ml/synthetic_common_dtensor_transformer_L4_module_info.json"));
  std::map<std::string, Json> reference_plan;
  for (const Json& c : reference["cases"]) reference_plan[c["name"]] = c["results"]["gap_0.0"]["ac_decisions"];

  const ModuleInfo& info = instance("transformer_l4");
  for (const Json& c : cases["cases"]) {
    const std::string name = c["name"];
    CAPTURE(name);
    SacRequest request;
    request.budget_gib = c["memory_budget_gib"];
    request.world_size = c["world_size"];
    request.ac_units = units(c["ac_units"]);
    request.fsdp_units = units(c["fsdp_units"]);
    const SacSolution s = solve_exact(info, request);
    CHECK(s.has_plan == c["expected_feasible"].get<bool>());
    if (!s.has_plan) {
      CHECK(s.status == model::SacStatus::kInfeasible);
      REQUIRE(s.min_budget);
      REQUIRE(s.min_budget->found);
      CHECK(s.min_budget->proven);
      CHECK(s.min_budget->peak_gib > request.budget_gib);
      // The suggested budget works, and a little below the minimum peak nothing does.
      SacRequest at = request;
      at.budget_gib = s.min_budget->suggested_gib;
      const SacSolution there = solve_exact(info, at);
      CHECK(there.has_plan);
      if (there.has_plan) check_plan(info, at, there);
      at.budget_gib = s.min_budget->peak_gib - 1e-4;
      CHECK_FALSE(solve_exact(info, at).has_plan);
      continue;
    }
    CHECK(s.status == model::SacStatus::kOptimal);
    CHECK(std::fabs(s.objective_ms - c["expected_exact_optimum_ms"].get<double>()) <= 0.01);
    check_plan(info, request, s);
    // Same AC modules up to the symmetric layers: compare sorted ratios.
    std::vector<double> ours, theirs;
    for (const auto& d : s.plan) ours.push_back(d.ratio);
    for (const auto& [fqn, ratio] : reference_plan.at(name).items()) theirs.push_back(ratio.get<double>());
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    CAPTURE(Json(ours).dump());
    CAPTURE(Json(theirs).dump());
    REQUIRE(ours.size() == theirs.size());
    CHECK(ours.size() == c["exact_ac_modules"].size());
    // The layers are symmetric and their recompute curves linear in pieces, so
    // the optimum may split the same discard differently between two layers
    // (budget_1.2: 0.7514 + 0.9472 here, 0.6985 + 1.0 in the reference): the
    // ratios must add up to the same total, and the smallest agree.
    double ours_sum = 0.0, theirs_sum = 0.0;
    for (size_t k = 0; k < ours.size(); ++k) {
      ours_sum += ours[k];
      theirs_sum += theirs[k];
    }
    CHECK(std::fabs(ours_sum - theirs_sum) <= 2e-3 * static_cast<double>(ours.size()));
    if (!ours.empty()) CHECK(std::fabs(ours.front() - theirs.front()) <= 2e-3);
  }
}

TEST_CASE("expected.tsv: at gap 0 no worse than CBC at gap 0.05, same feasibility, smallest budget when infeasible") {
  for (const auto& row : test::read_tsv(test::instance_path("sac/expected.tsv"))) {
    const std::string label = row.at("instance") + " budget " + row.at("budget_gib") + " W " + row.at("world_size");
    CAPTURE(label);
    const ModuleInfo& info = instance(row.at("instance"));
    SacRequest request;
    request.budget_gib = std::stod(row.at("budget_gib"));
    request.world_size = std::stoi(row.at("world_size"));
    const SacSolution s = solve_exact(info, request);
    const bool feasible = row.at("cbc_status") == "feasible";
    CHECK(s.has_plan == feasible);
    if (feasible) {
      if (!s.has_plan) continue;
      CHECK(s.status == model::SacStatus::kOptimal);
      CHECK(s.objective_ms <= std::stod(row.at("cbc_recompute_ms")) + 0.01);
      CHECK(s.objective_ms <= std::stod(row.at("best_known_recompute_ms")) + 0.01);
      check_plan(info, request, s);
    } else {
      CHECK(s.status == model::SacStatus::kInfeasible);
      REQUIRE(s.min_budget);
      REQUIRE(s.min_budget->found);
      CHECK(s.min_budget->proven);
      CHECK(std::fabs(s.min_budget->peak_gib - std::stod(row.at("min_feasible_budget_gib"))) <= 1e-5);
    }
  }
}

TEST_CASE("expected.tsv: at the default gap 0.05 every plan is within 5% of the best known") {
  for (const auto& row : test::read_tsv(test::instance_path("sac/expected.tsv"))) {
    if (row.at("cbc_status") != "feasible") continue;
    const std::string label = row.at("instance") + " budget " + row.at("budget_gib") + " W " + row.at("world_size");
    CAPTURE(label);
    const ModuleInfo& info = instance(row.at("instance"));
    SacRequest request;
    request.budget_gib = std::stod(row.at("budget_gib"));
    request.world_size = std::stoi(row.at("world_size"));
    const SacSolution s = model::solve_sac(info, request, {});
    REQUIRE(s.has_plan);
    CHECK(s.gap <= 0.05 + 1e-9);
    const double best = std::stod(row.at("best_known_recompute_ms"));
    CHECK(s.objective_ms <= best / (1.0 - 0.05) + 0.01);
    check_plan(info, request, s);
  }
}

TEST_CASE("tiny model: ours and the seed formulation agree, smallest budget by hand") {
  const ModuleInfo info = model::parse_module_info(test::tiny_module_info().dump(), "tiny.json");
  for (double budget_mib : {1282.0, 1282.5, 1300.0, 1312.0, 1350.0, 1402.0, 1500.0, 1612.0}) {
    for (int world : {1, 2}) {
      CAPTURE(budget_mib);
      CAPTURE(world);
      SacRequest request;
      request.budget_gib = budget_mib / 1024.0;
      request.world_size = world;
      const SacSolution ours = solve_exact(info, request);
      bnb::MilpOptions exact;
      exact.relative_gap = 0.0;
      const bnb::MilpResult seed = bnb::solve_milp(model::build_pairwise_bigm_sac_model(info, request).lp, exact);
      REQUIRE(ours.has_plan == seed.has_solution);
      if (!ours.has_plan) continue;
      CHECK(ours.objective_ms == doctest::Approx(seed.objective).epsilon(1e-7));
      check_plan(info, request, ours);
    }
  }
  SacRequest request;
  request.budget_gib = 1200.0 / 1024.0;
  const SacSolution none = solve_exact(info, request);
  CHECK_FALSE(none.has_plan);
  REQUIRE(none.min_budget);
  CHECK(none.min_budget->peak_gib == doctest::Approx(1282.0 / 1024.0).epsilon(1e-9));
}

TEST_CASE("cross-check: export-mps (seed and ours) solved by our `solve` gives the optimum of `sac`") {
  // Small models: the tiny one and a 2-layer synthetic transformer-like one.
  const std::string tiny_path = test::temp_path("tiny.json");
  test::write_text(tiny_path, test::tiny_module_info().dump());
  struct Case {
    std::string path;
    double budget;
    int world;
  };
  const std::string synthetic_path = test::temp_path("synthetic1.json");
  model::SyntheticSpec spec;
  spec.layers = 1;
  test::write_text(synthetic_path, model::synthetic_module_info_json(spec));
  const std::vector<Case> cases = {
      {tiny_path, 1300.0 / 1024, 1}, {tiny_path, 1402.0 / 1024, 2}, {synthetic_path, 0.9, 1}, {synthetic_path, 1.0, 2}};
  for (const Case& c : cases) {
    CAPTURE(c.path);
    CAPTURE(c.budget);
    const ModuleInfo info = model::read_module_info_file(c.path);
    SacRequest request;
    request.budget_gib = c.budget;
    request.world_size = c.world;
    const SacSolution ours = solve_exact(info, request);
    REQUIRE(ours.has_plan);
    for (const char* formulation : {"seed", "ours"}) {
      CAPTURE(formulation);
      const std::string mps = test::temp_path(std::string(formulation) + ".mps");
      char budget[64];
      std::snprintf(budget, sizeof budget, "%.17g", c.budget);
      const auto exported =
          test::run_cli("export-mps " + shell_quote(c.path) + " --budget " + budget + " --world-size " +
                        std::to_string(c.world) + " --formulation " + formulation + " -o " + shell_quote(mps));
      REQUIRE(exported.exit_code == 0);
      const auto solved = test::run_cli("solve " + shell_quote(mps) + " --gap 0");
      REQUIRE(solved.exit_code == 0);
      const Json out = Json::parse(solved.out);
      CHECK(out["status"] == "optimal");
      CHECK(out["objective"].get<double>() == doctest::Approx(ours.objective_ms).epsilon(1e-7));
    }
  }
}

TEST_CASE("cli: sac JSON, exit codes, table, baseline, export-mps errors") {
  const std::string l4 = shell_quote(test::instance_path("sac/transformer_l4.json"));
  SUBCASE("a plan: exit 0, docs/json.md keys in order") {
    const auto r = test::run_cli("sac " + l4 + " --budget 1.6 --world-size 4");
    REQUIRE(r.exit_code == 0);
    const auto out = nlohmann::ordered_json::parse(r.out);
    std::vector<std::string> keys;
    for (const auto& [key, value] : out.items()) keys.push_back(key);
    CHECK(keys == std::vector<std::string>{"schema", "status", "ac_decisions", "recomputation_time_ms",
                                           "peak_memory_bytes", "bound_ms", "gap", "found_by", "nodes", "seconds",
                                           "memory_timeline"});
    CHECK(out["ac_decisions"].size() == 4);
    CHECK(out["peak_memory_bytes"].get<double>() <= 1.6 * model::kBytesPerGiB);
    CHECK(out["gap"].get<double>() <= 0.05);
  }
  SUBCASE("infeasible: exit 1, JSON still printed, smallest budget") {
    const auto r = test::run_cli("sac " + l4 + " --budget 0.8 --world-size 4");
    CHECK(r.exit_code == 1);
    const Json out = Json::parse(r.out);
    CHECK(out["status"] == "infeasible");
    CHECK(out["ac_decisions"].empty());
    CHECK(out["min_feasible_budget_gib"].get<double>() > 0.8);
    CHECK(out["message"].get<std::string>().find("smallest budget") != std::string::npos);
  }
  SUBCASE("table format") {
    const auto r = test::run_cli("sac " + l4 + " --budget 1.6 --world-size 4 --format table");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("Transformer.layers.0") != std::string::npos);
    CHECK(r.out.find("baseline") != std::string::npos);
    CHECK(r.out.find("total") != std::string::npos);
  }
  SUBCASE("bad input: exit 2") {
    CHECK(test::run_cli("sac " + l4 + " --budget 1.6 --ac-units Transformer.nope").exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget 1.6 --fsdp-units Nope").exit_code == 2);
    CHECK(test::run_cli("sac " + l4).exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget -1").exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget 1 --world-size 0").exit_code == 2);
    CHECK(test::run_cli("sac " + l4 + " --budget 1 --gap -0.1").exit_code == 2);
    CHECK(test::run_cli("sac /nonexistent.json --budget 1").exit_code == 2);
    CHECK(test::run_cli("export-mps " + l4 + " --budget 1").exit_code == 2);
    CHECK(test::run_cli("export-mps " + l4 + " --budget 1 --formulation pulp -o /dev/null").exit_code == 2);
  }
  SUBCASE("baseline") {
    const auto r = test::run_cli("baseline " + l4);
    REQUIRE(r.exit_code == 0);
    const Json out = Json::parse(r.out);
    CHECK(out["peak_memory_bytes"] == 2675103744LL);
    CHECK(out["compute_time_ms"].get<double>() == doctest::Approx(96.49640827902832));
  }
}

TEST_SUITE("slow") {
  TEST_CASE("cross-check (slow): bundled instances, seed formulation solved by `solve` at gap 0") {
    struct Case {
      const char* name;
      double budget;
      int world;
    };
    for (const Case& c : {Case{"transformer_l4", 1.0, 4}, Case{"gpt4", 1.466, 1}}) {
      CAPTURE(c.name);
      CAPTURE(c.budget);
      const std::string path = test::instance_path(std::string("sac/") + c.name + ".json");
      SacRequest request;
      request.budget_gib = c.budget;
      request.world_size = c.world;
      const SacSolution ours = solve_exact(instance(c.name), request);
      REQUIRE(ours.has_plan);
      const std::string mps = test::temp_path("slow_seed.mps");
      REQUIRE(test::run_cli("export-mps " + shell_quote(path) + " --budget " + std::to_string(c.budget) +
                            " --world-size " + std::to_string(c.world) + " --formulation seed -o " + shell_quote(mps))
                  .exit_code == 0);
      const auto solved = test::run_cli("solve " + shell_quote(mps) + " --gap 0");
      REQUIRE(solved.exit_code == 0);
      const Json out = Json::parse(solved.out);
      CHECK(out["status"] == "optimal");
      CHECK(out["objective"].get<double>() == doctest::Approx(ours.objective_ms).epsilon(1e-6));
    }
  }
}
