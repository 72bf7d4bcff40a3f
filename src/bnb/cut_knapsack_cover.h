// Lifted knapsack cover cuts from single rows.
//
// A row side sum a_j x_j <= b (a >= side is negated first) is relaxed to a
// knapsack over its binary columns: every other column is replaced by its
// smallest contribution over its bounds (needs a finite bound), columns with
// a < 0 are complemented (y = 1 - x), giving sum w_j y_j <= b' with w > 0. A
// cover C (sum over C of w > b') gives sum over C of y <= |C| - 1; the other
// items are then lifted into it by exact sequential up-lifting (a dynamic
// program over the left-hand-side value, O(items x |C|) per row; see
// lift_cover in the .cpp), which gives every item the largest coefficient
// valid in its lifting order and never less than the extended cover's (1 for
// an item at least as heavy as the heaviest cover item). The cut is written
// back in x. There is no down-lifting: a binary fixed by its bounds is not an
// item, its contribution is part of b'.
//
// Separation is greedy: items with y* near 1 first, then minimised by
// dropping the items with the smallest y* while C stays a cover.
#pragma once

#include "bnb/cut_bounds.h"
#include "bnb/cut_pool.h"
#include "bnb/lp_relaxation.h"

namespace milpsac::bnb {

// Adds violated cover cuts for the original rows to `pool` at the current LP
// values, derived from `bounds` (global for globally valid cuts). Returns how
// many.
int separate_knapsack_covers(const LpRelaxation& relaxation, const CutBounds& bounds,
                             const std::vector<char>& is_integer, CutPool& pool);

}  // namespace milpsac::bnb
