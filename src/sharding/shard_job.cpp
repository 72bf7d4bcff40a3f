// The shard job's door (see shard_job.h).
#include "sharding/shard_job.h"

#include "common/stop_message.h"
#include "sharding/exact_json.h"
#include "sharding/exact_selection.h"
#include "sharding/plan_json.h"
#include "sharding/search_space.h"

namespace milpsac::sharding {

ShardReport propose_sharding(const std::function<PlanInput(const Deadline&)>& read, const ShardRequest& request,
                             const std::atomic<bool>* interrupt) {
  // The one clock of the call: reading, the planner loop and the exact MILP.
  const Deadline clock(request.time_limit_seconds, interrupt);
  ShardReport report;
  try {
    report.original = read(clock);
  } catch (const TimeLimitReached& stop) {
    report.read_in_time = false;
    report.interrupted = clock.interrupted();
    report.json = stopped_json(stop_message(stop, report.interrupted), report.interrupted);
    return report;
  }
  report.warnings = report.original.warnings;
  report.storage_reservation =
      request.storage_reservation.value_or(report.original.storage_reservation.value_or(kDefaultStorageReservation));
  report.input = with_storage_reservation(report.original, report.storage_reservation);
  report.plan = plan_sharding(report.input, request.variant, clock);
  const nlohmann::ordered_json plan = plan_json(report.input, report.original, report.plan, request.variant,
                                                report.storage_reservation, request.proposals);
  report.json["schema"] = 1;
  for (const auto& [key, value] : plan.items()) report.json[key] = value;
  if (request.exact) {
    const SearchSpace space = load_search_space(report.input, request.variant);
    bnb::MilpOptions options;
    options.relative_gap = 0.0;
    options.deadline = &clock;  // the MILP's clock is a child of the call's
    options.progress = request.progress;
    options.progress_interval_seconds = request.progress_interval_seconds;
    const ExactSelection exact = solve_exact_selection(report.input, space, request.variant, options);
    if (!exact.has_solution && exact.status != bnb::MilpStatus::kInfeasible)
      report.warnings.push_back(std::string("the exact selection ended with status ") + bnb::to_string(exact.status) +
                                " and no solution");
    report.json["exact"] = exact_json(report.input, report.plan, exact);
  }
  report.interrupted = clock.interrupted();
  if (report.interrupted) report.json["status"] = "interrupted";
  return report;
}

}  // namespace milpsac::sharding
