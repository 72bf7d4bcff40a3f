// Component tests of the basis factor (triangular permutation + sparse bump
// LU laid out as L and U, Forrest-Tomlin updates, singular repair
// information) and of the scaling factors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "lp/basis_factor.h"
#include "lp/scaling.h"

using namespace milpsac;

namespace {

// A sparse nonsingular m x m matrix with slack columns, a bidiagonal part and
// a dense-ish block, columns shuffled so that the structure is hidden.
Eigen::MatrixXd mixed_basis(int m, std::mt19937& rng) {
  std::uniform_real_distribution<double> value(0.5, 2.0);
  Eigen::MatrixXd B = Eigen::MatrixXd::Zero(m, m);
  const int slacks = m / 3, bidiagonal = m / 3;
  for (int i = 0; i < slacks; ++i) B(i, i) = -1.0;
  for (int i = slacks; i < slacks + bidiagonal; ++i) {
    B(i, i) = value(rng);
    if (i + 1 < m) B(i + 1, i) = -value(rng);
  }
  for (int j = slacks + bidiagonal; j < m; ++j) {
    for (int i = slacks; i < m; ++i)
      if (rng() % 3 == 0) B(i, j) = value(rng) - 1.25;
    B(j, j) += 3.0;  // diagonally dominant block: nonsingular
  }
  for (int j = 0; j < m; ++j)
    if (rng() % 4 == 0) B(static_cast<int>(rng() % static_cast<unsigned>(m)), j) += 0.3;  // some coupling
  std::vector<int> order(static_cast<size_t>(m));
  for (int j = 0; j < m; ++j) order[static_cast<size_t>(j)] = j;
  std::shuffle(order.begin(), order.end(), rng);
  Eigen::MatrixXd shuffled(m, m);
  for (int j = 0; j < m; ++j) shuffled.col(j) = B.col(order[static_cast<size_t>(j)]);
  return shuffled;
}

// How the update gets its spike (L^-1 R a): computed from U alpha, kept by
// the plain FTRAN of the entering column, or kept by its hyper-sparse FTRAN.
enum class Spike { kRecomputed, kKeptPlain, kKeptSparse };

// Enter a random column into B and its factor, in the position of the
// largest pivot (a safe one). A sparse column (a few entries) when the spike
// comes from the hyper-sparse FTRAN, so that its list path runs.
void replace_random_column(lp::BasisFactor& factor, Eigen::MatrixXd& B, std::mt19937& rng,
                           Spike spike = Spike::kRecomputed) {
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  const auto m = static_cast<int>(B.rows());
  Eigen::VectorXd a = Eigen::VectorXd::NullaryExpr(m, [&]() { return value(rng); });
  std::vector<int> support;
  if (spike == Spike::kKeptSparse) {
    a.setZero();
    for (int e = 0; e < 3; ++e) {
      const int i = static_cast<int>(rng() % static_cast<unsigned>(m));
      a[i] += 1.0 + value(rng);
      support.push_back(i);
    }
  }
  Eigen::VectorXd alpha = a;
  lp::BasisFactor::DensityHistory history;
  switch (spike) {
    case Spike::kRecomputed:
      factor.ftran(alpha);
      break;
    case Spike::kKeptPlain:
      factor.ftran(alpha, /*keep_spike=*/true);
      break;
    case Spike::kKeptSparse: {
      lp::WorkVector w{alpha, support};
      factor.ftran_sparse(w, history, /*keep_spike=*/true);
      alpha = w.values;
      break;
    }
  }
  int position = 0;
  for (int i = 1; i < m; ++i)
    if (std::fabs(alpha[i]) > std::fabs(alpha[position])) position = i;
  factor.update(position, alpha);
  B.col(position) = a;
}

}  // namespace

TEST_CASE("basis factor: FTRAN and BTRAN match a dense solve, also after Forrest-Tomlin updates") {
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const int m = 5 + trial * 3;
    Eigen::MatrixXd B = mixed_basis(m, rng);
    REQUIRE(std::fabs(B.determinant()) > 1e-8);
    lp::BasisFactor factor;
    std::vector<int> uncovered;
    REQUIRE(factor.factor(B.sparseView(), &uncovered).empty());
    CHECK(factor.bump_size() < m);  // the slack and bidiagonal parts are triangular
    for (int update = 0; update <= 5; ++update) {
      Eigen::VectorXd rhs = Eigen::VectorXd::NullaryExpr(m, [&]() { return value(rng); });
      Eigen::VectorXd x = rhs;
      factor.ftran(x);
      CHECK((B * x - rhs).cwiseAbs().maxCoeff() <= 1e-9);
      Eigen::VectorXd y = rhs;
      factor.btran(y);
      CHECK((B.transpose() * y - rhs).cwiseAbs().maxCoeff() <= 1e-9);
      replace_random_column(factor, B, rng, static_cast<Spike>(update % 3));
    }
    CHECK(factor.num_updates() == 6);
  }
}

TEST_CASE("basis factor: long runs of updates keep U's row copy exact (voided pivots, eliminated rows)") {
  // More updates than rows, so that positions are replaced again and again:
  // every update voids a pivot (its column's row references go) and
  // eliminates a row (its references go). The U^T push reads only the row
  // copy, so a stale or missing reference would show in BTRAN at once; the
  // hyper-sparse BTRAN walks the same references and must give the same bits.
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (int trial = 0; trial < 6; ++trial) {
    const int m = 12 + trial * 6;
    Eigen::MatrixXd B = mixed_basis(m, rng);
    lp::BasisFactor factor;
    REQUIRE(factor.factor(B.sparseView(), nullptr).empty());
    for (int update = 0; update < 2 * m; ++update) {
      Eigen::VectorXd rhs = Eigen::VectorXd::NullaryExpr(m, [&]() { return value(rng); });
      Eigen::VectorXd y = rhs;
      factor.btran(y);
      CHECK((B.transpose() * y - rhs).cwiseAbs().maxCoeff() <= 1e-8);
      Eigen::VectorXd unit = Eigen::VectorXd::Zero(m);
      const int i = static_cast<int>(rng() % static_cast<unsigned>(m));
      unit[i] = 1.0;
      Eigen::VectorXd dense = unit;
      factor.btran(dense);
      lp::BasisFactor::DensityHistory history;
      lp::WorkVector w{unit, {i}};
      factor.btran_sparse(w, history);
      CHECK((w.values - dense).cwiseAbs().maxCoeff() == 0.0);
      replace_random_column(factor, B, rng, static_cast<Spike>(update % 3));
    }
  }
}

TEST_CASE("basis factor: a kept spike and a recomputed one give the same updated factor") {
  // Three factors of the same bases: the update's spike kept by a plain FTRAN,
  // kept by a hyper-sparse one, or recomputed as U alpha. Their solves agree
  // to rounding and solve the updated B.
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  for (int trial = 0; trial < 10; ++trial) {
    const int m = 40 + trial * 8;
    Eigen::MatrixXd B = mixed_basis(m, rng);
    lp::BasisFactor kept, kept_sparse, recomputed;
    REQUIRE(kept.factor(B.sparseView(), nullptr).empty());
    REQUIRE(kept_sparse.factor(B.sparseView(), nullptr).empty());
    REQUIRE(recomputed.factor(B.sparseView(), nullptr).empty());
    for (int update = 0; update < 12; ++update) {
      // A column of two entries, entered where its FTRAN is largest.
      Eigen::VectorXd a = Eigen::VectorXd::Zero(m);
      std::vector<int> support;
      for (int e = 0; e < 2; ++e) {
        const int i = static_cast<int>(rng() % static_cast<unsigned>(m));
        a[i] += 1.0 + value(rng);
        support.push_back(i);
      }
      Eigen::VectorXd alpha = a, alpha_sparse = a, alpha_recomputed = a;
      lp::BasisFactor::DensityHistory history;
      kept.ftran(alpha, /*keep_spike=*/true);
      lp::WorkVector sparse{alpha_sparse, support};
      kept_sparse.ftran_sparse(sparse, history, /*keep_spike=*/true);
      alpha_sparse = sparse.values;
      recomputed.ftran(alpha_recomputed);
      CHECK((alpha - alpha_sparse).cwiseAbs().maxCoeff() == 0.0);  // the two FTRANs agree bit for bit
      int position = 0;
      for (int i = 1; i < m; ++i)
        if (std::fabs(alpha[i]) > std::fabs(alpha[position])) position = i;
      if (std::fabs(alpha[position]) < 1e-3) continue;  // no safe pivot for this column
      kept.update(position, alpha);
      kept_sparse.update(position, alpha_sparse);
      recomputed.update(position, alpha_recomputed);
      B.col(position) = a;
      for (const lp::BasisFactor* factor : {&kept, &kept_sparse, &recomputed}) CHECK(!factor->needs_refactor());
      const Eigen::VectorXd rhs = Eigen::VectorXd::NullaryExpr(m, [&]() { return value(rng); });
      Eigen::VectorXd x = rhs, x_sparse = rhs, x_recomputed = rhs;
      kept.ftran(x);
      kept_sparse.ftran(x_sparse);
      recomputed.ftran(x_recomputed);
      CHECK((B * x - rhs).cwiseAbs().maxCoeff() <= 1e-9);
      CHECK((B * x_sparse - rhs).cwiseAbs().maxCoeff() <= 1e-9);
      CHECK((B * x_recomputed - rhs).cwiseAbs().maxCoeff() <= 1e-9);
      Eigen::VectorXd y = rhs, y_recomputed = rhs;
      kept.btran(y);
      recomputed.btran(y_recomputed);
      CHECK((B.transpose() * y - rhs).cwiseAbs().maxCoeff() <= 1e-9);
      CHECK((y - y_recomputed).cwiseAbs().maxCoeff() <= 1e-10 * (1.0 + y.cwiseAbs().maxCoeff()));
    }
  }
}

TEST_CASE("basis factor: an update whose two new diagonals disagree asks for a fresh factor") {
  // The update computes U's new diagonal from the column's pivot and from the
  // spike; an alpha inconsistent with the kept spike (a drifted factor)
  // makes them differ, and the factor asks to be rebuilt at once.
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  const int m = 30;
  const Eigen::MatrixXd B = mixed_basis(m, rng);
  for (double drift : {0.0, 1e-3}) {
    CAPTURE(drift);
    lp::BasisFactor factor;
    REQUIRE(factor.factor(B.sparseView(), nullptr).empty());
    Eigen::VectorXd alpha = Eigen::VectorXd::NullaryExpr(m, [&]() { return value(rng); });
    factor.ftran(alpha, /*keep_spike=*/true);
    int position = 0;
    for (int i = 1; i < m; ++i)
      if (std::fabs(alpha[i]) > std::fabs(alpha[position])) position = i;
    alpha[position] *= 1.0 + drift;
    factor.update(position, alpha);
    CHECK(factor.num_updates() == 1);
    CHECK(factor.needs_refactor() == (drift > 0.0));
  }
}

namespace {

// The number of updates after which the factor of -I (m slack columns) asks
// for a refactorization when each update's column alpha holds `entries`
// nonzeros, so that U gains entries - 1 (0 when it never asks within
// kMaxUpdates + 1 updates).
int updates_until_refactor(int m, int entries) {
  Eigen::SparseMatrix<double> B(m, m);
  for (int i = 0; i < m; ++i) B.insert(i, i) = -1.0;
  lp::BasisFactor factor;
  REQUIRE(factor.factor(B, nullptr).empty());
  for (int k = 1; k <= lp::BasisFactor::kMaxUpdates + 1; ++k) {
    const int position = (k - 1) % m;
    Eigen::VectorXd alpha = Eigen::VectorXd::Zero(m);
    alpha[position] = 2.0;
    for (int e = 1; e < entries; ++e) alpha[(position + e) % m] = 0.5;
    factor.update(position, alpha);
    if (factor.needs_refactor()) return k;
  }
  return 0;
}

}  // namespace

TEST_CASE("basis factor: refactorization when the updates cost more than a fresh factor saves") {
  const int min_updates = lp::BasisFactor::kMinUpdates, max_updates = lp::BasisFactor::kMaxUpdates;
  // Updates of 40 entries over a factor of 2,000: the cost rule would refactor
  // after about 11 updates, so it asks as soon as allowed.
  CHECK(updates_until_refactor(2000, 40) == min_updates);
  // Updates as large as the factor: fill growth asks at once, below the floor.
  CHECK(updates_until_refactor(400, 400) < min_updates);
  // One-entry updates (the hyper-sparse case): much later than the floor, but
  // within the ceiling that bounds the updates' error.
  const int sparse = updates_until_refactor(2000, 1);
  CHECK(sparse > 2 * min_updates);
  CHECK(sparse <= max_updates);
  // Four entries per update: between the two.
  const int medium = updates_until_refactor(2000, 4);
  CHECK(medium > min_updates);
  CHECK(medium < sparse);
}

TEST_CASE("basis factor: dependent columns and the rows they leave uncovered") {
  // Columns 1 and 3 are equal: one of them depends on the other.
  Eigen::MatrixXd B(4, 4);
  B << 1, 2, 0, 2, 0, 1, 0, 1, 0, 0, -1, 0, 3, 0, 0, 0;
  lp::BasisFactor factor;
  std::vector<int> uncovered;
  const std::vector<int> dependent = factor.factor(B.sparseView(), &uncovered);
  REQUIRE(dependent.size() == 1);
  REQUIRE(uncovered.size() == 1);
  CHECK((dependent[0] == 1 || dependent[0] == 3));
  // The repair the simplex makes: the dependent column becomes the logical
  // -e_row of the uncovered row, and the basis is nonsingular again.
  B.col(dependent[0]) = Eigen::VectorXd::Zero(4);
  B(uncovered[0], dependent[0]) = -1.0;
  std::vector<int> none;
  CHECK(factor.factor(B.sparseView(), &none).empty());
  Eigen::VectorXd rhs(4);
  rhs << 1, 2, 3, 4;
  Eigen::VectorXd x = rhs;
  factor.ftran(x);
  CHECK((B * x - rhs).cwiseAbs().maxCoeff() <= 1e-12);
}

TEST_CASE("basis factor: a structurally empty column is dependent") {
  Eigen::MatrixXd B = Eigen::MatrixXd::Identity(3, 3);
  B.col(1).setZero();
  lp::BasisFactor factor;
  std::vector<int> uncovered;
  const std::vector<int> dependent = factor.factor(B.sparseView(), &uncovered);
  REQUIRE(dependent.size() == 1);
  CHECK(dependent[0] == 1);
  REQUIRE(uncovered.size() == 1);
  CHECK(uncovered[0] == 1);
}

TEST_CASE("scaling: powers of two that bring every column's largest entry near 1") {
  Eigen::MatrixXd A(3, 3);
  A << 1e6, 3e5, 0, 2e-3, 0, 7, 0, 4e4, 1e-2;
  const lp::ScaleFactors f = lp::compute_scale_factors(A);
  for (int i = 0; i < 3; ++i) CHECK(std::exp2(std::round(std::log2(f.row[i]))) == f.row[i]);
  for (int j = 0; j < 3; ++j) CHECK(std::exp2(std::round(std::log2(f.col[j]))) == f.col[j]);
  const Eigen::MatrixXd scaled = f.row.asDiagonal() * A * f.col.asDiagonal();
  for (int j = 0; j < 3; ++j) {
    const double largest = scaled.col(j).cwiseAbs().maxCoeff();
    CHECK(largest >= 0.5);
    CHECK(largest <= 2.0);
  }
  // The spread of entry magnitudes shrinks.
  auto spread = [](const Eigen::MatrixXd& M) {
    double lo = INFINITY, hi = 0;
    for (Eigen::Index i = 0; i < M.size(); ++i)
      if (M.data()[i] != 0) {
        lo = std::min(lo, std::fabs(M.data()[i]));
        hi = std::max(hi, std::fabs(M.data()[i]));
      }
    return hi / lo;
  };
  CHECK(spread(scaled) < spread(A) / 100);
  // Nothing to scale: all ones.
  const lp::ScaleFactors none = lp::compute_scale_factors(Eigen::MatrixXd::Zero(2, 2));
  CHECK(none.row == Eigen::VectorXd::Ones(2));
  CHECK(none.col == Eigen::VectorXd::Ones(2));
}

TEST_CASE("basis factor: the hyper-sparse solves match the dense ones and list every nonzero once") {
  std::mt19937 rng(4242);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  int sparse_paths = 0;
  for (int trial = 0; trial < 12; ++trial) {
    // Large enough that a one- or two-entry right-hand side stays under the
    // reach budget of m / kHyperSparseShare on the triangular parts.
    const int m = 60 + trial * 20;
    Eigen::MatrixXd B = mixed_basis(m, rng);
    lp::BasisFactor factor;
    REQUIRE(factor.factor(B.sparseView(), nullptr).empty());
    for (int update = 0; update < 6; ++update) {
      for (int transposed = 0; transposed < 2; ++transposed) {
        Eigen::VectorXd rhs = Eigen::VectorXd::Zero(m);
        std::vector<int> support;
        for (int e = 0; e < 1 + update % 2; ++e) {
          const int i = static_cast<int>(rng() % static_cast<unsigned>(m));
          rhs[i] += 1.0 + value(rng);
          support.push_back(i);
        }
        Eigen::VectorXd x = rhs, x_dense = rhs;
        lp::BasisFactor::DensityHistory history;  // fresh: the list is tried
        lp::WorkVector w{x, support};
        if (transposed) {
          factor.btran_sparse(w, history);
          factor.btran(x_dense);
        } else {
          factor.ftran_sparse(w, history);
          factor.ftran(x_dense);
        }
        x = w.values;
        support = w.support;
        const bool listed = w.listed;
        if (transposed) {
          CHECK((B.transpose() * x - rhs).cwiseAbs().maxCoeff() <= 1e-9);
        } else {
          CHECK((B * x - rhs).cwiseAbs().maxCoeff() <= 1e-9);
        }
        CHECK((x - x_dense).cwiseAbs().maxCoeff() == 0.0);  // the same sums in the same order
        if (!listed) {
          CHECK(support.empty());  // dense: the caller scans
          continue;
        }
        std::vector<char> seen(static_cast<size_t>(m), 0);
        for (int i : support) {
          REQUIRE(i >= 0);
          REQUIRE(i < m);
          CHECK(!seen[static_cast<size_t>(i)]);
          seen[static_cast<size_t>(i)] = 1;
        }
        for (int i = 0; i < m; ++i)
          if (x[i] != 0.0) CHECK(seen[static_cast<size_t>(i)]);
        sparse_paths += static_cast<int>(support.size()) < m / 4 ? 1 : 0;
      }
      replace_random_column(factor, B, rng, update % 2 == 0 ? Spike::kKeptSparse : Spike::kKeptPlain);
    }
  }
  CHECK(sparse_paths > 0);  // the hyper-sparse paths were taken, not only the fallbacks
}
