// Root restart: when the root (its cuts, probing, heuristics and reduced-cost
// fixing with the incumbent) has fixed a large share of the integer columns,
// the search stops and starts again on the model those fixings make, with
// the root's cuts as rows, presolved again: presolve removes the fixed
// columns and what they make redundant, tightens coefficients on the new
// bounds and finds new cliques, and the new root separates on a smaller,
// tighter model. HiGHS does the same ("x % inactive integer columns,
// restarting"); it is what closes p2756's and fixnet6's roots there.
//
// Why the restarted model has the original's optimal value: every bound it
// tightens either holds at every integer-feasible point (probing,
// propagation) or removes only points whose objective is at least the
// incumbent's (reduced-cost fixing against the incumbent's own value, not
// the gap cutoff); the cuts hold at every integer-feasible point; and the
// incumbent itself is in the restarted model (checked before restarting, and
// offered to the restarted search as its initial solution). So the restarted
// search's bound is a bound of the original model, and its incumbent a
// solution of it.
#pragma once

#include <optional>
#include <vector>

#include "bnb/cut_pool.h"
#include "bnb/milp_types.h"
#include "bnb/node.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

// The share of the integer columns (those not already fixed in `model`) that
// `lower`/`upper` fix, at or above which the root restarts. HiGHS restarts at
// 10 % after its first root LP and 2.5 % after its cut loop. Against 20 %,
// on the 53 at 60 s: nodes x0.975, CPU x0.996 (fixnet6 135 -> 33, p0282 62 ->
// 45, gesa3 112 -> 103; air05 276 -> 356, blend2 775 -> 878, gesa3_o 40 -> 46).
inline constexpr double kRestartFixedShare = 0.1;
// And at least this many columns: a restart re-runs presolve and the whole
// root, which a handful of fixed columns cannot repay (on 6-column models
// of the presolve tests it only traded one LP vertex for another).
inline constexpr int kRestartMinFixed = 10;

// The integer columns (of `integer_cols`) free in `model` and fixed by
// `lower`/`upper`: how many, and their share of the free ones.
struct NewlyFixed {
  int count = 0;
  double share = 0.0;
};
NewlyFixed newly_fixed(const lp::LinearProgram& model, const std::vector<int>& integer_cols,
                       const Eigen::VectorXd& lower, const Eigen::VectorXd& upper);
// Both thresholds above met.
inline bool worth_a_restart(const NewlyFixed& fixed) {
  return fixed.count >= kRestartMinFixed && fixed.share >= kRestartFixedShare;
}

// `model` with the integer columns' bounds tightened to `lower`/`upper` and
// the `cuts` (over the model's columns) appended as rows. Empty when
// `incumbent` would not be in it (outside a tightened bound).
std::optional<lp::LinearProgram> restarted_model(const lp::LinearProgram& model, const std::vector<int>& integer_cols,
                                                 const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                                                 const std::vector<Cut>& cuts, const Eigen::VectorXd& incumbent);

// What the search that restarted hands on besides its result.
struct RestartPoint {
  lp::LinearProgram model;  // restarted_model's
  // The least bound of what that search dropped within the gap cutoff
  // (minimisation form; +inf: nothing): the restarted model lacks those
  // points, so the final bound is at most this.
  double gap_pruned_bound = INFINITY;
  // Whether the tree separates (NodeCuts::pays_on), decided at the first
  // root and kept by the restarted search: its root LP has the first
  // root's cuts as rows already, so its own cuts would seem to lift nothing.
  bool node_cuts_pay = false;
};

// The answer on the original model from the search that restarted (`first`,
// stopped at its root) and the restarted model's (`second`, whose initial
// solution was first's incumbent): second's incumbent (or first's, if
// better), the bound min(second's, gap_pruned_bound) but never below first's,
// the work of both, and the status recomputed from that gap.
MilpResult merge_restart(const MilpResult& first, MilpResult second, const RestartPoint& point,
                         lp::ObjectiveSense sense, double requested_gap);

}  // namespace milpsac::bnb
