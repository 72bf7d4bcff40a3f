// CPLEX LP format input (docs/formats.md#lp): what PuLP writes and CBC,
// HiGHS, CPLEX and Gurobi read. Sections: Minimize/Maximize (an optional
// "name:"), Subject To (named or not; <=, >=, =, and ranges lo <= expr <= hi),
// Bounds (x <= u, x >= l, l <= x <= u, x = v, x free, -inf/inf),
// General/Integer, Binary, End. Semi-continuous and SOS sections are refused
// with an error. The reader never crashes or hangs on malformed input: it
// throws InputError "FILE:LINE: what is wrong". One idea per file: tokens
// (lp_tokens.h), statements by section (lp_sections.h), the model
// (lp_assembly.h, which lists the conventions).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/deadline.h"
#include "lp/linear_program.h"

namespace milpsac::lp {

// Read an LP file (gzip-compressed too; "-" is standard input). Warnings
// ("FILE:LINE: warning: ...") are appended to `warnings` when given. With a
// `deadline`, reading and parsing poll it (TimeLimitReached).
LinearProgram read_lp_file(const std::string& path, std::vector<std::string>* warnings = nullptr,
                           const Deadline* deadline = nullptr);

// Parse LP text (plain or gzip bytes); `source_name` is used in messages.
LinearProgram read_lp_text(std::string_view text, const std::string& source_name,
                           std::vector<std::string>* warnings = nullptr, const Deadline* deadline = nullptr);

}  // namespace milpsac::lp
