// ImpliedBound: "binary y at value v implies a bound on column x", the unit
// that the implied-bound cuts (cut_implied_bound.h) turn into inequalities.
// Two sources fill it: single rows (find_implied_bounds) and probing, whose
// propagation over all rows follows chains of rows that no single row shows
// (probing.h). RowImpliedBound is the same for the activity of a row: a
// probe that leaves an inequality row slack strengthens it (cut_row_implication.h).
#pragma once

#include <algorithm>
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

// Sorts `found` by key(b) (stable) and keeps the first of each run of equal
// group(b): with the group's fields first in the key and the tightness last,
// one implication per group, the tightest (ties: the first found).
template <class T, class Key, class Group>
std::vector<T> keep_tightest(std::vector<T> found, Key key, Group group) {
  std::stable_sort(found.begin(), found.end(), [&](const T& p, const T& q) { return key(p) < key(q); });
  std::vector<T> kept;
  for (const T& b : found)
    if (kept.empty() || group(kept.back()) != group(b)) kept.push_back(b);
  return kept;
}

}  // namespace milpsac::bnb
