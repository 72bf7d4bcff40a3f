// The shared PyTorch cases (test_sac_ilp.py): each budget gives exactly the
// expected vector, capacity and recompute time, read from the cases file at
// run time; the same with force_store_random; and the xformers variants, whose
// random ops are always recomputed, through our rules (random ops declared
// view-like) at their byte limits.
#include <doctest/doctest.h>

#include "model/policy/op_policy.h"
#include "policy_test_support.h"

using namespace milpsac;
using test::json;

namespace {

model::SacStats case_stats() { return model::read_sac_stats_file(test::cases_path()); }

std::vector<int> expected_vector(const json& c) { return c.at("expected").get<std::vector<int>>(); }

}  // namespace

TEST_CASE("PyTorch cases: every budget gives the expected (unique) optimal policy") {
  const json cases = test::load_cases();
  const model::SacStats stats = case_stats();
  REQUIRE(cases.at("pytorch_cases").size() == 7);
  for (const json& c : cases.at("pytorch_cases")) {
    const double budget = c.at("memory_budget").get<double>();
    CAPTURE(c.at("memory_budget_expr").get<std::string>());
    CHECK(model::memory_capacity(stats, budget) == c.at("max_memory_bytes").get<std::int64_t>());
    const model::PolicyResult r = model::solve_policy(stats, budget);
    REQUIRE(r.has_solution);
    CHECK(r.status == bnb::MilpStatus::kOptimal);
    CHECK(r.decisions == expected_vector(c));
    CHECK(r.recompute_time_ms == doctest::Approx(c.at("recompute_runtime").get<double>()));
    CHECK(model::total_runtime(stats) - r.recompute_time_ms == doctest::Approx(c.at("saved_runtime").get<double>()));
    CHECK(r.saved_memory_bytes <= r.max_memory_bytes);
    CHECK(r.bound_recompute_ms == doctest::Approx(r.recompute_time_ms));
    // The file says each optimum is unique: confirm, so that vector equality is the right test.
    const test::BruteForce brute = test::brute_force(stats, r.max_memory_bytes);
    CHECK(brute.optima == 1);
    CHECK(brute.best == expected_vector(c));
  }
}

TEST_CASE("PyTorch cases with force_store_random: the dropout is saved anyway, same vectors") {
  const json cases = test::load_cases();
  model::SacStats stats = case_stats();
  stats.force_store_random = true;
  for (const json& c : cases.at("pytorch_cases")) {
    const model::PolicyResult r = model::solve_policy(stats, c.at("memory_budget").get<double>());
    REQUIRE(r.has_solution);
    CHECK(r.decisions == expected_vector(c));
    for (int op : stats.rand_ops) CHECK(r.decisions[static_cast<size_t>(op)] == 1);
  }
}

TEST_CASE("xformers cases: random ops recomputed (as xformers does without force_store_random)") {
  const json cases = test::load_cases();
  model::SacStats stats = case_stats();
  REQUIRE_FALSE(stats.force_store_random);
  // xformers ties random ops to force_store_random itself; in our rules that is
  // a random op that is also view-like (always recomputed).
  stats.view_like_ops.insert(stats.view_like_ops.end(), stats.rand_ops.begin(), stats.rand_ops.end());
  REQUIRE(cases.at("xformers_cases").size() == 7);
  for (const json& c : cases.at("xformers_cases")) {
    const std::int64_t limit = c.at("max_memory").get<std::int64_t>();
    CAPTURE(limit);
    const model::PolicyResult r = model::solve_policy_for_capacity(stats, limit);
    REQUIRE(r.has_solution);
    CHECK(r.status == bnb::MilpStatus::kOptimal);
    CHECK(r.decisions == expected_vector(c));
    CHECK(test::brute_force(stats, limit).optima == 1);
  }
}

TEST_CASE("xformers cases: the budget fraction limit / total gives the same capacity and policy") {
  const json cases = test::load_cases();
  model::SacStats stats = case_stats();
  stats.view_like_ops.insert(stats.view_like_ops.end(), stats.rand_ops.begin(), stats.rand_ops.end());
  const double total = static_cast<double>(model::total_memory(stats));
  for (const json& c : cases.at("xformers_cases")) {
    const double budget = c.at("max_memory").get<double>() / total;
    CHECK(model::memory_capacity(stats, budget) == c.at("max_memory").get<std::int64_t>());
    CHECK(model::solve_policy(stats, budget).decisions == expected_vector(c));
  }
}

TEST_CASE("PyTorch cases: the sweep's breakpoints are exactly the seven case budgets") {
  const json cases = test::load_cases();
  const model::SacStats stats = case_stats();
  const model::PolicySweep sweep = model::sweep_policy(stats);
  REQUIRE(sweep.at_breakpoints);
  REQUIRE(sweep.points.size() == cases.at("pytorch_cases").size());
  for (size_t k = 0; k < sweep.points.size(); ++k) {
    const json& c = cases.at("pytorch_cases")[k];
    CHECK(sweep.points[k].budget == doctest::Approx(c.at("memory_budget").get<double>()));
    CHECK(sweep.points[k].result.decisions == expected_vector(c));
    CHECK(sweep.points[k].result.max_memory_bytes == c.at("max_memory_bytes").get<std::int64_t>());
  }
}
