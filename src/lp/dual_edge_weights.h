// Dual steepest-edge weights: w_i = ||e_i^T B^-1||^2 for every basis position,
// the norm the dual simplex divides a row's squared violation by when it
// chooses the leaving row. Exact (all ones) for a slack basis; after a pivot
// they follow the Forrest-Goldfarb update, with the pivot row's weight
// recomputed exactly. Weights are floored at tol::kMinEdgeWeight because the
// update can round towards zero.
#pragma once

#include <Eigen/Dense>

namespace milpsac::lp {

// After the pivot in position r with entering column alpha_col = B^-1 a_q,
// rho = B^-T e_r and tau = B^-1 rho (both with the basis before the update).
void update_dual_edge_weights(Eigen::VectorXd& weights, int r, const Eigen::VectorXd& alpha_col,
                              const Eigen::VectorXd& rho, const Eigen::VectorXd& tau);

}  // namespace milpsac::lp
