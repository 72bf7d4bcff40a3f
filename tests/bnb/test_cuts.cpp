// Cut separators on small models: the cuts are violated by the LP optimum,
// and no cut removes an integer-feasible point (checked by enumeration).
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <numeric>
#include <random>

#include "../lp/lp_builders.h"
#include "bnb/cut_clique.h"
#include "bnb/cut_flow_cover.h"
#include "bnb/cut_implied_bound.h"
#include "bnb/cut_knapsack_cover.h"
#include "bnb/cut_mir.h"
#include "bnb/cut_pool.h"
#include "bnb/cut_row_implication.h"
#include "bnb/lifted_cover.h"
#include "common/index.h"
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

TEST_CASE("cut pool: the selection over sparse supports is the greedy of dense products") {
  // Cuts with integer coefficients on a few of 40 columns (so every product
  // is exact either way), supports of different lengths: the pool's
  // selection must be what the plain greedy (dense dot products, efficacy
  // order, first added first on ties) picks.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coef(-3, 3), length(1, 12), column(0, 39);
  for (int trial = 0; trial < 30; ++trial) {
    bnb::CutPool pool;
    std::vector<bnb::Cut> added;
    Eigen::VectorXd x(40);
    for (int j = 0; j < 40; ++j) x[j] = 0.25 * coef(rng);
    for (int k = 0; k < 25; ++k) {
      bnb::Cut cut{Eigen::VectorXd::Zero(40), -kInfinity, 0.0};
      for (int e = length(rng); e > 0; --e) cut.a[column(rng)] = coef(rng);
      if (cut.a.norm() == 0.0) continue;
      cut.upper = std::floor(cut.a.dot(x)) - k % 3;  // violated by 0 to a few units
      pool.add(cut);
      added.push_back(cut);
    }
    const double max_parallelism = 0.7;
    std::vector<size_t> order(added.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return bnb::cut_efficacy(added[a], x) > bnb::cut_efficacy(added[b], x);
    });
    std::vector<bnb::Cut> expected;
    for (size_t k : order) {
      if (expected.size() >= 8 || bnb::cut_efficacy(added[k], x) < 0.01) break;
      bool parallel = false;
      for (const bnb::Cut& c : expected)
        parallel = parallel || std::fabs(added[k].a.dot(c.a)) > max_parallelism * added[k].a.norm() * c.a.norm();
      if (!parallel) expected.push_back(added[k]);
    }
    const std::vector<bnb::Cut> chosen = pool.select(x, 8, 0.01, max_parallelism);
    REQUIRE(chosen.size() == expected.size());
    for (size_t k = 0; k < chosen.size(); ++k) {
      CHECK(chosen[k].a == expected[k].a);
      CHECK(chosen[k].upper == expected[k].upper);
    }
  }
}

TEST_CASE("knapsack cover: 3x + 3y + 3z <= 5 gives x + y + z <= 1") {
  auto lp = test::make_lp({{3, 3, 3}}, {-kInfinity}, {5}, {-1, -1, -1}, {0, 0, 0}, {1, 1, 1});
  lp.is_integer.assign(3, 1);
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_knapsack_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool) == 1);
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
  test::run_cut_rounds(lp, 3, [&](const bnb::Cut& cut, int) {
    ++cuts;
    for_each_integer_point(lp, [&](const Eigen::VectorXd& x) {
      if (lp::is_feasible(lp, x, 1e-12, true)) CHECK(satisfies(cut, x));
    });
  });
  CHECK(cuts > 0);
}

TEST_CASE("lifted cover: 2a + 2b + 2c + 5d <= 5 lifts d with coefficient 2 (the extended cover gives 1)") {
  // max a + b + c + 2d: LP a = b = 1, c = 0.5, d = 0. Cover {a, b, c} (weight 6 > 5),
  // sum <= 2. Lifting d (weight 5): with d = 1 no cover item fits, so d gets 2.
  auto lp = test::make_lp({{2, 2, 2, 5}}, {-kInfinity}, {5}, {-1, -1, -1, -2}, {0, 0, 0, 0}, {1, 1, 1, 1});
  lp.is_integer.assign(4, 1);
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_knapsack_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool) == 1);
  const auto cuts = pool.select(relaxation.values(), 10, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  CHECK(cuts[0].a[0] == 1.0);
  CHECK(cuts[0].a[1] == 1.0);
  CHECK(cuts[0].a[2] == 1.0);
  CHECK(cuts[0].a[3] == 2.0);
  CHECK(cuts[0].upper == 2.0);
  for_each_integer_point(lp, [&](const Eigen::VectorXd& x) {
    if (lp::is_feasible(lp, x, 1e-12, true)) CHECK(satisfies(cuts[0], x));
  });
}

TEST_CASE("lifted covers on random knapsacks: valid, and never weaker than the extended cover") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> weight(1, 12), size(3, 8);
  int cuts_seen = 0, stronger = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = size(rng);
    std::vector<double> w(static_cast<size_t>(n)), c(static_cast<size_t>(n));
    double total = 0;
    for (int j = 0; j < n; ++j) {
      w[static_cast<size_t>(j)] = weight(rng) * (trial % 2 ? 1.0 : 0.37);
      c[static_cast<size_t>(j)] = -weight(rng);  // minimise -value
      total += w[static_cast<size_t>(j)];
    }
    auto lp =
        test::make_lp({w}, {-kInfinity}, {std::floor(total * 0.4)}, c, std::vector<double>(static_cast<size_t>(n), 0.0),
                      std::vector<double>(static_cast<size_t>(n), 1.0));
    lp.is_integer.assign(static_cast<size_t>(n), 1);
    Deadline no_limit;
    bnb::LpRelaxation relaxation(lp, &no_limit);
    REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
    bnb::CutPool pool;
    bnb::separate_knapsack_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool);
    for (const auto& cut : pool.select(relaxation.values(), 10, 0.0, 1.0)) {
      ++cuts_seen;
      INFO("trial " << trial);
      for_each_integer_point(lp, [&](const Eigen::VectorXd& x) {
        if (lp::is_feasible(lp, x, 1e-12, true)) CHECK(satisfies(cut, x));
      });
      // The extended cover gives 1 to every item at least as heavy as the
      // heaviest cover item; cover items have coefficient 1, so an item at
      // least as heavy as every coefficient-1 item must have at least 1.
      double heaviest_unit = 0;
      for (int j = 0; j < n; ++j)
        if (cut.a[j] == 1.0) heaviest_unit = std::max(heaviest_unit, w[static_cast<size_t>(j)]);
      for (int j = 0; j < n; ++j)
        if (w[static_cast<size_t>(j)] >= heaviest_unit) CHECK(cut.a[j] >= 1.0);
      for (int j = 0; j < n; ++j) stronger += cut.a[j] > 1.0;
    }
  }
  CHECK(cuts_seen > 50);
  CHECK(stronger > 0);  // some lifted coefficient beyond the extended cover's 1
}

TEST_CASE("implied bound: every pair a row side tightens is in the table (rows with and without slack)") {
  // Random single-row sides over binaries, general integers and continuous
  // columns. For each binary y, value v and other column x, the row's
  // activity bound with y = v (everything else at its least contribution)
  // is computed here directly; wherever it tightens x clearly, the table
  // must hold an implication at least as tight (the separator skips pairs
  // that cannot tighten, and must skip no other).
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> coef(-6, 6), kind(0, 2), width(1, 4);
  std::uniform_real_distribution<double> slack_share(0.0, 1.0);
  int checked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 10;
    std::vector<double> a(n), lower(n), upper(n);
    std::vector<char> integer(n);
    for (int j = 0; j < n; ++j) {
      a[uz(j)] = coef(rng);
      const int k = kind(rng);
      lower[uz(j)] = 0.0;
      upper[uz(j)] = k == 0 ? 1.0 : width(rng);
      integer[uz(j)] = k != 2;
    }
    double least = 0.0, most = 0.0;
    for (int j = 0; j < n; ++j) {
      least += std::min(a[uz(j)] * lower[uz(j)], a[uz(j)] * upper[uz(j)]);
      most += std::max(a[uz(j)] * lower[uz(j)], a[uz(j)] * upper[uz(j)]);
    }
    const double rhs = least + slack_share(rng) * (most - least);
    auto lp = test::make_lp({a}, {-kInfinity}, {rhs}, std::vector<double>(uz(n), 0.0), lower, upper);
    lp.is_integer = integer;
    Deadline no_limit;
    bnb::LpRelaxation relaxation(lp, &no_limit);
    const bnb::ImpliedBoundTable table = bnb::find_implied_bounds(relaxation, lp.is_integer);
    for (int y = 0; y < n; ++y) {
      if (!integer[uz(y)] || upper[uz(y)] != 1.0 || a[uz(y)] == 0.0) continue;
      for (int v = 0; v <= 1; ++v)
        for (int x = 0; x < n; ++x) {
          if (x == y || a[uz(x)] == 0.0) continue;
          double rest = least - std::min(a[uz(y)] * 0.0, a[uz(y)] * 1.0) -
                        std::min(a[uz(x)] * lower[uz(x)], a[uz(x)] * upper[uz(x)]);
          const double residual = rhs - a[uz(y)] * v - rest;  // a_x x <= residual
          const bool up = a[uz(x)] > 0;
          double bound = residual / a[uz(x)];
          if (integer[uz(x)]) bound = up ? std::floor(bound + 1e-6) : std::ceil(bound - 1e-6);
          const bool tightens = up ? bound < upper[uz(x)] - 1e-3 : bound > lower[uz(x)] + 1e-3;
          if (!tightens) continue;
          ++checked;
          bool held = false;
          for (const bnb::ImpliedBound& b : table.implications)
            if (b.col == x && b.binary == y && b.when_one == (v == 1) && b.upper == up)
              held = held || (up ? b.bound <= std::max(bound, lower[uz(x)]) + 1e-6
                                 : b.bound >= std::min(bound, upper[uz(x)]) - 1e-6);
          CHECK_MESSAGE(held, "trial " << trial << " y " << y << " v " << v << " x " << x);
        }
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("implied bound: x <= 10 y with x <= 4 gives x <= 4 y") {
  // max x - y, x continuous in [0, 4], y binary: LP x = 4, y = 0.4.
  auto lp = test::make_lp({{1, -10}}, {-kInfinity}, {0}, {-1, 1}, {0, 0}, {4, 1});
  lp.is_integer = {0, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  REQUIRE(relaxation.values()[1] == doctest::Approx(0.4));
  const bnb::ImpliedBoundTable table = bnb::find_implied_bounds(relaxation, lp.is_integer);
  // y = 0 => x <= 0 is the one implication tighter than x's bounds.
  REQUIRE(table.implications.size() == 1);
  const bnb::ImpliedBound& b = table.implications[0];
  CHECK(b.col == 0);
  CHECK(b.binary == 1);
  CHECK_FALSE(b.when_one);
  CHECK(b.upper);
  CHECK(b.bound == doctest::Approx(0.0).epsilon(1e-8));
  CHECK(b.global == 4.0);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_implied_bounds(table, relaxation, pool) == 1);
  const auto cuts = pool.select(relaxation.values(), 10, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  // x - 4 y <= 0 (up to the tiny safety margin on the right-hand side).
  CHECK(cuts[0].a[0] == 1.0);
  CHECK(cuts[0].a[1] == doctest::Approx(-4.0));
  CHECK(cuts[0].upper == doctest::Approx(0.0).epsilon(1e-8));
  CHECK(cuts[0].lower == -kInfinity);
  // It closes the root: the LP optimum becomes integral (x = 4, y = 1).
  relaxation.add_rows({cuts[0].a}, {cuts[0].lower}, {cuts[0].upper});
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.values()[1] == doctest::Approx(1.0));
}

TEST_CASE("implied bound: both values of y combine into one cut, x <= b0 + (b1 - b0) y") {
  // max x - 2 y, x <= 10 y, x in [0, 10], y binary: LP x = 10, y = 1. The
  // row gives y = 0 => x <= 0; add y = 1 => x <= 3 (as probing would find it
  // through other rows): the pair gives x <= 3 y, which the LP point violates.
  auto lp = test::make_lp({{1, -10}}, {-kInfinity}, {0}, {-1, 2}, {0, 0}, {10, 1});
  lp.is_integer = {0, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  bnb::ImpliedBoundTable table = bnb::find_implied_bounds(relaxation, lp.is_integer);
  REQUIRE(table.implications.size() == 1);  // y = 0 => x <= 0
  bnb::CutPool alone;
  CHECK(bnb::separate_implied_bounds(table, relaxation, alone) == 0);  // x <= 10 y holds at x = 10, y = 1
  bnb::merge_implied_bounds(table, {{0, 1, true, true, 3.0, 10.0}, {0, 1, true, true, 5.0, 10.0}});
  REQUIRE(table.implications.size() == 2);  // the tighter of the two y = 1 implications is kept
  CHECK(table.implications[1].bound == 3.0);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_implied_bounds(table, relaxation, pool) == 1);
  const auto cuts = pool.select(relaxation.values(), 10, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  CHECK(cuts[0].a[0] == 1.0);
  CHECK(cuts[0].a[1] == doctest::Approx(-3.0));
  CHECK(cuts[0].upper == doctest::Approx(0.0).epsilon(1e-8));
  CHECK(cuts[0].lower == -kInfinity);
  // One implication alone gives the single cut of before: x <= 10 - 7 y.
  const bnb::Cut single = bnb::implied_bound_cut(table.implications[1], 2);
  CHECK(single.a[1] == doctest::Approx(7.0));
  CHECK(single.upper == 10.0);
}

TEST_CASE("row implication: x + z <= 15 with y = 0 => x + z <= 0 becomes x + z <= 15 y and closes the root") {
  // max x + z - 12 y, x <= 10 y, z <= 10 y, x + z <= 15 (row 0): the LP takes
  // y = 0.75 (x = z = 7.5); with x + z <= 15 y it takes y = 1, integral.
  auto lp = test::make_lp({{1, 1, 0}, {1, 0, -10}, {0, 1, -10}}, {-kInfinity, -kInfinity, -kInfinity}, {15, 0, 0},
                          {-1, -1, 12}, {0, 0, 0}, {10, 10, 1});
  lp.is_integer = {0, 0, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  REQUIRE(relaxation.values()[2] == doctest::Approx(0.75));
  const lp::RowMajorMatrix rows = lp.A;
  const std::vector<bnb::RowImpliedBound> table =
      bnb::unique_row_implications({{0, 2, false, true, 1e-9, 15.0}, {0, 2, false, true, 0.0, 15.0}});
  REQUIRE(table.size() == 1);  // the tighter of the two
  CHECK(table[0].bound == 0.0);
  bnb::CutPool pool;
  REQUIRE(bnb::separate_row_implications(table, relaxation, rows, pool) == 1);
  const auto cuts = pool.select(relaxation.values(), 10, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  CHECK(cuts[0].a[0] == 1.0);
  CHECK(cuts[0].a[1] == 1.0);
  CHECK(cuts[0].a[2] == doctest::Approx(-15.0));
  CHECK(cuts[0].upper == 0.0);
  relaxation.add_rows({cuts[0].a}, {cuts[0].lower}, {cuts[0].upper});
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.values()[2] == doctest::Approx(1.0));
  // A row that holds y: its coefficient moves by -(B1 - B0). Row 1, x - 10 y
  // <= 0, with y = 1 => x <= 4 (its activity at most 4 - 10 = -6) becomes
  // x - 4 y <= 0.
  const bnb::Cut vub = bnb::row_implication_cut(rows, 1, 2, true, 0.0, -6.0, 3);
  CHECK(vub.a[0] == 1.0);
  CHECK(vub.a[1] == 0.0);
  CHECK(vub.a[2] == doctest::Approx(-4.0));
  CHECK(vub.upper == 0.0);
}

TEST_CASE("implied bound: a row with other columns at their bounds, and a lower bound when y = 1") {
  // x + z - 6 y >= -2 with y binary, x in [0, 5], z in [0, 3] integer:
  // y = 1 => x >= 4 - z >= 1 (z at its upper bound 3), so x >= 1 * y.
  auto lp = test::make_lp({{1, 1, -6}}, {-2}, {kInfinity}, {1, 1, -3}, {0, 0, 0}, {5, 3, 1});
  lp.is_integer = {0, 1, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  const bnb::ImpliedBoundTable table = bnb::find_implied_bounds(relaxation, lp.is_integer);
  bool found = false;
  for (const bnb::ImpliedBound& b : table.implications)
    if (b.col == 0 && b.binary == 2 && b.when_one && !b.upper) {
      found = true;
      CHECK(b.bound == doctest::Approx(1.0).epsilon(1e-8));
      CHECK(b.global == 0.0);
      const bnb::Cut cut = bnb::implied_bound_cut(b, 3);  // x - 1 y >= 0
      CHECK(cut.a[0] == 1.0);
      CHECK(cut.a[2] == doctest::Approx(-1.0));
      CHECK(cut.lower == 0.0);
    }
  CHECK(found);
}

TEST_CASE("implied bounds on random rows: every implication's cut keeps every feasible point") {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> coef(-6, 6), size(2, 5), box(1, 4);
  int implications = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = size(rng);
    lp::LinearProgram lp;
    lp.resize(1, n);
    lp.is_integer.assign(static_cast<size_t>(n), 1);
    for (int j = 0; j < n; ++j) {
      lp.col_upper[j] = j % 2 == 0 ? 1 : box(rng);  // binaries and small general integers
      lp.A.coeffRef(0, j) = coef(rng) * (trial % 3 == 0 ? 0.6 : 1.0);
    }
    const double total = lp.dense_row(0).cwiseMax(0).sum();
    if (trial % 2 == 0)
      lp.row_upper[0] = std::floor(total * 0.5);
    else
      lp.row_lower[0] = std::floor(total * 0.3);
    Deadline no_limit;
    bnb::LpRelaxation relaxation(lp, &no_limit);
    const bnb::ImpliedBoundTable table = bnb::find_implied_bounds(relaxation, lp.is_integer);
    for (const bnb::ImpliedBound& b : table.implications) {
      ++implications;
      const bnb::Cut cut = bnb::implied_bound_cut(b, n);
      INFO("trial " << trial);
      for_each_integer_point(lp, [&](const Eigen::VectorXd& x) {
        if (lp::is_feasible(lp, x, 1e-12, true)) CHECK(satisfies(cut, x));
      });
    }
  }
  CHECK(implications > 100);
}

TEST_CASE("cut pool: duplicates merge, selected cuts leave, unviolated candidates age out") {
  bnb::CutPool pool(2);
  Eigen::VectorXd a(2), b(2);
  a << 1, 0;
  b << 0, 1;
  pool.add({a, -kInfinity, 0.5});
  pool.add({a, -kInfinity, 0.5});  // the same cut: no second copy
  pool.add({b, -kInfinity, 0.5});
  CHECK(pool.size() == 2);
  Eigen::VectorXd x(2);
  x << 1, 0;  // violates x0 <= 0.5 only
  auto taken = pool.take(x, 10, 1e-5, 0.98);
  REQUIRE(taken.size() == 1);
  CHECK(taken[0].a[0] == 1.0);
  CHECK(pool.size() == 1);       // x1 <= 0.5 stays, age 1
  pool.take(x, 10, 1e-5, 0.98);  // age 2: still kept (limit 2)
  CHECK(pool.size() == 1);
  pool.add({b, -kInfinity, 0.5});  // found again: young again
  pool.take(x, 10, 1e-5, 0.98);
  pool.take(x, 10, 1e-5, 0.98);
  CHECK(pool.size() == 1);
  pool.take(x, 10, 1e-5, 0.98);  // age 3 > 2: discarded
  CHECK(pool.size() == 0);
  // A violated candidate that loses only to the per-round limit does not age.
  pool.add({a, -kInfinity, 0.5});
  pool.add({a, -kInfinity, 0.25});
  for (int round = 0; round < 5; ++round) {
    pool.add({a, -kInfinity, -0.75 - round});  // a new best cut every round
    pool.take(x, 1, 1e-5, 1.0);
  }
  CHECK(pool.size() == 2);  // x0 <= 0.5 and x0 <= 0.25 kept: violated all along
}

TEST_CASE("GMI: max x + y with 2x + 2y <= 3 closes the bound to the integer optimum") {
  auto lp = test::make_lp({{2, 2}}, {-kInfinity}, {3}, {1, 1}, {0, 0}, {5, 5});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(2, 1);
  int cuts = 0;
  const auto result = test::run_cut_rounds(lp, 3, [&](const bnb::Cut& cut, int) {
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
  REQUIRE(bnb::separate_mir(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool) >= 1);
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
  REQUIRE(bnb::separate_mir(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool) >= 1);
  const auto cuts = pool.select(relaxation.values(), 1, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  check_cut_is_y_at_least_one(cuts[0], 2);
  // The cut closes the root: after adding it the LP bound is the integer optimum.
  relaxation.add_rows({cuts[0].a}, {cuts[0].lower}, {cuts[0].upper});
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(1.0));
}

TEST_CASE("MIR on a flow node: an idle out-arc leaves the knapsack, and the inflow gives y1 + y2 >= 1") {
  // Columns x1, x2 (arcs in), x3 (arc out), all continuous [0, 10], and
  // y1, y2, y3 binary; min y1 + y2 + y3 with x1 + x2 - x3 = 3 and x_k <= 10 y_k.
  // LP: y1 + y2 = 0.3, x3 = y3 = 0, so x3 sits on both its lower bound and its
  // variable upper bound. Through the variable bound, y3 enters the knapsack
  // with -10 and the best c-MIR is weak; through x3 >= 0, x3 drops out and the
  // knapsack 10 y1 + 10 y2 >= 3 gives y1 + y2 >= 1, the integer optimum.
  auto lp = test::make_lp({{1, 1, -1, 0, 0, 0}, {1, 0, 0, -10, 0, 0}, {0, 1, 0, 0, -10, 0}, {0, 0, 1, 0, 0, -10}},
                          {3, -kInfinity, -kInfinity, -kInfinity}, {3, 0, 0, 0}, {0, 0, 0, 1, 1, 1}, {0, 0, 0, 0, 0, 0},
                          {10, 10, 10, 1, 1, 1});
  lp.is_integer = {0, 0, 0, 1, 1, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  REQUIRE(relaxation.objective() == doctest::Approx(0.3));
  REQUIRE(relaxation.values()[2] == doctest::Approx(0.0));
  bnb::CutPool pool;
  REQUIRE(bnb::separate_mir(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool) >= 1);
  const auto cuts = pool.select(relaxation.values(), 1, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  // Valid: every integer assignment of y with a feasible flow keeps it.
  for (double y1 : {0.0, 1.0})
    for (double y2 : {0.0, 1.0})
      for (double y3 : {0.0, 1.0}) {
        if (y1 + y2 == 0.0) continue;  // no inflow: infeasible
        const double x1 = y1 > 0 ? 3.0 : 0.0, x2 = 3.0 - x1;
        Eigen::VectorXd x(6);
        x << x1, x2, 0.0, y1, y2, y3;
        CHECK(satisfies(cuts[0], x));
      }
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

TEST_CASE("a passed deadline leaves the conflict graph and the implication table empty, never partial") {
  // The same rows as the two tests above, each with cuts to find when there is time.
  auto clique_lp = test::make_lp({{2, 2, 0}, {0, 1, 1}, {1, 0, 1}}, {-kInfinity, -kInfinity, -kInfinity}, {3, 1, 1},
                                 {1, 1, 1}, {0, 0, 0}, {1, 1, 1});
  clique_lp.sense = lp::ObjectiveSense::kMaximize;
  clique_lp.is_integer.assign(3, 1);
  auto implied_lp = test::make_lp({{1, -10}}, {-kInfinity}, {0}, {-1, 1}, {0, 0}, {4, 1});
  implied_lp.is_integer = {0, 1};
  Deadline no_limit;
  std::atomic<bool> raised{true};
  const Deadline stopped(INFINITY, &raised);
  REQUIRE(stopped.expired());
  bnb::LpRelaxation clique_relaxation(clique_lp, &no_limit);
  REQUIRE(clique_relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(bnb::build_conflict_graph(clique_relaxation, clique_lp.is_integer, &no_limit).edges == 3);
  const bnb::ConflictGraph none = bnb::build_conflict_graph(clique_relaxation, clique_lp.is_integer, &stopped);
  CHECK(none.empty());
  CHECK(none.neighbours.size() == 6);  // one (empty) list per literal: separate_cliques may still index it
  bnb::CutPool pool;
  CHECK(bnb::separate_cliques(none, clique_relaxation, pool) == 0);
  bnb::LpRelaxation implied_relaxation(implied_lp, &no_limit);
  REQUIRE(implied_relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(bnb::find_implied_bounds(implied_relaxation, implied_lp.is_integer, &no_limit).implications.size() == 1);
  CHECK(bnb::find_implied_bounds(implied_relaxation, implied_lp.is_integer, &stopped).implications.empty());
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

TEST_CASE("tableau c-MIR: max x + y with 2x + 2y <= 3, 4x - 2y <= 3 cuts off the LP optimum, keeps the integers") {
  auto lp = test::make_lp({{2, 2}, {4, -2}}, {-kInfinity, -kInfinity}, {3, 3}, {1, 1}, {0, 0}, {5, 5});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(2, 1);
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(-1.5));  // minimisation form
  bnb::CutPool pool;
  // The basic integer columns are fractional: one tableau row each, two senses.
  REQUIRE(bnb::separate_tableau_mir(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool, 10) > 0);
  const auto cuts = pool.select(relaxation.values(), pool.size(), 0.0, 1.0);
  REQUIRE_FALSE(cuts.empty());
  double best_bound = -1.5;
  for (const auto& cut : cuts) {
    CHECK(bnb::cut_violation(cut, relaxation.values()) > 1e-6);
    for_each_integer_point(lp, [&](const Eigen::VectorXd& x) {
      if (lp::is_feasible(lp, x, 1e-12, true)) CHECK(satisfies(cut, x));
    });
    bnb::LpRelaxation with_cut(lp, &no_limit);
    with_cut.add_rows(std::vector<Eigen::VectorXd>{cut.a}, std::vector<double>{cut.lower},
                      std::vector<double>{cut.upper});
    REQUIRE(with_cut.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
    best_bound = std::max(best_bound, with_cut.objective());
  }
  // The integer optimum is 1 (x + y <= 1 at every integer point of the rows).
  CHECK(best_bound > -1.5 + 1e-6);
  CHECK(best_bound <= -1.0 + 1e-9);
}

TEST_CASE("random small MILPs: no cut removes an integer-feasible point") {
  std::mt19937 rng(99);
  std::uniform_int_distribution<int> coef(-4, 9), size(3, 6), box(1, 3);
  int total_cuts = 0, improved = 0, tableau_cuts = 0;
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
    const auto result = test::run_cut_rounds(lp, 4, [&](const bnb::Cut& cut, int separator) {
      ++total_cuts;
      if (separator == test::kTableauMir) ++tableau_cuts;
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
  CHECK(tableau_cuts > 20);  // the tableau c-MIR's cuts are among those checked
  CHECK(improved > 20);
}

TEST_CASE("flow cover: two arcs x <= 8 y into a demand of 10 give y1 + y2 >= 2") {
  // Columns x1, x2 (continuous, [0, 10]), y1, y2 (binary); min y1 + y2 with
  // x1 + x2 = 10 and x_j <= 8 y_j. LP: y1 + y2 = 1.25. C = {x1, x2},
  // lambda = 16 - 10 = 6: x1 + x2 + 2 (1 - y1) + 2 (1 - y2) <= 10.
  auto lp = test::make_lp({{1, 1, 0, 0}, {1, 0, -8, 0}, {0, 1, 0, -8}}, {10, -kInfinity, -kInfinity}, {10, 0, 0},
                          {0, 0, 1, 1}, {0, 0, 0, 0}, {10, 10, 1, 1});
  lp.is_integer = {0, 0, 1, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  REQUIRE(relaxation.objective() == doctest::Approx(1.25));
  bnb::CutPool pool;
  REQUIRE(bnb::separate_flow_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool) >= 1);
  const auto cuts = pool.select(relaxation.values(), 1, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  const bnb::Cut& cut = cuts[0];
  CHECK(cut.a[0] == doctest::Approx(1.0));
  CHECK(cut.a[1] == doctest::Approx(1.0));
  CHECK(cut.a[2] == doctest::Approx(-2.0));
  CHECK(cut.a[3] == doctest::Approx(-2.0));
  CHECK(cut.upper == doctest::Approx(6.0));
  // Both integer-feasible extremes keep it; the LP optimum does not.
  CHECK(satisfies(cut, Eigen::Vector4d(5, 5, 1, 1)));
  CHECK(satisfies(cut, Eigen::Vector4d(8, 2, 1, 1)));
  CHECK(bnb::cut_violation(cut, relaxation.values()) > 0.1);
  // With the cut, the LP bound is the integer optimum.
  relaxation.add_rows({cut.a}, {cut.lower}, {cut.upper});
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(2.0).epsilon(1e-6));
}

TEST_CASE("flow cover on an aggregation: a two-node path x1 - s = 3, x2 + s = 7 gives y1 + y2 >= 2") {
  // Columns x1, x2 (continuous, [0, 10]), s (continuous, [0, 10]: the flow
  // from node 1 to node 2, no variable bound), y1, y2 (binary); min y1 + y2
  // with x_j <= 8 y_j. Neither node row alone has a cover that cuts the LP
  // point; their sum x1 + x2 = 10 (s eliminated) is the row of the test
  // above, whose cover gives x1 + x2 + 2 (1 - y1) + 2 (1 - y2) <= 10.
  auto lp =
      test::make_lp({{1, 0, -1, 0, 0}, {0, 1, 1, 0, 0}, {1, 0, 0, -8, 0}, {0, 1, 0, 0, -8}},
                    {3, 7, -kInfinity, -kInfinity}, {3, 7, 0, 0}, {0, 0, 0, 1, 1}, {0, 0, 0, 0, 0}, {10, 10, 10, 1, 1});
  lp.is_integer = {0, 0, 0, 1, 1};
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  REQUIRE(relaxation.objective() == doctest::Approx(1.25));
  const bnb::FlowCoverSeparator flow_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer);

  SUBCASE("the separator on an aggregated row side") {
    std::vector<int> support{0, 1};
    Eigen::VectorXd coef = Eigen::VectorXd::Zero(5);
    coef[0] = coef[1] = 1.0;
    bnb::CutPool pool;
    REQUIRE(flow_covers.separate(support, coef, 10.0, pool));
    const auto cuts = pool.select(relaxation.values(), 1, 0.0, 1.0);
    REQUIRE(cuts.size() == 1);
    const bnb::Cut& cut = cuts[0];
    CHECK(cut.a[0] == doctest::Approx(1.0));
    CHECK(cut.a[1] == doctest::Approx(1.0));
    CHECK(cut.a[2] == doctest::Approx(0.0));
    CHECK(cut.a[3] == doctest::Approx(-2.0));
    CHECK(cut.a[4] == doctest::Approx(-2.0));
    CHECK(cut.upper == doctest::Approx(6.0));
  }

  SUBCASE("the c-MIR separator hands its aggregations to it, and the cuts close the root") {
    // Integer-feasible points (y1 = y2 = 1 is the only pattern): the cuts keep them.
    const std::vector<Eigen::VectorXd> feasible = {(Eigen::VectorXd(5) << 5, 5, 2, 1, 1).finished(),
                                                   (Eigen::VectorXd(5) << 8, 2, 5, 1, 1).finished(),
                                                   (Eigen::VectorXd(5) << 3, 7, 0, 1, 1).finished()};
    bool aggregated_cut = false;
    for (int round = 0; round < 5 && relaxation.objective() < 2.0 - 1e-6; ++round) {
      const bnb::FlowCoverSeparator at_point(relaxation, bnb::current_bounds(relaxation), lp.is_integer);
      bnb::CutPool pool;
      bnb::separate_mir(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool, &at_point);
      const auto cuts = pool.select(relaxation.values(), pool.size(), 1e-6, 1.0);
      if (cuts.empty()) break;
      for (const bnb::Cut& cut : cuts) {
        for (const Eigen::VectorXd& x : feasible) CHECK(satisfies(cut, x));
        // A cut on x1, x2, y1 and y2 together can only come from the sum of the node rows.
        if (std::fabs(cut.a[0]) > 1e-9 && std::fabs(cut.a[1]) > 1e-9 && std::fabs(cut.a[3]) > 1e-9 &&
            std::fabs(cut.a[4]) > 1e-9)
          aggregated_cut = true;
        relaxation.add_rows({cut.a}, {cut.lower}, {cut.upper});
      }
      REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
    }
    CHECK(aggregated_cut);
    CHECK(relaxation.objective() == doctest::Approx(2.0).epsilon(1e-6));
  }
}

TEST_CASE("flow covers on random single-node flow rows: no cut removes a feasible point") {
  // k arcs x_j in [0, U_j] (continuous, or a general integer), each with a
  // variable upper bound x_j <= d_j y_j or none (always open), signs +-1 or
  // +-2 in one flow row (<=, >= or =), and a free-sign column relaxed over
  // its bounds. For every 0/1 pattern of the binaries, the largest left-hand
  // side of each cut over the remaining LP (exact: an LP solve) stays within
  // its right-hand side.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> cap(1, 9), sign(0, 3), kind(0, 5);
  int total_cuts = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int k = 2 + trial % 3;
    const int n = 2 * k + 1;  // x_1..x_k, y_1..y_k, w (free sign, [-1, 2])
    lp::LinearProgram lp;
    lp.resize(k + 1, n);
    lp.is_integer.assign(static_cast<size_t>(n), 0);
    double total = 0.0;
    for (int j = 0; j < k; ++j) {
      const double coef = (sign(rng) % 2 ? -1.0 : 1.0) * (sign(rng) < 3 ? 1.0 : 2.0);
      lp.set_coefficient(0, j, coef);
      lp.col_upper[j] = cap(rng);
      const int what = kind(rng);
      if (what == 5) lp.is_integer[static_cast<size_t>(j)] = 1;  // general integer, always open
      lp.is_integer[static_cast<size_t>(k + j)] = 1;
      lp.col_upper[k + j] = 1;
      if (what < 4) {  // x_j <= d_j y_j
        lp.set_coefficient(1 + j, j, 1.0);
        lp.set_coefficient(1 + j, k + j, -static_cast<double>(cap(rng)));
        lp.row_lower[1 + j] = -kInfinity;
        lp.row_upper[1 + j] = 0.0;
      }
      lp.c[k + j] = cap(rng);
      lp.c[j] = sign(rng) - 1.5;
      total += std::fabs(coef) * lp.col_upper[j];
    }
    lp.set_coefficient(0, n - 1, 1.0);
    lp.col_lower[n - 1] = -1;
    lp.col_upper[n - 1] = 2;
    const double b = std::floor(total * (0.2 + 0.1 * (trial % 5)));
    lp.row_lower[0] = trial % 3 == 0 ? -kInfinity : b;
    lp.row_upper[0] = trial % 3 == 1 ? kInfinity : b + 1.5 * (trial % 2);
    Deadline no_limit;
    bnb::LpRelaxation relaxation(lp, &no_limit);
    if (relaxation.resolve(nullptr, 1000) != lp::LpStatus::kOptimal) continue;
    for (int round = 0; round < 3; ++round) {
      bnb::CutPool pool;
      bnb::separate_flow_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer, pool);
      const auto cuts = pool.select(relaxation.values(), 100, 0.0, 1.0);
      if (cuts.empty()) break;
      for (const bnb::Cut& cut : cuts) {
        ++total_cuts;
        for (int pattern = 0; pattern < (1 << k); ++pattern) {
          lp::LinearProgram fixed = lp;
          fixed.c = -cut.a;
          fixed.sense = lp::ObjectiveSense::kMinimize;
          fixed.is_integer.assign(static_cast<size_t>(n), 0);
          for (int j = 0; j < k; ++j) fixed.col_lower[k + j] = fixed.col_upper[k + j] = (pattern >> j) & 1;
          // General integers are relaxed: the cut must hold on the continuous relaxation of those too.
          bnb::LpRelaxation check(fixed, &no_limit);
          if (check.resolve(nullptr, 1000) != lp::LpStatus::kOptimal) continue;
          INFO("trial " << trial << " pattern " << pattern);
          CHECK(-check.objective() <= cut.upper + 1e-7 * (1.0 + std::fabs(cut.upper)));
        }
      }
      std::vector<Eigen::VectorXd> rows;
      std::vector<double> lower, upper;
      for (const bnb::Cut& cut : cuts) {
        rows.push_back(cut.a);
        lower.push_back(cut.lower);
        upper.push_back(cut.upper);
      }
      relaxation.add_rows(rows, lower, upper);
      if (relaxation.resolve(nullptr, 1000) != lp::LpStatus::kOptimal) break;
    }
  }
  CHECK(total_cuts > 40);
}

TEST_CASE("lifted mixed-binary cover: the worked example, and validity by enumeration") {
  // 5 z1 + 4 z2 + 3 z3 <= 6 + s at z = (1, 0.5, 0): the cover {1, 2} has
  // lambda = 3; z3 is lifted at phi(3) = 3 + (3 - 5) = 1.
  const auto cut = bnb::lifted_mixed_binary_cover({5, 4, 3}, {1.0, 0.5, 0.0}, 6.0, 1e-6);
  REQUIRE(cut);
  CHECK(cut->coef[0] == doctest::Approx(3));
  CHECK(cut->coef[1] == doctest::Approx(3));
  CHECK(cut->coef[2] == doctest::Approx(1));
  CHECK(cut->rhs == doctest::Approx(3));
  // Violated at the point (s = 0): 3 + 1.5 > 3.
  CHECK(3 * 1.0 + 3 * 0.5 > cut->rhs + 1e-9);

  // Nothing to cover: beta <= 0, or the point's items cannot exceed beta.
  CHECK_FALSE(bnb::lifted_mixed_binary_cover({5, 4}, {1.0, 1.0}, 0.0, 1e-6));
  CHECK_FALSE(bnb::lifted_mixed_binary_cover({5, 4}, {0.5, 0.0}, 6.0, 1e-6));

  // Random knapsacks: every 0-1 point with its least s satisfies the cut.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coefficient(0.5, 10.0), value(0.0, 1.0);
  int cuts = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int items = 2 + trial % 7;
    std::vector<double> a(uz(items)), z(uz(items));
    double total = 0.0;
    for (int j = 0; j < items; ++j) {
      a[uz(j)] = std::round(coefficient(rng) * 4) / 4;  // quarters: ties occur
      z[uz(j)] = trial % 3 == 0 ? std::round(value(rng)) : value(rng);
      total += a[uz(j)];
    }
    const double beta = std::round(total * value(rng) * 4) / 4;
    const auto lifted = bnb::lifted_mixed_binary_cover(a, z, beta, 1e-6);
    if (!lifted) continue;
    ++cuts;
    for (int mask = 0; mask < (1 << items); ++mask) {
      double weight = 0.0, lhs = 0.0;
      for (int j = 0; j < items; ++j)
        if (mask & (1 << j)) {
          weight += a[uz(j)];
          lhs += lifted->coef[uz(j)];
        }
      const double s = std::max(0.0, weight - beta);
      CAPTURE(trial);
      CAPTURE(mask);
      CHECK(lhs - s <= lifted->rhs + 1e-9);
    }
  }
  CHECK(cuts > 100);
}
