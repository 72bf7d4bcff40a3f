// Deadline: a wall-clock limit that solver loops poll cheaply.
//
// Built once from a time limit in seconds (infinite = no limit); every layer
// (simplex iterations, branch-and-bound nodes) asks expired() so that a limit is
// honoured inside a long LP too, not only between nodes.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

namespace milpsac {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  Deadline() : start_(Clock::now()), limit_seconds_(INFINITY) {}
  explicit Deadline(double limit_seconds, const std::atomic<bool>* interrupt = nullptr)
      : start_(Clock::now()), limit_seconds_(limit_seconds), interrupt_(interrupt) {}

  double elapsed_seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double limit_seconds() const { return limit_seconds_; }
  bool unlimited() const { return std::isinf(limit_seconds_); }
  // True once the limit has passed or the interrupt flag was raised: every
  // loop that polls the clock stops the same way for both, and the front
  // door asks interrupted() to tell the user which it was.
  bool expired() const { return interrupted() || (!unlimited() && elapsed_seconds() >= limit_seconds_); }
  // The flag is written by another thread or a signal handler (a lock-free
  // atomic store is async-signal-safe) and only read here.
  bool interrupted() const { return interrupt_ != nullptr && interrupt_->load(std::memory_order_relaxed); }
  double remaining_seconds() const { return unlimited() ? INFINITY : limit_seconds_ - elapsed_seconds(); }
  const std::atomic<bool>* interrupt_flag() const { return interrupt_; }

  // The same clock (its start and its limit) without the interrupt flag: for
  // the work a Ctrl-C must not cut short (the sac door reads its input on it,
  // so that an interrupt still gets the greedy plan; outputs of a run that
  // found a plan are written on it).
  Deadline limit_only() const {
    Deadline copy = *this;
    copy.interrupt_ = nullptr;
    return copy;
  }

  // A deadline for a sub-task (a sub-MIP, one point of a sweep) that starts
  // now with its own limit but never ends later than this one, and shares
  // its interrupt flag.
  Deadline child(double limit_seconds) const {
    return Deadline(std::min(limit_seconds, remaining_seconds()), interrupt_);
  }

  // The clock of a layer below a front door: its caller's (it ends when the
  // caller's does and shares the interrupt flag) but starts now, so that its
  // elapsed_seconds() is the layer's own time; no limit when the caller gave
  // none (a library user calling the layer directly). Options below the
  // doors carry the caller's pointer only; seconds live at the doors.
  static Deadline of_caller(const Deadline* caller) { return caller != nullptr ? caller->child(INFINITY) : Deadline(); }

 private:
  Clock::time_point start_;
  double limit_seconds_;
  const std::atomic<bool>* interrupt_ = nullptr;
};

// Thrown by a reader that polls a Deadline (read_file, the MPS reader) when
// the limit passes before the input is read: the command then reports
// `time_limit` with no model instead of overrunning by the reading time.
class TimeLimitReached : public std::runtime_error {
 public:
  explicit TimeLimitReached(const std::string& what) : std::runtime_error(what) {}
};

// Throws TimeLimitReached("SOURCE: time limit reached while WHAT") once
// `deadline` (may be null: no limit) has expired.
inline void check_deadline(const Deadline* deadline, const std::string& source, const char* what) {
  if (deadline != nullptr && deadline->expired()) throw TimeLimitReached(source + ": time limit reached while " + what);
}

}  // namespace milpsac
