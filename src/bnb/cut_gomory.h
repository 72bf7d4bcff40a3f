// Gomory mixed-integer (GMI) cuts from the rows of the optimal simplex
// tableau whose basic variable is an integer column at a fractional value.
//
// A tableau row x_b + sum_v alpha_v x_v = 0, with every nonbasic v written as
// its distance t_v >= 0 from the bound it sits at, reads x_b + sum abar_v t_v
// = beta (beta the current value of x_b, f0 its fractional part). The GMI cut
//     sum over integer t_v   of min(f_v / f0, (1 - f_v) / (1 - f0)) t_v
//   + sum over continuous t_v of max(abar_v / f0, -abar_v / (1 - f0)) t_v >= 1
// (f_v the fractional part of abar_v) holds for every mixed-integer point; it
// is written back in the columns x (a logical, i.e. a row activity, expands
// into its row). Valid globally only when the bounds the nonbasics sit at are
// global: separate at the root.
//
// Safeguards: rows with f0 near 0 or 1, with a free nonbasic, or with huge
// tableau entries are skipped; tiny coefficients are removed by relaxing the
// right-hand side over the column's bound; cuts with too wide a coefficient
// range (dynamism), too dense a support, or too small a violation are dropped;
// the right-hand side is relaxed by a small relative margin.
#pragma once

#include "bnb/cut_pool.h"
#include "bnb/lp_relaxation.h"

namespace milpsac::bnb {

// Adds to `pool` at most one cut per candidate row, for at most `max_rows`
// rows (the most fractional basic integer columns first). Returns how many
// cuts were added. The relaxation must hold an optimal basis.
int separate_gomory(const LpRelaxation& relaxation, const std::vector<char>& is_integer, CutPool& pool, int max_rows);

}  // namespace milpsac::bnb
