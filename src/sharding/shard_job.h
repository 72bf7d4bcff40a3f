// The one door of the shard job: `milp-sac shard` and
// milp_sac.propose_sharding are its clients, which translate their arguments
// into a ShardRequest and print or return the report's JSON.
//
// The door owns the call's one Deadline (the time limit, counted from the
// call with reading included, and the caller's interrupt flag): reading
// polls it, the planner loop stops proposing once it has expired, and the
// exact selection MILP (`--exact`) runs on a child of it. A limit or an
// interrupt while reading ends the call with the reader's message and no
// plan; an interrupt later keeps the best plan so far, with "status":
// "interrupted".
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bnb/milp_types.h"
#include "common/deadline.h"
#include "common/options.h"
#include "sharding/plan_input.h"
#include "sharding/planner.h"

namespace milpsac::sharding {

struct ShardRequest {
  Variant variant = Variant::k1D;
  std::optional<double> storage_reservation;  // else the input's, else kDefaultStorageReservation
  double time_limit_seconds = options::kTimeLimit.default_value;
  bool proposals = false;                                  // every DP proposal in the JSON
  bool exact = false;                                      // the exact selection MILP too
  std::function<void(const bnb::MilpProgress&)> progress;  // the exact MILP's events
  double progress_interval_seconds = 5.0;
};

struct ShardReport {
  bool read_in_time = true;  // false: the limit or the interrupt came while reading
  bool interrupted = false;  // the interrupt flag stopped the call
  PlanInput original;        // as read
  PlanInput input;           // with the storage reservation taken off
  double storage_reservation = 0.0;
  PlanResult plan;
  // docs/json.md#shard, "schema" first; without a plan read in time:
  // {"schema", "status", "message"}.
  nlohmann::ordered_json json;
  std::vector<std::string> warnings;  // the reader's, and the exact MILP's end without a solution
};

// `read(clock)` reads the plan input polling the clock (TimeLimitReached).
ShardReport propose_sharding(const std::function<PlanInput(const Deadline&)>& read, const ShardRequest& request,
                             const std::atomic<bool>* interrupt = nullptr);

}  // namespace milpsac::sharding
