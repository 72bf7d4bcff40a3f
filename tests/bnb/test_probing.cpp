// Probing on binaries (bnb/probing.h): a fixing from a one-sided conflict, a
// bound implied on both sides that plain propagation misses, untouched bounds
// when both sides fail, and validity on random models (no feasible integer
// point is ever cut off).
#include <doctest/doctest.h>

#include <random>

#include "../lp/lp_builders.h"
#include "bnb/probing.h"
#include "common/deadline.h"
#include "common/index.h"
#include "integer_points.h"
#include "lp/simplex.h"

using namespace milpsac;
using lp::kInfinity;

namespace {

// Probing as the search runs it: the integer propagator for the global
// bounds, one over every column for the probes.
bnb::ProbingOutcome probe(const lp::LinearProgram& lp, Eigen::VectorXd& lower, Eigen::VectorXd& upper,
                          const Deadline* deadline = nullptr) {
  const bnb::RowPropagator propagator(lp);
  const bnb::RowPropagator all_columns(lp, bnb::RowPropagator::Columns::kAll);
  return bnb::probe_binaries(lp, propagator, all_columns, lower, upper, deadline);
}

}  // namespace

TEST_CASE("probing: x0 = 1 forces x1 = 0, x2 = 1 and x2 = 0: x0 is fixed at 0") {
  // x0 + x1 <= 1, x1 + x2 >= 1, x0 + x2 <= 1; binaries. Plain propagation moves nothing.
  auto lp = test::make_lp({{1, 1, 0}, {0, 1, 1}, {1, 0, 1}}, {-kInfinity, 1, -kInfinity}, {1, kInfinity, 1}, {0, 0, 0},
                          {0, 0, 0}, {1, 1, 1});
  lp.is_integer.assign(3, 1);
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  REQUIRE(propagator.propagate(lower, upper, {}).tightened.empty());
  const auto outcome = probe(lp, lower, upper);
  CHECK_FALSE(outcome.infeasible);
  CHECK(outcome.fixed_by_conflict >= 1);
  CHECK(upper[0] == 0.0);
  CHECK(lower[1] == 0.0);  // x1 stays free: (0, 1, 0) and (0, 0, 1) are both feasible
  CHECK(upper[1] == 1.0);
}

TEST_CASE("probing: a bound implied on both sides of a binary holds globally") {
  // y + 3 x >= 3, y - 3 x >= 0, y integer in [0, 10], x binary: y >= 3 either way.
  auto lp = test::make_lp({{3, 1}, {-3, 1}}, {3, 0}, {kInfinity, kInfinity}, {0, 0}, {0, 0}, {1, 10});
  lp.is_integer = {1, 1};
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  propagator.propagate(lower, upper, {});
  REQUIRE(lower[1] < 3.0);  // propagation alone does not see it
  const auto outcome = probe(lp, lower, upper);
  CHECK_FALSE(outcome.infeasible);
  CHECK(lower[1] == 3.0);
  CHECK(outcome.tightened == 1);
  CHECK(lower[0] == 0.0);
  CHECK(upper[0] == 1.0);
}

TEST_CASE("probing: a conflict fixes a binary; both sides impossible leaves the bounds alone") {
  // x0 + x1 >= 1, x0 + x2 >= 1, x1 + x2 <= 0 on the raw box: x0 = 0 forces x1 = 1, which the third
  // row forbids, so x0 = 1.
  auto lp = test::make_lp({{1, 1, 0}, {1, 0, 1}, {0, 1, 1}}, {1, 1, -kInfinity}, {kInfinity, kInfinity, 0}, {0, 0, 0},
                          {0, 0, 0}, {1, 1, 1});
  lp.is_integer.assign(3, 1);
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  const auto outcome = probe(lp, lower, upper);
  CHECK_FALSE(outcome.infeasible);
  CHECK(lower[0] == 1.0);
  CHECK(upper[1] == 0.0);
  CHECK(upper[2] == 0.0);
  // With x0 <= 0 the model is infeasible: x1 = 0 fails the first row, x1 = 1 the third. Nothing moves.
  auto bad = lp;
  bad.col_upper[0] = 0.0;
  bnb::RowPropagator bad_propagator(bad);
  Eigen::VectorXd bl = bad.col_lower, bu = bad.col_upper;
  const auto verdict = probe(bad, bl, bu);
  CHECK(verdict.infeasible);
  CHECK(bl == bad.col_lower);
  CHECK(bu == bad.col_upper);
}

TEST_CASE("random binary programs: probing never removes a feasible integer point") {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> coef(-4, 4);
  int tightenings = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 6, m = 4;
    std::vector<std::vector<double>> rows(m, std::vector<double>(n, 0.0));
    std::vector<double> row_lower(m, -kInfinity), row_upper(m, kInfinity);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) rows[i][j] = coef(rng);
      if (i % 2 == 0)
        row_upper[i] = coef(rng) + 1;
      else
        row_lower[i] = coef(rng) - 1;
    }
    std::vector<double> col_upper(n, 1.0);
    col_upper[n - 1] = 3.0;  // one general integer beside the binaries
    auto lp =
        test::make_lp(rows, row_lower, row_upper, std::vector<double>(n, 0.0), std::vector<double>(n, 0.0), col_upper);
    lp.is_integer.assign(n, 1);
    bnb::RowPropagator propagator(lp);
    Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
    if (propagator.propagate(lower, upper, {}).infeasible) continue;
    const Eigen::VectorXd before_lower = lower, before_upper = upper;
    const auto outcome = probe(lp, lower, upper);
    for (int j = 0; j < n; ++j) tightenings += (lower[j] > before_lower[j] || upper[j] < before_upper[j]) ? 1 : 0;
    test::check_box_keeps_integer_points(lp, lower, upper, outcome.infeasible);
  }
  CHECK(tightenings > 20);
}

namespace {

// mitre's structure, `groups` times over: a choice row x_1 + ... + x_k = 1
// and a covering row sum a_j x_j >= b over the same binaries. Only a choice
// whose coefficient reaches b alone can be taken; activity propagation cannot
// see that (the row's largest activity sums every a_j), probing x_j = 1 can.
lp::LinearProgram choice_and_cover(int groups, const std::vector<double>& a, double b) {
  const int k = static_cast<int>(a.size());
  lp::LinearProgram lp;
  lp.resize(2 * groups, groups * k);  // built sparse: the large case has 18,000 columns
  for (int g = 0; g < groups; ++g) {
    for (int j = 0; j < k; ++j) {
      lp.set_coefficient(2 * g, g * k + j, 1.0);
      lp.set_coefficient(2 * g + 1, g * k + j, a[uz(j)]);
    }
    lp.row_lower[2 * g] = lp.row_upper[2 * g] = 1.0;
    lp.row_lower[2 * g + 1] = b;
    lp.row_upper[2 * g + 1] = kInfinity;
  }
  lp.col_lower.setZero();
  lp.col_upper.setOnes();
  lp.c.setZero();
  lp.is_integer.assign(uz(lp.num_cols()), 1);
  return lp;
}

}  // namespace

TEST_CASE("probing: a choice row and a covering row fix every choice that cannot cover alone (mitre)") {
  const std::vector<double> a = {660, 675, 690, 705, 720, 735};
  const auto lp = choice_and_cover(3, a, 720);
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  REQUIRE(propagator.propagate(lower, upper, {}).tightened.empty());
  const auto outcome = probe(lp, lower, upper);
  CHECK_FALSE(outcome.infeasible);
  for (int g = 0; g < 3; ++g)
    for (int j = 0; j < 6; ++j) {
      CAPTURE(g);
      CAPTURE(j);
      CHECK(upper[g * 6 + j] == (a[j] >= 720 ? 1.0 : 0.0));
    }
  test::check_box_keeps_integer_points(choice_and_cover(1, a, 720), lower.head(6), upper.head(6), false);
}

TEST_CASE("probing: a passed deadline stops it and keeps the bounds valid") {
  const auto lp = choice_and_cover(3, {660, 675, 690, 705, 720, 735}, 720);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  const Deadline passed(0.0);
  const auto outcome = probe(lp, lower, upper, &passed);
  CHECK(outcome.probed == 0);
  CHECK(lower == lp.col_lower);
  CHECK(upper == lp.col_upper);
}

TEST_CASE("probing stops after a stretch of work that fixes nothing") {
  // 3,000 groups whose covering rows every choice satisfies: nothing to find.
  // Probing all 18,000 binaries would cost far more than the useless stretch.
  const auto lp = choice_and_cover(3000, {1, 2, 3, 4, 5, 6}, 1);
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  const auto outcome = probe(lp, lower, upper);
  CHECK_FALSE(outcome.infeasible);
  CHECK(outcome.tightened == 0);
  CHECK(outcome.probed > 100);
  CHECK(outcome.probed < 18000);
}

TEST_CASE("probing: a chain of rows implies a bound on a continuous column that no single row shows") {
  // x <= 10 y (y binary), z <= x, x in [0, 10], z in [0, 8] continuous:
  // y = 0 => x <= 0 => z <= 0. The row z - x <= 0 holds no binary, so only
  // probing sees y = 0 => z <= 0; the global bounds of x and z stay.
  auto lp =
      test::make_lp({{-10, 1, 0}, {0, -1, 1}}, {-kInfinity, -kInfinity}, {0, 0}, {0, -1, -1}, {0, 0, 0}, {1, 10, 8});
  lp.is_integer = {1, 0, 0};
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  const auto outcome = probe(lp, lower, upper);
  CHECK_FALSE(outcome.infeasible);
  CHECK(upper == lp.col_upper);
  CHECK(lower == lp.col_lower);
  bool chain = false;
  for (const bnb::ImpliedBound& b : outcome.implications) {
    CHECK(b.binary == 0);
    if (b.col == 2) {
      chain = true;
      CHECK_FALSE(b.when_one);
      CHECK(b.upper);
      CHECK(std::fabs(b.bound) < 1e-6);  // 0 up to the floating-point margin
      CHECK(b.global == 8.0);
    }
  }
  CHECK(chain);
  // With probes that move integer columns only, the chain is not followed.
  Eigen::VectorXd l2 = lp.col_lower, u2 = lp.col_upper;
  CHECK(bnb::probe_binaries(lp, propagator, propagator, l2, u2).implications.empty());
}

TEST_CASE("probing: a probe that leaves a row slack strengthens it, even a row without the binary") {
  // x + z <= 15 (row 0), x <= 10 y, z <= 10 y, x, z in [0, 10] continuous, y
  // binary: y = 0 leaves row 0 at most 0, so x + z <= 15 y; y = 1 leaves it
  // as it is (20 > 15). Equality rows and rows already slack at the global
  // bounds give nothing.
  auto lp = test::make_lp({{1, 1, 0}, {1, 0, -10}, {0, 1, -10}}, {-kInfinity, -kInfinity, -kInfinity}, {15, 0, 0},
                          {-1, -1, 12}, {0, 0, 0}, {10, 10, 1});
  lp.is_integer = {0, 0, 1};
  bnb::RowPropagator propagator(lp);
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  const auto outcome = probe(lp, lower, upper);
  CHECK_FALSE(outcome.infeasible);
  bool capacity = false;
  for (const bnb::RowImpliedBound& b : outcome.row_implications) {
    CHECK(b.binary == 2);
    if (b.row == 0) {
      capacity = true;
      CHECK_FALSE(b.when_one);
      CHECK(b.upper);
      CHECK(std::fabs(b.bound) < 1e-6);
      CHECK(b.global == 15.0);
    }
  }
  CHECK(capacity);
}

TEST_CASE("random mixed programs: every implication of probing holds at every LP point with y = v") {
  // One binary (column 0) and continuous columns: propagation is then a
  // relaxation of the LP with y fixed, so the largest (or smallest) value of a
  // column, or of a row's activity, over that LP must stay within each bound
  // probing implies for it.
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> coef(-5, 5), cap(1, 9);
  int columns_checked = 0, rows_checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 5, m = 3 + trial % 2;
    const int offset = trial % 2 == 0 ? 2 : 6;  // tight rows fix columns, loose ones go slack
    std::vector<std::vector<double>> rows(m, std::vector<double>(n, 0.0));
    std::vector<double> row_lower(m, -kInfinity), row_upper(m, kInfinity);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) rows[i][j] = coef(rng);
      if (i % 2 == 0)
        row_upper[i] = coef(rng) + offset;
      else
        row_lower[i] = coef(rng) - offset;
    }
    std::vector<double> col_upper(n, 1.0);
    for (int j = 1; j < n; ++j) col_upper[j] = cap(rng);
    auto lp =
        test::make_lp(rows, row_lower, row_upper, std::vector<double>(n, 0.0), std::vector<double>(n, 0.0), col_upper);
    lp.is_integer.assign(n, 0);
    lp.is_integer[0] = 1;
    bnb::RowPropagator propagator(lp);
    Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
    if (propagator.propagate(lower, upper, {}).infeasible) continue;
    const auto outcome = probe(lp, lower, upper);
    if (outcome.infeasible) continue;
    CAPTURE(trial);
    // The extreme of `weights` x over the LP with y = v (largest when
    // `largest`); false when y = v is impossible (the implication is vacuous).
    const auto extreme = [&](const std::vector<double>& weights, bool when_one, bool largest, double& value) {
      auto fixed = lp;
      fixed.col_lower = lower;
      fixed.col_upper = upper;
      fixed.col_lower[0] = fixed.col_upper[0] = when_one ? 1.0 : 0.0;
      fixed.is_integer.assign(n, 0);
      for (int j = 0; j < n; ++j) fixed.c[j] = (largest ? -1.0 : 1.0) * weights[uz(j)];
      const lp::LpSolution solution = lp::solve_lp(fixed);
      if (solution.status == lp::LpStatus::kInfeasible) return false;
      REQUIRE(solution.status == lp::LpStatus::kOptimal);
      value = 0.0;
      for (int j = 0; j < n; ++j) value += weights[uz(j)] * solution.x[j];
      return true;
    };
    double value = 0.0;
    for (const bnb::ImpliedBound& b : outcome.implications) {
      std::vector<double> unit(n, 0.0);
      unit[uz(b.col)] = 1.0;
      CAPTURE(b.col);
      if (!extreme(unit, b.when_one, b.upper, value)) continue;
      CHECK((b.upper ? value <= b.bound + 1e-7 : value >= b.bound - 1e-7));
      ++columns_checked;
    }
    for (const bnb::RowImpliedBound& b : outcome.row_implications) {
      CAPTURE(b.row);
      if (!extreme(rows[uz(b.row)], b.when_one, b.upper, value)) continue;
      CHECK((b.upper ? value <= b.bound + 1e-7 : value >= b.bound - 1e-7));
      ++rows_checked;
    }
  }
  CHECK(columns_checked > 50);
  CHECK(rows_checked > 30);
}
