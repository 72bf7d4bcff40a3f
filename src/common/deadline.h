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

  // The clock of a layer that was handed its caller's clock (may be null: it
  // is the front door) and a limit of its own in seconds: the caller's
  // child, so that the caller's end and its interrupt flag hold inside, or
  // a new clock when there is no caller. The one way a layer gets a clock.
  static Deadline for_layer(const Deadline* caller, double limit_seconds) {
    return caller != nullptr ? caller->child(limit_seconds) : Deadline(limit_seconds);
  }

 private:
  Clock::time_point start_;
  double limit_seconds_;
  const std::atomic<bool>* interrupt_ = nullptr;
};

// A command's time limit counts from the command's start (reading and model
// building included): what is left of `limit_seconds` on `clock` for the
// stage that starts now. At least `floor_seconds`, so that a stage started
// after the limit still runs to its first check and reports the limit;
// an infinite limit stays infinite.
inline double remaining_limit(const Deadline& clock, double limit_seconds, double floor_seconds = 1e-6) {
  if (std::isinf(limit_seconds)) return limit_seconds;
  const double left = limit_seconds - clock.elapsed_seconds();
  return left > floor_seconds ? left : floor_seconds;
}

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
