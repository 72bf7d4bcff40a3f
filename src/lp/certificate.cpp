#include "lp/certificate.h"

#include <algorithm>
#include <cmath>

#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

// Interval [lo, hi] of a sum of terms v * z with z in [lower, upper]; `size`
// adds up |v * z| of the finite terms (the scale round-off is measured
// against); `ignored` is the largest |v| relative to `magnitude` that was
// treated as zero because its side of the box is infinite.
struct Range {
  double lo = 0.0, hi = 0.0, size = 0.0;
  double lo_ignored = 0.0, hi_ignored = 0.0;
  bool lo_finite = true, hi_finite = true;

  void add(double v, double lower, double upper, double magnitude) {
    if (v == 0.0) return;                         // exact zero: nothing to add (not a tolerance test)
    const double at_min = v > 0 ? lower : upper;  // z giving the smallest v*z
    const double at_max = v > 0 ? upper : lower;
    const double relative = std::fabs(v) / std::max(magnitude, tol::kRayZero);
    const bool negligible = relative <= tol::kRayZero;
    if (std::isfinite(at_min)) {
      lo += v * at_min;
      size += std::fabs(v * at_min);
    } else if (negligible) {
      lo_ignored = std::max(lo_ignored, relative);
    } else {
      lo_finite = false;
    }
    if (std::isfinite(at_max)) {
      hi += v * at_max;
      size += std::fabs(v * at_max);
    } else if (negligible) {
      hi_ignored = std::max(hi_ignored, relative);
    } else {
      hi_finite = false;
    }
  }
};

}  // namespace

CertificateCheck check_farkas_ray(const OriginalData& lp, const Eigen::VectorXd& ray) {
  CertificateCheck check;
  const Eigen::Index m = lp.A.rows(), n = lp.A.cols();
  if (ray.size() != m || !ray.allFinite()) return check;
  const double norm = m > 0 ? ray.cwiseAbs().maxCoeff() : 0.0;
  if (!(norm > 0)) return check;
  const Eigen::VectorXd y = ray / norm;
  // y^T A x over the column box, with g_j = (A^T y)_j measured against the
  // column's largest entry (what a unit y could make of it; |y| <= 1).
  Range columns;
  for (Eigen::Index j = 0; j < n; ++j) {
    double g = 0.0, magnitude = 0.0;
    for (Eigen::SparseMatrix<double>::InnerIterator it(lp.A, j); it; ++it) {
      g += it.value() * y[it.row()];
      magnitude = std::max(magnitude, std::fabs(it.value()));
    }
    columns.add(g, lp.col_lower[j], lp.col_upper[j], magnitude);
  }
  Range rows;
  for (Eigen::Index i = 0; i < m; ++i) rows.add(y[i], lp.row_lower[i], lp.row_upper[i], 1.0);
  const double scale = 1.0 + columns.size + rows.size;
  // A x = s needs the two intervals to meet; a certificate separates them.
  double best_margin = -INFINITY, best_residual = INFINITY;
  if (columns.hi_finite && rows.lo_finite) {
    best_margin = (rows.lo - columns.hi) / scale;
    best_residual = std::max(columns.hi_ignored, rows.lo_ignored);
  }
  if (columns.lo_finite && rows.hi_finite) {
    const double margin = (columns.lo - rows.hi) / scale;
    if (margin > best_margin) {
      best_margin = margin;
      best_residual = std::max(columns.lo_ignored, rows.hi_ignored);
    }
  }
  check.margin = best_margin;
  check.residual = best_residual;
  check.valid = best_margin > tol::kCertificateMargin && best_residual <= tol::kRayZero;
  return check;
}

CertificateCheck check_primal_ray(const OriginalData& lp, const Eigen::VectorXd& ray) {
  CertificateCheck check;
  const Eigen::Index m = lp.A.rows(), n = lp.A.cols();
  if (ray.size() != n || !ray.allFinite()) return check;
  const double norm = n > 0 ? ray.cwiseAbs().maxCoeff() : 0.0;
  if (!(norm > 0)) return check;
  const Eigen::VectorXd d = ray / norm;
  double worst = 0.0;
  // A direction entry may point at a finite bound only at round-off level.
  auto direction_violation = [](double v, double lower, double upper, double magnitude) {
    if (v > 0 && std::isfinite(upper)) return v / std::max(magnitude, 1.0);
    if (v < 0 && std::isfinite(lower)) return -v / std::max(magnitude, 1.0);
    return 0.0;
  };
  for (Eigen::Index j = 0; j < n; ++j)
    worst = std::max(worst, direction_violation(d[j], lp.col_lower[j], lp.col_upper[j], 1.0));
  Eigen::VectorXd activity = Eigen::VectorXd::Zero(m), magnitude = Eigen::VectorXd::Zero(m);
  for (Eigen::Index j = 0; j < n; ++j) {
    if (d[j] == 0.0) continue;  // exact zero: skip the column (not a tolerance test)
    for (Eigen::SparseMatrix<double>::InnerIterator it(lp.A, j); it; ++it) {
      activity[it.row()] += it.value() * d[j];
      magnitude[it.row()] += std::fabs(it.value() * d[j]);
    }
  }
  for (Eigen::Index i = 0; i < m; ++i)
    worst = std::max(worst, direction_violation(activity[i], lp.row_lower[i], lp.row_upper[i], magnitude[i]));
  const double slope = lp.cost.dot(d);
  const double cost_size = lp.cost.cwiseProduct(d).cwiseAbs().sum();
  check.margin = cost_size > 0 ? -slope / cost_size : 0.0;
  check.residual = worst;
  check.valid = worst <= tol::kRayZero && check.margin > tol::kCertificateMargin;
  return check;
}

}  // namespace milpsac::lp
