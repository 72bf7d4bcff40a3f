// The feasibility pump: a primal heuristic for models where rounding and
// diving find no incumbent (set partitioning, fixed-charge networks).
//
// It alternates between an integral point x~ (the LP point rounded) and the
// LP point x* closest to it in L1 distance over the relaxation's rows (cuts
// included) at the node's bounds: binaries (domain {l, l+1}) contribute
// x_j - l or l+1 - x_j, general integers an auxiliary column d_j >= |x_j - x~_j|.
// The distance objective is blended with the scaled original objective, whose
// weight decays each round (objective feasibility pump), so early rounds stay
// near good LP points. When rounding repeats the last x~ (a short cycle) the
// least certain columns are flipped; when it repeats an older one, every
// integer column is perturbed at random. The randomness comes from a fixed
// seed: the same model gives the same rounds.
//
// Every point it finds goes through SearchState::offer_solution (checked on
// the model's rows, bounds and integrality) before it becomes the incumbent.
// After a find, the integer columns are fixed and the LP with the true
// objective gives the continuous columns their best values.
//
// The pump works on its own simplex copy; the relaxation's bounds are left as
// the node had them (its basis may differ). It stops at a round limit or an
// LP iteration budget (work, not seconds: a share of the time left made the
// pump's rounds, and so the whole search, depend on the machine's load), at
// the search's deadline, and when it stalls: once the objective's weight has
// decayed to zero, the distance between x* and x~ must fall below its best
// value so far (by a relative margin) within kStallRounds rounds; the first
// stall restarts the pump from a strongly perturbed x~, the second ends it
// (flips and perturbations alone can cycle among far-away points for the
// whole budget).
#pragma once

#include <vector>

#include "bnb/search_state.h"

namespace milpsac::bnb {

struct PumpLimits {
  int max_rounds = 300;
  long max_lp_iterations = 50000;  // over all pump LPs
  // One distance LP; past it the round counts as a failed LP (a few of those
  // end the pump). Large models need more than the default: the search sets
  // it from the root's LP iterations.
  long max_iterations_per_lp = 5000;
};

struct PumpResult {
  bool found = false;  // an incumbent was accepted
  int rounds = 0;      // distance LPs solved (including the one that led to the find)
  long lp_iterations = 0;
  int perturbations = 0;   // random restarts (a long cycle or a stalled distance LP)
  int stall_restarts = 0;  // restarts because the distance stopped improving
  bool stalled = false;    // ended by the stall rule
  int refused_bases = 0;   // rounds whose warm basis the LP engine refused (they started from the slack basis)
};

// `changes` are the node's bound changes (empty at the root); the relaxation
// must hold that node's optimal LP.
PumpResult feasibility_pump(SearchState& state, const std::vector<BoundChange>& changes, const PumpLimits& limits);

}  // namespace milpsac::bnb
