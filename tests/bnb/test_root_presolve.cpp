// MIP presolve at the root (bnb/root_presolve.h): the reduced search gives the
// same answers as the search on the original, its points are checked on the
// original model, and presolve's infeasibility hints never become verdicts
// by themselves. Duplicate columns (merged or fixed by dominance) against
// enumeration and presolve off; implied integers handed to the search.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "../lp/lp_builders.h"
#include "bnb/branch_and_bound.h"
#include "bnb/search_state.h"
#include "lp/presolve/presolve.h"
#include "lp/solution_check.h"

using namespace milpsac;
using bnb::MilpStatus;
using lp::kInfinity;
using test::make_lp;

namespace {

constexpr double inf = kInfinity;

bnb::MilpOptions exact(bool presolve) {
  bnb::MilpOptions options;
  options.relative_gap = 0.0;
  options.presolve = presolve;
  return options;
}

// Best objective over all points of the integer box [lower, upper] (every
// column integer), by enumeration.
double enumerate(const lp::LinearProgram& lp, bool& feasible) {
  const int n = lp.num_cols();
  const double sign = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  Eigen::VectorXd x = lp.col_lower;
  double best = inf;
  feasible = false;
  while (true) {
    if (lp::is_feasible(lp, x, 1e-9, true)) {
      feasible = true;
      best = std::min(best, sign * lp::objective_value(lp, x));
    }
    int j = 0;
    while (j < n && x[j] >= lp.col_upper[j]) x[j] = lp.col_lower[j], ++j;
    if (j == n) break;
    x[j] += 1;
  }
  return sign * best;
}

}  // namespace

TEST_CASE("presolve removes rows and columns and the answer matches presolve off") {
  // x0 fixed by its bounds, row 0 a singleton row (bound on x1), row 1 an
  // equation with the continuous x4 as a slack; x2, x3, x4 carry the rest.
  auto lp = make_lp({{0, 2, 0, 0, 0}, {1, 1, 3, 2, 1}, {0, 1, 1, 1, 0}, {1, 0, 2, -1, 0}},  //
                    {-inf, 4, 1, -inf}, {5, 4, inf, 3},                                     //
                    {3, -1, 2, 4, 1}, {1, 0, 0, 0, 0}, {1, 5, 4, 4, 10});
  lp.is_integer = {1, 1, 1, 1, 0};
  const bnb::MilpResult on = bnb::solve_milp(lp, exact(true));
  const bnb::MilpResult off = bnb::solve_milp(lp, exact(false));
  REQUIRE(off.status == MilpStatus::kOptimal);
  REQUIRE(on.status == MilpStatus::kOptimal);
  CHECK(on.presolve_removed_rows > 0);
  CHECK(on.presolve_removed_cols > 0);
  CHECK_FALSE(on.presolve_fallback);
  CHECK(off.presolve_removed_rows == 0);
  CHECK(on.objective == doctest::Approx(off.objective));
  CHECK(on.bound == doctest::Approx(off.bound));
  REQUIRE(on.x.size() == lp.num_cols());
  CHECK(lp::is_feasible(lp, on.x, 1e-9, true));
  CHECK(lp::objective_value(lp, on.x) == doctest::Approx(on.objective));
}

TEST_CASE("presolve on and off agree with enumeration on random small integer models") {
  // Small general-integer boxes with singleton rows, fixed columns and
  // parallel rows mixed in, so that presolve has something to remove.
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> coef(-5, 7);
  std::uniform_int_distribution<int> size(2, 6);
  int feasible = 0, infeasible = 0, reduced = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int n = size(rng), m = 1 + trial % 5;
    lp::LinearProgram lp;
    lp.resize(m, n);
    lp.sense = trial % 2 ? lp::ObjectiveSense::kMaximize : lp::ObjectiveSense::kMinimize;
    for (int j = 0; j < n; ++j) {
      lp.c[j] = coef(rng);
      lp.col_lower[j] = trial % 3 == 0 ? -1 : 0;
      lp.col_upper[j] = j % 4 == 3 ? lp.col_lower[j] : 2;  // every fourth column fixed
    }
    for (int i = 0; i < m; ++i) {
      if (i == 1) {  // a singleton row
        lp.A.coeffRef(i, trial % n) = 1 + trial % 3;
      } else if (i == 3) {  // parallel to row 0
        for (int j = 0; j < n; ++j) lp.set_coefficient(i, j, 2.0 * lp.coefficient(0, j));
      } else {
        for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = coef(rng);
      }
      const double total = lp.A.row(i).cwiseAbs().sum();
      switch ((trial + i) % 3) {
        case 0:
          lp.row_upper[i] = std::floor(total * 0.4);
          break;
        case 1:
          lp.row_lower[i] = std::floor(total * 0.2);
          break;
        default:
          lp.row_lower[i] = lp.row_upper[i] = std::floor(total * 0.3);
          break;
      }
    }
    lp.is_integer.assign(static_cast<size_t>(n), 1);
    bool truth_feasible = false;
    const double truth = enumerate(lp, truth_feasible);
    INFO("trial " << trial << " n " << n << " m " << m);
    const bnb::MilpResult on = bnb::solve_milp(lp, exact(true));
    const bnb::MilpResult off = bnb::solve_milp(lp, exact(false));
    if (on.presolve_removed_rows + on.presolve_removed_cols > 0) ++reduced;
    if (!truth_feasible) {
      ++infeasible;
      CHECK(on.status == MilpStatus::kInfeasible);
      CHECK(off.status == MilpStatus::kInfeasible);
      continue;
    }
    ++feasible;
    REQUIRE(on.status == MilpStatus::kOptimal);
    REQUIRE(off.status == MilpStatus::kOptimal);
    CHECK(on.objective == doctest::Approx(truth));
    CHECK(off.objective == doctest::Approx(truth));
    CHECK(lp::is_feasible(lp, on.x, 1e-9, true));
  }
  CHECK(feasible > 40);
  CHECK(infeasible > 3);
  CHECK(reduced > 50);
}

TEST_CASE("presolve's infeasibility hint is settled by the search on the original") {
  // The singleton rows give x0 <= 1 and x0 >= 2: presolve sees crossed
  // bounds; the verdict comes from the search on the original model.
  auto lp = make_lp({{1, 1}, {1, 0}, {1, 0}}, {-inf, -inf, 2}, {5, 1, inf}, {1, 1}, {0, 0}, {4, 4});
  lp.is_integer = {1, 1};
  const bnb::MilpResult r = bnb::solve_milp(lp, exact(true));
  CHECK(r.status == MilpStatus::kInfeasible);
  CHECK(r.presolve_fallback);
  CHECK_FALSE(r.has_solution);
}

TEST_CASE("an initial solution reaches the reduced search") {
  // Knapsack with a fixed column: the user's optimal point is offered and the
  // node limit 1 leaves the search no room to find anything better.
  auto lp = make_lp({{4, 6, 3, 5, 2}}, {-inf}, {10}, {10, 13, 7, 8, 1}, {0, 0, 0, 0, 1}, {1, 1, 1, 1, 1});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(5, 1);
  bnb::MilpOptions options = exact(true);
  options.initial_solution = Eigen::VectorXd::Zero(5);
  options.initial_solution[4] = 1;
  options.initial_solution[0] = 1;
  options.node_limit = 0;
  const bnb::MilpResult r = bnb::solve_milp(lp, options);
  REQUIRE(r.has_solution);
  CHECK(r.objective >= 11.0);
  CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
}

TEST_CASE("deterministic with presolve: same model, same answer, same node count") {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> w(5, 50);
  lp::LinearProgram lp;
  lp.resize(4, 18);
  for (int j = 0; j < 18; ++j) {
    for (int i = 0; i < 3; ++i) lp.A.coeffRef(i, j) = w(rng);
    lp.c[j] = -w(rng);
    lp.col_upper[j] = 1;
  }
  lp.A.coeffRef(3, 0) = 1;  // singleton row: x0 <= 0
  lp.row_upper[3] = 0;
  for (int i = 0; i < 3; ++i) lp.row_upper[i] = lp.A.row(i).sum() / 2;
  lp.is_integer.assign(18, 1);
  const auto a = bnb::solve_milp(lp, exact(true));
  const auto b = bnb::solve_milp(lp, exact(true));
  REQUIRE(a.status == MilpStatus::kOptimal);
  CHECK(a.presolve_removed_rows > 0);
  CHECK(a.objective == b.objective);
  CHECK(a.nodes == b.nodes);
  CHECK(a.x == b.x);
}

TEST_CASE("duplicate columns: random small integer models against enumeration") {
  // Random general-integer boxes in which some columns are copies of others
  // (same entries, the same cost or not, or negated), so that the presolve
  // merges them or fixes one; enumeration over the original is the truth.
  std::mt19937 rng(31);
  std::uniform_int_distribution<int> coef(-4, 6);
  std::uniform_int_distribution<int> size(3, 6);
  int feasible = 0, merged = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int n = size(rng), m = 1 + trial % 3;
    lp::LinearProgram lp;
    lp.resize(m, n);
    lp.sense = trial % 2 ? lp::ObjectiveSense::kMaximize : lp::ObjectiveSense::kMinimize;
    for (int j = 0; j < n; ++j) {
      lp.c[j] = coef(rng);
      lp.col_lower[j] = trial % 3 == 0 ? -1 : 0;
      lp.col_upper[j] = 1 + j % 3;
    }
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = coef(rng);
    // Column 1 a copy of column 0; column 2 (when there are 5+) its negation.
    const bool negated = n >= 5;
    for (int i = 0; i < m; ++i) {
      lp.A.coeffRef(i, 1) = lp.A.coeffRef(i, 0);
      if (negated) lp.A.coeffRef(i, 2) = -lp.A.coeffRef(i, 0);
    }
    if (trial % 4 != 3) lp.c[1] = lp.c[0];  // mostly equal costs: a merge
    if (negated && trial % 2 == 0) lp.c[2] = -lp.c[0];
    for (int i = 0; i < m; ++i) {
      const double total = lp.A.row(i).cwiseAbs().sum();
      if ((trial + i) % 3 == 0) {
        lp.row_lower[i] = lp.row_upper[i] = std::floor(total * 0.3);
      } else {
        lp.row_upper[i] = std::floor(total * 0.4);
      }
    }
    lp.A.prune(0.0);
    lp.is_integer.assign(static_cast<size_t>(n), 1);
    bool truth_feasible = false;
    const double truth = enumerate(lp, truth_feasible);
    INFO("trial " << trial << " n " << n << " m " << m);
    lp::presolve::PresolveOptions mip;
    mip.keep_integrality = true;
    const lp::presolve::PresolveResult pre = lp::presolve::presolve(lp, mip);
    if (pre.stats.duplicate_columns + pre.stats.dominated_duplicate_columns > 0) ++merged;
    const bnb::MilpResult on = bnb::solve_milp(lp, exact(true));
    if (!truth_feasible) {
      CHECK(on.status == MilpStatus::kInfeasible);
      continue;
    }
    ++feasible;
    REQUIRE(on.status == MilpStatus::kOptimal);
    CHECK(on.objective == doctest::Approx(truth));
    REQUIRE(on.x.size() == n);
    CHECK(lp::is_feasible(lp, on.x, 1e-9, true));
    CHECK(lp::objective_value(lp, on.x) == doctest::Approx(truth));
  }
  CHECK(feasible > 40);
  CHECK(merged > 45);  // 90 trials have equal costs; other rules remove some copies first
}

TEST_CASE("duplicate continuous columns and dominance in mixed models: presolve on and off agree") {
  // Mixed models with continuous copies at a factor (cost proportional or
  // not, one of them unbounded so that dominance can fix the other) and
  // integer copies; the search without presolve is the reference.
  std::mt19937 rng(43);
  std::uniform_int_distribution<int> coef(-4, 6);
  int merged = 0, dominated = 0, optimal = 0;
  for (int trial = 0; trial < 80; ++trial) {
    const int n = 6, m = 2 + trial % 2;
    lp::LinearProgram lp;
    lp.resize(m, n);
    for (int j = 0; j < n; ++j) {
      lp.c[j] = coef(rng);
      lp.col_upper[j] = 3;
    }
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = coef(rng);
    // Continuous x4 = copy of x3 at factor 2 (or -0.5); integer x1 = copy of x0.
    const double factor = trial % 3 == 2 ? -0.5 : 2.0;
    for (int i = 0; i < m; ++i) {
      lp.A.coeffRef(i, 4) = factor * lp.A.coeffRef(i, 3);
      lp.A.coeffRef(i, 1) = lp.A.coeffRef(i, 0);
    }
    if (trial % 2 == 0) lp.c[4] = factor * lp.c[3];
    if (trial % 4 == 1) lp.col_upper[4] = inf;  // room for dominance
    if (trial % 4 == 3) lp.col_lower[3] = -inf;
    lp.c[1] = trial % 5 == 0 ? lp.c[0] + 1 : lp.c[0];
    for (int i = 0; i < m; ++i) {
      const double total = lp.A.row(i).cwiseAbs().sum();
      lp.row_lower[i] = -std::floor(total * 0.5);
      lp.row_upper[i] = std::floor(total * 0.35);
    }
    lp.A.prune(0.0);
    lp.is_integer = {1, 1, 1, 0, 0, 0};
    INFO("trial " << trial);
    lp::presolve::PresolveOptions mip;
    mip.keep_integrality = true;
    const lp::presolve::PresolveResult pre = lp::presolve::presolve(lp, mip);
    merged += pre.stats.duplicate_columns > 0;
    dominated += pre.stats.dominated_duplicate_columns > 0;
    const bnb::MilpResult on = bnb::solve_milp(lp, exact(true));
    const bnb::MilpResult off = bnb::solve_milp(lp, exact(false));
    CHECK(on.status == off.status);
    if (off.status != MilpStatus::kOptimal) continue;
    ++optimal;
    REQUIRE(on.status == MilpStatus::kOptimal);
    CHECK(on.objective == doctest::Approx(off.objective).epsilon(1e-7));
    REQUIRE(on.x.size() == n);
    CHECK(lp::is_feasible(lp, on.x, 1e-9, true));
  }
  CHECK(optimal > 30);
  CHECK(merged > 40);
  CHECK(dominated > 5);
}

TEST_CASE("implied integers reach the search as cut integrality, never as branching columns") {
  // 2 x0 + 4 x1 - 2 x2 = 6 with x0, x1 integer: the continuous x2 is an
  // implied integer; x3 (in an inequality) is not.
  auto lp =
      make_lp({{2, 4, -2, 0}, {1, 1, 1, 1}}, {6, -inf}, {6, 7.5}, {-1, -2, 0.5, -1}, {0, 0, -10, 0}, {5, 5, 10, 2.5});
  lp.is_integer = {1, 1, 0, 0};
  lp::presolve::PresolveOptions mip;
  mip.keep_integrality = true;
  const lp::presolve::PresolveResult pre = lp::presolve::presolve(lp, mip);
  CHECK(pre.stats.implied_integers >= 1);
  const bnb::MilpResult on = bnb::solve_milp(lp, exact(true));
  const bnb::MilpResult off = bnb::solve_milp(lp, exact(false));
  REQUIRE(on.status == MilpStatus::kOptimal);
  REQUIRE(off.status == MilpStatus::kOptimal);
  CHECK(on.objective == doctest::Approx(off.objective));
  CHECK(lp::is_feasible(lp, on.x, 1e-9, true));
  CHECK(on.x[2] == doctest::Approx(std::round(on.x[2])));

  // The search state takes cut_integrality when it fits the model, and
  // branches only on lp.is_integer.
  bnb::MilpOptions options;
  options.cut_integrality = {1, 1, 1, 0};
  const bnb::SearchState state(lp, options);
  CHECK(state.cut_integrality == std::vector<char>{1, 1, 1, 0});
  CHECK(state.integer_cols == std::vector<int>{0, 1});
  options.cut_integrality = {1, 1};  // wrong size: ignored
  const bnb::SearchState fallback(lp, options);
  CHECK(fallback.cut_integrality == lp.is_integer);
}
