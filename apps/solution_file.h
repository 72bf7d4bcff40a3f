// `milp-sac solve --write-solution FILE`: the solution in the plain text
// layout of HiGHS's solution files, so that a user can check an answer with
// another tool (docs/formats.md#solution-file):
//
//   Model status
//   Optimal
//
//   # Primal solution values
//   Feasible
//   Objective 1201500
//   # Columns 3
//   NAME VALUE          (one line per column, MPS names as read, values %.17g)
//   # Rows 2
//   NAME VALUE          (row activities A x)
//
//
//   # Dual solution values
//   Feasible            (an LP solved to optimality; otherwise None)
//   # Columns 3
//   NAME VALUE          (reduced costs, the model's sense, as the JSON's)
//   # Rows 2
//   NAME VALUE          (row duals)
//
// Without a solution the primal section holds the single word None. Values
// round-trip exactly (17 significant digits); -0 is written as 0.
#pragma once

#include <string>

#include "bnb/branch_and_bound.h"
#include "lp/linear_program.h"

namespace milpsac::cli {

void write_solution_file(const std::string& path, const lp::LinearProgram& model, const bnb::MilpResult& result);

}  // namespace milpsac::cli
