// The one door of the analyze job: `milp-sac analyze` and
// milp_sac.analyze_graph are its clients, which translate their arguments in
// and print or return the report's JSON.
//
// The door owns the call's one Deadline (the caller's interrupt flag; analyze
// has no time limit): reading polls it and so does the liveness pass, so a
// Ctrl-C stops either. Stopped, the report has no numbers and says where.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/autograd_graph.h"
#include "analysis/graph_info.h"
#include "common/deadline.h"

namespace milpsac::analysis {

struct AnalyzeReport {
  bool finished = true;      // false: stopped while reading or analysing
  bool interrupted = false;  // the interrupt flag stopped the call
  std::string stop_message;  // "FILE: interrupted while reading" / "... while analysing the graph"
  std::size_t num_nodes = 0;
  GraphInfo info;
};

// `read(clock)` reads the graph polling the clock (TimeLimitReached);
// `source` names the input in the message of a pass that was stopped.
AnalyzeReport analyze_graph(const std::function<AutogradGraph(const Deadline*)>& read, const std::string& source,
                            const std::atomic<bool>* interrupt = nullptr);

// docs/json.md#analyze, without "schema"; a call that was stopped:
// {"schema", "status", "message"}, as every command whose run was stopped.
nlohmann::ordered_json analyze_json(const AnalyzeReport& report);

}  // namespace milpsac::analysis
