// Placeholder until this subcommand lands (see the issue tracker).
#include "commands.h"
#include "common/input_error.h"

namespace milpsac::cli {

int run_baseline(const Args&) { throw InputError("command not implemented yet"); }

}  // namespace milpsac::cli
