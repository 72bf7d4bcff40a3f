#include "lp/primal_pricing.h"

#include <algorithm>
#include <cmath>

#include "common/index.h"
#include "lp/tolerances.h"

namespace milpsac::lp {

int primal_entering(const std::vector<VarStatus>& status, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                    const Eigen::VectorXd& d, const Eigen::VectorXd* devex, double dual_tolerance, bool bland) {
  const int count = static_cast<int>(status.size());
  int q = -1;
  double best = 0.0;
  for (int v = 0; v < count; ++v) {
    const VarStatus s = status[uz(v)];
    if (s == VarStatus::kBasic || upper[v] - lower[v] <= tol::kZero) continue;
    double score = 0.0;
    if (s == VarStatus::kAtLower && d[v] < -dual_tolerance) score = -d[v];
    if (s == VarStatus::kAtUpper && d[v] > dual_tolerance) score = d[v];
    if (s == VarStatus::kAtZero && std::fabs(d[v]) > dual_tolerance) score = std::fabs(d[v]);
    if (devex != nullptr) score = score * score / (*devex)[v];
    if (score > best) {
      best = score;
      q = v;
      if (bland) break;  // the first candidate by index
    }
  }
  return q;
}

void update_primal_devex(const std::vector<VarStatus>& status, const Eigen::VectorXd& alpha_row, double pivot, int q,
                         int leaving, Eigen::VectorXd& d, Eigen::VectorXd& devex) {
  const double theta_d = d[q] / pivot;
  const double weight_q = std::max(devex[q], 1.0);
  const int count = static_cast<int>(status.size());
  for (int v = 0; v < count; ++v) {
    if (status[uz(v)] == VarStatus::kBasic || alpha_row[v] == 0.0) continue;
    d[v] -= theta_d * alpha_row[v];
    const double ratio = alpha_row[v] / pivot;
    devex[v] = std::max(devex[v], ratio * ratio * weight_q);
  }
  d[q] = 0.0;
  d[leaving] = -theta_d;
  devex[leaving] = std::max(weight_q / (pivot * pivot), 1.0);
  // An infinite weight would hide its column from pricing: start a new
  // reference framework.
  if (!(devex.maxCoeff() <= tol::kDevexReset)) devex.setOnes();
}

}  // namespace milpsac::lp
