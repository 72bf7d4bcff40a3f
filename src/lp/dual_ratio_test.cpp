// Bound-flipping and Harris ratio test of the dual simplex (dual_ratio_test.h).
#include "lp/dual_ratio_test.h"

#include <algorithm>
#include <cmath>

namespace milpsac::lp {

DualRatioChoice dual_ratio_test(std::vector<DualCandidate>& candidates, double violation, double primal_tolerance,
                                double dual_tolerance, bool bland) {
  DualRatioChoice choice;
  std::sort(candidates.begin(), candidates.end(), [](const DualCandidate& a, const DualCandidate& b) {
    if (a.ratio != b.ratio) return a.ratio < b.ratio;
    if (a.abs_alpha != b.abs_alpha) return a.abs_alpha > b.abs_alpha;
    return a.var < b.var;
  });

  // Bound flipping: pass boxed breakpoints while the violation stays positive.
  double slope = violation;
  // What is left of the violation after a flip counts as zero below this:
  // cancellation in a long chain of flips leaves round-off, not infeasibility.
  const double slope_tolerance = primal_tolerance * (1.0 + slope);
  size_t k = 0;
  for (; k < candidates.size() && !bland; ++k) {  // Bland's rule takes no long steps
    if (!std::isfinite(candidates[k].range)) break;
    const double after = slope - candidates[k].abs_alpha * candidates[k].range;
    if (after <= slope_tolerance) break;
    slope = after;
    choice.flips.push_back(candidates[k].var);
  }
  if (k == candidates.size()) {
    choice.infeasible = true;
    choice.flips.clear();
    return choice;
  }
  // Harris among the remaining candidates.
  size_t chosen = k;
  if (bland) {
    // Bland: the lowest variable index among the minimum-ratio ties.
    for (size_t l = k + 1; l < candidates.size() && candidates[l].ratio <= candidates[k].ratio; ++l)
      if (candidates[l].var < candidates[chosen].var) chosen = l;
  } else {
    double theta_max = INFINITY;
    for (size_t l = k; l < candidates.size(); ++l)
      theta_max = std::min(theta_max, candidates[l].ratio + dual_tolerance / candidates[l].abs_alpha);
    for (size_t l = k; l < candidates.size() && candidates[l].ratio <= theta_max; ++l)
      if (candidates[l].abs_alpha > candidates[chosen].abs_alpha) chosen = l;
  }
  choice.entering = candidates[chosen].var;
  return choice;
}

}  // namespace milpsac::lp
