// SolveOptions::initial_solution checked on the model before the search
// takes it (see solve.h): inside the library only.
#pragma once

#include <string>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::api {

// Throws InputError when `x` is not one finite value per column. Returns ""
// when x holds every bound, row and integrality to `tolerance` (relative to
// max(1, |bound|), as the incumbent check measures rows), otherwise a
// warning naming the worst violation ("initial_solution: row 'c1' is 4.5,
// above its upper bound 4; ignored").
std::string check_initial_solution(const lp::LinearProgram& lp, const std::vector<double>& x, double tolerance);

}  // namespace milpsac::api
