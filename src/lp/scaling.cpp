#include "lp/scaling.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/index.h"

namespace milpsac::lp {
namespace {

double nearest_power_of_two(double v) { return std::exp2(std::round(std::log2(v))); }

using SparseIt = Eigen::SparseMatrix<double>::InnerIterator;

}  // namespace

ScaleFactors compute_scale_factors(const Eigen::SparseMatrix<double>& A) {
  const Eigen::Index m = A.rows(), n = A.cols();
  ScaleFactors f{Eigen::VectorXd::Ones(m), Eigen::VectorXd::Ones(n)};
  if (m == 0 || n == 0) return f;
  constexpr int kGeometricPasses = 4;
  std::vector<double> lo(uz(m)), hi(uz(m));
  for (int pass = 0; pass < kGeometricPasses; ++pass) {
    // Rows: the smallest and largest scaled magnitude of each, in one sweep.
    std::fill(lo.begin(), lo.end(), INFINITY);
    std::fill(hi.begin(), hi.end(), 0.0);
    for (Eigen::Index j = 0; j < n; ++j)
      for (SparseIt it(A, j); it; ++it) {
        const double v = std::fabs(it.value()) * f.row[it.row()] * f.col[j];
        if (v > 0) {
          lo[uz(it.row())] = std::min(lo[uz(it.row())], v);
          hi[uz(it.row())] = std::max(hi[uz(it.row())], v);
        }
      }
    for (Eigen::Index i = 0; i < m; ++i)
      if (hi[uz(i)] > 0) f.row[i] /= std::sqrt(lo[uz(i)] * hi[uz(i)]);
    for (Eigen::Index j = 0; j < n; ++j) {
      double col_lo = INFINITY, col_hi = 0.0;
      for (SparseIt it(A, j); it; ++it) {
        const double v = std::fabs(it.value()) * f.row[it.row()] * f.col[j];
        if (v > 0) {
          col_lo = std::min(col_lo, v);
          col_hi = std::max(col_hi, v);
        }
      }
      if (col_hi > 0) f.col[j] /= std::sqrt(col_lo * col_hi);
    }
  }
  for (Eigen::Index i = 0; i < m; ++i) f.row[i] = nearest_power_of_two(f.row[i]);
  // Equilibrate columns so that the largest entry of each is about 1.
  for (Eigen::Index j = 0; j < n; ++j) {
    double col_hi = 0.0;
    for (SparseIt it(A, j); it; ++it) col_hi = std::max(col_hi, std::fabs(it.value()) * f.row[it.row()]);
    f.col[j] = col_hi > 0 ? nearest_power_of_two(1.0 / col_hi) : 1.0;
  }
  return f;
}

ScaleFactors compute_scale_factors(const Eigen::MatrixXd& A) {
  const Eigen::SparseMatrix<double> sparse = A.sparseView(1.0, 0.0);
  return compute_scale_factors(sparse);
}

}  // namespace milpsac::lp
