// `--log`: progress lines on stderr while a search runs. The root phase is
// reported as it happens, as CBC and HiGHS do (root LP, each cut round, each
// better solution and who found it); the tree search at most one line every
// few seconds, none for solves that end within the first interval:
//
//   milp-sac solve: 0.04 s  root LP  objective 25.4  iterations 412
//   milp-sac solve: 0.21 s  cut round 1  +38 cuts (38 in LP)  bound 25.9
//   milp-sac solve: 0.35 s  solution 27 by diving  bound 25.9  gap 4.1 %
//   milp-sac solve: 4.0 s  nodes 1520  incumbent 12.5  bound 11.9  gap 4.8 %
//
// The library writes nothing itself; it reports through an optional progress
// callback of the search (bnb::MilpOptions::progress, passed on by the SAC,
// policy and sharding options), and the CLI hands it a ProgressLog built by
// progress_from_args (--log, --log-interval; docs/cli.md#progress).
#pragma once

#include <functional>
#include <iostream>
#include <memory>
#include <string>

#include "bnb/milp_types.h"
#include "cli_args.h"
#include "common/options.h"
#include "progress_line.h"
#include "text_format.h"

namespace milpsac::cli {

class ProgressLog {
 public:
  explicit ProgressLog(std::string command, double interval_seconds = options::kLogInterval.default_value)
      : command_(std::move(command)), interval_(interval_seconds), next_(interval_seconds) {}

  // One report of the search: root events at once, search snapshots when
  // the next interval has begun.
  void report(const bnb::MilpProgress& p) {
    if (p.event == bnb::MilpEvent::kSearch) {
      if (p.seconds < next_) return;
      next_ = p.seconds + interval_;
    }
    std::cerr << progress_line(command_, p) << "\n";
  }

 private:
  std::string command_;
  double interval_;
  double next_;
};

// What a command hands its search: the callback (empty without --log) and
// how often the search should call it (--log-interval, default 2 s; 0 prints
// every report, which the tests use to see the log without a long solve).
struct ProgressSetting {
  std::function<void(const bnb::MilpProgress&)> callback;
  double interval_seconds = options::kLogInterval.default_value;
};

inline ProgressSetting progress_from_args(const CliArgs& args, const std::string& command) {
  ProgressSetting setting;
  setting.interval_seconds = args.option(options::kLogInterval);  // checked on its record: finite, >= 0
  if (!args.flag("log")) return setting;
  auto log = std::make_shared<ProgressLog>(command, setting.interval_seconds);
  setting.callback = [log](const bnb::MilpProgress& p) { log->report(p); };
  return setting;
}

}  // namespace milpsac::cli
