// ImpliedBound: "binary y at value v implies a bound on column x", the unit
// that the implied-bound cuts (cut_implied_bound.h) turn into inequalities.
// Two sources fill it: single rows (find_implied_bounds) and probing, whose
// propagation over all rows follows chains of rows that no single row shows
// (probing.h). RowImpliedBound is the same for the activity of a row: a
// probe that leaves an inequality row slack strengthens it (cut_row_implication.h).
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

struct RowImpliedBound {
  int row = -1;           // the activity a_i x of this row of the model
  int binary = -1;        // y
  bool when_one = false;  // v: the implication holds when y = 1 (else when y = 0)
  bool upper = true;      // a_i x <= bound (else >= bound)
  double bound = 0.0;     // the implied bound on the activity
  double global = 0.0;    // the row's own side (its upper or lower bound), finite
};

}  // namespace milpsac::bnb
