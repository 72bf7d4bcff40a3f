// Reduced-cost bounds: an LP optimum of value z over a box, with reduced
// costs d (minimisation form), bounds every point of that box that satisfies
// the LP's rows: c x >= z + d_j (x_j - l_j) for a column nonbasic at its
// lower bound l_j (d_j > 0), and c x >= z + |d_j| (u_j - x_j) at its upper
// bound. A point that is to beat `cutoff` therefore keeps an integer column
// within floor((cutoff - z) / |d_j|) of that bound.
//
// The search applies it at each node with the node's LP, for the node's
// subtree (Search::reduced_cost_fixing), and with the root's LP (its cuts
// included, which hold at every integer point) for the whole tree, again each
// time a better incumbent lowers the cutoff (Search::tighten_by_root_costs):
// the root's box is the global one, so what it removes is removed
// everywhere. SCIP calls the second its root reduced-cost propagator, HiGHS
// its lurking bounds. Root restarts use the first against the incumbent's
// own value (root_restart.h).
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <vector>

namespace milpsac::bnb {

// An LP optimum as reduced_cost_bounds reads it.
struct LpOptimum {
  double objective = 0.0;         // z, minimisation form
  Eigen::VectorXd values;         // x*
  Eigen::VectorXd reduced_costs;  // d
  Eigen::VectorXd lower, upper;   // the box the LP was solved over
};

// A bound reduced_cost_bounds found: column j's upper bound (`upper`) or
// lower bound becomes `bound`; the part of the box it removes has an
// objective of at least `removed_bound` (for the caller's record of pruned
// bounds).
struct ReducedCostBound {
  int column;
  bool upper;
  double bound;
  double removed_bound;
};

// Calls tighten() for each integer column (of `integer_cols`) that the
// optimum and `cutoff` bound more tightly than [lower, upper] (the caller's
// current box, within the LP's).
void reduced_cost_bounds(const LpOptimum& lp, const std::vector<int>& integer_cols, double cutoff,
                         const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                         const std::function<void(const ReducedCostBound&)>& tighten);

}  // namespace milpsac::bnb
