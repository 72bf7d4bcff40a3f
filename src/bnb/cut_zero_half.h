// Zero-half (mod-2) cuts: {0, 1/2}-Chvatal-Gomory cuts from the model's
// integral rows (Caprara and Fischetti), separated with a Gaussian
// elimination heuristic over GF(2).
//
// Each usable row side is brought to the form sum g_j z_j <= beta over
// integer columns z_j >= 0 with integer g and beta: every integer column is
// complemented at its bound nearer the LP point (z = x - l or z = u - x), and
// continuous columns are relaxed to their bound on the side that keeps the
// row valid (their LP contribution then counts as slack). A row is usable
// when its integer coefficients and right-hand side are integral. Adding up
// a set U of such rows and halving gives, since z >= 0,
//   sum floor(G_j / 2) z_j <= floor(B / 2),  G = sum over U of g, B likewise,
// and when B is odd its violation at the LP point z* is
//   (1 - sum over U of slack_i - sum over j with G_j odd of z*_j) / 2,
// so only rows with slack below 1 matter, and columns with z*_j = 0 (at the
// bound the LP sits at) may stay odd for free. The heuristic finds sets U:
// rows (slack ascending) are reduced mod 2 against the rows kept so far, a
// pivot on each kept row's odd column of largest z*; a reduced row with an
// odd right-hand side and weight (slacks plus odd z*) below 1 is a cut.
//
// Invariants: only the original rows and the relaxation's current bounds
// (the root's, global) are read, so the cuts are globally valid; all
// arithmetic on the combined rows is on integers (exact in doubles); rows,
// columns and pivots are taken in stable orders (deterministic); the work is
// bounded (rows kept, bit operations, cuts per call).
#pragma once

#include <vector>

#include "bnb/cut_pool.h"
#include "bnb/lp_relaxation.h"

namespace milpsac::bnb {

// Adds violated zero-half cuts at the current LP values to `pool`; columns
// with `is_integer` set are the integer ones, the relaxation's current
// bounds must be global. Returns how many were added.
int separate_zero_half(const LpRelaxation& relaxation, const std::vector<char>& is_integer, CutPool& pool);

}  // namespace milpsac::bnb
