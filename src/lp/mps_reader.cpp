// Placeholder until the MPS reader lands.
#include "common/input_error.h"
#include "lp/mps.h"

namespace milpsac::lp {
LinearProgram read_mps_file(const std::string& path) { throw InputError(path + ": MPS reader not implemented yet"); }
LinearProgram read_mps_text(std::string_view, const std::string& source) { throw InputError(source + ": MPS reader not implemented yet"); }
}  // namespace milpsac::lp
