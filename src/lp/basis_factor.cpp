#include "lp/basis_factor.h"

#include <algorithm>
#include <cmath>

#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

// Positions of B that depend on the others, and the rows left uncovered, from
// a rank-revealing LU of the whole matrix (only on the rare singular path): the
// first `rank` columns in Q order are independent; rows pivoted after `rank`
// are uncovered.
std::vector<int> dependent_columns(const Eigen::MatrixXd& B, std::vector<int>* uncovered_rows) {
  const int m = static_cast<int>(B.rows());
  Eigen::FullPivLU<Eigen::MatrixXd> full(B);
  full.setThreshold(tol::kSingularPivot);
  const int rank = static_cast<int>(full.rank());
  const auto& q = full.permutationQ().indices();
  const auto& p = full.permutationP().indices();
  std::vector<int> dependent;
  for (int k = rank; k < m; ++k) dependent.push_back(q[k]);
  if (uncovered_rows) {
    std::vector<int> inverse(static_cast<size_t>(m));
    for (int i = 0; i < m; ++i) inverse[static_cast<size_t>(p[i])] = i;
    for (int k = rank; k < m; ++k) uncovered_rows->push_back(inverse[static_cast<size_t>(k)]);
  }
  std::sort(dependent.begin(), dependent.end());
  return dependent;
}

}  // namespace

std::vector<int> BasisFactor::factor(const Eigen::MatrixXd& B, std::vector<int>* uncovered_rows) {
  etas_.clear();
  m_ = static_cast<int>(B.rows());
  if (uncovered_rows) uncovered_rows->clear();
  kernel_positions_.clear();
  kernel_rows_.clear();
  singleton_positions_.clear();
  singleton_rows_.clear();
  singleton_values_.clear();
  if (m_ == 0) return {};

  // Singleton columns claim their row (first come, first served).
  std::vector<char> row_claimed(static_cast<size_t>(m_), 0);
  for (int p = 0; p < m_; ++p) {
    int row = -1, nonzeros = 0;
    for (int i = 0; i < m_ && nonzeros < 2; ++i)
      if (B(i, p) != 0.0) { row = i; ++nonzeros; }  // structural zero test: exact by design
    if (nonzeros == 1 && !row_claimed[static_cast<size_t>(row)]) {
      row_claimed[static_cast<size_t>(row)] = 1;
      singleton_positions_.push_back(p);
      singleton_rows_.push_back(row);
      singleton_values_.push_back(B(row, p));
    } else {
      kernel_positions_.push_back(p);
    }
  }
  for (int i = 0; i < m_; ++i)
    if (!row_claimed[static_cast<size_t>(i)]) kernel_rows_.push_back(i);
  const int s = static_cast<int>(kernel_positions_.size());
  const int k = static_cast<int>(singleton_positions_.size());
  if (static_cast<int>(kernel_rows_.size()) != s) return dependent_columns(B, uncovered_rows);

  Eigen::MatrixXd kernel(s, s);
  coupling_.resize(k, s);
  for (int c = 0; c < s; ++c) {
    const int p = kernel_positions_[static_cast<size_t>(c)];
    for (int r = 0; r < s; ++r) kernel(r, c) = B(kernel_rows_[static_cast<size_t>(r)], p);
    for (int r = 0; r < k; ++r) coupling_(r, c) = B(singleton_rows_[static_cast<size_t>(r)], p);
  }
  if (s > 0) {
    kernel_lu_.compute(kernel);
    // Partial pivoting keeps column order, so a tiny U(c,c) means kernel column
    // c is (nearly) a combination of the columns before it.
    const auto& U = kernel_lu_.matrixLU();
    for (int c = 0; c < s; ++c) {
      const double scale = std::max(1.0, kernel.col(c).cwiseAbs().maxCoeff());
      if (!(std::fabs(U(c, c)) > tol::kSingularPivot * scale)) return dependent_columns(B, uncovered_rows);
    }
  }
  return {};
}

void BasisFactor::solve_initial(Eigen::VectorXd& v) const {
  // Rows R: K z_S = v_R. Singleton rows: value * z_p + (C z_S)_r = v_r.
  const size_t s = kernel_positions_.size(), k = singleton_positions_.size();
  Eigen::VectorXd z_kernel(static_cast<Eigen::Index>(s));
  for (size_t r = 0; r < s; ++r) z_kernel[static_cast<Eigen::Index>(r)] = v[kernel_rows_[r]];
  if (s > 0) z_kernel = kernel_lu_.solve(z_kernel);
  Eigen::VectorXd coupled = coupling_ * z_kernel;
  Eigen::VectorXd out(m_);
  for (size_t r = 0; r < k; ++r)
    out[singleton_positions_[r]] = (v[singleton_rows_[r]] - coupled[static_cast<Eigen::Index>(r)]) / singleton_values_[r];
  for (size_t c = 0; c < s; ++c) out[kernel_positions_[c]] = z_kernel[static_cast<Eigen::Index>(c)];
  v.swap(out);
}

void BasisFactor::solve_initial_transposed(Eigen::VectorXd& v) const {
  // Singleton positions p: value * w_r(p) = v_p. Kernel positions:
  // K^T w_R = v_S - C^T w_singleton_rows.
  const size_t s = kernel_positions_.size(), k = singleton_positions_.size();
  Eigen::VectorXd w_singleton(static_cast<Eigen::Index>(k));
  for (size_t r = 0; r < k; ++r) w_singleton[static_cast<Eigen::Index>(r)] = v[singleton_positions_[r]] / singleton_values_[r];
  Eigen::VectorXd rhs(static_cast<Eigen::Index>(s));
  for (size_t c = 0; c < s; ++c) rhs[static_cast<Eigen::Index>(c)] = v[kernel_positions_[c]];
  if (k > 0) rhs.noalias() -= coupling_.transpose() * w_singleton;
  if (s > 0) {
    // K = P^-1 L U, so K^T w = rhs is U^T L^T (P w) = rhs. Written out because
    // Eigen's lu.transpose() copies the whole factorisation on every call.
    const auto& lu = kernel_lu_.matrixLU();
    lu.triangularView<Eigen::Upper>().transpose().solveInPlace(rhs);
    lu.triangularView<Eigen::UnitLower>().transpose().solveInPlace(rhs);
    rhs = kernel_lu_.permutationP().transpose() * rhs;
  }
  Eigen::VectorXd out(m_);
  for (size_t r = 0; r < k; ++r) out[singleton_rows_[r]] = w_singleton[static_cast<Eigen::Index>(r)];
  for (size_t r = 0; r < s; ++r) out[kernel_rows_[r]] = rhs[static_cast<Eigen::Index>(r)];
  v.swap(out);
}

void BasisFactor::ftran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  solve_initial(v);
  for (const Eta& eta : etas_) {
    const double pivot_value = v[eta.position];
    v += pivot_value * eta.column;
    v[eta.position] = pivot_value * eta.column[eta.position];
  }
}

void BasisFactor::btran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  // (E^T v)[r] = eta . v ; other entries unchanged.
  for (auto it = etas_.rbegin(); it != etas_.rend(); ++it) v[it->position] = it->column.dot(v);
  solve_initial_transposed(v);
}

void BasisFactor::update(int position, const Eigen::VectorXd& alpha) {
  const double pivot = alpha[position];
  Eta eta{position, -alpha / pivot};
  eta.column[position] = 1.0 / pivot;
  etas_.push_back(std::move(eta));
}

}  // namespace milpsac::lp
