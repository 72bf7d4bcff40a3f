// What the progress callback of api::solve receives: one Progress per event,
// in the model's own sense (a maximisation reports its objective and an upper
// bound). The events of one solve, in order:
//
//   kStart      once, before any work (model size in the log line)
//   kRootLp     a MILP's root LP is solved: bound is its value
//   kCutRound   a root cut round ended: cut_round, cuts_added, cuts
//   kIncumbent  a better solution: incumbent, found_by ("initial solution",
//               "rounding", "diving", "feasibility pump", "RENS", "RINS", "node LP");
//               SolveOptions::incumbent receives its x too
//   kNodeLog    the tree search, at most one every log_interval_seconds
//   kFinish     once, at the end: the values of the returned Solution
//
// An LP reports kStart and kFinish only. `bound` never gets worse from one
// event to the next (a minimisation's bound never goes down): it is the best
// bound proven so far, whatever the LP in hand says.
#pragma once

#include <cmath>
#include <string>

#include "api/status.h"

namespace milpsac::api {

enum class Event { kStart, kRootLp, kCutRound, kIncumbent, kNodeLog, kFinish };

// "start", "root_lp", "cut_round", "incumbent", "node_log", "finish".
const char* to_string(Event event);

struct Progress {
  Event event = Event::kStart;
  double seconds = 0.0;  // since solve() was called
  long nodes = 0;        // branch-and-bound nodes solved so far
  long open_nodes = 0;
  long lp_iterations = 0;  // simplex iterations so far
  int cut_round = 0;       // kCutRound: 1, 2, ...
  int cuts_added = 0;      // kCutRound: cuts this round added
  int cuts = 0;            // kCutRound: cut rows in the root LP after the round
  // The best solution's objective (model's sense, offset included); NaN
  // before the first one (never -inf for a maximisation).
  double incumbent = NAN;
  // The best proven bound (model's sense); NaN before one is known (before
  // the root LP, or an LP before its optimum).
  double bound = NAN;
  // Relative gap (incumbent - bound) / max(|incumbent|, 1e-9); NaN without both.
  double gap = NAN;
  std::string found_by;                  // kIncumbent: who found it
  Status status = Status::kOptimal;      // kFinish: how the solve ended
  int rows = 0, cols = 0, integers = 0;  // kStart: the model's size
  bool has_incumbent() const { return !std::isnan(incumbent); }
};

// The one log line of an event (no newline), what SolveOptions::log gets:
//   "0.12 s  incumbent 27 by diving  bound 25.9  gap 4.05%"
std::string to_string(const Progress& progress);

}  // namespace milpsac::api
