#include "lp/primal_ratio_choice.h"

#include <algorithm>

#include "common/index.h"

namespace milpsac::lp {

PrimalRatioChoice choose_primal_ratio(const Eigen::VectorXd& alpha, double dir, const std::vector<int>& head,
                                      const Eigen::VectorXd& x, const Eigen::VectorXd& lower,
                                      const Eigen::VectorXd& upper, double pivot_tolerance, double primal_tolerance,
                                      bool phase_one, bool bland, PrimalRatioWork& work) {
  const int m = static_cast<int>(head.size());
  work.limits.resize(uz(m));
  work.blocking.resize(uz(m));
  PrimalRatioChoice choice;
  // Pass 1.
  for (int i = 0; i < m; ++i) {
    work.blocking[uz(i)] = 0;
    const double rate = -dir * alpha[i];  // change of x_B[i] per unit step
    if (std::fabs(rate) <= pivot_tolerance) continue;
    const int v = head[uz(i)];
    const double xv = x[v];
    const bool below = phase_one && xv < lower[v] - primal_tolerance;
    const bool above = phase_one && xv > upper[v] + primal_tolerance;
    double bound;
    bool to_upper;
    if (rate < 0) {  // decreasing
      if (below) continue;
      to_upper = above;
      bound = above ? upper[v] : lower[v];
    } else {  // increasing
      if (above) continue;
      to_upper = !below;
      bound = below ? lower[v] : upper[v];
    }
    if (!std::isfinite(bound)) continue;
    const double gap = rate < 0 ? xv - bound : bound - xv;
    // A basic already beyond its bound (by less than the restart threshold)
    // blocks at once: both steps clamp at 0, so the row stays a candidate.
    PrimalRatioWork::Limit& limit = work.limits[uz(i)];
    limit = {std::max(gap + primal_tolerance, 0.0) / std::fabs(rate), std::max(gap, 0.0) / std::fabs(rate), to_upper};
    work.blocking[uz(i)] = 1;
    choice.theta_max = std::min(choice.theta_max, bland ? limit.exact : limit.relaxed);
  }
  // Pass 2.
  int r = -1;
  for (int i = 0; i < m; ++i) {
    if (!work.blocking[uz(i)] || work.limits[uz(i)].exact > choice.theta_max) continue;
    if (r < 0) {
      r = i;
      continue;
    }
    if (bland) {
      if (head[uz(i)] < head[uz(r)]) r = i;
    } else if (std::fabs(alpha[i]) > std::fabs(alpha[r])) {
      r = i;
    }
  }
  choice.row = r;
  if (r >= 0) {
    choice.exact_step = work.limits[uz(r)].exact;
    choice.to_upper = work.limits[uz(r)].to_upper;
  }
  return choice;
}

}  // namespace milpsac::lp
