#include "lp/basis_factor.h"

#include <algorithm>
#include <cmath>

#include "lp/tolerances.h"

namespace milpsac::lp {

std::vector<int> BasisFactor::factor(const Eigen::MatrixXd& B, std::vector<int>* uncovered_rows) {
  etas_.clear();
  const int m = static_cast<int>(B.rows());
  std::vector<int> dependent;
  if (uncovered_rows) uncovered_rows->clear();
  if (m == 0) return dependent;
  lu_.compute(B);
  // Partial pivoting keeps column order, so a tiny U(k,k) means column k is
  // (nearly) a combination of columns 0..k-1. Compare with the column's size.
  const auto& U = lu_.matrixLU();
  bool singular = false;
  for (int k = 0; k < m; ++k) {
    double scale = std::max(1.0, B.col(k).cwiseAbs().maxCoeff());
    if (!(std::fabs(U(k, k)) > tol::kSingularPivot * scale)) {
      singular = true;
      break;
    }
  }
  if (!singular) return dependent;
  // Rank-revealing pass (only on this rare path): the first `rank` columns in
  // Q order are independent; the rows pivoted after `rank` are left uncovered.
  Eigen::FullPivLU<Eigen::MatrixXd> full(B);
  full.setThreshold(tol::kSingularPivot);
  const int rank = static_cast<int>(full.rank());
  const auto& q = full.permutationQ().indices();
  const auto& p = full.permutationP().indices();
  for (int k = rank; k < m; ++k) dependent.push_back(q[k]);
  if (uncovered_rows) {
    // P maps row i of B to row p[i] of P*B; the rows landing at positions >= rank.
    std::vector<int> inverse(static_cast<size_t>(m));
    for (int i = 0; i < m; ++i) inverse[static_cast<size_t>(p[i])] = i;
    for (int k = rank; k < m; ++k) uncovered_rows->push_back(inverse[static_cast<size_t>(k)]);
  }
  std::sort(dependent.begin(), dependent.end());
  return dependent;
}

void BasisFactor::ftran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  v = lu_.solve(v);
  for (const Eta& eta : etas_) {
    const double pivot_value = v[eta.position];
    v += pivot_value * eta.column;
    v[eta.position] = pivot_value * eta.column[eta.position];
  }
}

void BasisFactor::btran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  for (auto it = etas_.rbegin(); it != etas_.rend(); ++it) {
    // (E^T v)[r] = eta . v ; other entries unchanged.
    v[it->position] = it->column.dot(v);
  }
  v = lu_.transpose().solve(v);
}

void BasisFactor::update(int position, const Eigen::VectorXd& alpha) {
  const double pivot = alpha[position];
  Eta eta{position, -alpha / pivot};
  eta.column[position] = 1.0 / pivot;
  etas_.push_back(std::move(eta));
}

}  // namespace milpsac::lp
