// Cut separators on small models: the cuts are violated by the LP optimum,
// and no cut removes an integer-feasible point (checked by enumeration).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "../lp/lp_builders.h"
#include "bnb/cut_clique.h"
#include "bnb/cut_mir.h"
#include "bnb/cut_pool.h"
#include "cut_rounds.h"
#include "lp/solution_check.h"

using namespace milpsac;
using lp::kInfinity;

namespace {

// Every integer point of a small box (all columns integer).
void for_each_integer_point(const lp::LinearProgram& lp, const std::function<void(const Eigen::VectorXd&)>& visit) {
  const int n = lp.num_cols();
  Eigen::VectorXd x(n);
  std::function<void(int)> rec = [&](int j) {
    if (j == n) {
      visit(x);
      return;
    }
    for (double v = lp.col_lower[j]; v <= lp.col_upper[j]; v += 1.0) {
      x[j] = v;
      rec(j + 1);
    }
  };
  rec(0);
}

bool satisfies(const bnb::Cut& cut, const Eigen::VectorXd& x) {
  return bnb::cut_violation(cut, x) <=
         1e-7 * (1.0 + std::fabs(cut.lower) + std::fabs(cut.upper == kInfinity ? 0 : cut.upper));
}

}  // namespace

TEST_CASE("cut pool: efficacy order, parallel cuts skipped, minimum efficacy") {
  Eigen::VectorXd x(2);
  x << 1, 1;
  bnb::CutPool pool;
  Eigen::VectorXd a(2);
  a << 1, 1;
  pool.add({a, -kInfinity, 1.0});      // violation 1, efficacy 1/sqrt2
  pool.add({2 * a, -kInfinity, 3.0});  // parallel, efficacy 1/(2 sqrt2)
  Eigen::VectorXd b(2);
  b << 1, 0;
  pool.add({b, -kInfinity, 0.5});  // efficacy 0.5
  pool.add({b, 2.0, kInfinity});   // x0 >= 2: efficacy 1
  const auto chosen = pool.select(x, 10, 0.1, 0.98);
  REQUIRE(chosen.size() == 2);  // x0 >= 2 first, then x0 + x1 <= 1; the rest is parallel to one of them
  CHECK(chosen[0].lower == 2.0);
  CHECK(chosen[1].upper == 1.0);
  CHECK(pool.select(x, 10, 0.9, 0.98).size() == 1);
  CHECK(bnb::cut_efficacy(chosen[1], x) == doctest::Approx(1.0 / std::sqrt(2.0)));
}

TEST_CASE("knapsack cover: 3x + 3y + 3z <= 5 gives x + y + z <= 1") {
  auto lp = test::make_lp({{3, 3, 3}}, {-kInfinity}, {5}, {-1, -1, -1}, {0, 0, 0}, {1, 1, 1});
  lp.is_integer.assign(3, 1);
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_knapsack_covers(relaxation, lp.is_integer, pool) == 1);
  const auto cuts = pool.select(relaxation.values(), 10, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  // The minimal cover has two items; extended by the third (same weight).
  CHECK(cuts[0].a[0] == 1.0);
  CHECK(cuts[0].a[1] == 1.0);
  CHECK(cuts[0].a[2] == 1.0);
  CHECK(cuts[0].upper == 1.0);
}

TEST_CASE("knapsack cover with a negative coefficient (complemented column)") {
  // 4x + 4y - 3z <= 2 with z binary: z = 1 allows x + y <= 1 (4+4-3 = 5 > 2), z = 0 allows nothing.
  auto lp = test::make_lp({{4, 4, -3}}, {-kInfinity}, {2}, {-1, -1, 0.1}, {0, 0, 0}, {1, 1, 1});
  lp.is_integer.assign(3, 1);
  int cuts = 0;
  test::run_cut_rounds(lp, 3, [&](const bnb::Cut& cut) {
    ++cuts;
    for_each_integer_point(lp, [&](const Eigen::VectorXd& x) {
      if (lp::is_feasible(lp, x, 1e-12, true)) CHECK(satisfies(cut, x));
    });
  });
  CHECK(cuts > 0);
}

TEST_CASE("GMI: max x + y with 2x + 2y <= 3 closes the bound to the integer optimum") {
  auto lp = test::make_lp({{2, 2}}, {-kInfinity}, {3}, {1, 1}, {0, 0}, {5, 5});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(2, 1);
  int cuts = 0;
  const auto result = test::run_cut_rounds(lp, 3, [&](const bnb::Cut& cut) {
    ++cuts;
    for_each_integer_point(lp, [&](const Eigen::VectorXd& x) {
      if (lp::is_feasible(lp, x, 1e-12, true)) CHECK(satisfies(cut, x));
    });
  });
  CHECK(cuts > 0);
  CHECK(result.root_bound == doctest::Approx(-1.5));
  CHECK(result.final_bound == doctest::Approx(-1.0));  // minimisation form
}

namespace {

// The pool's most efficacious cut must be y >= 1 for column y (written a x <= upper).
void check_cut_is_y_at_least_one(const bnb::Cut& cut, int y) {
  REQUIRE(cut.a[y] < 0.0);
  for (int j = 0; j < cut.a.size(); ++j)
    if (j != y) CHECK(std::fabs(cut.a[j]) <= 1e-9);
  CHECK(cut.upper / cut.a[y] == doctest::Approx(1.0).epsilon(1e-6));
}

}  // namespace

TEST_CASE("MIR with a variable upper bound: x >= 4, x <= 10 y gives y >= 1") {
  // Columns x (continuous, [0, 10]) and y (binary); min y. LP: y = 0.4.
  auto lp = test::make_lp({{1, -10}, {1, 0}}, {-kInfinity, 4}, {0, kInfinity}, {0, 1}, {0, 0}, {10, 1});
  lp.is_integer = {0, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  REQUIRE(relaxation.values()[1] == doctest::Approx(0.4));
  bnb::CutPool pool;
  REQUIRE(bnb::separate_mir(relaxation, lp.is_integer, pool) >= 1);
  const auto cuts = pool.select(relaxation.values(), 1, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  check_cut_is_y_at_least_one(cuts[0], 1);
}

TEST_CASE("MIR on an aggregation: w >= 4 and x = w are combined before x <= 10 y is substituted") {
  // Columns x, w (continuous, [0, 10]) and y (binary); min y. No single row
  // gives the cut: w >= 4 has no integer column, x = w neither, and
  // x <= 10 y alone is satisfied by every y >= x / 10.
  auto lp = test::make_lp({{1, 0, -10}, {1, -1, 0}, {0, 1, 0}}, {-kInfinity, 0, 4}, {0, 0, kInfinity}, {0, 0, 1},
                          {0, 0, 0}, {10, 10, 1});
  lp.is_integer = {0, 0, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_mir(relaxation, lp.is_integer, pool) >= 1);
  const auto cuts = pool.select(relaxation.values(), 1, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  check_cut_is_y_at_least_one(cuts[0], 2);
  // The cut closes the root: after adding it the LP bound is the integer optimum.
  relaxation.add_rows({cuts[0].a}, {cuts[0].lower}, {cuts[0].upper});
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(1.0));
}

TEST_CASE("clique: conflicts from three rows (one a knapsack) give x + y + z <= 1") {
  // 2x + 2y <= 3, y + z <= 1, x + z <= 1, binaries, max x + y + z: LP 1.5 at (0.5, 0.5, 0.5).
  auto lp = test::make_lp({{2, 2, 0}, {0, 1, 1}, {1, 0, 1}}, {-kInfinity, -kInfinity, -kInfinity}, {3, 1, 1}, {1, 1, 1},
                          {0, 0, 0}, {1, 1, 1});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(3, 1);
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  const bnb::ConflictGraph graph = bnb::build_conflict_graph(relaxation, lp.is_integer);
  CHECK(graph.edges == 3);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_cliques(graph, relaxation, pool) >= 1);
  const auto cuts = pool.select(relaxation.values(), 1, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  CHECK(cuts[0].a[0] == 1.0);
  CHECK(cuts[0].a[1] == 1.0);
  CHECK(cuts[0].a[2] == 1.0);
  CHECK(cuts[0].upper == 1.0);
}

TEST_CASE("clique: a complemented literal (x <= w) joins the clique as 1 - w") {
  // x - w <= 0 makes x and (1 - w) conflict; x + y <= 1; y + (1 - w) <= 1, i.e. y - w <= 0.
  // max x + y - w + 1 (constant dropped): LP puts x = y = 0.5, w = 0.5 or so.
  auto lp = test::make_lp({{1, 0, -1}, {1, 1, 0}, {0, 1, -1}}, {-kInfinity, -kInfinity, -kInfinity}, {0, 1, 0},
                          {2, 2, -1}, {0, 0, 0}, {1, 1, 1});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(3, 1);
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  const bnb::ConflictGraph graph = bnb::build_conflict_graph(relaxation, lp.is_integer);
  CHECK(graph.edges == 3);
  bnb::CutPool pool;
  const int separated = bnb::separate_cliques(graph, relaxation, pool);
  const Eigen::VectorXd x = relaxation.values();
  if (x[0] + x[1] + (1.0 - x[2]) > 1.0 + 1e-4) {
    REQUIRE(separated >= 1);
    const auto cuts = pool.select(x, 1, 0.0, 1.0);
    REQUIRE(cuts.size() == 1);
    // x + y + (1 - w) <= 1  <=>  x + y - w <= 0.
    CHECK(cuts[0].a[0] == 1.0);
    CHECK(cuts[0].a[1] == 1.0);
    CHECK(cuts[0].a[2] == -1.0);
    CHECK(cuts[0].upper == 0.0);
  }
  // Every cut keeps every feasible integer point.
  for (const auto& cut : pool.select(x, 100, 0.0, 1.0))
    for_each_integer_point(lp, [&](const Eigen::VectorXd& point) {
      if (lp::is_feasible(lp, point, 1e-12, true)) CHECK(satisfies(cut, point));
    });
}

TEST_CASE("random small MILPs: no cut removes an integer-feasible point") {
  std::mt19937 rng(99);
  std::uniform_int_distribution<int> coef(-4, 9), size(3, 6), box(1, 3);
  int total_cuts = 0, improved = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int n = size(rng), m = 1 + trial % 3;
    lp::LinearProgram lp;
    lp.resize(m, n);
    lp.sense = trial % 2 ? lp::ObjectiveSense::kMaximize : lp::ObjectiveSense::kMinimize;
    for (int j = 0; j < n; ++j) {
      lp.c[j] = coef(rng);
      lp.col_upper[j] = trial % 3 == 0 ? 1 : box(rng);
    }
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = coef(rng) * (trial % 4 == 1 ? 0.7 : 1.0);
      const double total = lp.dense_row(i).cwiseMax(0).sum();
      if ((trial + i) % 2 == 0)
        lp.row_upper[i] = std::floor(total * 0.45) + 0.5 * (trial % 5 == 0);
      else
        lp.row_lower[i] = std::floor(total * 0.3);
    }
    // Mixed: the last column continuous in every third trial.
    lp.is_integer.assign(static_cast<size_t>(n), 1);
    const bool mixed = trial % 3 == 2;
    if (mixed) lp.is_integer[static_cast<size_t>(n - 1)] = 0;
    const auto result = test::run_cut_rounds(lp, 4, [&](const bnb::Cut& cut) {
      ++total_cuts;
      // Integer points (the continuous column on a fine grid of its range).
      for_each_integer_point(lp, [&](const Eigen::VectorXd& point) {
        Eigen::VectorXd x = point;
        const int steps = mixed ? 40 : 0;
        for (int s = 0; s <= steps; ++s) {
          if (mixed) x[n - 1] = lp.col_upper[n - 1] * s / steps;
          if (!lp::is_feasible(lp, x, 1e-12, false)) continue;
          INFO("trial " << trial);
          CHECK(satisfies(cut, x));
        }
      });
    });
    if (std::isfinite(result.final_bound) && result.final_bound > result.root_bound + 1e-6) ++improved;
  }
  CHECK(total_cuts > 100);
  CHECK(improved > 20);
}
