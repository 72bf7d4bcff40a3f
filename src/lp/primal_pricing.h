// The primal simplex's pricing: which nonbasic variable enters, and the
// Devex reference weights that rank the candidates in phase 2.
//
// A nonbasic at its lower bound is a candidate when its reduced cost d_j is
// below -tolerance, one at its upper bound when d_j is above it, a free one
// (at zero) when |d_j| is; fixed variables never enter. Phase 1 ranks
// candidates by |d_j| (Dantzig: its costs change every iteration), phase 2 by
// d_j^2 / w_j with Devex weights w (approximate steepest edge: 1 on the
// reference framework, grown from each pivot row). Under Bland's rule the
// first candidate by index enters. glop's EnteringVariable has the same grain.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "lp/simplex.h"

namespace milpsac::lp {

// The entering variable for reduced costs `d` over all n + m variables, or -1
// when no variable is a candidate. `devex` null: Dantzig's rule.
int primal_entering(const std::vector<VarStatus>& status, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                    const Eigen::VectorXd& d, const Eigen::VectorXd* devex, double dual_tolerance, bool bland);

// After a pivot where q enters and `leaving` leaves, with the pivot row
// alpha_row = e_r^T B^-1 [A -I] (basis before the update) and `pivot` its
// entry in column q (taken from the column, alpha_r): update the reduced costs from the row instead of recomputing
// them, and the Devex weights; all weights go back to 1 once one exceeds tol::kDevexReset (weights that large no longer
// rank edges).
void update_primal_devex(const std::vector<VarStatus>& status, const Eigen::VectorXd& alpha_row, double pivot, int q,
                         int leaving, Eigen::VectorXd& d, Eigen::VectorXd& devex);

}  // namespace milpsac::lp
