// Objective step: when every column with a nonzero cost is integral at every
// integer-feasible point (an integer column, or an implied integer) and all
// those costs are integer multiples of one value g, every feasible objective
// value lies on a grid of step g, so a node whose bound exceeds
// incumbent - g (+ a little) cannot improve: the cutoff tightens by g.
#pragma once

#include <vector>

#include "lp/linear_program.h"

namespace milpsac::bnb {

// g > 0 when the objective is on a grid of step g, else 0. `integral` flags
// the columns integral at every integer-feasible point (one per column:
// lp.is_integer, or that with the implied integers of presolve).
double objective_step(const lp::LinearProgram& lp, const std::vector<char>& integral);

}  // namespace milpsac::bnb
