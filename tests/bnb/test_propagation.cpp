// Row bound propagation: implied bounds with integer rounding, infeasibility,
// continuous columns left alone, and validity on random models (no integer
// point that satisfies the rows is ever cut off).
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "../lp/lp_builders.h"
#include "bnb/propagation.h"
#include "common/index.h"
#include "integer_points.h"

using namespace milpsac;
using lp::kInfinity;

TEST_CASE("a knapsack row bounds its integer columns, rounded down") {
  // 3x + 5y <= 12, x, y integer in [0, 10] -> x <= 4, y <= 2
  auto lp = test::make_lp({{3, 5}}, {-kInfinity}, {12}, {0, 0}, {0, 0}, {10, 10});
  lp.is_integer = {1, 1};
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  const auto outcome = propagator.propagate(lower, upper, {});
  CHECK_FALSE(outcome.infeasible);
  CHECK(upper[0] == 4.0);
  CHECK(upper[1] == 2.0);
  CHECK(outcome.tightened.size() == 2);
  // Fixing y = 2 leaves 3x <= 2: x = 0.
  lower[1] = 2;
  const auto after = propagator.propagate(lower, upper, {1});
  CHECK_FALSE(after.infeasible);
  CHECK(upper[0] == 0.0);
}

TEST_CASE("set partitioning: one column at 1 fixes the others at 0; two make it infeasible") {
  auto lp = test::make_lp({{1, 1, 1, 1}}, {1}, {1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 1, 1, 1});
  lp.is_integer.assign(4, 1);
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  lower[2] = 1;
  auto outcome = propagator.propagate(lower, upper, {2});
  CHECK_FALSE(outcome.infeasible);
  CHECK(upper[0] == 0.0);
  CHECK(upper[1] == 0.0);
  CHECK(upper[3] == 0.0);
  CHECK(lower[2] == 1.0);
  // All but one at 0: the last one must be 1.
  lower = lp.col_lower;
  upper = lp.col_upper;
  upper[0] = upper[1] = upper[2] = 0;
  outcome = propagator.propagate(lower, upper, {0, 1, 2});
  CHECK_FALSE(outcome.infeasible);
  CHECK(lower[3] == 1.0);
  lower = lp.col_lower;
  upper = lp.col_upper;
  lower[0] = lower[1] = 1;
  CHECK(propagator.propagate(lower, upper, {0, 1}).infeasible);
}

TEST_CASE("continuous columns keep their bounds but still carry activity") {
  // x + y <= 2.5, x continuous in [0, 5], y integer in [0, 5]; x >= 1 -> y <= 1
  auto lp = test::make_lp({{1, 1}}, {-kInfinity}, {2.5}, {0, 0}, {1, 0}, {5, 5});
  lp.is_integer = {0, 1};
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  CHECK_FALSE(propagator.propagate(lower, upper, {}).infeasible);
  CHECK(upper[0] == 5.0);  // not tightened (continuous)
  CHECK(upper[1] == 1.0);
}

TEST_CASE("Columns::kAll tightens continuous columns too, without rounding, in steps that matter") {
  // Same row: with every column allowed, x <= 2.5 - y's least (0) stays 2.5
  // until y moves; y >= 1 gives x <= 1.5 (not rounded: x is continuous).
  auto lp = test::make_lp({{1, 1}}, {-kInfinity}, {2.5}, {0, 0}, {0, 0}, {5, 5});
  lp.is_integer = {0, 1};
  const bnb::RowPropagator all(lp, bnb::RowPropagator::Columns::kAll);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  CHECK_FALSE(all.propagate(lower, upper, {}).infeasible);
  CHECK(upper[0] == doctest::Approx(2.5));
  CHECK(upper[1] == 2.0);
  lower[1] = 1.0;
  CHECK_FALSE(all.propagate(lower, upper, {1}).infeasible);
  CHECK(upper[0] == doctest::Approx(1.5));
  CHECK(upper[0] > 1.5);  // loosened by the floating-point margin, never tightened past it
  CHECK(upper[0] < 1.5 + 1e-8);
  // A change below the step (1e-3 of the range) is not taken: 5 -> 4.999.
  auto tiny = test::make_lp({{1}}, {-kInfinity}, {4.999}, {0}, {0}, {5});
  tiny.is_integer = {0};
  Eigen::VectorXd tl = tiny.col_lower, tu = tiny.col_upper;
  bnb::RowPropagator(tiny, bnb::RowPropagator::Columns::kAll).propagate(tl, tu, {});
  CHECK(tu[0] == 5.0);
}

TEST_CASE("Columns::kAll: continuous bounds that cross by round-off meet; a real crossing is infeasible") {
  // x >= 1 and x <= 1 + 1e-9 through two rows with a column at its bound:
  // not a contradiction. x >= 1 and x <= 0.9 is one.
  for (const double top : {1.0 + 1e-9, 1.0 - 1e-9, 0.9}) {
    auto lp = test::make_lp({{1, 0}, {1, 1}}, {1, -kInfinity}, {kInfinity, top}, {0, 0}, {0, 0}, {5, 1});
    lp.is_integer = {0, 0};
    const bnb::RowPropagator all(lp, bnb::RowPropagator::Columns::kAll);
    Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
    const auto outcome = all.propagate(lower, upper, {});
    CAPTURE(top);
    CHECK(outcome.infeasible == (top < 0.95));
    if (!outcome.infeasible) CHECK(lower[0] <= upper[0]);
  }
}

TEST_CASE("chains through rows, and unbounded columns need all but one term finite") {
  // x0 - x1 >= 0 (x1 <= x0), x0 <= 3 (by bound), x1 + x2 >= 5, x2 integer unbounded above
  auto lp = test::make_lp({{1, -1, 0}, {0, 1, 1}}, {0, 5}, {kInfinity, kInfinity}, {0, 0, 0}, {0, 0, 0},
                          {3, kInfinity, kInfinity});
  lp.is_integer.assign(3, 1);
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  CHECK_FALSE(propagator.propagate(lower, upper, {}).infeasible);
  CHECK(upper[1] == 3.0);  // from row 0
  CHECK(lower[2] == 2.0);  // from row 1 with x1 <= 3
  CHECK(upper[2] == kInfinity);
}

TEST_CASE("random integer programs: propagation never removes a feasible integer point") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coef(-5, 7), box(0, 3);
  int tightenings = 0, infeasible_boxes = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 4, m = 3;
    lp::LinearProgram lp;
    lp.resize(m, n);
    for (int j = 0; j < n; ++j) {
      lp.col_lower[j] = -box(rng);
      lp.col_upper[j] = box(rng);
    }
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = coef(rng) * (trial % 5 == 0 ? 0.37 : 1.0);
      if (i % 2 == 0)
        lp.row_upper[i] = coef(rng);
      else
        lp.row_lower[i] = coef(rng) - 3;
    }
    lp.is_integer.assign(n, 1);
    bnb::RowPropagator propagator(lp);
    Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
    const auto outcome = propagator.propagate(lower, upper, {});
    tightenings += static_cast<int>(outcome.tightened.size());
    if (outcome.infeasible) ++infeasible_boxes;
    // Every integer point of the original box that satisfies the rows must be
    // inside the propagated box (and the box must not be called infeasible).
    test::check_box_keeps_integer_points(lp, lower, upper, outcome.infeasible);
  }
  CHECK(tightenings > 50);
  CHECK(infeasible_boxes > 0);
}

namespace {

// Rows over integer columns in [0, upper[j]], each entry present with chance
// 5 in (pick's range) and a coefficient in [-4, 6], drawn from `rng`: upper
// sides 4-6, odd rows also >= -2, every fourth row an equation = 3 (an odd
// right-hand side: even coefficients make a column's implied bounds cross
// after rounding, the verdict of the second pass).
lp::LinearProgram random_rows(std::mt19937& rng, int m, const std::vector<double>& upper) {
  const int n = static_cast<int>(upper.size());
  std::uniform_int_distribution<int> coef(-4, 6), pick(0, n - 1);
  lp::LinearProgram lp;
  lp.resize(m, n);
  for (int j = 0; j < n; ++j) lp.col_upper[j] = upper[uz(j)];
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j)
      if (pick(rng) < 5) lp.A.coeffRef(i, j) = coef(rng);
    lp.row_upper[i] = 4 + i % 3;
    if (i % 2 == 1) lp.row_lower[i] = -2;
    if (i % 4 == 3) lp.row_lower[i] = lp.row_upper[i] = 3;
  }
  lp.is_integer.assign(uz(n), 1);
  return lp;
}

}  // namespace

TEST_CASE("one propagator called again and again answers as a fresh one, and reports every column it wrote") {
  // The propagator reuses its scratch between calls, so each of a long run of
  // calls (random fixings on one model, some infeasible, some stopping early)
  // is compared with a fresh propagator's answer. Probing keeps its scratch
  // bounds equal to the global ones by the columns a call reports, so every
  // column whose bounds differ after a call, infeasible or not, must be listed.
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> pick(0, 11), value(0, 1);
  const int n = 12;
  std::vector<double> upper_bounds(n, 1.0);
  for (int j = 9; j < n; ++j) upper_bounds[uz(j)] = 5.0;
  const lp::LinearProgram lp = random_rows(rng, 8, upper_bounds);
  const bnb::RowPropagator reused(lp);
  int infeasible = 0, feasible_moves = 0, crossed = 0;
  for (int call = 0; call < 300; ++call) {
    Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
    std::vector<int> touched;
    for (int k = 0; k < 1 + call % 4; ++k) {
      const int j = pick(rng);
      lower[j] = upper[j] = std::min(static_cast<double>(value(rng)), upper[j]);
      touched.push_back(j);
    }
    if (call % 17 == 0) touched.clear();  // all rows
    const Eigen::VectorXd lower_in = lower, upper_in = upper;
    Eigen::VectorXd fresh_lower = lower, fresh_upper = upper;
    const auto outcome = reused.propagate(lower, upper, touched);
    const auto fresh = bnb::RowPropagator(lp).propagate(fresh_lower, fresh_upper, touched);
    CAPTURE(call);
    REQUIRE(outcome.infeasible == fresh.infeasible);
    CHECK(outcome.tightened == fresh.tightened);
    CHECK(outcome.work == fresh.work);
    CHECK(lower == fresh_lower);
    CHECK(upper == fresh_upper);
    std::vector<char> listed(n, 0);
    for (int j : outcome.tightened) listed[uz(j)] = 1;
    for (int j = 0; j < n; ++j)
      if (lower[j] != lower_in[j] || upper[j] != upper_in[j]) CHECK(listed[uz(j)]);
    for (int j = 0; j < n; ++j) crossed += lower[j] > upper[j];
    if (outcome.infeasible)
      ++infeasible;
    else
      feasible_moves += !outcome.tightened.empty();
  }
  CHECK(infeasible >= 20);
  CHECK(feasible_moves >= 20);
  CHECK(crossed >= 5);
}

namespace {

// Sums of two boxes' rows agree: the infinite counts and open columns exactly,
// the finite parts to round-off (small integer data: exactly in practice).
void check_same_sums(const bnb::RowPropagator::Activities& kept, const bnb::RowPropagator::Activities& fresh, int m) {
  for (int i = 0; i < m; ++i) {
    CAPTURE(i);
    CHECK(kept.row(i).min_finite == doctest::Approx(fresh.row(i).min_finite).epsilon(1e-12));
    CHECK(kept.row(i).max_finite == doctest::Approx(fresh.row(i).max_finite).epsilon(1e-12));
    CHECK(kept.row(i).magnitude == doctest::Approx(fresh.row(i).magnitude).epsilon(1e-12));
    CHECK(kept.row(i).min_infinite == fresh.row(i).min_infinite);
    CHECK(kept.row(i).max_infinite == fresh.row(i).max_infinite);
    CHECK(kept.row(i).open == fresh.row(i).open);
  }
}

}  // namespace

TEST_CASE("kept row sums: the same propagation as summing each row, kept equal to the box, rolled back exactly") {
  // Probing keeps the sums of the global box and propagates trial fixings
  // from them, rolling back after each. Every call here is compared with a
  // propagation that sums its rows (a fresh propagator), the kept sums with
  // freshly computed ones after the call, and after the rollback with the
  // sums before it, bit for bit. Some columns are continuous with an infinite
  // bound (infinite terms), some calls infeasible.
  std::mt19937 rng(23);
  std::uniform_int_distribution<int> pick(0, 13), value(0, 1);
  const int n = 14, m = 9;
  std::vector<double> upper_bounds(n, 1.0);
  for (int j = 10; j < n; ++j) upper_bounds[uz(j)] = j < 12 ? 4.0 : kInfinity;
  lp::LinearProgram lp = random_rows(rng, m, upper_bounds);
  lp.is_integer[12] = lp.is_integer[13] = 0;
  const bnb::RowPropagator propagator(lp, bnb::RowPropagator::Columns::kAll);
  const Eigen::VectorXd global_lower = lp.col_lower, global_upper = lp.col_upper;
  bnb::RowPropagator::Activities kept = propagator.activities(global_lower, global_upper);
  const bnb::RowPropagator::Activities at_start = kept;
  int infeasible = 0, tightened = 0;
  for (int call = 0; call < 200; ++call) {
    CAPTURE(call);
    Eigen::VectorXd lower = global_lower, upper = global_upper;
    kept.checkpoint();
    std::vector<int> touched;
    for (int k = 0; k < 1 + call % 3; ++k) {
      const int j = pick(rng) % 10;  // a binary
      const double v = value(rng);
      propagator.move_column(kept, j, lower[j], upper[j], v, v);
      lower[j] = upper[j] = v;
      touched.push_back(j);
    }
    Eigen::VectorXd plain_lower = lower, plain_upper = upper;
    const auto with_kept = propagator.propagate(lower, upper, touched, &kept);
    const auto plain =
        bnb::RowPropagator(lp, bnb::RowPropagator::Columns::kAll).propagate(plain_lower, plain_upper, touched);
    REQUIRE(with_kept.infeasible == plain.infeasible);
    CHECK(with_kept.tightened == plain.tightened);
    CHECK(with_kept.work == plain.work);
    // Integer bounds are rounded: the same. A continuous one's margin scales
    // with the magnitude summed, which kept sums reach by another order of
    // additions: the same to round-off.
    for (int j = 0; j < n; ++j) {
      CAPTURE(j);
      if (lp.is_integer[uz(j)] || !std::isfinite(lower[j] - upper[j])) {  // Approx(inf) is no match
        CHECK(lower[j] == plain_lower[j]);
        CHECK(upper[j] == plain_upper[j]);
      } else {
        CHECK(lower[j] == doctest::Approx(plain_lower[j]).epsilon(1e-12));
        CHECK(upper[j] == doctest::Approx(plain_upper[j]).epsilon(1e-12));
      }
    }
    check_same_sums(kept, propagator.activities(lower, upper), m);
    kept.rollback();
    for (int i = 0; i < m; ++i) {
      CHECK(kept.row(i).min_finite == at_start.row(i).min_finite);  // bit for bit: saved, not recomputed
      CHECK(kept.row(i).max_finite == at_start.row(i).max_finite);
      CHECK(kept.row(i).magnitude == at_start.row(i).magnitude);
      CHECK(kept.row(i).open == at_start.row(i).open);
    }
    infeasible += with_kept.infeasible;
    tightened += !with_kept.infeasible && !with_kept.tightened.empty();
  }
  CHECK(infeasible >= 10);
  CHECK(tightened >= 10);
}
