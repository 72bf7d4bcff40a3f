// The column bounds a separator derives its cuts from, given apart from the
// LP point it separates. A cut is valid wherever these bounds hold: at the
// root the relaxation's own bounds are global; at a tree node they are the
// node's, and a cut derived from them would be valid in its subtree only,
// while the LP's cut rows are shared by every node. So node separation
// passes the global (root) bounds while the LP point is the node's.
#pragma once

#include <Eigen/Dense>

#include "bnb/lp_relaxation.h"

namespace milpsac::bnb {

struct CutBounds {
  const Eigen::VectorXd& lower;
  const Eigen::VectorXd& upper;
};

// The relaxation's current bounds: global at the root only.
inline CutBounds current_bounds(const LpRelaxation& relaxation) { return {relaxation.lower(), relaxation.upper()}; }

}  // namespace milpsac::bnb
