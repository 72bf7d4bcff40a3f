// Row-strengthening cuts from probing.
//
// When fixing a binary y to v leaves an inequality row a_i x <= b slack (the
// probe's propagated bounds give a_i x <= B_v < b), the row can be tightened
// on that side of y. With B_v for each value of y (b when that value implies
// nothing), the row becomes
//     a_i x <= B_0 + (B_1 - B_0) y,
// exact at both values of y, and the same with >= for a lower side. The row
// need not hold y: on mod011 a capacity row of the flows leaving a facility,
// sum x <= 1008, becomes sum x <= 1008 y, because closing the facility (y =
// 0) zeroes those flows through the chain of flow rows. This is the
// coefficient-strengthening cut of probing (CglProbing's "row cuts", item 3
// of its description).
//
// The implications are found once by probing (probing.h) at the global
// bounds, so the cuts are global; each round only checks them against the LP
// point.
#pragma once

#include <vector>

#include "bnb/cut_pool.h"
#include "bnb/implied_bound.h"
#include "bnb/lp_relaxation.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

// Sorted by (row, binary, upper, when_one), one per key: the tightest
// (ties: the first in `found`).
std::vector<RowImpliedBound> unique_row_implications(std::vector<RowImpliedBound> found);

// The cut of both values of y for one side of a row (b0, b1 as above).
Cut row_implication_cut(const lp::RowMajorMatrix& rows, int row, int binary, bool upper, double b0, double b1,
                        int num_cols);

// Adds the violated row-strengthening cuts at the relaxation's current point
// to `pool` (the most efficacious first, at most a fixed number per call).
// `sorted` comes from unique_row_implications; `rows` is a row-major copy of
// the relaxation's model (its original rows are the ones the implications
// name). Returns how many.
int separate_row_implications(const std::vector<RowImpliedBound>& sorted, const LpRelaxation& relaxation,
                              const lp::RowMajorMatrix& rows, CutPool& pool);

}  // namespace milpsac::bnb
