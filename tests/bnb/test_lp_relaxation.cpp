// LpRelaxation, the search's door to the simplex: per-solve iteration budgets
// (also past 10^6 cumulative iterations), bounds, basis save/restore, cut rows.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "bnb/lp_relaxation.h"
#include "lp/simplex.h"
#include "lp/solution_check.h"

using namespace milpsac;

namespace {

// A dense random LP with a bounded feasible region (max c x, A x <= b, 0 <= x <= 10).
lp::LinearProgram random_lp(int m, int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> coef(0.1, 1.0);
  lp::LinearProgram lp;
  lp.resize(m, n);
  lp.sense = lp::ObjectiveSense::kMaximize;
  for (int j = 0; j < n; ++j) {
    lp.c[j] = coef(rng);
    lp.col_upper[j] = 10;
    for (int i = 0; i < m; ++i) lp.A.coeffRef(i, j) = coef(rng);
  }
  for (int i = 0; i < m; ++i) lp.row_upper[i] = lp.A.row(i).sum();
  return lp;
}

lp::Basis slack_basis(int m, int n) {
  lp::Basis b;
  b.cols.assign(static_cast<size_t>(n), lp::VarStatus::kAtLower);
  b.rows.assign(static_cast<size_t>(m), lp::VarStatus::kBasic);
  return b;
}

}  // namespace

// A million simplex iterations: the release build only (meson suite "slow");
// under the sanitizers it takes minutes and runs no code the others do not.
TEST_SUITE("slow") {
  TEST_CASE("iteration budgets are per solve: resolves keep working past 10^6 cumulative iterations") {
    const auto lp = random_lp(40, 80, 1);
    Deadline no_limit;
    bnb::LpRelaxation relaxation(lp, &no_limit);
    REQUIRE(relaxation.resolve(nullptr, 100000) == lp::LpStatus::kOptimal);
    const double optimum = relaxation.objective();
    const long per_solve = relaxation.iterations();
    REQUIRE(per_solve > 10);
    const lp::Basis slack = slack_basis(lp.num_rows(), lp.num_cols());
    // A budget just too small stops this solve only.
    CHECK(relaxation.resolve(&slack, per_solve / 2) == lp::LpStatus::kIterationLimit);
    long solves = 0;
    while (relaxation.iterations() <= 1000000) {
      const lp::LpStatus status = relaxation.resolve(&slack, 2 * per_solve + 100);
      REQUIRE(status == lp::LpStatus::kOptimal);
      REQUIRE(relaxation.objective() == doctest::Approx(optimum).epsilon(1e-9));
      ++solves;
    }
    CHECK(relaxation.iterations() > 1000000);
    CHECK(solves > 1000);
  }
}

TEST_CASE("bounds, basis save and restore, warm re-solve") {
  // max x + y ; x + y <= 1.5 ; 0 <= x, y <= 1
  lp::LinearProgram lp;
  lp.resize(1, 2);
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.set_coefficient(0, 0, 1);
  lp.set_coefficient(0, 1, 1);
  lp.c << 1, 1;
  lp.col_upper << 1, 1;
  lp.row_upper[0] = 1.5;
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(-1.5));  // minimisation form
  const lp::Basis root = relaxation.basis();
  relaxation.set_bounds(0, 0, 0);
  CHECK(relaxation.upper(0) == 0.0);
  REQUIRE(relaxation.resolve(&root, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(-1.0));
  CHECK(relaxation.values()[0] == doctest::Approx(0.0));
  // Contradicting the row: x, y >= 0.8 needs 1.6 > 1.5.
  relaxation.set_bounds(0, 0.8, 1);
  relaxation.set_bounds(1, 0.8, 1);
  CHECK(relaxation.resolve(&root, 1000) == lp::LpStatus::kInfeasible);
  relaxation.set_bounds(0, 0, 1);
  relaxation.set_bounds(1, 0, 1);
  relaxation.restore_basis(root);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(-1.5));
  // The cutoff: a solve that cannot beat it stops with kCutoff.
  relaxation.set_bounds(0, 0, 0);
  relaxation.set_cutoff(-1.2);
  CHECK(relaxation.resolve(&root, 1000) == lp::LpStatus::kCutoff);
}

TEST_CASE("cut rows: added to the LP, warm start, removed when slack") {
  // max x + y ; 2x + 2y <= 3 ; x, y in [0, 1]: LP 1.5, and x + y <= 1 is a valid cut for integers.
  lp::LinearProgram lp;
  lp.resize(1, 2);
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.set_coefficient(0, 0, 2);
  lp.set_coefficient(0, 1, 2);
  lp.c << 1, 1;
  lp.col_upper << 1, 1;
  lp.row_upper[0] = 3;
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  Eigen::VectorXd cut(2);
  cut << 1, 1;
  relaxation.add_rows({cut}, {-lp::kInfinity}, {1.0});
  CHECK(relaxation.num_rows() == 2);
  CHECK(relaxation.num_original_rows() == 1);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(-1.0));
  // The cut binds now; the original row is slack: nothing to remove.
  CHECK(relaxation.remove_slack_cuts() == 0);
  // A weaker cut x + y <= 5 stays slack and goes.
  cut << 1, 1;
  relaxation.add_rows({cut}, {-lp::kInfinity}, {5.0});
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.remove_slack_cuts() == 1);
  CHECK(relaxation.num_rows() == 2);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(-1.0));
}

TEST_CASE("a root LP stopped by its budget still bounds the LP from below (limit_bound)") {
  // What the search reports when the root LP does not finish: the bound of
  // the simplex's current duals (lp/lagrangian_bound.h). Every column is
  // boxed, so every stop gives a finite bound, never above the optimum.
  const auto lp = random_lp(20, 40, 7);
  Deadline no_limit;
  bnb::LpRelaxation full(lp, &no_limit);
  REQUIRE(full.resolve(nullptr, 100000) == lp::LpStatus::kOptimal);
  const double optimum = full.objective();  // minimisation form: -max
  const long needed = full.iterations();
  REQUIRE(needed > 4);
  int stopped = 0;
  double best = -INFINITY;
  for (long budget = 1; budget < needed; ++budget) {
    bnb::LpRelaxation relaxation(lp, &no_limit);
    if (relaxation.resolve(nullptr, budget) != lp::LpStatus::kIterationLimit) continue;
    ++stopped;
    const double bound = relaxation.limit_bound();
    CHECK(std::isfinite(bound));
    CHECK(bound <= optimum + 1e-9 * (1.0 + std::fabs(optimum)));
    best = std::max(best, bound);
  }
  CHECK(stopped > 0);
  // The bounds are not trivial: the last stops are near the optimum's
  // value, far above the box's worst case (-sum of c_j * 10).
  CHECK(best > 2.0 * optimum);
}
