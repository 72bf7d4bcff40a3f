// Component test of the hyper-sparse solves of SparseLU (sparse_lu.h): on
// random sparse factors, the reach-based path and the plain loop over all
// pivots give the same bits (the simplex's pivot sequence must not depend on
// the path), for sparse and dense right-hand sides, in both directions, and
// the automatic choice agrees with both.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "lp/sparse_lu.h"
#include "lu_columns.h"

using namespace milpsac;

using test::columns_of;

namespace {

// A random sparse n x n matrix: a diagonal bounded away from zero plus about
// `per_column` off-diagonal entries per column, rows shuffled so that the
// pivot order differs from the index order.
Eigen::MatrixXd random_sparse(int n, int per_column, std::mt19937& rng) {
  if (n <= 0) return Eigen::MatrixXd(0, 0);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::uniform_int_distribution<int> index(0, n - 1);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  std::vector<int> rows(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) rows[static_cast<size_t>(i)] = i;
  std::shuffle(rows.begin(), rows.end(), rng);
  for (int j = 0; j < n; ++j) {
    A(rows[static_cast<size_t>(j)], j) = value(rng) > 0 ? 1.0 + value(rng) * 0.25 : -1.0 + value(rng) * 0.25;
    for (int k = 0; k < per_column; ++k) A(index(rng), j) += 0.5 * value(rng);
  }
  return A;
}

struct Solutions {
  Eigen::VectorXd z, y;  // K z = b and K^T y = b
};

// Solve both systems on the given path; the outputs start as NaN so that an
// entry the path forgets to write shows up.
// With `dense_expected` the caller hints that the result will be dense (the
// automatic path then runs the plain loop at once).
Solutions solve_on(lp::SparseLU& lu, lp::SparseLU::SolvePath path, const Eigen::VectorXd& b,
                   bool dense_expected = false) {
  const Eigen::Index n = b.size();
  lu.set_solve_path(path);
  Solutions s{Eigen::VectorXd::Constant(n, std::numeric_limits<double>::quiet_NaN()),
              Eigen::VectorXd::Constant(n, std::numeric_limits<double>::quiet_NaN())};
  Eigen::VectorXd work = b;
  lu.solve(work.data(), s.z.data(), dense_expected);
  work = b;
  lu.solve_transposed(work.data(), s.y.data(), dense_expected);
  return s;
}

double max_difference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  double worst = 0.0;
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const double d = std::fabs(a[i] - b[i]);
    worst = std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(worst, d);
  }
  return worst;
}

}  // namespace

TEST_CASE("sparse LU: hyper-sparse and plain solves agree on random sparse factors") {
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const int n = 20 + trial * 25;
    const Eigen::MatrixXd A = random_sparse(n, 1 + trial % 3, rng);
    lp::SparseLU lu;
    std::vector<int> dependent, uncovered;
    REQUIRE(lu.factor(n, columns_of(A), nullptr, dependent, uncovered) == lp::SparseLU::Result::kComplete);
    if (!dependent.empty()) continue;  // the rank tests in test_sparse_lu.cpp cover those
    std::uniform_int_distribution<int> index(0, n - 1);
    for (int rhs_kind = 0; rhs_kind < 3; ++rhs_kind) {
      // One nonzero, a few, then a dense right-hand side (the fallback).
      Eigen::VectorXd b = Eigen::VectorXd::Zero(n);
      if (rhs_kind == 2) {
        b = Eigen::VectorXd::NullaryExpr(n, [&]() { return value(rng); });
      } else {
        for (int k = 0; k < (rhs_kind == 0 ? 1 : 4); ++k) b[index(rng)] = value(rng);
      }
      const Solutions plain = solve_on(lu, lp::SparseLU::SolvePath::kPlain, b);
      const Solutions hyper = solve_on(lu, lp::SparseLU::SolvePath::kHyperSparse, b);
      const Solutions automatic = solve_on(lu, lp::SparseLU::SolvePath::kAuto, b);
      const Solutions hinted = solve_on(lu, lp::SparseLU::SolvePath::kAuto, b, /*dense_expected=*/true);
      const Solutions forced = solve_on(lu, lp::SparseLU::SolvePath::kHyperSparse, b, /*dense_expected=*/true);
      const double scale = 1.0 + plain.z.cwiseAbs().maxCoeff() + plain.y.cwiseAbs().maxCoeff();
      CHECK(max_difference(plain.z, hyper.z) == 0.0);
      CHECK(max_difference(plain.y, hyper.y) == 0.0);
      CHECK(max_difference(plain.z, automatic.z) == 0.0);
      CHECK(max_difference(plain.y, automatic.y) == 0.0);
      CHECK(max_difference(plain.z, hinted.z) == 0.0);
      CHECK(max_difference(plain.y, hinted.y) == 0.0);
      CHECK(max_difference(plain.z, forced.z) == 0.0);
      CHECK(max_difference(plain.y, forced.y) == 0.0);
      // And both are solutions, not merely equal.
      const double residual_scale = 1.0 + A.cwiseAbs().maxCoeff() * scale;
      CHECK((A * hyper.z - b).cwiseAbs().maxCoeff() <= 1e-10 * residual_scale);
      CHECK((A.transpose() * hyper.y - b).cwiseAbs().maxCoeff() <= 1e-10 * residual_scale);
      ++compared;
    }
  }
  CHECK(compared >= 60);
}

TEST_CASE("sparse LU: a zero right-hand side gives zero on the hyper-sparse path") {
  std::mt19937 rng(5);
  const int n = 200;
  const Eigen::MatrixXd A = random_sparse(n, 2, rng);
  lp::SparseLU lu;
  std::vector<int> dependent, uncovered;
  REQUIRE(lu.factor(n, columns_of(A), nullptr, dependent, uncovered) == lp::SparseLU::Result::kComplete);
  REQUIRE(dependent.empty());
  const Solutions s = solve_on(lu, lp::SparseLU::SolvePath::kHyperSparse, Eigen::VectorXd::Zero(n));
  CHECK(max_difference(s.z, Eigen::VectorXd::Zero(n)) == 0.0);
  CHECK(max_difference(s.y, Eigen::VectorXd::Zero(n)) == 0.0);
}
