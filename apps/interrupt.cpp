// The signal handlers of interrupt.h.
#include "interrupt.h"

#include <csignal>

namespace milpsac::cli {
namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the handler may only touch a lock-free atomic");

extern "C" void on_signal(int signal_number) {
  if (g_interrupted.exchange(true)) {
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
  }
}

}  // namespace

const std::atomic<bool>& interrupt_flag() { return g_interrupted; }

void install_interrupt_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}

}  // namespace milpsac::cli
