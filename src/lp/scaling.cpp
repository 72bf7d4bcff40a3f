#include "lp/scaling.h"

#include <algorithm>
#include <cmath>

namespace milpsac::lp {
namespace {

double nearest_power_of_two(double v) { return std::exp2(std::round(std::log2(v))); }

}  // namespace

ScaleFactors compute_scale_factors(const Eigen::MatrixXd& A) {
  const Eigen::Index m = A.rows(), n = A.cols();
  ScaleFactors f{Eigen::VectorXd::Ones(m), Eigen::VectorXd::Ones(n)};
  if (m == 0 || n == 0) return f;
  Eigen::MatrixXd abs = A.cwiseAbs();
  constexpr int kGeometricPasses = 4;
  for (int pass = 0; pass < kGeometricPasses; ++pass) {
    for (Eigen::Index i = 0; i < m; ++i) {
      double lo = INFINITY, hi = 0.0;
      for (Eigen::Index j = 0; j < n; ++j) {
        double v = abs(i, j) * f.row[i] * f.col[j];
        if (v > 0) { lo = std::min(lo, v); hi = std::max(hi, v); }
      }
      if (hi > 0) f.row[i] /= std::sqrt(lo * hi);
    }
    for (Eigen::Index j = 0; j < n; ++j) {
      double lo = INFINITY, hi = 0.0;
      for (Eigen::Index i = 0; i < m; ++i) {
        double v = abs(i, j) * f.row[i] * f.col[j];
        if (v > 0) { lo = std::min(lo, v); hi = std::max(hi, v); }
      }
      if (hi > 0) f.col[j] /= std::sqrt(lo * hi);
    }
  }
  for (Eigen::Index i = 0; i < m; ++i) f.row[i] = nearest_power_of_two(f.row[i]);
  // Equilibrate columns so that the largest entry of each is about 1.
  for (Eigen::Index j = 0; j < n; ++j) {
    double hi = 0.0;
    for (Eigen::Index i = 0; i < m; ++i) hi = std::max(hi, abs(i, j) * f.row[i]);
    f.col[j] = hi > 0 ? nearest_power_of_two(1.0 / hi) : 1.0;
  }
  return f;
}

}  // namespace milpsac::lp
