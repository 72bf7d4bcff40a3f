// Branch-and-bound on small MILPs whose answers are known by construction or
// found by brute-force enumeration inside the test.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "../lp/lp_builders.h"
#include "bnb/branch_and_bound.h"
#include "bnb/objective_step.h"
#include "bnb/search_state.h"
#include "lp/solution_check.h"

using namespace milpsac;
using bnb::MilpStatus;
using lp::kInfinity;
using test::make_lp;

namespace {

constexpr double inf = kInfinity;

bnb::MilpOptions gap(double relative_gap) {
  bnb::MilpOptions options;
  options.relative_gap = relative_gap;
  return options;
}
bnb::MilpOptions exact_gap() { return gap(0.0); }
bnb::MilpOptions with_node_limit(bnb::MilpOptions options, long nodes) {
  options.node_limit = nodes;
  return options;
}

void mark_integer(lp::LinearProgram& lp) { lp.is_integer.assign(static_cast<size_t>(lp.num_cols()), 1); }

// Best objective over all 0/1 (or small integer box) points, by enumeration.
struct Enumerated {
  bool feasible = false;
  double best = inf;
};

Enumerated enumerate_binary(const lp::LinearProgram& lp) {
  Enumerated result;
  const int n = lp.num_cols();
  const double sign = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  Eigen::VectorXd x(n);
  for (long mask = 0; mask < (1L << n); ++mask) {
    for (int j = 0; j < n; ++j) x[j] = (mask >> j) & 1;
    if (!lp::is_feasible(lp, x, 1e-9, true)) continue;
    result.feasible = true;
    result.best = std::min(result.best, sign * lp::objective_value(lp, x));
  }
  result.best *= sign;
  return result;
}

}  // namespace

TEST_CASE("0/1 knapsack") {
  // max 10a + 13b + 7c + 8d ; 4a + 6b + 3c + 5d <= 10  -> a, b (23)? a,c + ... enumerate
  auto lp = make_lp({{4, 6, 3, 5}}, {-inf}, {10}, {10, 13, 7, 8}, {0, 0, 0, 0}, {1, 1, 1, 1});
  lp.sense = lp::ObjectiveSense::kMaximize;
  mark_integer(lp);
  const auto truth = enumerate_binary(lp);
  auto r = bnb::solve_milp(lp, exact_gap());
  REQUIRE(r.status == MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(truth.best));
  CHECK(r.bound == doctest::Approx(truth.best));
  CHECK(r.gap == 0.0);
  CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
}

TEST_CASE("set cover") {
  // Elements 1..5, sets S0={1,2}, S1={2,3,4}, S2={4,5}, S3={1,5}, S4={3}; unit costs.
  auto lp = make_lp({{1, 0, 0, 1, 0}, {1, 1, 0, 0, 0}, {0, 1, 0, 0, 1}, {0, 1, 1, 0, 0}, {0, 0, 1, 1, 0}},
                    {1, 1, 1, 1, 1}, {inf, inf, inf, inf, inf}, {1, 1, 1, 1, 1}, {0, 0, 0, 0, 0}, {1, 1, 1, 1, 1});
  mark_integer(lp);
  auto r = bnb::solve_milp(lp, exact_gap());
  REQUIRE(r.status == MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(enumerate_binary(lp).best));
  CHECK(r.objective == doctest::Approx(2.0));  // S1 = {2,3,4} and S3 = {1,5}
}

TEST_CASE("integer infeasible although the LP relaxation is feasible") {
  // 2x + 2y = 3 has no integer solution; the LP has many.
  auto lp = make_lp({{2, 2}}, {3}, {3}, {1, 1}, {0, 0}, {10, 10});
  mark_integer(lp);
  auto r = bnb::solve_milp(lp);
  CHECK(r.status == MilpStatus::kInfeasible);
  CHECK_FALSE(r.has_solution);
}

TEST_CASE("unbounded MILP") {
  // min -x - y ; x - y <= 1.5, integers, no upper bounds.
  auto lp = make_lp({{1, -1}}, {-inf}, {1.5}, {-1, -1}, {0, 0}, {inf, inf});
  mark_integer(lp);
  CHECK(bnb::solve_milp(lp).status == MilpStatus::kUnbounded);
}

TEST_CASE("equality-constrained general integers") {
  // min x + y + z ; 3x + 5y + 7z = 22 ; 0 <= x,y,z <= 10 integer. Best: 2 (y=3? 15+7=22 -> y=3,z=1: 4; x=4? ...)
  auto lp = make_lp({{3, 5, 7}}, {22}, {22}, {1, 1, 1}, {0, 0, 0}, {10, 10, 10});
  mark_integer(lp);
  double best = inf;
  for (int x = 0; x <= 10; ++x)
    for (int y = 0; y <= 10; ++y)
      for (int z = 0; z <= 10; ++z)
        if (3 * x + 5 * y + 7 * z == 22) best = std::min(best, double(x + y + z));
  auto r = bnb::solve_milp(lp, exact_gap());
  REQUIRE(r.status == MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(best));
}

TEST_CASE("mixed integer: continuous columns keep their LP values") {
  // min -x - 2y ; x + y <= 3.5 ; y <= 2.5 ; y integer, x continuous -> y = 2, x = 1.5
  auto lp = make_lp({{1, 1}}, {-inf}, {3.5}, {-1, -2}, {0, 0}, {inf, 2.5});
  lp.is_integer = {0, 1};
  auto r = bnb::solve_milp(lp, exact_gap());
  REQUIRE(r.status == MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(-5.5));
  CHECK(r.x[1] == doctest::Approx(2.0));
  CHECK(r.x[0] == doctest::Approx(1.5));
}

namespace {

// A correlated knapsack: many nodes before optimality is proven.
lp::LinearProgram correlated_knapsack(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> w(20, 60);
  lp::LinearProgram lp;
  lp.resize(1, n);
  lp.sense = lp::ObjectiveSense::kMaximize;
  for (int j = 0; j < n; ++j) {
    lp.A.coeffRef(0, j) = w(rng);
    lp.c[j] = lp.A.coeff(0, j) + 1 + (j % 3);
    lp.col_upper[j] = 1;
  }
  lp.row_upper[0] = lp.A.sum() / 2 + 0.5;
  mark_integer(lp);
  return lp;
}

}  // namespace

TEST_CASE("node limit reports its status after exactly that many nodes") {
  const auto lp = correlated_knapsack(30, 5);
  const auto exact = bnb::solve_milp(lp, exact_gap());
  REQUIRE(exact.status == MilpStatus::kOptimal);
  REQUIRE(exact.nodes > 3);
  auto r = bnb::solve_milp(lp, with_node_limit(exact_gap(), 3));
  CHECK(r.status == MilpStatus::kNodeLimit);
  CHECK(r.nodes == 3);
  // The reported bound stays valid (maximisation: at or above the optimum).
  CHECK(r.bound >= exact.objective - 1e-9);
  if (r.has_solution) {
    CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
    CHECK(r.objective <= exact.objective + 1e-9);
  }
}

TEST_CASE("an LP iteration budget stops the search between nodes, the same way every run") {
  const auto lp = correlated_knapsack(30, 5);
  const auto exact = bnb::solve_milp(lp, exact_gap());
  REQUIRE(exact.status == MilpStatus::kOptimal);
  REQUIRE(exact.nodes > 3);
  // A budget below the whole search's iterations: it stops early with the
  // node-limit status and a valid bound, after fewer nodes than the full run.
  bnb::MilpOptions options = exact_gap();
  options.lp_iteration_limit = exact.lp_iterations / 2;
  REQUIRE(options.lp_iteration_limit > 0);
  const auto r = bnb::solve_milp(lp, options);
  CHECK(r.status == MilpStatus::kNodeLimit);
  CHECK(r.nodes < exact.nodes);
  CHECK(r.bound >= exact.objective - 1e-9);  // maximisation: at or above the optimum
  if (r.has_solution) {
    CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
    CHECK(r.objective <= exact.objective + 1e-9);
  }
  // A work budget, not a clock: the same nodes and iterations on a second run.
  const auto again = bnb::solve_milp(lp, options);
  CHECK(again.nodes == r.nodes);
  CHECK(again.lp_iterations == r.lp_iterations);
  // A budget the search never reaches changes nothing.
  options.lp_iteration_limit = exact.lp_iterations + 1;
  const auto loose = bnb::solve_milp(lp, options);
  CHECK(loose.status == MilpStatus::kOptimal);
  CHECK(loose.nodes == exact.nodes);
}

TEST_CASE("time limit reports its status with a valid bound") {
  const auto lp = correlated_knapsack(30, 5);
  const auto exact = bnb::solve_milp(lp, exact_gap());
  REQUIRE(exact.status == MilpStatus::kOptimal);
  // A limit that has passed before the root LP finishes: the limit is noticed
  // inside the LP, and the search says time_limit, never numerical_error.
  bnb::MilpOptions options = exact_gap();
  const Deadline clock(1e-9);
  options.deadline = &clock;
  auto r = bnb::solve_milp(lp, options);
  CHECK(r.status == MilpStatus::kTimeLimit);
  CHECK_FALSE(r.has_solution);
  CHECK(r.bound >= exact.objective - 1e-9);
  CHECK(r.nodes <= 1);
}

TEST_CASE("an LP stopped by the time limit reports a bound, as a MILP's root does") {
  // The knapsack's relaxation: no integer columns, so the door's LP path.
  auto lp = correlated_knapsack(30, 5);
  lp.is_integer.assign(lp.is_integer.size(), 0);
  const auto exact = bnb::solve_milp(lp, exact_gap());
  REQUIRE(exact.status == MilpStatus::kOptimal);
  bnb::MilpOptions options = exact_gap();
  const Deadline clock(0.0);  // expired before the first pivot
  options.deadline = &clock;
  const auto r = bnb::solve_milp(lp, options);
  CHECK(r.status == MilpStatus::kTimeLimit);
  CHECK_FALSE(r.has_solution);
  // Boxed columns: the slack basis's duals bound it (a maximisation: from above).
  CHECK(std::isfinite(r.bound));
  CHECK(r.bound >= exact.objective - 1e-9);
}

TEST_CASE("progress callback: called with the search's own numbers, and at the end") {
  const auto lp = correlated_knapsack(24, 9);
  bnb::MilpOptions options = exact_gap();
  std::vector<bnb::MilpProgress> seen;
  options.progress = [&](const bnb::MilpProgress& p) { seen.push_back(p); };
  options.progress_interval_seconds = 0.0;  // every node
  const auto r = bnb::solve_milp(lp, options);
  REQUIRE(r.status == MilpStatus::kOptimal);
  REQUIRE(seen.size() >= 2);
  CHECK(seen.back().nodes == r.nodes);
  CHECK(seen.back().objective == doctest::Approx(r.objective));
  CHECK(seen.back().gap == 0.0);
  for (size_t k = 1; k < seen.size(); ++k) CHECK(seen[k].nodes >= seen[k - 1].nodes);
  for (const auto& p : seen) CHECK(p.bound >= r.objective - 1e-9);  // maximisation: bound from above
}

TEST_CASE("progress events: the root LP first, cut rounds in order, each better solution named") {
  const auto lp = correlated_knapsack(24, 9);
  bnb::MilpOptions options = exact_gap();
  std::vector<bnb::MilpProgress> seen;
  options.progress = [&](const bnb::MilpProgress& p) { seen.push_back(p); };
  options.progress_interval_seconds = 1e9;  // search snapshots only at the end: the root events come anyway
  const auto r = bnb::solve_milp(lp, options);
  REQUIRE(r.status == MilpStatus::kOptimal);
  REQUIRE(seen.size() >= 2);
  CHECK(seen.front().event == bnb::MilpEvent::kRootLp);
  CHECK(seen.front().bound == doctest::Approx(r.root_lp_bound));
  CHECK(seen.front().nodes == 0);
  CHECK(seen.back().event == bnb::MilpEvent::kSearch);  // the one at the end
  int search = 0, roots = 0, rounds = 0, found = 0;
  double last_objective = -INFINITY;  // maximisation: solutions improve upwards
  for (size_t k = 0; k < seen.size(); ++k) {
    const bnb::MilpProgress& p = seen[k];
    CAPTURE(k);
    if (k > 0) CHECK(p.seconds >= seen[k - 1].seconds);
    CHECK(p.bound >= r.objective - 1e-9);  // every bound reported is valid
    switch (p.event) {
      case bnb::MilpEvent::kRootLp:
        ++roots;
        break;
      case bnb::MilpEvent::kCutRound:
        CHECK(p.cut_round == ++rounds);
        CHECK(p.cuts_added > 0);
        CHECK(p.cut_rows >= 0);
        CHECK(p.nodes == 0);
        break;
      case bnb::MilpEvent::kIncumbent:
        ++found;
        CHECK(std::string(p.found_by).size() > 0);
        CHECK(p.objective > last_objective);
        CHECK(p.objective <= r.objective + 1e-9);
        CHECK(p.gap >= 0.0);
        last_objective = p.objective;
        break;
      case bnb::MilpEvent::kSearch:
        ++search;
        break;
    }
  }
  CHECK(roots == 1);
  CHECK(search >= 1);  // after the root node, then only at the end
  CHECK(search <= 2);
  CHECK(found >= 1);
  CHECK(last_objective == doctest::Approx(r.objective));  // the last solution reported is the answer
}

TEST_CASE("progress events: an initial solution is reported before the root LP, with no bound yet") {
  const auto lp = correlated_knapsack(24, 9);
  bnb::MilpOptions options = exact_gap();
  options.initial_solution = Eigen::VectorXd::Zero(lp.num_cols());  // take nothing: feasible, value 0
  std::vector<bnb::MilpProgress> seen;
  options.progress = [&](const bnb::MilpProgress& p) { seen.push_back(p); };
  const auto r = bnb::solve_milp(lp, options);
  REQUIRE(r.status == MilpStatus::kOptimal);
  REQUIRE(seen.size() >= 2);
  CHECK(seen[0].event == bnb::MilpEvent::kIncumbent);
  CHECK(std::string(seen[0].found_by) == "initial solution");
  CHECK(seen[0].objective == doctest::Approx(0.0));
  CHECK(std::isinf(seen[0].gap));  // no bound before the root LP: the gap is open, not 0
  CHECK(seen[1].event == bnb::MilpEvent::kRootLp);
  CHECK(std::isfinite(seen[1].gap));
}

TEST_CASE("relative gap: the search stops once the gap is reached and says so") {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> w(10, 90);
  const int n = 25;
  lp::LinearProgram lp;
  lp.resize(2, n);
  for (int j = 0; j < n; ++j) {
    lp.A.coeffRef(0, j) = w(rng);
    lp.A.coeffRef(1, j) = w(rng);
    lp.c[j] = -(w(rng) + 0.5 * lp.A.coeff(0, j));
    lp.col_upper[j] = 1;
  }
  lp.row_upper[0] = lp.A.row(0).sum() / 3;
  lp.row_upper[1] = lp.A.row(1).sum() / 3;
  mark_integer(lp);
  auto exact = bnb::solve_milp(lp, exact_gap());
  REQUIRE(exact.status == MilpStatus::kOptimal);
  auto loose = bnb::solve_milp(lp, gap(0.05));
  REQUIRE((loose.status == MilpStatus::kOptimal || loose.status == MilpStatus::kGapLimit));
  CHECK(loose.gap <= 0.05 + 1e-12);
  // Minimisation: no incumbent beats the optimum, and the loose one is within
  // the gap of it; the bound is valid.
  CHECK(loose.objective >= exact.objective - 1e-9);
  CHECK(loose.objective - exact.objective <= 0.05 * std::fabs(loose.objective) + 1e-9);
  CHECK(loose.bound <= exact.objective + 1e-9);
}

TEST_CASE("objective step of integral objectives") {
  auto lp = make_lp({{1, 1}}, {-inf}, {1}, {2, 4}, {0, 0}, {1, 1});
  mark_integer(lp);
  CHECK(bnb::objective_step(lp, lp.is_integer) == doctest::Approx(2.0));
  lp.c[1] = 3;
  CHECK(bnb::objective_step(lp, lp.is_integer) == doctest::Approx(1.0));
  lp.c[1] = 0.5;
  CHECK(bnb::objective_step(lp, lp.is_integer) == doctest::Approx(0.5));
  lp.is_integer[1] = 0;
  CHECK(bnb::objective_step(lp, lp.is_integer) == 0.0);
  // A continuous column flagged integral (an implied integer) counts.
  std::vector<char> integral = lp.is_integer;
  integral[1] = 1;
  CHECK(bnb::objective_step(lp, integral) == doctest::Approx(0.5));
}

TEST_CASE("an implied-integer column in the objective puts it on a grid") {
  // min x + y + z: x, y binary; z continuous, but z = x (an equation with
  // integer data) makes it integral at every integer point, so every
  // objective value is an integer: the search's grid is 1 with the flag, none
  // without it. The optimum (1) is the same either way.
  auto lp = make_lp({{1, 0, -1}, {2, 2, 0}}, {0, 1}, {0, inf}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1});
  lp.is_integer = {1, 1, 0};
  bnb::MilpOptions options = exact_gap();
  const bnb::SearchState without(lp, options);
  CHECK(without.step == 0.0);
  options.cut_integrality = {1, 1, 1};
  const bnb::SearchState with(lp, options);
  CHECK(with.step == doctest::Approx(1.0));
  const auto r = bnb::solve_milp(lp, options);
  REQUIRE(r.status == MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(1.0));
}

TEST_CASE("random small MILPs agree with enumeration") {
  std::mt19937 rng(2026);
  std::uniform_int_distribution<int> coef(-6, 9);
  std::uniform_int_distribution<int> size(3, 12);
  int feasible = 0, infeasible = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int n = size(rng), m = 1 + trial % 4;
    lp::LinearProgram lp;
    lp.resize(m, n);
    lp.sense = trial % 2 ? lp::ObjectiveSense::kMaximize : lp::ObjectiveSense::kMinimize;
    for (int j = 0; j < n; ++j) {
      lp.c[j] = coef(rng);
      lp.col_upper[j] = 1;
    }
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = coef(rng);
      const double total = lp.dense_row(i).cwiseMax(0).sum();
      switch ((trial + i) % 3) {
        case 0:
          lp.row_upper[i] = std::floor(total * 0.4);
          break;
        case 1:
          lp.row_lower[i] = std::floor(total * 0.3);
          break;
        default:
          lp.row_lower[i] = lp.row_upper[i] = std::floor(total * 0.5);
          break;
      }
    }
    mark_integer(lp);
    const auto truth = enumerate_binary(lp);
    auto r = bnb::solve_milp(lp, exact_gap());
    if (!truth.feasible) {
      ++infeasible;
      CHECK(r.status == MilpStatus::kInfeasible);
      continue;
    }
    ++feasible;
    INFO("trial " << trial << " n " << n << " m " << m);
    REQUIRE(r.status == MilpStatus::kOptimal);
    CHECK(r.objective == doctest::Approx(truth.best));
    CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
  }
  CHECK(feasible > 30);
  CHECK(infeasible > 3);
}

TEST_CASE("general integers from a near-optimal start: reduced costs bound the tree from the root on, and it agrees") {
  // Two-row knapsacks over integers in [0, 3] (weights and values 5..30), so
  // reduced-cost bounds move bounds that are not fixings. Started from the
  // second-best point, the root's reduced costs tighten the global box at
  // once against a cutoff just above the optimum, and nodes whose
  // reduced-cost fixings cut their own LP point are solved again: bounds
  // too tight lose the optimum. The search must find and prove it, from that
  // start and from none.
  std::mt19937 rng(45);
  std::uniform_int_distribution<int> weight(5, 30);
  std::uniform_int_distribution<int> size(6, 8);
  int checked = 0;
  long resolves = 0;  // MilpResult::resolves over every search
  for (int trial = 0; trial < 60; ++trial) {
    const int n = size(rng), m = 2;
    lp::LinearProgram lp = test::random_packing(
        m, n, 3.0, [&] { return static_cast<double>(weight(rng)); },
        [](double row_sum) { return std::floor(3 * row_sum * 0.35); });
    mark_integer(lp);
    // Enumerate the 4^n points: the best value, and a point of the next one.
    const double sense = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
    std::vector<std::pair<double, Eigen::VectorXd>> points;
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
    for (long code = 0; code < (1L << (2 * n)); ++code) {
      for (int j = 0; j < n; ++j) x[j] = static_cast<double>((code >> (2 * j)) & 3);
      if (lp::is_feasible(lp, x, 1e-9, true)) points.emplace_back(sense * lp.c.dot(x), x);
    }
    if (points.empty()) continue;
    std::stable_sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const double best = points.front().first;
    const auto second = std::find_if(points.begin(), points.end(), [&](const auto& p) { return p.first > best; });
    if (second == points.end()) continue;
    ++checked;
    INFO("trial " << trial);
    for (const bool started : {true, false}) {
      bnb::MilpOptions options = exact_gap();
      // The tree, not presolve or probing, settles these models.
      options.presolve = false;
      options.probing = false;
      // Both branching rules, from the start and from none.
      options.branching = trial % 2 ? bnb::BranchingRule::kPerChild : bnb::BranchingRule::kBatch;
      if (started) options.initial_solution = second->second;
      const auto r = bnb::solve_milp(lp, options);
      REQUIRE(r.status == MilpStatus::kOptimal);
      CHECK(sense * r.objective == doctest::Approx(best));
      CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
      // Passes that solved a node again are among the nodes, never the root.
      CHECK(r.resolves < r.nodes);
      resolves += r.resolves;
    }
  }
  CHECK(checked > 20);
  CHECK(resolves > 0);  // fixings (strong branching, reduced costs) made some node be solved again
}

TEST_CASE("deterministic: the same model gives the same answer and node count") {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> w(5, 50);
  lp::LinearProgram lp;
  lp.resize(3, 20);
  for (int j = 0; j < 20; ++j) {
    for (int i = 0; i < 3; ++i) lp.A.coeffRef(i, j) = w(rng);
    lp.c[j] = -w(rng);
    lp.col_upper[j] = 1;
  }
  for (int i = 0; i < 3; ++i) lp.row_upper[i] = lp.A.row(i).sum() / 2;
  mark_integer(lp);
  auto a = bnb::solve_milp(lp, exact_gap());
  auto b = bnb::solve_milp(lp, exact_gap());
  CHECK(a.objective == b.objective);
  CHECK(a.nodes == b.nodes);
  CHECK(a.x == b.x);
}

TEST_CASE("an LP point that fails the original check never becomes a false infeasible") {
  auto lp = make_lp({{1000000423, 1000004316, -2000004738}}, {-inf}, {0}, {3.138, 18.094, 0}, {0, 0, 1}, {1, 1, 1});
  lp.sense = lp::ObjectiveSense::kMaximize;
  auto r = bnb::solve_milp(lp, exact_gap());
  CHECK(r.status != MilpStatus::kInfeasible);
  if (r.has_solution) CHECK(lp::is_feasible(lp, r.x, 1e-6, true));
}

TEST_CASE("a pure LP reports its duals and reduced costs in the model's sense") {
  // max 3x + 2y ; x + y <= 4, x + 3y <= 6, x, y >= 0: optimum x = 4, y = 0
  // (12). One more unit of the first row's rhs buys 3 (its dual); the second
  // row is slack (dual 0); y's reduced cost is 2 - 3 = -1: forcing y up costs.
  auto lp = make_lp({{1, 1}, {1, 3}}, {-inf, -inf}, {4, 6}, {3, 2}, {0, 0}, {inf, inf});
  lp.sense = lp::ObjectiveSense::kMaximize;
  const auto r = bnb::solve_milp(lp);
  REQUIRE(r.status == MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(12));
  REQUIRE(r.row_duals.size() == 2);
  REQUIRE(r.reduced_costs.size() == 2);
  CHECK(r.row_duals[0] == doctest::Approx(3));
  CHECK(r.row_duals[1] == doctest::Approx(0));
  CHECK(r.reduced_costs[0] == doctest::Approx(0));
  CHECK(r.reduced_costs[1] == doctest::Approx(-1));
  // The same model minimised (min -3x - 2y) has the opposite duals.
  lp.sense = lp::ObjectiveSense::kMinimize;
  lp.c = -lp.c;
  const auto m = bnb::solve_milp(lp);
  REQUIRE(m.status == MilpStatus::kOptimal);
  CHECK(m.row_duals[0] == doctest::Approx(-3));
  CHECK(m.reduced_costs[1] == doctest::Approx(1));
  // A MILP has none.
  mark_integer(lp);
  CHECK(bnb::solve_milp(lp).row_duals.size() == 0);
}
