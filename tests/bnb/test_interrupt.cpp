// The one clock's interrupt flag (common/deadline.h): a search handed a
// Deadline whose flag another thread raises stops with a limit status and
// keeps its best incumbent; an LP solve handed a raised flag does no work.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>
#include <vector>

#include "../lp/lp_builders.h"
#include "bnb/branch_and_bound.h"
#include "lp/simplex.h"

using namespace milpsac;

namespace {

// Market split (Cornuejols-Dawande) as an optimisation: binaries x, rows
// a_i x + p_i - q_i = floor(sum a_i / 2) with slacks p, q >= 0, minimise the
// total slack. Any x gives a point (incumbents come at once), but proving the
// optimum takes branch-and-bound far more nodes than any test may wait for.
lp::LinearProgram market_split(unsigned seed, int rows, int binaries) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> coefficient(0, 99);
  const int cols = binaries + 2 * rows;
  std::vector<std::vector<double>> a(static_cast<size_t>(rows), std::vector<double>(static_cast<size_t>(cols), 0.0));
  std::vector<double> rhs(static_cast<size_t>(rows));
  for (int i = 0; i < rows; ++i) {
    double sum = 0.0;
    for (int j = 0; j < binaries; ++j) sum += a[i][j] = coefficient(rng);
    a[i][binaries + 2 * i] = 1.0;
    a[i][binaries + 2 * i + 1] = -1.0;
    rhs[static_cast<size_t>(i)] = std::floor(sum / 2.0);
  }
  std::vector<double> cost(static_cast<size_t>(cols), 0.0), lower(static_cast<size_t>(cols), 0.0),
      upper(static_cast<size_t>(cols), 1.0);
  for (int j = binaries; j < cols; ++j) {
    cost[static_cast<size_t>(j)] = 1.0;
    upper[static_cast<size_t>(j)] = lp::kInfinity;
  }
  lp::LinearProgram lp = test::make_lp(a, rhs, rhs, cost, lower, upper);
  for (int j = 0; j < binaries; ++j) lp.is_integer[static_cast<size_t>(j)] = 1;
  return lp;
}

}  // namespace

TEST_CASE("a search stops with its incumbent when another thread raises the interrupt flag") {
  const lp::LinearProgram lp = market_split(7, 5, 50);
  std::atomic<bool> interrupt{false};
  const Deadline clock(INFINITY, &interrupt);  // no time limit: only the flag can stop it
  bnb::MilpOptions options;
  options.relative_gap = 0.0;
  options.deadline = &clock;
  std::thread raiser([&interrupt] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    interrupt.store(true);
  });
  const bnb::MilpResult result = bnb::solve_milp(lp, options);
  raiser.join();
  CHECK(clock.interrupted());
  CHECK(result.status == bnb::MilpStatus::kTimeLimit);
  REQUIRE(result.has_solution);
  CHECK(result.x.size() == lp.num_cols());
  CHECK(result.objective >= result.bound);
}

TEST_CASE("a solve handed a raised interrupt flag stops before its work") {
  const lp::LinearProgram lp = market_split(3, 4, 30);
  std::atomic<bool> interrupt{true};
  const Deadline clock(INFINITY, &interrupt);
  lp::LpOptions lp_options;
  lp_options.deadline = &clock;
  CHECK(lp::solve_lp(lp, lp_options).status == lp::LpStatus::kTimeLimit);
  bnb::MilpOptions options;
  options.deadline = &clock;
  CHECK(bnb::solve_milp(lp, options).status == bnb::MilpStatus::kTimeLimit);
}

TEST_CASE("a search stopped before its root is settled claims no bound beyond what it proved") {
  // With an initial solution and the flag raised, the root LP stops at once:
  // nothing is proven beyond its Lagrangian bound (the LP optimum is 0 here),
  // so the bound must not be the incumbent's value (it was: the root was in
  // no queue, and an empty queue's bound is +inf, capped at the incumbent).
  const lp::LinearProgram lp = market_split(5, 4, 30);
  Eigen::VectorXd start = Eigen::VectorXd::Zero(lp.num_cols());
  for (int i = 0; i < lp.num_rows(); ++i) start[30 + 2 * i] = lp.row_upper[i];  // x = 0: p_i carries the rhs
  std::atomic<bool> interrupt{true};
  const Deadline clock(INFINITY, &interrupt);
  for (const bool presolve : {false, true}) {
    CAPTURE(presolve);
    bnb::MilpOptions options;
    options.deadline = &clock;
    options.presolve = presolve;
    options.initial_solution = start;
    const bnb::MilpResult result = bnb::solve_milp(lp, options);
    CHECK(result.status == bnb::MilpStatus::kTimeLimit);
    REQUIRE(result.has_solution);
    CHECK(result.objective == doctest::Approx(start.tail(2 * lp.num_rows()).sum()));
    CHECK(result.bound <= 1e-9);
    CHECK(result.gap > 0.5);
  }
}
