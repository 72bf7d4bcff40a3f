// The dual simplex's ratio test: which nonbasic variable enters once the
// leaving row is chosen.
//
// Candidates are the nonbasics whose entry in the pivot row moves the leaving
// variable towards its violated bound; each has a dual ratio |d_j| / |alpha_j|.
// Walking them in order of that ratio, boxed candidates are flipped to their
// other bound while the leaving variable still stays short of its bound after
// the flip (bound-flipping ratio test: one long dual step instead of many
// short pivots). Among the remaining candidates within the Harris-relaxed
// ratio the largest |alpha| enters (stability); under Bland's rule there are
// no flips and the lowest variable index among the minimum-ratio ties enters.
// When flipping every candidate still leaves the row short, no entering
// variable exists: the row is a Farkas ray of an infeasible LP.
#pragma once

#include <cstddef>
#include <vector>

namespace milpsac::lp {

struct DualCandidate {
  int var;
  double ratio;      // |d_j| / |alpha_j|, d_j clamped to its dual feasible side
  double abs_alpha;  // |alpha_j| in the pivot row
  double range;      // upper_j - lower_j (infinite when not boxed)
};

struct DualRatioChoice {
  bool infeasible = false;  // every candidate flips and the row is still short
  int entering = -1;        // the entering variable when not infeasible
  std::vector<int> flips;   // variables to move to their other bound first
};

// `violation`: how far the leaving variable is outside its bound (> 0).
// Reorders `candidates`; the choice follows the order (ratio, then larger
// |alpha|, then index), so it is deterministic.
DualRatioChoice choose_dual_ratio(std::vector<DualCandidate>& candidates, double violation, double primal_tolerance,
                                  double dual_tolerance, bool bland);

// The dual step theta = d_q / alpha_q of the chosen entering variable q, after
// which the leaving variable's reduced cost is -theta. It must leave that
// reduced cost on its dual feasible side: theta <= 0 when the leaving variable
// goes to its lower bound, >= 0 to its upper. The Harris test may choose a q
// whose d_q is on the wrong side by up to the dual tolerance; divided by a
// small alpha_q that tiny error became a large step the wrong way (pilot87:
// reduced costs of 1e10 on the wrong side, 31,908 pivots). Such a step is 0
// instead: d_q counts as zero, as if its cost were moved by at most the dual
// tolerance, which the refactorization's fresh reduced costs absorb (the
// approach of Koberstein's 2005 thesis on the dual simplex, and of HiGHS).
double dual_step(double d_entering, double alpha_entering, bool leaving_to_lower);

}  // namespace milpsac::lp
