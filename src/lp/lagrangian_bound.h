// A lower bound of an LP from any row multipliers y (its Lagrangian dual), for
// a solve that stopped before its optimum (time or iteration limit): the dual
// simplex's current duals bound the LP, and so the MILP it relaxes, from below.
//
// For min c^T x + offset subject to row_lower <= A x <= row_upper and
// col_lower <= x <= col_upper (minimisation form: a maximisation's costs are
// negated), every y gives, with s = A x and d = c - A^T y,
//   c^T x = d^T x + y^T s >= sum_j min_{x_j in [l_j, u_j]} d_j x_j
//                            + sum_i min_{s_i in [rl_i, ru_i]} y_i s_i,
// whatever y is: the bound needs no optimality, only the model's own data.
#pragma once

#include <Eigen/Dense>

#include "lp/linear_program.h"

namespace milpsac::lp {

// The bound above in minimisation form (offset included), -inf when y gives
// none (wrong size, not finite, or a reduced cost pointing to an infinite
// column bound that no row implies a finite bound for: the term of such a
// column uses the implied bound, valid for every feasible x).
// `dual_tolerance` is the dual feasibility tolerance: see the .cpp for the
// one place it is used.
double lagrangian_bound(const LinearProgram& lp, const Eigen::VectorXd& y, double dual_tolerance);

}  // namespace milpsac::lp
