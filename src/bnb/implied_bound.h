// ImpliedBound: "binary y at value v implies a bound on column x", the unit
// that the implied-bound cuts (cut_implied_bound.h) turn into inequalities.
// Two sources fill it: single rows (find_implied_bounds) and probing, whose
// propagation over all rows follows chains of rows that no single row shows
// (probing.h).
#pragma once

#include <vector>

namespace milpsac::bnb {

struct ImpliedBound {
  int col = -1;           // x
  int binary = -1;        // y
  bool when_one = false;  // v: the implication holds when y = 1 (else when y = 0)
  bool upper = true;      // x <= bound (else x >= bound)
  double bound = 0.0;     // the implied bound b_x
  double global = 0.0;    // x's global bound on the same side (U_x or L_x), finite
};

}  // namespace milpsac::bnb
