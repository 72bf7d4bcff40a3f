// The signal handlers of interrupt.h.
#include "interrupt.h"

#include <signal.h>

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
  // A signal ignored at start stays ignored: a shell starts a background job
  // (`cmd &`, nohup) with SIGINT ignored so the terminal's Ctrl-C does not
  // reach it; installing the handler anyway let that Ctrl-C stop the job.
  for (const int signal_number : {SIGINT, SIGTERM}) {
    struct sigaction now {};
    if (sigaction(signal_number, nullptr, &now) == 0 && now.sa_handler == SIG_IGN) continue;
    std::signal(signal_number, on_signal);
  }
}

}  // namespace milpsac::cli
