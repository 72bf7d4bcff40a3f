// The recompute-time-vs-budget curve of the module-level SAC planner: the plan
// at N budgets from the smallest feasible one to the no-AC peak.
//
// The grid points are solved independently, in parallel on
// SweepOptions::threads threads (each writes only its own slot, so the curve
// is the same for every thread count). The curve is then checked in
// increasing order of budget on the reported (rounded) plans: a point that
// costs more than the one before is solved again at gap 0, starting from that
// point's plan (it fits any larger budget: the memory rows only loosen), and
// if it still does, the previous point's plan is reported there (it fits).
//
// Time: the clock in SweepOptions::solve.deadline bounds the whole sweep, not
// each point; every solve runs on it. A point not
// started before the limit is reported as time_limit without a plan, and no
// breakpoint is searched after it.
//
// Breakpoints: where two consecutive points have different sets of AC units,
// the budget at which the set changes is located by bisection to within
// breakpoint_tolerance of the range. Unit sets are compared only between
// optimal plans, so the grid is first solved again at gap 0; each probe is
// solved at gap 0, warm-started from the plan below it. The last probe with
// the lower set and the first with the upper one join the curve. A probe
// with a third set splits the bracket and both halves are searched (brackets in parallel, each with
// its own count of probes), so
// every change that a probe sees is located (a set optimal only on an
// interval wholly between two probes is not: the curve is exact at every
// reported point, not between them). The curve is the grid alone, as first
// solved (`breakpoints_located` false), when more than max_breakpoints
// changes turn up, when the probes allowed for them (a fixed count, so that
// the curve is the same every run) run out, or when the monotonicity repair
// moves a change away from its bracket (docs/sac.md).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/sac/module_info.h"
#include "model/sac/sac_request.h"
#include "model/sac/sac_solver.h"

namespace milpsac::model {

struct SweepOptions {
  std::optional<double> from_gib;  // default: the smallest feasible budget
  std::optional<double> to_gib;    // default: the no-AC peak at the request's world size
  int points = static_cast<int>(options::kSweepPoints.default_value);  // >= 2
  SacSolveOptions solve;  // per point (gap, formulation); its deadline bounds the whole sweep
  int threads = 0;        // points solved at once; 0: the number of cores
  int max_breakpoints = static_cast<int>(options::kMaxBreakpoints.default_value);  // 0: the grid alone
  double breakpoint_tolerance = 1e-3;  // bracket width at which bisection stops, relative to the range
  // The search events of every solve with the budget (GiB) of the point it
  // solves: with threads > 1 the points' events interleave, and this tells
  // them apart. Called from the sweep's threads (the callee locks). When set,
  // it replaces solve.progress (solve.progress_interval_seconds still applies).
  std::function<void(double budget_gib, const bnb::MilpProgress&)> point_progress;
};

struct SweepPoint {
  double budget_gib = 0.0;
  SacSolution solution;
  bool repaired = false;  // the monotonicity check re-solved this point
  // The first budget found (bisection) at which this point's set of AC units
  // is optimal: the previous point, within the tolerance below, has another set.
  bool plan_change = false;
};

struct Sweep {
  std::vector<SweepPoint> points;
  std::optional<double> min_feasible_budget_gib;  // nullopt when no plan exists at any budget
  bool min_feasible_proven = false;
  double no_ac_peak_gib = 0.0;       // max_i TA + AG + (P + TG_i)/W
  double baseline_peak_gib = 0.0;    // the same at W = 1 (no FSDP)
  bool monotone = true;              // after repairs
  bool breakpoints_located = false;  // every change of the AC-unit set between grid points bracketed
  int plan_changes = 0;              // changes of the AC-unit set seen (grid points, and probes when located)
  double seconds = 0.0;
  int threads = 1;  // threads asked for (SweepOptions::threads, 0 resolved to the usable CPUs)
  // Fewer than `threads` when the system refused to create some (a pids or
  // memory limit): the fewest any step ran on. The curve is the same.
  int threads_started = 1;
};

// The no-AC peak (GiB) at request.world_size.
double no_ac_peak_gib(const ModuleInfo& info, int world_size);

// No points when the time limit passed before the smallest feasible budget
// (the default bottom of the range) was found.
// Throws InputError on a bad request or range (from >= to, points < 2, a
// bound not a positive number). request.budget_gib is ignored.
Sweep sweep_budgets(const ModuleInfo& info, const SacRequest& request, const SweepOptions& options);

}  // namespace milpsac::model
