// Feasibility Jump (Luteberget and Sartor, "Feasibility Jump: an LP-free
// Lagrangian MIP heuristic", Math. Prog. Comp. 2023): a local search for a
// first solution that needs no LP, for the root when rounding, diving, the
// pump and RENS found none. HiGHS runs its own port of the authors' code
// before its root LP; this one is written from the paper.
//
// The point x stays within the column bounds (integer columns integral). Each
// row i carries a weight w_i; the search lowers sum_i w_i v_i(x), where
// v_i is how far a_i x lies outside [row_lower_i, row_upper_i]. A step takes
// a violated row and, for (a sample of) its columns, the column's jump value:
// with every other column held, the weighted violation is a convex
// piecewise-linear function of x_j, whose minimum over [l_j, u_j] lies at a
// breakpoint (where one of its rows becomes met), rounded down or up for an
// integer column. The column whose jump lowers the weighted violation most
// moves there. When none lowers it (a local minimum), every violated row's
// weight grows by one, which makes meeting it pay. A point that meets every
// row is the answer (the caller checks it on the model before using it).
//
// Deterministic: rows and samples are drawn from a fixed-seed generator
// (std::mt19937, whose sequence the standard fixes). Stops at a work limit
// (column entries read) or the deadline.
#pragma once

#include <Eigen/Dense>

#include "common/deadline.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

struct JumpResult {
  bool found = false;
  Eigen::VectorXd x;  // when found: within the bounds, integers integral, every row met to kJumpRowTolerance
  long steps = 0;     // jumps made
  long work = 0;      // column entries read
};

// A row is met when its activity lies within this of its side, relative to
// 1 + |side| (the search's incumbent check allows 1e-6).
inline constexpr double kJumpRowTolerance = 1e-9;

// Search for a point of `lp`'s rows within [lower, upper] (integer columns'
// bounds integral or infinite). Stops after about `work_limit` column
// entries read, or at the deadline (null: none).
JumpResult feasibility_jump(const lp::LinearProgram& lp, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                            long work_limit, const Deadline* deadline);

}  // namespace milpsac::bnb
