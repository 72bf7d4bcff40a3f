// Ctrl-C for the CLI: SIGINT or SIGTERM raises one lock-free atomic flag (the
// one global the house rules allow), which the command hands to the solver
// (MilpOptions::interrupt); the solver stops as at a time limit, the command
// prints its JSON with "status": "interrupted" and exits 130. A second signal
// restores the default action and re-raises it, so a command that does not
// poll the flag can still be stopped.
#pragma once

#include <atomic>

namespace milpsac::cli {

// The flag the handlers raise (false until a signal arrives).
const std::atomic<bool>& interrupt_flag();
// Installs the SIGINT and SIGTERM handlers.
void install_interrupt_handlers();

inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

}  // namespace milpsac::cli
