// MPS input and output (docs/formats.md#mps): fixed and free format, gzip-compressed
// files too. The reader never crashes or hangs on malformed input: it throws
// InputError with "FILE:LINE: what is wrong".
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "common/deadline.h"
#include "lp/linear_program.h"

namespace milpsac::lp {

// Read an MPS file (any file starting with the gzip magic is decompressed; "-"
// is standard input). Throws InputError naming the file and line on malformed
// input. Warnings ("FILE:LINE: warning: ...", e.g. an unknown row skipped) are
// appended to `warnings` when given; the library never prints them.
// With a `deadline`, reading, decompressing and parsing poll it and throw
// TimeLimitReached once it has passed (a time limit counts the reading).
LinearProgram read_mps_file(const std::string& path, std::vector<std::string>* warnings = nullptr,
                            const Deadline* deadline = nullptr);

// Parse MPS text (plain or gzip bytes); `source_name` is used in messages.
LinearProgram read_mps_text(std::string_view text, const std::string& source_name,
                            std::vector<std::string>* warnings = nullptr, const Deadline* deadline = nullptr);

// Write free-format MPS that read_mps_text (and CBC, HiGHS, GLPK) read back.
void write_mps(const LinearProgram& lp, std::ostream& out);

}  // namespace milpsac::lp
