// MPS input and output (docs/formats.md#mps): fixed and free format, gzip-compressed
// files too. The reader never crashes or hangs on malformed input: it throws
// InputError with "FILE:LINE: what is wrong".
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "lp/linear_program.h"

namespace milpsac::lp {

// Read an MPS file (".gz" files, or any file starting with the gzip magic, are
// decompressed). Throws InputError naming the file and line on malformed input.
LinearProgram read_mps_file(const std::string& path);

// Parse MPS text; `source_name` is used in error messages.
LinearProgram read_mps_text(std::string_view text, const std::string& source_name);

// Write free-format MPS that read_mps_text (and CBC, HiGHS, GLPK) read back.
void write_mps(const LinearProgram& lp, std::ostream& out);

}  // namespace milpsac::lp
