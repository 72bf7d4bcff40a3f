// Dual steepest-edge weights: w_i = ||e_i^T B^-1||^2 for every basis position,
// the norm the dual simplex divides a row's squared violation by when it
// chooses the leaving row. Exact (all ones) for a slack basis; after a pivot
// they follow the Forrest-Goldfarb update, with the pivot row's weight
// recomputed exactly. Weights are floored at tol::kMinEdgeWeight because the
// update can round towards zero.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "common/deadline.h"
#include "lp/basis_factor.h"

namespace milpsac::lp {

// The exact weights of the basis `factor` factors: one BTRAN of e_i per
// position (m solves, hyper-sparse ones where the basis allows). For a basis
// installed warm, where the weights of the pivots that led to it are gone:
// unit weights there price the leaving row by its violation alone, and a
// strong-branching child needed a third more pivots (pp08a). The m solves
// poll `deadline` (may be null): past it, false, and the weights are ones
// (on a model with a hundred thousand rows they could outlast a time limit).
bool exact_dual_edge_weights(const BasisFactor& factor, Eigen::VectorXd& weights, const Deadline* deadline);

// After the pivot in position r with entering column alpha_col = B^-1 a_q,
// rho = B^-T e_r and tau = B^-1 rho (both with the basis before the update).
// With `alpha_support` (the positions where alpha_col may be nonzero, as
// BasisFactor::ftran lists them) only those weights are visited: the others
// do not change. With `rho_support` (rho's nonzeros in ascending order) the
// pivot row's weight ||rho||^2 sums those alone; without it, a scan of rho
// sums the same squares in the same order, so both give the same bits.
void update_dual_edge_weights(Eigen::VectorXd& weights, int r, const Eigen::VectorXd& alpha_col,
                              const Eigen::VectorXd& rho, const Eigen::VectorXd& tau,
                              const std::vector<int>* alpha_support = nullptr,
                              const std::vector<int>* rho_support = nullptr);

}  // namespace milpsac::lp
