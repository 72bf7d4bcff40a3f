// The doors of the sac job: one plan (with its memory timeline) and the
// budget sweep. `milp-sac sac` (apps/cmd_sac.cpp, cmd_sac_sweep.cpp) and
// milp_sac.plan_sac / sweep_sac (python/src/bind_sac.cpp) are their clients,
// which only translate their arguments in and the report out.
//
// Each door owns, once: the Deadline (the time limit, counted from the call
// with reading included, and the caller's interrupt flag); reading the
// ModuleInfo under that clock; the request's checks (solve_sac,
// sweep_budgets); the run; the final status (bnb/job_status.h: `interrupted`
// when the flag stopped it, `time_limit` when the limit did); the warnings;
// and the report, whose JSON (docs/json.md#sac) is made in one place here.
//
// The reading polls the limit, not the flag: a Ctrl-C or a cancel while
// reading still gets the greedy plan the search offers first (status
// interrupted), as the CLI has always done. A limit that passes while
// reading ends the call with no plan and the reader's message.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "model/sac/baseline.h"
#include "model/sac/memory_timeline.h"
#include "model/sac/module_info.h"
#include "model/sac/sac_request.h"
#include "model/sac/sac_solver.h"
#include "model/sac/sac_sweep.h"

namespace milpsac::model {

// Reads the ModuleInfo polling the clock (TimeLimitReached when it expires).
using ModuleInfoRead = std::function<ModuleInfo(const Deadline*)>;

struct SacPlanReport {
  bool read_in_time = true;  // false: the limit passed while reading
  bool interrupted = false;  // the interrupt flag was raised during the call
  std::string stop_message;  // without the input read: "FILE: time limit reached while reading"
  ModuleInfo info;
  SacRequest request;
  SacSolution solution;                    // its status decided by the door
  std::optional<MemoryTimeline> timeline;  // with a plan
  std::vector<std::string> warnings;       // the reader's
  // The call's clock without its flag: outputs written after the call (the
  // memory plot) get what is left of the limit, and a plan found is drawn.
  Deadline outputs;
};

// time_limit_seconds bounds the whole call, reading included (infinite: no
// limit); options.deadline is the door's own (any given is ignored). Throws
// InputError on a bad request or input.
SacPlanReport plan_sac(const ModuleInfoRead& read, const SacRequest& request, SacSolveOptions options,
                       double time_limit_seconds = options::kSacTimeLimit.default_value,
                       const std::atomic<bool>* interrupt = nullptr);

struct SacSweepReport {
  bool read_in_time = true;
  bool interrupted = false;
  std::string stop_message;
  ModuleInfo info;
  SacRequest request;
  Sweep sweep;  // no points when the input was not read in time
  // The reader's, and fewer threads than asked for when the system refused some.
  std::vector<std::string> warnings;
  Deadline outputs;  // as SacPlanReport's (the sweep plot)
};

// time_limit_seconds bounds the whole sweep, reading included;
// options.solve.deadline is the door's own.
SacSweepReport sweep_sac(const ModuleInfoRead& read, const SacRequest& request, SweepOptions options,
                         double time_limit_seconds = options::kSacTimeLimit.default_value,
                         const std::atomic<bool>* interrupt = nullptr);

struct BaselineReport {
  bool read_in_time = true;
  bool interrupted = false;
  std::string stop_message;
  ModuleInfo info;
  Baseline baseline;
  std::vector<std::string> warnings;  // the reader's
};

// The step without FSDP or AC (model/sac/baseline.h). No limit; the reading
// polls the interrupt flag (there is no plan to keep).
BaselineReport baseline(const ModuleInfoRead& read, const std::atomic<bool>* interrupt = nullptr);

// Why a plan is missing, as `milp-sac sac` says it (the JSON's "message").
std::string no_plan_message(const SacRequest& request, const SacSolution& solution);

// The reports as `milp-sac sac` prints them (docs/json.md#sac), without
// "schema"; Python's dicts are made from them too. Without the input read in
// time the CLI prints common/stop_message.h's stopped_json instead.
nlohmann::ordered_json sac_plan_json(const SacPlanReport& report);
nlohmann::ordered_json sac_sweep_json(const SacSweepReport& report);
nlohmann::ordered_json baseline_json(const BaselineReport& report);  // docs/json.md#baseline

}  // namespace milpsac::model
