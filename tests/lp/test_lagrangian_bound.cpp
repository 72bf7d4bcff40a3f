// The bound of an unfinished LP solve (lp/lagrangian_bound.h and
// CheckedSimplex::limit_bound): exact at an optimum's duals, never above the
// optimum when the simplex is stopped early by its iteration limit, -inf
// where a reduced cost points to an infinite bound no row limits.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "lp/checked_simplex.h"
#include "lp/lagrangian_bound.h"
#include "lp/simplex.h"
#include "lp_builders.h"

using namespace milpsac;
using lp::kInfinity;
using lp::LpStatus;
using test::make_lp;

namespace {
constexpr double inf = kInfinity;
constexpr double kTol = 1e-7;  // the default dual feasibility tolerance

// A random feasible LP: m rows over n columns, about a third of the entries
// nonzero, rows of every kind built around a point x0 inside the columns'
// bounds. `boxed`: every column has two finite bounds (then every y gives a
// finite bound); otherwise some are [0, inf) and some free.
lp::LinearProgram random_lp(std::mt19937& rng, int m, int n, bool boxed, lp::ObjectiveSense sense) {
  std::uniform_real_distribution<double> coef(-5.0, 5.0), unit(0.0, 1.0);
  lp::LinearProgram lp;
  lp.resize(m, n);
  lp.sense = sense;
  Eigen::VectorXd x0(n);
  for (int j = 0; j < n; ++j) {
    lp.c[j] = coef(rng);
    const double kind = unit(rng);
    if (boxed || kind < 0.5) {
      lp.col_lower[j] = -2.0 * unit(rng);
      lp.col_upper[j] = lp.col_lower[j] + 1.0 + 4.0 * unit(rng);
    } else if (kind < 0.8) {
      lp.col_lower[j] = 0.0;
      lp.col_upper[j] = inf;
    } else {
      lp.col_lower[j] = -inf;
      lp.col_upper[j] = inf;
    }
    const double low = std::isfinite(lp.col_lower[j]) ? lp.col_lower[j] : -3.0;
    const double high = std::isfinite(lp.col_upper[j]) ? lp.col_upper[j] : low + 3.0;
    x0[j] = low + (high - low) * unit(rng);
  }
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (unit(rng) < 0.35) lp.set_coefficient(i, j, coef(rng));
  const Eigen::VectorXd activity = lp.A * x0;
  for (int i = 0; i < m; ++i) {
    const double kind = unit(rng), a = activity[i];
    if (kind < 0.35) {
      lp.row_upper[i] = a + unit(rng);
    } else if (kind < 0.7) {
      lp.row_lower[i] = a - unit(rng);
    } else if (kind < 0.85) {
      lp.row_lower[i] = lp.row_upper[i] = a;
    } else {
      lp.row_lower[i] = a - unit(rng);
      lp.row_upper[i] = a + unit(rng);
    }
  }
  return lp;
}

double slack(double value) { return 1e-9 * (1.0 + std::fabs(value)); }

// The optimum in minimisation form (offset included), or NaN when the LP has none.
double optimum(const lp::LinearProgram& model) {
  lp::CheckedSimplex engine(model, nullptr);
  if (engine.solve(lp::kDefaultIterationLimit) != LpStatus::kOptimal) return NAN;
  return engine.active().objective();
}

}  // namespace

TEST_CASE("lagrangian_bound at an optimum's duals is the optimum, in both senses") {
  // min -x0 - 2 x1 s.t. x0 + x1 <= 4, x1 <= 3 (columns [0, inf), x1 <= 3):
  // optimum -7 with y = (-1), reduced costs (0, -1) (x1 at its upper bound).
  lp::LinearProgram model = make_lp({{1, 1}}, {-inf}, {4}, {-1, -2}, {0, 0}, {inf, 3});
  model.offset = 0.5;
  lp::CheckedSimplex engine(model, nullptr);
  REQUIRE(engine.solve(lp::kDefaultIterationLimit) == LpStatus::kOptimal);
  const double z = engine.active().objective();
  CHECK(z == doctest::Approx(-6.5));
  const Eigen::VectorXd y = engine.active().row_duals();
  const double bound = lp::lagrangian_bound(model, y, kTol);
  CHECK(bound <= z);
  CHECK(bound == doctest::Approx(z).epsilon(1e-12));

  // The same as a maximisation of x0 + 2 x1 - 0.5: minimisation form -(...).
  lp::LinearProgram maximized = model;
  maximized.sense = lp::ObjectiveSense::kMaximize;
  maximized.c *= -1.0;
  maximized.offset = -0.5;
  lp::CheckedSimplex max_engine(maximized, nullptr);
  REQUIRE(max_engine.solve(lp::kDefaultIterationLimit) == LpStatus::kOptimal);
  const double max_bound = lp::lagrangian_bound(maximized, max_engine.active().row_duals(), kTol);
  CHECK(max_bound <= max_engine.active().objective());
  CHECK(max_bound == doctest::Approx(-6.5).epsilon(1e-12));  // the model's maximum is 6.5
}

TEST_CASE("lagrangian_bound: a reduced cost pointing to an infinite bound") {
  // min x0 + x1 s.t. x0 - x1 = 0, x0 in [0, 10], x1 free: d_1 = 1 + y
  // vanishes (x1 free) at y = -1, where d_0 = 2 at x0's lower bound 0: the
  // bound 0, the optimum.
  const lp::LinearProgram model = make_lp({{1, -1}}, {0}, {0}, {1, 1}, {0, -inf}, {10, inf});
  Eigen::VectorXd y(1);
  y << -1.0;
  CHECK(lp::lagrangian_bound(model, y, kTol) == doctest::Approx(0.0));
  CHECK(lp::lagrangian_bound(model, y, kTol) <= 0.0);
  // Any other y leaves x1's reduced cost nonzero; the row (x1 = x0, x0 in
  // [0, 10]) implies x1 in [0, 10], which makes the term finite.
  y << 0.0;  // d = (1, 1): x1 wants its lower bound, implied 0 by the row
  const double implied = lp::lagrangian_bound(model, y, kTol);
  CHECK(std::isfinite(implied));
  CHECK(implied <= 0.0);
  // Two rows away: x2 = x1 = x0 with x0 in [0, 10] and x1, x2 free; only
  // the second round of implied bounds reaches x2 (min x2, y = 0: d = (0, 0, 1)).
  const lp::LinearProgram chain =
      make_lp({{1, -1, 0}, {0, 1, -1}}, {0, 0}, {0, 0}, {0, 0, 1}, {0, -inf, -inf}, {10, inf, inf});
  const Eigen::VectorXd y2 = Eigen::VectorXd::Zero(2);
  const double chained = lp::lagrangian_bound(chain, y2, kTol);
  CHECK(std::isfinite(chained));
  CHECK(chained <= 0.0);
  CHECK(chained > -1e-6);  // 0, less the implied bound's widening
  // Without a row to imply it: min x0 + x1 s.t. x0 >= 1, x1 free, y = 0.
  const lp::LinearProgram unlimited = make_lp({{1, 0}}, {1}, {inf}, {1, 1}, {-inf, -inf}, {inf, inf});
  Eigen::VectorXd y1(1);
  y1 << 0.0;
  CHECK(lp::lagrangian_bound(unlimited, y1, kTol) == -inf);
  // A reduced cost within the tolerance counts as 0 (see the .cpp): x0 is
  // free and in no row, so nothing implies a bound for it; its cost 1e-9 is
  // within the default tolerance, not within 1e-12. Row x1 >= 1, x1 in
  // [0, 5], cost 1: y = 1 gives d = (1e-9, 0) and the bound 1.
  const lp::LinearProgram fixed_cost = make_lp({{0, 1}}, {1}, {inf}, {1e-9, 1}, {-inf, 0}, {inf, 5});
  y1 << 1.0;
  CHECK(lp::lagrangian_bound(fixed_cost, y1, kTol) == doctest::Approx(1.0));
  CHECK(lp::lagrangian_bound(fixed_cost, y1, kTol) <= 1.0);
  CHECK(lp::lagrangian_bound(fixed_cost, y1, 1e-12) == -inf);
  // A multiplier pointing to an infinite row bound is replaced by 0: the
  // row x1 >= 1 has no upper bound, so y = -3 is read as y = 0 (d1 = 1 at
  // x1's lower bound 0: the bound 0) instead of giving -3 * inf.
  const lp::LinearProgram row_side = make_lp({{0, 1}}, {1}, {inf}, {0, 1}, {-inf, 0}, {inf, 5});
  y1 << -3.0;
  CHECK(lp::lagrangian_bound(row_side, y1, kTol) == doctest::Approx(0.0));
  CHECK(lp::lagrangian_bound(row_side, y1, kTol) <= 0.0);
  // Wrong sizes and non-finite multipliers give no bound.
  CHECK(lp::lagrangian_bound(fixed_cost, Eigen::VectorXd(), kTol) == -inf);
  y1 << NAN;
  CHECK(lp::lagrangian_bound(fixed_cost, y1, kTol) == -inf);
}

TEST_CASE("limit_bound of a simplex stopped by its iteration limit is below the optimum") {
  std::mt19937 rng(4621);
  int stopped = 0, finite = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const bool boxed = trial % 2 == 0;
    const auto sense = trial % 3 == 0 ? lp::ObjectiveSense::kMaximize : lp::ObjectiveSense::kMinimize;
    const lp::LinearProgram model = random_lp(rng, 8 + trial % 7, 10 + trial % 9, boxed, sense);
    const double z = optimum(model);
    if (!std::isfinite(z)) continue;  // unbounded (a free column may allow it)
    for (long budget = 1; budget <= 6; ++budget) {
      lp::CheckedSimplex engine(model, nullptr);
      const LpStatus status = engine.solve(budget);
      if (status != LpStatus::kIterationLimit) break;
      ++stopped;
      const double bound = engine.limit_bound();
      CHECK(bound <= z + slack(z));
      if (boxed) CHECK(std::isfinite(bound));  // every y bounds a boxed LP
      if (std::isfinite(bound)) ++finite;
    }
  }
  // The family exercises the limit path, and its bounds are not all -inf.
  CHECK(stopped >= 100);
  CHECK(finite >= stopped / 2);
}

TEST_CASE("solve_lp stopped by a limit reports limit_bound, with presolve and without") {
  std::mt19937 rng(977);
  int stopped = 0, finite = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const auto sense = trial % 2 == 0 ? lp::ObjectiveSense::kMaximize : lp::ObjectiveSense::kMinimize;
    const lp::LinearProgram model = random_lp(rng, 8 + trial % 5, 10 + trial % 7, true, sense);
    const double z = optimum(model);
    if (!std::isfinite(z)) continue;
    for (const bool presolve : {true, false}) {
      lp::LpOptions options;
      options.presolve = presolve;
      options.iteration_limit = 2;
      const lp::LpSolution s = lp::solve_lp(model, options);
      if (s.status == LpStatus::kOptimal) {
        CHECK(std::isinf(s.limit_bound));  // only the limits carry one
        continue;
      }
      REQUIRE(s.status == LpStatus::kIterationLimit);
      ++stopped;
      CHECK(s.limit_bound <= z + slack(z));
      if (std::isfinite(s.limit_bound)) ++finite;
    }
  }
  CHECK(stopped >= 40);
  CHECK(finite == stopped);  // boxed: every stop has a finite bound
}
