// Reduced-cost bounds (see reduced_cost_bounds.h).
#include "bnb/reduced_cost_bounds.h"

#include <cmath>

#include "lp/tolerances.h"

namespace milpsac::bnb {

void reduced_cost_bounds(const LpOptimum& lp, const std::vector<int>& integer_cols, double cutoff,
                         const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                         const std::function<void(const ReducedCostBound&)>& tighten) {
  if (!std::isfinite(cutoff)) return;
  const double slack = cutoff - lp.objective;
  if (slack < 0) return;
  constexpr double kRoundOff = lp::tol::kSearchRoundOff;
  for (int j : integer_cols) {
    const double l = lower[j], u = upper[j];
    if (!(u - l >= 1.0)) continue;
    const double dj = lp.reduced_costs[j];
    const double at = lp.values[j];
    // A reduced cost within the dual feasibility tolerance of 0 bounds nothing.
    // The part cut away has the bound z + |dj| * distance: with a gap cutoff
    // that can be below the exact one, so the caller records it like a
    // gap-pruned node (else the reported bound could pass the optimum).
    if (dj > lp::tol::kDualFeasibility && std::fabs(at - lp.lower[j]) <= kRoundOff && std::isfinite(lp.lower[j])) {
      const double new_upper = lp.lower[j] + std::floor(slack / dj + kRoundOff);
      if (new_upper < u) tighten({j, true, new_upper, lp.objective + dj * (new_upper + 1.0 - lp.lower[j])});
    } else if (dj < -lp::tol::kDualFeasibility && std::fabs(at - lp.upper[j]) <= kRoundOff &&
               std::isfinite(lp.upper[j])) {
      const double new_lower = lp.upper[j] - std::floor(slack / -dj + kRoundOff);
      if (new_lower > l) tighten({j, false, new_lower, lp.objective - dj * (lp.upper[j] - new_lower + 1.0)});
    }
  }
}

}  // namespace milpsac::bnb
