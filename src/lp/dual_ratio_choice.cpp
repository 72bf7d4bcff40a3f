// Bound-flipping and Harris ratio test of the dual simplex (dual_ratio_choice.h).
//
// The candidates are not sorted: a pivot row of a wide model has thousands of
// them and only the few passed by bound flips are needed in order. A binary
// heap (built in linear time) hands them out smallest first; the Harris pass
// then scans what is left once. The choice is the one a full sort would give,
// since the heap and the scans use the same total order.
//
// Most pivots flip nothing: the first candidate in order is not boxed, or its
// flip would overshoot. One pass finds that first candidate; when it does not
// flip, the Harris choice over all candidates is the answer and the heap is
// never built (the heap was 8 % of rout's branch-and-bound, whose node LPs
// rarely flip).
#include "lp/dual_ratio_choice.h"

#include <algorithm>
#include <cmath>

namespace milpsac::lp {
namespace {

// The walking order: ratio, then larger |alpha|, then index (a total order).
bool comes_before(const DualCandidate& a, const DualCandidate& b) {
  if (a.ratio != b.ratio) return a.ratio < b.ratio;
  if (a.abs_alpha != b.abs_alpha) return a.abs_alpha > b.abs_alpha;
  return a.var < b.var;
}

// Harris's bound: the largest ratio a candidate may have and still be chosen,
// its own ratio relaxed by the dual tolerance (the reduced cost it may leave
// on the wrong side).
double relaxed_ratio(const DualCandidate& c, double dual_tolerance) { return c.ratio + dual_tolerance / c.abs_alpha; }

}  // namespace

DualRatioChoice choose_dual_ratio(std::vector<DualCandidate>& candidates, double violation, double primal_tolerance,
                                  double dual_tolerance, bool bland) {
  DualRatioChoice choice;
  if (candidates.empty()) {
    choice.infeasible = true;
    return choice;
  }
  double slope = violation;
  // What is left of the violation after a flip counts as zero below this:
  // cancellation in a long chain of flips leaves round-off, not infeasibility.
  const double slope_tolerance = primal_tolerance * (1.0 + slope);
  auto flips = [&](const DualCandidate& c) {
    return std::isfinite(c.range) && slope - c.abs_alpha * c.range > slope_tolerance;
  };
  auto heap_end = candidates.end();
  // The candidates still in play are [begin, heap_end); `first` is the first of them in order.
  // The pass that finds it also takes the Harris bound over all candidates,
  // which stands unless some flip.
  const DualCandidate* first = &candidates.front();
  double theta_max = INFINITY;
  for (const DualCandidate& c : candidates) {
    if (comes_before(c, *first)) first = &c;
    theta_max = std::min(theta_max, relaxed_ratio(c, dual_tolerance));
  }
  if (!bland && flips(*first)) {  // Bland's rule takes no long steps
    // A max-heap on "comes after" keeps the first candidate in walking order on top.
    auto after = [](const DualCandidate& a, const DualCandidate& b) { return comes_before(b, a); };
    std::make_heap(candidates.begin(), heap_end, after);
    // Bound flipping: pass boxed breakpoints while the violation stays positive.
    while (heap_end != candidates.begin() && flips(candidates.front())) {
      const DualCandidate& top = candidates.front();
      slope -= top.abs_alpha * top.range;
      choice.flips.push_back(top.var);
      std::pop_heap(candidates.begin(), heap_end, after);
      --heap_end;
    }
    if (heap_end == candidates.begin()) {
      choice.infeasible = true;
      choice.flips.clear();
      return choice;
    }
    first = &candidates.front();
    theta_max = INFINITY;
    for (auto it = candidates.begin(); it != heap_end; ++it)
      theta_max = std::min(theta_max, relaxed_ratio(*it, dual_tolerance));
  }
  const DualCandidate* chosen = first;
  if (bland) {
    // Bland: the lowest variable index among the minimum-ratio ties.
    for (auto it = candidates.begin(); it != heap_end; ++it)
      if (it->ratio <= first->ratio && it->var < chosen->var) chosen = &*it;
  } else {
    // Harris among the remaining candidates: the largest |alpha| within the
    // relaxed ratio, ties to the earlier one in walking order.
    for (auto it = candidates.begin(); it != heap_end; ++it) {
      if (it->ratio > theta_max) continue;
      if (it->abs_alpha > chosen->abs_alpha || (!(it->abs_alpha < chosen->abs_alpha) && comes_before(*it, *chosen)))
        chosen = &*it;
    }
  }
  choice.entering = chosen->var;
  return choice;
}

double dual_step(double d_entering, double alpha_entering, bool leaving_to_lower) {
  const double theta = d_entering / alpha_entering;
  const bool wrong_side = leaving_to_lower ? theta > 0.0 : theta < 0.0;
  return wrong_side ? 0.0 : theta;
}

}  // namespace milpsac::lp
