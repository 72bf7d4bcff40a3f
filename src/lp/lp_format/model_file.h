// A model file by its name: *.lp and *.lp.gz are CPLEX LP format (lp_format.h),
// anything else MPS (lp/mps/mps.h). What `milp-sac solve` and api::read_model
// read.
#pragma once

#include <string>
#include <vector>

#include "common/deadline.h"
#include "lp/linear_program.h"

namespace milpsac::lp {

// True when `path` names an LP-format file (.lp or .lp.gz, any case).
bool is_lp_format_path(const std::string& path);

// Reads the file in its format; errors and warnings as the readers give them
// ("FILE:LINE: ...").
LinearProgram read_model_file(const std::string& path, std::vector<std::string>* warnings = nullptr,
                              const Deadline* deadline = nullptr);

}  // namespace milpsac::lp
