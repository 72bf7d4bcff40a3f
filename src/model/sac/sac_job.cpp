// The sac job's doors (see sac_job.h).
#include "model/sac/sac_job.h"

#include <cmath>
#include <sstream>

#include "bnb/job_status.h"
#include "common/index.h"
#include "common/stop_message.h"

namespace milpsac::model {
namespace {

using Json = nlohmann::ordered_json;

// The reading, on `reading` (the call's clock, or that clock without its
// flag: see sac_job.h); false when it expired first (the report then says why).
template <class Report>
bool read_input(const ModuleInfoRead& read, const Deadline& clock, const Deadline& reading, Report& report) {
  try {
    report.info = read(&reading);
  } catch (const TimeLimitReached& stop) {
    report.read_in_time = false;
    report.interrupted = clock.interrupted();
    report.stop_message = stop_message(stop, report.interrupted);
    return false;
  }
  report.warnings = report.info.warnings;
  return true;
}

Json ac_decisions_json(const ModuleInfo& info, const AcPlan& plan) {
  Json decisions = Json::object();
  for (const AcDecision& d : plan) decisions[info.modules[uz(d.module)].fqn] = d.ratio;
  return decisions;
}

// Points in time order; bytes rounded up as peak_memory_bytes is, so the
// largest plan_bytes is peak_memory_bytes.
Json timeline_json(const ModuleInfo& info, const MemoryTimeline& timeline) {
  Json points = Json::array();
  for (const TimelinePoint& p : timeline.points) {
    Json point;
    point["module"] = info.modules[uz(p.module)].fqn;
    point["phase"] = to_string(p.phase);
    point["baseline_bytes"] = static_cast<long long>(p.baseline_bytes);
    point["plan_bytes"] = static_cast<long long>(std::ceil(p.plan_bytes));
    points.push_back(std::move(point));
  }
  return points;
}

Json point_json(const ModuleInfo& info, const SweepPoint& point) {
  const SacSolution& s = point.solution;
  Json out;
  out["budget_gib"] = point.budget_gib;
  out["status"] = to_string(s.status);
  if (s.has_plan) {
    out["recomputation_time_ms"] = s.recompute_ms;
    out["peak_memory_bytes"] = static_cast<long long>(std::ceil(s.peak_bytes));
    out["gap"] = s.gap;
    out["bound_ms"] = s.bound_ms;
    out["found_by"] = s.found_by;
  } else {
    out["recomputation_time_ms"] = nullptr;
    out["peak_memory_bytes"] = nullptr;
    out["gap"] = nullptr;
    out["bound_ms"] = nullptr;
  }
  out["ac_decisions"] = ac_decisions_json(info, s.plan);
  out["seconds"] = s.seconds;
  out["plan_change"] = point.plan_change;
  return out;
}

}  // namespace

SacPlanReport plan_sac(const ModuleInfoRead& read, const SacRequest& request, SacSolveOptions options,
                       double time_limit_seconds, const std::atomic<bool>* interrupt) {
  // The one clock of the call: reading, the search and its interrupt flag.
  const Deadline clock(time_limit_seconds, interrupt);
  SacPlanReport report;
  report.request = request;
  if (read_input(read, clock, clock.limit_only(), report)) {
    options.deadline = &clock;  // solve_sac runs on it: what is left of the limit
    report.solution = solve_sac(report.info, request, options);
    report.interrupted = clock.interrupted();
    if (report.solution.has_plan)
      report.timeline = memory_timeline(report.info, report.solution.plan, report.solution.evaluation);
  } else {
    report.solution.status = SacStatus::kTimeLimit;
    report.solution.seconds = clock.elapsed_seconds();
  }
  report.solution.status = bnb::final_status(report.solution.status, clock);
  report.outputs = clock.limit_only();
  return report;
}

SacSweepReport sweep_sac(const ModuleInfoRead& read, const SacRequest& request, SweepOptions options,
                         double time_limit_seconds, const std::atomic<bool>* interrupt) {
  // The one clock of the whole sweep: reading, every point and the flag.
  const Deadline clock(time_limit_seconds, interrupt);
  SacSweepReport report;
  report.request = request;
  if (read_input(read, clock, clock.limit_only(), report)) {
    options.solve.deadline = &clock;
    report.sweep = sweep_budgets(report.info, request, options);
    report.interrupted = clock.interrupted();
    const Sweep& sweep = report.sweep;
    if (sweep.threads_started < sweep.threads)
      report.warnings.push_back(
          "the system refused to create more threads (a process or memory limit): some steps ran on " +
          std::to_string(sweep.threads_started) + " of the " + std::to_string(sweep.threads) +
          " threads asked for (same result, more time)");
  } else {
    report.sweep.seconds = clock.elapsed_seconds();
  }
  report.outputs = clock.limit_only();
  return report;
}

BaselineReport baseline(const ModuleInfoRead& read, const std::atomic<bool>* interrupt) {
  const Deadline clock(INFINITY, interrupt);
  BaselineReport report;
  if (read_input(read, clock, clock, report)) report.baseline = compute_baseline(report.info);
  return report;
}

std::string no_plan_message(const SacRequest& request, const SacSolution& solution) {
  std::ostringstream out;
  if (!solution.min_budget) {
    out << "no plan found within the limits (status " << to_string(solution.status) << ")";
    return out.str();
  }
  const MinBudget& min = *solution.min_budget;
  out << "no plan fits in " << request.budget_gib << " GiB at world size " << request.world_size;
  if (!min.found) {
    out << "; no plan exists at any budget with these AC/FSDP units";
  } else if (min.proven) {
    out << "; the smallest budget at which a plan exists is " << min.suggested_gib << " GiB (lowest peak "
        << std::llround(std::ceil(min.peak_gib * kBytesPerGiB)) << " bytes)";
  } else {
    out << "; a plan exists at " << min.suggested_gib << " GiB (lowest peak not proven: at least " << min.bound_gib
        << " GiB)";
  }
  return out.str();
}

Json sac_plan_json(const SacPlanReport& report) {
  const SacSolution& solution = report.solution;
  Json out;
  out["status"] = to_string(solution.status);
  out["ac_decisions"] = ac_decisions_json(report.info, solution.plan);
  if (solution.has_plan) {
    out["recomputation_time_ms"] = solution.recompute_ms;
    out["peak_memory_bytes"] = static_cast<long long>(std::ceil(solution.peak_bytes));
    out["bound_ms"] = solution.bound_ms;
    out["gap"] = solution.gap;
  } else {
    out["recomputation_time_ms"] = nullptr;
    out["peak_memory_bytes"] = nullptr;
    out["bound_ms"] = nullptr;
    out["gap"] = nullptr;
  }
  if (solution.has_plan) out["found_by"] = solution.found_by;
  out["nodes"] = solution.nodes;
  out["seconds"] = solution.seconds;
  if (!solution.has_plan) {
    if (solution.min_budget && solution.min_budget->found)
      out["min_feasible_budget_gib"] = solution.min_budget->suggested_gib;
    out["message"] = no_plan_message(report.request, solution);
  }
  out["memory_timeline"] = report.timeline ? timeline_json(report.info, *report.timeline) : Json(nullptr);
  return out;
}

Json sac_sweep_json(const SacSweepReport& report) {
  const Sweep& sweep = report.sweep;
  Json out;
  Json points = Json::array();
  for (const SweepPoint& p : sweep.points) points.push_back(point_json(report.info, p));
  out["points"] = points;
  if (sweep.min_feasible_budget_gib)
    out["min_feasible_budget_gib"] = *sweep.min_feasible_budget_gib;
  else
    out["min_feasible_budget_gib"] = nullptr;
  out["min_feasible_proven"] = sweep.min_feasible_proven;
  out["no_ac_peak_gib"] = sweep.no_ac_peak_gib;
  out["baseline_peak_gib"] = sweep.baseline_peak_gib;
  out["world_size"] = report.request.world_size;
  out["monotone"] = sweep.monotone;
  out["sweep"] = sweep.breakpoints_located ? "breakpoints" : "grid";
  out["plan_changes"] = sweep.plan_changes;
  out["seconds"] = sweep.seconds;
  return out;
}

Json baseline_json(const BaselineReport& report) {
  Json out;
  out["peak_memory_bytes"] = report.baseline.peak_memory_bytes;
  out["compute_time_ms"] = report.baseline.compute_time_ms;
  return out;
}

}  // namespace milpsac::model
