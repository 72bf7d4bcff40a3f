// Random instances (fixed seeds, up to 16 ops, random view-like / random /
// in-place structure) against brute-force enumeration: same feasibility, same
// optimal recompute time, a policy that keeps every rule; the sweep against
// the brute-force value function; the model's shape; edge cases.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>

#include "common/deadline.h"
#include "model/policy/op_policy.h"
#include "policy_test_support.h"

using namespace milpsac;

namespace {

// A budget: a random fraction, or exactly k / total (a capacity at a subset sum).
double random_budget(std::mt19937& rng, const model::SacStats& s) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const std::int64_t total = model::total_memory(s);
  if (total > 0 && u(rng) < 0.5) return std::floor(u(rng) * static_cast<double>(total)) / static_cast<double>(total);
  return u(rng);
}

void check_against_brute_force(const model::SacStats& s, std::int64_t capacity, const model::PolicyResult& r) {
  const test::BruteForce brute = test::brute_force(s, capacity);
  CHECK(r.has_solution == brute.feasible);
  if (!brute.feasible) {
    CHECK(r.status == bnb::MilpStatus::kInfeasible);
    CHECK_FALSE(r.message.empty());
    return;
  }
  REQUIRE(r.has_solution);
  CHECK(r.status == bnb::MilpStatus::kOptimal);
  CHECK(test::keeps_rules(s, r.decisions, capacity));
  CHECK(r.recompute_time_ms == doctest::Approx(brute.best_recompute).epsilon(1e-12));
  CHECK(r.recompute_time_ms == doctest::Approx(test::recompute_time(s, r.decisions)).epsilon(1e-12));
  CHECK(r.saved_memory_bytes == test::saved_memory(s, r.decisions));
  if (brute.optima == 1) CHECK(r.decisions == brute.best);
}

// Best recompute time for every capacity from the list of all feasible policies.
class ValueFunction {
 public:
  explicit ValueFunction(const model::SacStats& s) {
    const std::int64_t total = model::total_memory(s);
    test::for_each_policy(s, [&](const std::vector<int>& x) {
      if (!test::keeps_rules(s, x, total)) return;
      const std::int64_t w = test::saved_memory(s, x);
      const double t = test::recompute_time(s, x);
      auto [it, fresh] = best_at_weight_.emplace(w, t);
      if (!fresh) it->second = std::min(it->second, t);
    });
  }
  // +inf when nothing fits.
  double at(std::int64_t capacity) const {
    double best = INFINITY;
    for (const auto& [w, t] : best_at_weight_) {
      if (w > capacity) break;
      best = std::min(best, t);
    }
    return best;
  }

 private:
  std::map<std::int64_t, double> best_at_weight_;
};

}  // namespace

TEST_CASE("random instances: optimal against brute force (400 seeds, up to 16 ops)") {
  for (unsigned seed = 1; seed <= 400; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng(seed);
    const model::SacStats s = test::random_stats(rng, 16);
    const double budget = random_budget(rng, s);
    const model::PolicyResult r = model::solve_policy(s, budget);
    CHECK(r.max_memory_bytes ==
          static_cast<std::int64_t>(std::ceil(budget * static_cast<double>(model::total_memory(s)))));
    check_against_brute_force(s, r.max_memory_bytes, r);
  }
}

TEST_CASE("random instances with GB-sized ops: the budget holds to the byte") {
  // Weights near 1e9 differing by a few bytes: a relative 1e-6 tolerance on
  // the capacity row would accept policies some kB over the budget.
  for (unsigned seed = 1; seed <= 60; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng(seed * 7919U);
    model::SacStats s = test::random_stats(rng, 14);
    std::uniform_int_distribution<std::int64_t> jitter(0, 5000);
    for (std::int64_t& m : s.memory) m = m == 0 ? 0 : 1'000'000'000 + jitter(rng);
    // Capacity just below / at the weight of a random subset of ops.
    std::int64_t subset = 0;
    for (std::int64_t m : s.memory)
      if (rng() % 2) subset += m;
    const std::int64_t capacity = std::max<std::int64_t>(0, subset - static_cast<std::int64_t>(rng() % 3));
    check_against_brute_force(s, capacity, model::solve_policy_for_capacity(s, capacity));
  }
}

TEST_CASE("sweep at breakpoints: every point optimal over its whole budget range, none missing") {
  for (unsigned seed = 1; seed <= 80; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng(seed + 50000U);
    const model::SacStats s = test::random_stats(rng, 12);
    const ValueFunction value(s);
    const model::PolicySweep sweep = model::sweep_policy(s);
    REQUIRE(sweep.at_breakpoints);
    REQUIRE_FALSE(sweep.points.empty());
    if (!sweep.points.front().result.has_solution) {
      // Infeasible at every budget.
      CHECK(sweep.points.size() == 1);
      CHECK(value.at(model::total_memory(s)) == INFINITY);
      continue;
    }
    // Nothing fits below the first point.
    const std::int64_t first = sweep.points.front().result.saved_memory_bytes;
    if (first > 0) CHECK(value.at(first - 1) == INFINITY);
    for (size_t k = 0; k < sweep.points.size(); ++k) {
      const model::PolicyResult& r = sweep.points[k].result;
      REQUIRE(r.has_solution);
      CHECK(r.status == bnb::MilpStatus::kOptimal);
      CHECK(test::keeps_rules(s, r.decisions, r.max_memory_bytes));
      // Optimal from its own memory up to just below the next point's.
      const std::int64_t end =
          k + 1 < sweep.points.size() ? sweep.points[k + 1].result.saved_memory_bytes - 1 : model::total_memory(s);
      CHECK(r.recompute_time_ms == doctest::Approx(value.at(r.saved_memory_bytes)).epsilon(1e-12));
      CHECK(r.recompute_time_ms == doctest::Approx(value.at(end)).epsilon(1e-12));
      if (k > 0) {
        CHECK(sweep.points[k].budget > sweep.points[k - 1].budget);
        CHECK(r.recompute_time_ms < sweep.points[k - 1].result.recompute_time_ms);
      }
    }
  }
}

TEST_CASE("sweep falls back to the 21-point grid when there are too many breakpoints") {
  const model::SacStats s = model::read_sac_stats_file(test::cases_path());
  const model::PolicySweep sweep = model::sweep_policy(s, {}, 3);
  CHECK_FALSE(sweep.at_breakpoints);
  REQUIRE(sweep.points.size() == 21);
  for (size_t k = 0; k < sweep.points.size(); ++k) {
    CHECK(sweep.points[k].budget == doctest::Approx(static_cast<double>(k) / 20.0));
    const model::PolicyResult& r = sweep.points[k].result;
    check_against_brute_force(s, r.max_memory_bytes, r);
  }
}

TEST_CASE("the model: one binary per tie group, one capacity row") {
  const model::SacStats s = model::read_sac_stats_file(test::cases_path());
  const model::PolicyModel m = model::build_policy_model(s, 120);
  // Groups: copy_ alone, add, div, mm, dropout, {linear, relu_}, t.
  CHECK(m.groups.members.size() == 7);
  CHECK(m.groups.group_of[5] == m.groups.group_of[7]);
  CHECK(m.groups.forced[static_cast<size_t>(m.groups.group_of[0])] == 1);
  CHECK(m.groups.forced[static_cast<size_t>(m.groups.group_of[6])] == 0);
  CHECK(m.groups.conflict.empty());
  CHECK(m.lp.num_rows() == 1);
  CHECK(m.lp.num_cols() == 7);
  CHECK(m.lp.has_integers());
  CHECK(m.lp.sense == lp::ObjectiveSense::kMaximize);
  // Weights 100, 100, 120, 100 share the factor 20: 5, 5, 6, 5 and capacity 6.
  CHECK(m.lp.A.coeff(0, m.groups.group_of[3]) == 6.0);
  CHECK(m.lp.row_upper[0] == 6.0);
  // A group forced both ways: reported, not modelled.
  model::SacStats bad = s;
  bad.view_like_ops.push_back(0);  // copy_ is its own in-place parent: saved
  CHECK_FALSE(model::build_policy_model(bad, 120).groups.conflict.empty());
}

TEST_CASE("random ops are tied in one chain unless forced; in-place chains merge transitively") {
  model::SacStats s;
  s.func_names = {"a", "b", "c", "d", "e"};
  s.runtimes = {1, 1, 1, 1, 1};
  s.memory = {1, 1, 1, 1, 1};
  s.rand_ops = {4, 1};
  s.inplace_ops = {{2, 1}, {3, 2}};
  model::OpGroups g = model::tie_ops(s);
  CHECK(g.members.size() == 2);
  CHECK(g.members[1] == std::vector<int>{1, 2, 3, 4});
  s.force_store_random = true;
  g = model::tie_ops(s);
  CHECK(g.members.size() == 3);  // {0}, {1, 2, 3}, {4}
  CHECK(g.forced[1] == 1);
  CHECK(g.forced[2] == 1);
}

TEST_CASE("conflicting rules and too small budgets are infeasible, with the reason") {
  model::SacStats s;
  s.func_names = {"aten.dropout", "aten.t", "aten.mm"};
  s.runtimes = {3, 1, 5};
  s.memory = {10, 0, 50};
  s.rand_ops = {0};
  s.force_store_random = true;
  s.view_like_ops = {0};
  model::PolicyResult r = model::solve_policy(s, 1.0);
  CHECK_FALSE(r.has_solution);
  CHECK(r.status == bnb::MilpStatus::kInfeasible);
  CHECK(r.message.find("op 0 (aten.dropout)") != std::string::npos);
  CHECK(r.message.find("view-like") != std::string::npos);

  s.view_like_ops = {1};
  r = model::solve_policy(s, 0.1);  // capacity 6 < the 10 bytes of the forced dropout
  CHECK_FALSE(r.has_solution);
  CHECK(r.status == bnb::MilpStatus::kInfeasible);
  CHECK(r.message.find("10 bytes") != std::string::npos);
  r = model::solve_policy(s, 10.0 / 60.0);
  REQUIRE(r.has_solution);
  CHECK(r.decisions == std::vector<int>{1, 0, 0});
}

TEST_CASE("no ops: an empty policy, optimal") {
  const model::SacStats s;
  const model::PolicyResult r = model::solve_policy(s, 0.5);
  CHECK(r.has_solution);
  CHECK(r.status == bnb::MilpStatus::kOptimal);
  CHECK(r.decisions.empty());
  CHECK(r.recompute_time_ms == 0.0);
  const model::PolicySweep sweep = model::sweep_policy(s);
  REQUIRE(sweep.points.size() == 1);
  CHECK(sweep.points[0].result.has_solution);
}

TEST_CASE("a relative gap returns a feasible policy within that gap") {
  for (unsigned seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng(seed + 90000U);
    const model::SacStats s = test::random_stats(rng, 16);
    model::PolicyOptions options;
    options.relative_gap = 0.2;
    const model::PolicyResult r = model::solve_policy(s, 0.5, options);
    const test::BruteForce brute = test::brute_force(s, r.max_memory_bytes);
    CHECK(r.has_solution == brute.feasible);
    if (!r.has_solution) continue;
    CHECK(test::keeps_rules(s, r.decisions, r.max_memory_bytes));
    const double saved = model::total_runtime(s) - r.recompute_time_ms;
    const double best_saved = model::total_runtime(s) - brute.best_recompute;
    CHECK(saved >= (1.0 - 0.2) * best_saved - 1e-9);
  }
}

TEST_CASE("the caller's clock holds for every solve: a raised interrupt flag stops a solve and a sweep at once") {
  const model::SacStats s = model::read_sac_stats_file(test::cases_path());
  const std::atomic<bool> raised{true};
  const Deadline clock(INFINITY, &raised);
  model::PolicyOptions options;
  options.deadline = &clock;
  const model::PolicyResult one = model::solve_policy(s, 0.5, options);
  CHECK(one.status == bnb::MilpStatus::kTimeLimit);
  CHECK_FALSE(one.has_solution);
  // The sweep stops at its first solve (which finds nothing) instead of
  // running every point with a fresh limit.
  const model::PolicySweep sweep = model::sweep_policy(s, options);
  REQUIRE(sweep.points.size() == 1);
  CHECK(sweep.points.front().result.status == bnb::MilpStatus::kTimeLimit);
}
