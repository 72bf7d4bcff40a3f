// `--log`: progress lines on stderr while a search runs, at most one every
// few seconds and none for solves that end within the first interval:
//
//   milp-sac solve: 4.0 s  nodes 1520  incumbent 12.5  bound 11.9  gap 4.8 %
//
// The library writes nothing itself; it reports through an optional progress
// callback of the search, and the CLI hands it a ProgressLog. (Connect it
// where the search's options take the callback: see docs/cli.md#progress.)
#pragma once

#include <cmath>
#include <iostream>
#include <string>

#include "text_format.h"

namespace milpsac::cli {

class ProgressLog {
 public:
  explicit ProgressLog(std::string command, double interval_seconds = 2.0)
      : command_(std::move(command)), interval_(interval_seconds), next_(interval_seconds) {}

  // One report of the search; prints when the next interval has begun.
  void report(double seconds, long nodes, double incumbent, double bound, double gap) {
    if (seconds < next_) return;
    next_ = seconds + interval_;
    std::cerr << "milp-sac " << command_ << ": " << human_number(seconds, 3) << " s  nodes " << nodes << "  incumbent "
              << (std::isfinite(incumbent) ? human_number(incumbent) : std::string("-")) << "  bound "
              << (std::isfinite(bound) ? human_number(bound) : std::string("-")) << "  gap "
              << (std::isfinite(gap) ? percent(gap) + " %" : std::string("-")) << "\n";
  }

 private:
  std::string command_;
  double interval_;
  double next_;
};

}  // namespace milpsac::cli
