// The anti-cycling policy shared by the primal and the dual simplex.
//
// Both loops count consecutive degenerate pivots (steps below
// tol::kDegenerateStep). After tol::kPerturbAfter of them the dual simplex
// perturbs its costs once and the primal (phase 2) the bounds of its basic
// variables; after
// tol::kBlandAfter both switch to Bland's rule (lowest variable index among
// the ties, no long steps), which cannot cycle, until a pivot makes progress.
#pragma once

#include <cmath>

#include "lp/tolerances.h"

namespace milpsac::lp {

class DegeneracyGuard {
 public:
  // Record a pivot whose step (primal) or dual step (dual) was `step`.
  void record(double step) { run_ = std::fabs(step) <= tol::kDegenerateStep ? run_ + 1 : 0; }
  // True once per run of degenerate pivots, when perturbing should start.
  bool perturb_now() const { return run_ == tol::kPerturbAfter; }
  void restart() { run_ = 0; }
  // Pivot by Bland's rule now.
  bool bland() const { return run_ > tol::kBlandAfter; }

 private:
  int run_ = 0;
};

}  // namespace milpsac::lp
