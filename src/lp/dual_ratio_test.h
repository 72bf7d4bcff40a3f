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
DualRatioChoice dual_ratio_test(std::vector<DualCandidate>& candidates, double violation, double primal_tolerance,
                                double dual_tolerance, bool bland);

}  // namespace milpsac::lp
