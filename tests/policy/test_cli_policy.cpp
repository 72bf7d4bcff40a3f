// `milp-sac policy` end to end: the docs/json.md JSON for every PyTorch case, both
// input shapes, --budget-sweep, --format table, and the exit codes (0 policy,
// 1 no policy with the JSON still printed, 2 bad input or usage).
#include <doctest/doctest.h>

#include "policy_test_support.h"

using namespace milpsac;
using test::json;

namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

std::string budget_arg(double budget) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", budget);
  return text;
}

}  // namespace

TEST_CASE("policy CLI: every PyTorch case, docs/json.md fields") {
  const json cases = test::load_cases();
  for (const json& c : cases.at("pytorch_cases")) {
    const double budget = c.at("memory_budget").get<double>();
    const test::CliResult run =
        test::run_milpsac("policy " + quoted(test::cases_path()) + " --budget " + budget_arg(budget));
    CAPTURE(budget);
    REQUIRE(run.exit_code == 0);
    const json out = json::parse(run.out);
    CHECK(out.at("status") == "optimal");
    CHECK(out.at("decisions") == c.at("expected"));
    CHECK(out.at("recomputation_time_ms").get<double>() == doctest::Approx(c.at("recompute_runtime").get<double>()));
    CHECK(out.at("saved_memory_bytes").get<std::int64_t>() <= c.at("max_memory_bytes").get<std::int64_t>());
    CHECK(out.at("max_memory_bytes") == c.at("max_memory_bytes"));
  }
}

TEST_CASE("policy CLI: a bare SACStats file works the same") {
  test::ScratchFile bare(test::load_cases().at("sac_stats").dump());
  const test::CliResult run = test::run_milpsac("policy " + quoted(bare.path()) + " --budget 0.5 --gap 0");
  REQUIRE(run.exit_code == 0);
  // 210 bytes: div + {linear, relu_} (22 ms saved) beats mm (15 ms).
  CHECK(json::parse(run.out).at("decisions") == json::array({1, 0, 1, 0, 1, 1, 0, 1}));
}

TEST_CASE("policy CLI: --budget-sweep lists the breakpoints; --format table") {
  const test::CliResult run = test::run_milpsac("policy " + quoted(test::cases_path()) + " --budget-sweep");
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out.at("status") == "optimal");
  CHECK(out.at("sweep") == "breakpoints");
  CHECK_FALSE(out.contains("decisions"));
  REQUIRE(out.at("points").size() == 7);
  CHECK(out.at("points")[2].at("decisions") == test::load_cases().at("pytorch_cases")[2].at("expected"));

  const test::CliResult both = test::run_milpsac("policy " + quoted(test::cases_path()) + " --budget 1 --budget-sweep");
  REQUIRE(both.exit_code == 0);
  const json out2 = json::parse(both.out);
  CHECK(out2.at("decisions") == json::array({1, 1, 1, 1, 1, 1, 0, 1}));
  CHECK(out2.at("points").size() == 7);

  const test::CliResult table =
      test::run_milpsac("policy " + quoted(test::cases_path()) + " --budget 0.3 --budget-sweep --format table");
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("aten.native_dropout") != std::string::npos);
  CHECK(table.out.find("recompute") != std::string::npos);
  CHECK(table.out.find("breakpoint") != std::string::npos);
}

TEST_CASE("policy CLI: no policy -> exit 1 with the JSON printed") {
  json stats = test::load_cases().at("sac_stats");
  stats["force_store_random"] = true;
  stats["view_like_ops"].push_back(4);  // the dropout: forced save and view-like
  test::ScratchFile conflict(stats.dump());
  test::CliResult run = test::run_milpsac("policy " + quoted(conflict.path()) + " --budget 0.5");
  CHECK(run.exit_code == 1);
  json out = json::parse(run.out);
  CHECK(out.at("status") == "infeasible");
  CHECK(out.at("decisions").is_null());
  CHECK(out.at("message").get<std::string>().find("view-like") != std::string::npos);
  run = test::run_milpsac("policy " + quoted(conflict.path()) + " --budget-sweep");
  CHECK(run.exit_code == 1);
  CHECK(json::parse(run.out).at("status") == "infeasible");

  json heavy = test::load_cases().at("sac_stats");
  heavy["inplace_ops"][0] = {3, 3};  // mm (120 bytes) is its own parent: always saved
  test::ScratchFile forced(heavy.dump());
  run = test::run_milpsac("policy " + quoted(forced.path()) + " --budget 0.2");
  CHECK(run.exit_code == 1);
  CHECK(json::parse(run.out).at("status") == "infeasible");
  CHECK(test::run_milpsac("policy " + quoted(forced.path()) + " --budget 0.3").exit_code == 0);
}

TEST_CASE("policy CLI: bad input and usage -> exit 2") {
  const std::string file = quoted(test::cases_path());
  json bad = test::load_cases().at("sac_stats");
  bad["inplace_ops"][1][1] = 40;
  test::ScratchFile bad_file(bad.dump());
  test::ScratchFile not_json("{ nope");
  for (const std::string& args : std::vector<std::string>{
           "policy " + file + " --budget 1.01",
           "policy " + file + " --budget -0.1",
           "policy " + file + " --budget abc",
           "policy " + file + " --budget nan",
           "policy " + file,
           "policy --budget 0.5",
           "policy " + file + " " + file + " --budget 0.5",
           "policy " + file + " --budget 0.5 --gap -1",
           "policy " + file + " --budget 0.5 --format xml",
           "policy " + file + " --budget 0.5 --unknown",
           "policy /nonexistent/stats.json --budget 0.5",
           "policy " + quoted(bad_file.path()) + " --budget 0.5",
           "policy " + quoted(not_json.path()) + " --budget 0.5",
       }) {
    CAPTURE(args);
    CHECK(test::run_milpsac(args).exit_code == 2);
  }
}

TEST_CASE("policy CLI: budgets 0 and 1 are accepted") {
  CHECK(test::run_milpsac("policy " + quoted(test::cases_path()) + " --budget 0").exit_code == 0);
  CHECK(test::run_milpsac("policy " + quoted(test::cases_path()) + " --budget=1").exit_code == 0);
}
