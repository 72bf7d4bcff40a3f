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

// max x + y ; a x + a y <= rhs ; x, y in [0, 1].
lp::LinearProgram two_columns(double a, double rhs) {
  lp::LinearProgram lp;
  lp.resize(1, 2);
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.set_coefficient(0, 0, a);
  lp.set_coefficient(0, 1, a);
  lp.c << 1, 1;
  lp.col_upper << 1, 1;
  lp.row_upper[0] = rhs;
  return lp;
}

// 2x + 2y <= 3: LP 1.5, solved, then the cut x + y <= 1 (valid for
// integers) appended, not yet solved.
struct WithCut {
  Deadline no_limit;
  bnb::LpRelaxation relaxation{two_columns(2, 3), &no_limit};
  WithCut() {
    REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
    Eigen::VectorXd cut(2);
    cut << 1, 1;
    relaxation.add_rows({cut}, {-lp::kInfinity}, {1.0});
  }
};

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
  const lp::LinearProgram lp = two_columns(1, 1.5);  // max x + y ; x + y <= 1.5 ; 0 <= x, y <= 1
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
  WithCut model;
  bnb::LpRelaxation& relaxation = model.relaxation;
  Eigen::VectorXd cut(2);
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

namespace {

int basic_count(const lp::Basis& basis) {
  return static_cast<int>(std::count(basis.cols.begin(), basis.cols.end(), lp::VarStatus::kBasic) +
                          std::count(basis.rows.begin(), basis.rows.end(), lp::VarStatus::kBasic));
}

}  // namespace

TEST_CASE("a stored basis is carried to the rows left after cut rows are removed") {
  WithCut model;
  bnb::LpRelaxation& relaxation = model.relaxation;
  Eigen::VectorXd cut(2);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  // Stored with its rows: the cut binds (its logical nonbasic).
  const lp::Basis stored = relaxation.basis();
  const auto stored_rows = relaxation.row_ids();
  REQUIRE(stored.rows[1] != lp::VarStatus::kBasic);
  lp::Basis scratch;
  // Same rows: the stored basis itself.
  CHECK(relaxation.carry_basis(stored, *stored_rows, scratch) == &stored);
  // Rows appended since: still the stored basis (restore_basis pads it).
  cut << 1, 0;
  relaxation.add_rows({cut}, {-lp::kInfinity}, {5.0});
  CHECK(relaxation.carry_basis(stored, *stored_rows, scratch) == &stored);
  // Elsewhere in the tree both cuts are slack and leave the LP.
  relaxation.set_bounds(0, 0, 0.2);
  relaxation.set_bounds(1, 0, 0.5);
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  REQUIRE(relaxation.remove_slack_cuts() == 2);
  REQUIRE(relaxation.num_rows() == 1);
  relaxation.set_bounds(0, 0, 1);
  relaxation.set_bounds(1, 0, 1);
  // The binding cut took a nonbasic logical with it: one of its basic
  // columns left the basis in its place, one basic variable per row remains.
  const lp::Basis* carried = relaxation.carry_basis(stored, *stored_rows, scratch);
  REQUIRE(carried == &scratch);
  CHECK(carried->rows.size() == 1);
  CHECK(carried->cols.size() == 2);
  CHECK(basic_count(*carried) == relaxation.num_rows());
  CHECK(relaxation.restore_basis(*carried));
  REQUIRE(relaxation.resolve(nullptr, 1000) == lp::LpStatus::kOptimal);
  CHECK(relaxation.objective() == doctest::Approx(-1.5));
}

TEST_CASE("carried bases fit and re-solve to the cold optimum (random LPs, rows added and removed)") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int carried_with_repair = 0;
  for (unsigned seed = 0; seed < 40; ++seed) {
    const auto lp = random_lp(6, 10, 100 + seed);
    Deadline no_limit;
    bnb::LpRelaxation relaxation(lp, &no_limit);
    REQUIRE(relaxation.resolve(nullptr, 10000) == lp::LpStatus::kOptimal);
    std::vector<std::pair<lp::Basis, std::shared_ptr<const bnb::LpRelaxation::RowIds>>> stored;
    for (int round = 0; round < 6; ++round) {
      // Rows a^T x <= r through (or near) the current point: some bind.
      const Eigen::VectorXd x = relaxation.values();
      std::vector<Eigen::VectorXd> rows;
      std::vector<double> lower, upper;
      for (int k = 0; k < 3; ++k) {
        Eigen::VectorXd a(10);
        for (int j = 0; j < 10; ++j) a[j] = unit(rng);
        rows.push_back(a);
        lower.push_back(-lp::kInfinity);
        upper.push_back(a.dot(x) * (0.9 + 0.2 * unit(rng)));
      }
      relaxation.add_rows(rows, lower, upper);
      // A "node": some columns' bounds moved, solved, its basis stored.
      const int j = static_cast<int>(rng() % 10);
      relaxation.set_bounds(j, 0, 10 * unit(rng));
      if (relaxation.resolve(nullptr, 10000) == lp::LpStatus::kOptimal)
        stored.emplace_back(relaxation.basis(), relaxation.row_ids());
      relaxation.set_bounds(j, 0, 10);
      REQUIRE(relaxation.resolve(nullptr, 10000) == lp::LpStatus::kOptimal);
      if (round % 2 == 1) relaxation.remove_slack_cuts();
    }
    // Every stored basis, carried to the final rows, fits and re-solves to
    // the optimum a cold start finds.
    REQUIRE(relaxation.resolve(nullptr, 10000) == lp::LpStatus::kOptimal);
    const double optimum = relaxation.objective();
    for (const auto& [basis, ids] : stored) {
      lp::Basis scratch;
      const lp::Basis* carried = relaxation.carry_basis(basis, *ids, scratch);
      if (carried == nullptr) continue;
      if (carried == &scratch) {
        const size_t first = static_cast<size_t>(relaxation.num_original_rows());
        for (size_t k = 0; k < ids->size(); ++k)
          if (basis.rows[first + k] != lp::VarStatus::kBasic &&
              !std::binary_search(relaxation.row_ids()->begin(), relaxation.row_ids()->end(), (*ids)[k]))
            ++carried_with_repair;
      }
      // A basis on a prefix of the rows comes back as it is (restore_basis pads it).
      const size_t rows = carried == &basis ? basis.rows.size() : static_cast<size_t>(relaxation.num_rows());
      CHECK(carried->rows.size() == rows);
      CHECK(basic_count(*carried) == static_cast<int>(carried->rows.size()));
      CHECK(relaxation.restore_basis(*carried));
      REQUIRE(relaxation.resolve(nullptr, 10000) == lp::LpStatus::kOptimal);
      CHECK(relaxation.objective() == doctest::Approx(optimum).epsilon(1e-9));
    }
  }
  // The repair path ran (a removed row's logical was nonbasic in a stored basis).
  CHECK(carried_with_repair > 0);
}
