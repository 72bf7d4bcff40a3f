// `milp-sac evaluate`: exit 0 for a plan that breaks no rule, 1 (the JSON still
// printed, the first rule on stderr) for one that does, 2 for a plan that
// cannot be read, with the plan file and field named. The plan is the bundled
// sac_milp answer (examples/transformer_l4_sac_milp_plan.json); the figures
// themselves are checked against PyTorch's in python/tests/test_evaluate.py.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli_test_support.h"

using namespace milpsac;
using nlohmann::json;

namespace {

std::string evaluate(const std::string& plan, const std::string& options) {
  return "evaluate " + test::example("transformer_l4.json") + " --plan " + plan + " --world-size 4 " + options;
}

}  // namespace

TEST_CASE("evaluate: a plan within the budget exits 0, over it exits 1 with the rule named") {
  const std::string plan = test::example("transformer_l4_sac_milp_plan.json");
  const test::CliRun free_run = test::run_cli(evaluate(plan, "--quiet"));
  REQUIRE(free_run.exit_code == 0);
  const json out = json::parse(free_run.out);
  CHECK(out["status"] == "ok");
  CHECK(out["plan_format"] == "sac_milp");
  CHECK(out["budget_gib"].is_null());
  CHECK(out["violations"].empty());
  const double peak = out["peak_memory_bytes"].get<double>();
  double largest = 0.0;  // the timeline's largest point is the true peak
  for (const json& point : out["memory_timeline"]) largest = std::max(largest, point["plan_bytes"].get<double>());
  CHECK(largest == peak);

  // A budget just below the true peak breaks the rule; one just above does not.
  const double below = (peak - 1) / 1073741824.0, above = (peak + 1) / 1073741824.0;
  char text[64];
  std::snprintf(text, sizeof text, "--budget %.12f", std::floor(below * 1e12) / 1e12);
  const test::CliRun over = test::run_cli(evaluate(plan, text));
  CHECK(over.exit_code == 1);
  const json broken = json::parse(over.out);
  CHECK(broken["status"] == "broken");
  REQUIRE(broken["violations"].size() == 1);
  CHECK(broken["violations"][0]["rule"] == "budget");
  CHECK(broken["peak_memory_bytes"] == out["peak_memory_bytes"]);
  CHECK(over.err.find("breaks 1 rule") != std::string::npos);
  std::snprintf(text, sizeof text, "--budget %.12f --quiet", std::ceil(above * 1e12) / 1e12);
  CHECK(test::run_cli(evaluate(plan, text)).exit_code == 0);

  const test::CliRun table = test::run_cli(evaluate(plan, "--budget 1 --format table --quiet"));
  CHECK(table.exit_code == 1);
  CHECK(table.out.find("broken rules: 1") != std::string::npos);
  CHECK(table.out.find("true peak memory") != std::string::npos);
}

TEST_CASE("evaluate: the same plan in every JSON shape gives the same figures") {
  const json tuple = json::parse(test::read_text(test::source_path("examples/transformer_l4_sac_milp_plan.json")));
  test::TempFile bare(tuple[0].dump()), wrapped(json{{"ac_decisions", tuple[0]}}.dump());
  const json a =
      json::parse(test::run_cli(evaluate(test::example("transformer_l4_sac_milp_plan.json"), "--quiet")).out);
  for (const test::TempFile* file : {&bare, &wrapped}) {
    const json b = json::parse(test::run_cli(evaluate("'" + file->path + "'", "--quiet")).out);
    CHECK(b["plan_format"] == "ac_decisions");
    CHECK(b["peak_memory_bytes"] == a["peak_memory_bytes"]);
    CHECK(b["recomputation_time_ms"] == a["recomputation_time_ms"]);
    CHECK(b["claimed_peak_memory_bytes"].is_null());
  }
}

TEST_CASE("evaluate: a plan that cannot be read exits 2 naming the plan file and field") {
  test::TempFile bad(R"({"ac_decisions": {"Transformer.layers.0": true}})");
  const test::CliRun run = test::run_cli(evaluate("'" + bad.path + "'", ""));
  CHECK(run.exit_code == 2);
  CHECK(run.out.empty());
  CHECK(run.err.find(bad.path + ": ac_decisions.Transformer.layers.0") != std::string::npos);
  const test::CliRun missing = test::run_cli(evaluate("/nonexistent/plan.json", ""));
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("/nonexistent/plan.json") != std::string::npos);
  const test::CliRun no_plan = test::run_cli("evaluate " + test::example("transformer_l4.json"));
  CHECK(no_plan.exit_code == 2);
  CHECK(no_plan.err.find("--plan") != std::string::npos);
}
