// Component tests of the sparse Markowitz LU of the basis bump (sparse_lu.h),
// of its use inside BasisFactor (rank reporting, repair), and of the deadline
// inside the factorization: an expired deadline stops the factor and the
// solve reports time_limit, never a verdict.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>

#include "common/deadline.h"
#include "lp/basis_factor.h"
#include "lp/simplex.h"
#include "lp/simplex_solver.h"
#include "lp/sparse_lu.h"
#include "lp_builders.h"
#include "lu_columns.h"

using namespace milpsac;

using test::columns_of;

namespace {

// A random sparse n x n matrix: a scaled diagonal (so that it is usually
// nonsingular) plus about `per_column` off-diagonal entries per column, rows
// and columns permuted so that no structure is visible.
Eigen::MatrixXd random_sparse(int n, int per_column, std::mt19937& rng) {
  if (n <= 0) return Eigen::MatrixXd(0, 0);  // also tells GCC the vectors below have a sane size
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  std::uniform_int_distribution<int> index(0, n - 1);
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  for (int j = 0; j < n; ++j) {
    A(j, j) = value(rng) > 0 ? 0.5 + value(rng) * 0.25 : -0.5 + value(rng) * 0.25;
    for (int k = 0; k < per_column; ++k) A(index(rng), j) += value(rng);
  }
  std::vector<int> rows(static_cast<size_t>(n)), cols(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) rows[static_cast<size_t>(i)] = cols[static_cast<size_t>(i)] = i;
  std::shuffle(rows.begin(), rows.end(), rng);
  std::shuffle(cols.begin(), cols.end(), rng);
  Eigen::MatrixXd P(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) P(i, j) = A(rows[static_cast<size_t>(i)], cols[static_cast<size_t>(j)]);
  return P;
}

int dense_rank(const Eigen::MatrixXd& A) {
  Eigen::FullPivLU<Eigen::MatrixXd> lu(A);
  lu.setThreshold(1e-10);
  return static_cast<int>(lu.rank());
}

}  // namespace

TEST_CASE("sparse LU: solves and transposed solves of random sparse matrices match dense ones") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  int tested = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 3 + trial * 4;
    const Eigen::MatrixXd A = random_sparse(n, 1 + trial % 4, rng);
    if (dense_rank(A) < n) continue;  // the rank tests below cover singular ones
    ++tested;
    lp::SparseLU lu;
    std::vector<int> dependent, uncovered;
    REQUIRE(lu.factor(n, columns_of(A), nullptr, dependent, uncovered) == lp::SparseLU::Result::kComplete);
    REQUIRE(dependent.empty());
    REQUIRE(uncovered.empty());
    CHECK(lu.nonzeros() >= n);
    for (int rhs_kind = 0; rhs_kind < 2; ++rhs_kind) {
      // A dense right-hand side, then a unit vector (the sparse case of BTRAN).
      Eigen::VectorXd b = Eigen::VectorXd::NullaryExpr(n, [&]() { return value(rng); });
      if (rhs_kind == 1) {
        b.setZero();
        b[trial % n] = 1.0;
      }
      const Eigen::VectorXd z = test::lu_solve(lu, b);
      const double scale = 1.0 + A.cwiseAbs().maxCoeff() * z.cwiseAbs().maxCoeff();
      CHECK((A * z - b).cwiseAbs().maxCoeff() <= 1e-10 * scale);
      const Eigen::VectorXd y = test::lu_solve_transposed(lu, b);
      const double scale_t = 1.0 + A.cwiseAbs().maxCoeff() * y.cwiseAbs().maxCoeff();
      CHECK((A.transpose() * y - b).cwiseAbs().maxCoeff() <= 1e-10 * scale_t);
    }
  }
  CHECK(tested >= 20);
}

TEST_CASE("sparse LU: the pivot sequence depends on the matrix only") {
  std::mt19937 rng(11);
  const Eigen::MatrixXd A = random_sparse(60, 3, rng);
  lp::SparseLU first, second;
  std::vector<int> d1, u1, d2, u2;
  first.factor(60, columns_of(A), nullptr, d1, u1);
  second.factor(60, columns_of(A), nullptr, d2, u2);
  CHECK(first.nonzeros() == second.nonzeros());
  REQUIRE(first.rank() == second.rank());
  for (int k = 0; k < first.rank(); ++k) {
    CHECK(first.pivot_row(k) == second.pivot_row(k));
    CHECK(first.pivot_col(k) == second.pivot_col(k));
    CHECK(first.pivot_value(k) == second.pivot_value(k));  // bit for bit
  }
}

TEST_CASE("sparse LU: singular and rank-deficient matrices are reported with their rank") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (int deficiency = 1; deficiency <= 3; ++deficiency) {
    for (int trial = 0; trial < 5; ++trial) {
      const int n = 20 + 7 * trial;
      Eigen::MatrixXd A = random_sparse(n, 2, rng);
      // Overwrite `deficiency` columns with combinations of two others.
      for (int k = 0; k < deficiency; ++k) {
        const int target = (5 * k + trial) % n, a = (target + 1 + k) % n, b = (target + 3 + 2 * k) % n;
        A.col(target) = value(rng) * A.col(a) + 0.75 * A.col(b);
      }
      const int rank = dense_rank(A);
      REQUIRE(rank < n);
      lp::SparseLU lu;
      std::vector<int> dependent, uncovered;
      REQUIRE(lu.factor(n, columns_of(A), nullptr, dependent, uncovered) == lp::SparseLU::Result::kComplete);
      CHECK(static_cast<int>(dependent.size()) == n - rank);
      REQUIRE(dependent.size() == uncovered.size());
      CHECK(std::is_sorted(dependent.begin(), dependent.end()));
      // The repair: each dependent column becomes a unit column on an uncovered row.
      for (size_t k = 0; k < dependent.size(); ++k) {
        A.col(dependent[k]).setZero();
        A(uncovered[k], dependent[k]) = 1.0;
      }
      CHECK(dense_rank(A) == n);
      lp::SparseLU repaired;
      std::vector<int> none, none_rows;
      CHECK(repaired.factor(n, columns_of(A), nullptr, none, none_rows) == lp::SparseLU::Result::kComplete);
      CHECK(none.empty());
    }
  }
  // The zero matrix: every column dependent, every row uncovered.
  lp::SparseLU lu;
  std::vector<int> dependent, uncovered;
  lu.factor(4, columns_of(Eigen::MatrixXd::Zero(4, 4)), nullptr, dependent, uncovered);
  CHECK(dependent == std::vector<int>{0, 1, 2, 3});
  CHECK(uncovered == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("basis factor: a random sparse basis with a large bump, FTRAN/BTRAN residuals after updates") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  const int m = 120;
  Eigen::MatrixXd B = random_sparse(m, 3, rng);
  REQUIRE(dense_rank(B) == m);
  lp::BasisFactor factor;
  std::vector<int> uncovered;
  REQUIRE(factor.factor(B.sparseView(), &uncovered).empty());
  CHECK(factor.bump_size() > 0);
  CHECK(factor.factor_nonzeros() >= m);
  for (int update = 0; update < 30; ++update) {
    Eigen::VectorXd rhs = Eigen::VectorXd::NullaryExpr(m, [&]() { return value(rng); });
    Eigen::VectorXd x = rhs;
    factor.ftran(x);
    CHECK((B * x - rhs).cwiseAbs().maxCoeff() <= 1e-8 * (1.0 + x.cwiseAbs().maxCoeff()));
    Eigen::VectorXd y = rhs;
    factor.btran(y);
    CHECK((B.transpose() * y - rhs).cwiseAbs().maxCoeff() <= 1e-8 * (1.0 + y.cwiseAbs().maxCoeff()));
    // A sparse new column, pivoting at the largest entry of its FTRAN.
    Eigen::VectorXd a = Eigen::VectorXd::Zero(m);
    for (int k = 0; k < 4; ++k) a[static_cast<int>(rng() % static_cast<unsigned>(m))] = value(rng);
    Eigen::VectorXd alpha = a;
    factor.ftran(alpha);
    Eigen::Index position = 0;
    alpha.cwiseAbs().maxCoeff(&position);
    if (std::fabs(alpha[position]) < 1e-3) continue;
    factor.update(static_cast<int>(position), alpha);
    B.col(position) = a;
  }
}

TEST_CASE("basis factor: a rank-deficient bump reports dependent positions and uncovered rows") {
  std::mt19937 rng(9);
  const int m = 50;
  Eigen::MatrixXd B = random_sparse(m, 3, rng);
  B.col(7) = B.col(3) - 2.0 * B.col(11);
  B.col(20) = 0.5 * B.col(30) + B.col(40);
  const int rank = dense_rank(B);
  REQUIRE(rank < m);
  lp::BasisFactor factor;
  std::vector<int> uncovered;
  const std::vector<int> dependent = factor.factor(B.sparseView(), &uncovered);
  CHECK(static_cast<int>(dependent.size()) == m - rank);
  REQUIRE(uncovered.size() == dependent.size());
  for (size_t k = 0; k < dependent.size(); ++k) {
    B.col(dependent[k]).setZero();
    B(uncovered[k], dependent[k]) = -1.0;
  }
  std::vector<int> none;
  CHECK(factor.factor(B.sparseView(), &none).empty());
  Eigen::VectorXd rhs = Eigen::VectorXd::LinSpaced(m, 1.0, 2.0), x = rhs;
  factor.ftran(x);
  CHECK((B * x - rhs).cwiseAbs().maxCoeff() <= 1e-9 * (1.0 + x.cwiseAbs().maxCoeff()));
}

TEST_CASE("deadline: an expired deadline interrupts the bump factorization, harmlessly") {
  std::mt19937 rng(13);
  const int m = 80;
  const Eigen::MatrixXd B = random_sparse(m, 4, rng);
  const Deadline expired(0.0);
  REQUIRE(expired.expired());
  lp::SparseLU lu;
  std::vector<int> dependent, uncovered;
  CHECK(lu.factor(m, columns_of(B), &expired, dependent, uncovered) == lp::SparseLU::Result::kInterrupted);

  lp::BasisFactor factor;
  factor.set_deadline(&expired);
  std::vector<int> rows;
  CHECK(factor.factor(B.sparseView(), &rows).empty());
  REQUIRE(factor.bump_size() == 0);  // an interrupted factor keeps nothing
  CHECK(factor.interrupted());
  Eigen::VectorXd v = Eigen::VectorXd::Ones(m);
  factor.ftran(v);  // unusable but safe
  CHECK(v.allFinite());
  // Without the deadline the same basis factors completely.
  factor.set_deadline(nullptr);
  CHECK(factor.factor(B.sparseView(), &rows).empty());
  CHECK_FALSE(factor.interrupted());
  CHECK(factor.bump_size() > 0);
}

TEST_CASE("deadline: an expired deadline gives time_limit, never a verdict") {
  // An infeasible LP (x0 + x1 >= 3 with both in [0, 1]) and a feasible one:
  // with the deadline already passed both must say time_limit.
  const lp::LinearProgram infeasible = test::make_lp({{1, 1}}, {3}, {INFINITY}, {1, 1}, {0, 0}, {1, 1});
  const lp::LinearProgram feasible =
      test::make_lp({{1, 2, 0}, {0, 1, 1}}, {1, 1}, {4, 5}, {1, -1, 2}, {0, 0, 0}, {3, 3, 3});
  for (const lp::LinearProgram* model : {&infeasible, &feasible}) {
    const Deadline expired(0.0);
    lp::SimplexSolver solver(*model);
    solver.set_deadline(&expired);
    CHECK(solver.solve() == lp::LpStatus::kTimeLimit);
    lp::LpOptions options;
    const Deadline clock(0.0);
    options.deadline = &clock;
    CHECK(lp::solve_lp(*model, options).status == lp::LpStatus::kTimeLimit);
  }
}
