// Private helper of the LP-format reader: the statements as a LinearProgram.
//
// Conventions (CPLEX's, which CBC and HiGHS follow):
//  - Columns are numbered in order of first appearance in the file.
//  - Default bounds [0, +inf); a bound statement sets the sides it names
//    (a later one wins); `x free` is (-inf, +inf). |value| >= 1e30 is infinite.
//  - A negative upper bound on a column whose lower bound no statement set
//    makes the lower bound -inf (with a warning naming the line).
//  - General (integer) columns keep their bounds; binary columns are integer
//    with bounds [0, 1] intersected with any bound statement.
//  - A column named twice in one expression: the coefficients add up.
//  - Unnamed constraints are called R1, R2, ... (their position, 1-based).
#pragma once

#include <string>

#include "lp/linear_program.h"
#include "lp/lp_format/lp_sections.h"

namespace milpsac::lp::lp_detail {

LinearProgram assemble(const LpStatements& s, const std::string& model_name, mps_detail::Diagnostics& diag);

}  // namespace milpsac::lp::lp_detail
