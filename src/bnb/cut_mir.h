// Complemented mixed-integer rounding (c-MIR) cuts from single rows and from
// short aggregations of rows, with variable-bound substitution (this is what
// gives the flow-cover-like cuts on fixed-charge network rows x <= u y).
//
// For a starting row side sum a_j x_j <= b:
//  1. Every continuous column is replaced by a nonnegative slack s measured
//     from its bound nearest to the LP point: a simple bound (x = l + s,
//     x = u - s) or a variable bound on a binary column found in a two-column
//     row (x = d + e y - s for x <= d + e y, x = d + e y + s for x >= d + e y).
//  2. Every integer column is complemented at a finite bound: z = x - l or
//     z = u - x (the nearer bound first), giving the mixed knapsack
//     sum g_j z_j + sum c_k s_k <= beta, z integer >= 0, s >= 0.
//  3. The MIR inequality for a divisor delta (f0 = frac(beta / delta))
//     sum (floor(g_j/delta) + max(0, frac(g_j/delta) - f0) / (1 - f0)) z_j
//       + sum over c_k < 0 of c_k / (delta (1 - f0)) s_k <= floor(beta / delta)
//     holds for every point of the mixed knapsack. The divisor is chosen
//     from the coefficients of integer columns strictly inside their bounds,
//     then delta/2, /4, /8 are tried, then complementing single integer
//     columns: whatever gives the most efficacious cut in x.
//  4. No violated cut: a continuous column strictly inside all its bounds is
//     eliminated by adding a multiple of another row that is tight at the LP
//     point (at most kMaxAggregations times), and the row is tried again.
// Every substitution uses only the given bounds (cut_bounds.h) and rows of
// the model, so the cuts are globally valid when those bounds are global.
//
// Safeguards as for GMI: tiny coefficients relaxed over the column bounds,
// bounded dynamism and support, a small relative margin on the right-hand side.
#pragma once

#include "bnb/cut_bounds.h"
#include "bnb/cut_pool.h"
#include "bnb/lp_relaxation.h"

namespace milpsac::bnb {

class FlowCoverSeparator;

// Adds violated c-MIR cuts for the original rows (and their aggregations) to
// `pool` at the current LP values, derived from `bounds` (global for
// globally valid cuts). Returns how many were added. With `flow_covers`,
// every aggregation of two or more rows is also handed to it (its cuts count
// as added).
int separate_mir(const LpRelaxation& relaxation, const CutBounds& bounds, const std::vector<char>& is_integer,
                 CutPool& pool, const FlowCoverSeparator* flow_covers = nullptr);

// The same c-MIR (delta heuristic, complementation, lifted covers where all
// integer columns are binary) on rows of the optimal simplex tableau, for at
// most `max_rows` basic integer columns at fractional values (most fractional
// first): x_b + sum alpha_v y_v = 0 over the nonbasic columns and the row
// logicals (a logical is its row's activity, bounded by the row's sides, an
// integer when the row is integral). With divisor 1 and every column
// complemented at its nonbasic bound this is the GMI cut; the other divisors,
// complementations and the lifted cover give others (Marchand and Wolsey's
// c-MIR on tableau rows). Logicals are written back in x, so the cuts are in
// the model's columns. The tableau row is a combination of the LP's rows
// (an equation every point meets), so the cuts are globally valid when
// `bounds` are global and the LP's cut rows are, whatever bounds the node's
// LP has. The relaxation must hold an optimal basis.
int separate_tableau_mir(const LpRelaxation& relaxation, const CutBounds& bounds, const std::vector<char>& is_integer,
                         CutPool& pool, int max_rows);

}  // namespace milpsac::bnb
