// Objective step: when every column with a nonzero cost is integer and all
// those costs are integer multiples of one value g, every feasible objective
// value lies on a grid of step g, so a node whose bound exceeds
// incumbent - g (+ a little) cannot improve: the cutoff tightens by g.
#pragma once

#include "lp/linear_program.h"

namespace milpsac::bnb {

// g > 0 when the objective is on a grid of step g, else 0.
double objective_step(const lp::LinearProgram& lp);

}  // namespace milpsac::bnb
