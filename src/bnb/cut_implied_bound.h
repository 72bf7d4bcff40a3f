// Implied-bound cuts from single rows.
//
// Fixing a binary column y to v (0 or 1) in a row side sum a_j x_j <= b (a
// >= side is negated first), with every column other than x and y at its
// least contribution over its global bounds, bounds a column x by activity
// propagation: a_x x <= b - a_y v - (least activity of the rest). When that
// bound b_x is tighter than x's global bound U_x (finite), the implication
// y = v  =>  x <= b_x gives the valid inequality
//     x <= b_x + (U_x - b_x) * (y if v = 0, 1 - y if v = 1)
// (at y = v it is the implication, at the other value it is x <= U_x); the
// same for lower bounds with L_x. Example: x - 10 y <= 0 with x <= 4 gives
// y = 0 => x <= 0, hence x <= 4 y. For an integer x the implied bound is
// rounded; a bound beyond the other global bound (y = v infeasible) is clamped
// to it, which keeps the inequality valid.
//
// The implications are found once (at the root's global bounds, the tightest
// per (x, y, v, side) kept) and only checked against the LP point in each
// round, so a round costs O(implications). Rows are scanned within a fixed
// work budget (pairs examined) and the table has a fixed size limit; both
// only make it smaller (fewer cuts), never wrong.
#pragma once

#include <vector>

#include "bnb/cut_pool.h"
#include "bnb/implied_bound.h"
#include "bnb/lp_relaxation.h"
#include "common/deadline.h"

namespace milpsac::bnb {

struct ImpliedBoundTable {
  std::vector<ImpliedBound> implications;  // sorted by (col, binary, when_one, upper), unique
};

// The implications of the relaxation's original rows at its current bounds,
// which must be global. With a `deadline`, the scan stops once it has passed:
// the table is then smaller (fewer cuts), never wrong (on air05 the full scan
// takes 0.35 s after the root LP, past a 0.4 s limit by 0.2 s).
ImpliedBoundTable find_implied_bounds(const LpRelaxation& relaxation, const std::vector<char>& is_integer,
                                      const Deadline* deadline = nullptr);

// Adds `more` (e.g. probing's implications) to the table: one implication per
// (x, y, v, side) is kept, the tightest (ties: the table's own first).
void merge_implied_bounds(ImpliedBoundTable& table, std::vector<ImpliedBound> more);

// Both implications of one binary y for one side of x combine into one
// inequality: with b0 the bound y = 0 implies and b1 the bound y = 1 implies
// (x's global bound when that value implies nothing),
//     x <= b0 + (b1 - b0) y     (or >= for lower bounds),
// exact at both values of y. It dominates each implication's own cut (which
// takes the global bound for the other value): on mod011, y = 0 => x <= 0 from
// the row x <= 6048 y and y = 1 => x <= 3024 from probing give x <= 3024 y.
struct ImpliedBoundPair {
  int col = -1;
  int binary = -1;
  bool upper = true;
  double at_zero = 0.0, at_one = 0.0;  // b0 and b1
};

// The inequality of one implication (the other value of y at x's global
// bound), and of a pair, as a cut row.
Cut implied_bound_cut(const ImpliedBound& implication, int num_cols);
Cut implied_bound_cut(const ImpliedBoundPair& pair, int num_cols);

// Adds the implied-bound cuts violated at the current LP values to `pool`, one
// per (x, y, side) with both of y's implications combined (ImpliedBoundPair;
// the most efficacious first, at most a fixed number per call). Returns how many.
int separate_implied_bounds(const ImpliedBoundTable& table, const LpRelaxation& relaxation, CutPool& pool);

}  // namespace milpsac::bnb
