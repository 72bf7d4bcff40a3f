// Forrest-Goldfarb update of the dual steepest-edge weights (dual_edge_weights.h).
#include "lp/dual_edge_weights.h"

#include <algorithm>

#include "lp/tolerances.h"
#include "lp/work_vector.h"

namespace milpsac::lp {

bool exact_dual_edge_weights(const BasisFactor& factor, Eigen::VectorXd& weights, const Deadline* deadline) {
  const int m = static_cast<int>(weights.size());
  WorkVector rho;
  rho.resize(m);
  BasisFactor::DensityHistory history;
  constexpr int kPollEvery = 64;  // the clock costs tens of nanoseconds, a solve at least as much
  for (int i = 0; i < m; ++i) {
    if (deadline != nullptr && i % kPollEvery == 0 && deadline->expired()) {
      weights.setOnes();
      return false;
    }
    rho.clear();
    rho.add(i, 1.0);
    factor.btran_sparse(rho, history);
    double w = 0.0;
    if (rho.listed) {
      for (int k : rho.support) w += rho.values[k] * rho.values[k];
    } else {
      w = rho.values.squaredNorm();
    }
    weights[i] = std::max(w, tol::kMinEdgeWeight);
  }
  return true;
}

void update_dual_edge_weights(Eigen::VectorXd& weights, int r, const Eigen::VectorXd& alpha_col,
                              const Eigen::VectorXd& rho, const Eigen::VectorXd& tau,
                              const std::vector<int>* alpha_support, const std::vector<int>* rho_support) {
  const double pivot = alpha_col[r];
  // A hyper-sparse row's norm over its list: an m-long pass per pivot was
  // 2 % of the SAC root LP. Zero entries add nothing, so the scan's sum in
  // index order is the list's sum.
  double row_weight = 0.0;
  if (rho_support) {
    for (int i : *rho_support) row_weight += rho[i] * rho[i];
  } else {
    for (int i = 0; i < rho.size(); ++i) row_weight += rho[i] * rho[i];
  }
  // A zero entry of the pivot column leaves the weight as it is (every
  // weight is already at least kMinEdgeWeight): skip its division. Each
  // weight is its own sum, so the order of the visits changes nothing.
  auto visit = [&](int i) {
    if (i == r || alpha_col[i] == 0.0) return;
    const double ratio = alpha_col[i] / pivot;
    const double w = weights[i] + ratio * (ratio * row_weight - 2.0 * tau[i]);
    weights[i] = std::max(w, tol::kMinEdgeWeight);
  };
  if (alpha_support) {
    for (int i : *alpha_support) visit(i);
  } else {
    for (int i = 0; i < weights.size(); ++i) visit(i);
  }
  weights[r] = std::max(row_weight / (pivot * pivot), tol::kMinEdgeWeight);
}

}  // namespace milpsac::lp
