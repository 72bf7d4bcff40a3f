// Budget sweep (see sac_sweep.h).
#include "model/sac/sac_sweep.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "common/deadline.h"
#include "common/index.h"
#include "common/input_error.h"
#include "common/parallel_for.h"
#include "model/sac/baseline.h"

namespace milpsac::model {
namespace {

// A later point may cost this much more (ms, relative) than an earlier one and
// still count as non-increasing: the rounding of ratios to 4 decimals.
constexpr double kMonotoneSlack = 1e-9;
// Bisection probes allowed per breakpoint asked for (SweepOptions::max_breakpoints).
constexpr int kProbesPerBreakpoint = 12;

// What one sweep shares with every solve in it: the model, the request and
// the sweep's clock (its limit bounds the whole sweep).
struct SweepContext {
  const ModuleInfo& info;
  const SacRequest& request;
  const Deadline& clock;
  int threads = 1;
  // The fewest threads a parallel step could start when the system refused
  // some (0: every step had the threads it asked for); for Sweep::threads_started.
  std::atomic<size_t>* fewest_started = nullptr;
  // SweepOptions::point_progress (may be empty).
  const std::function<void(double, const bnb::MilpProgress&)>* point_progress = nullptr;
  void note(const ParallelRun& run) const {
    if (!run.short_of_threads() || fewest_started == nullptr) return;
    size_t seen = fewest_started->load();
    while ((seen == 0 || run.started < seen) && !fewest_started->compare_exchange_weak(seen, run.started)) {
    }
  }
};

// `solve` at `budget` on the sweep's clock: a solve never ends later than the
// sweep and stops on its interrupt flag; its events carry the budget.
SacSolveOptions within_clock(const SweepContext& ctx, double budget, SacSolveOptions solve) {
  solve.deadline = &ctx.clock;
  if (ctx.point_progress != nullptr && *ctx.point_progress) {
    const auto* report = ctx.point_progress;
    solve.progress = [report, budget](const bnb::MilpProgress& p) { (*report)(budget, p); };
  }
  return solve;
}

// A point not solved: the sweep's time limit passed before it started.
SweepPoint unsolved_point(double budget) {
  SweepPoint point;
  point.budget_gib = budget;
  point.solution.status = SacStatus::kTimeLimit;
  return point;
}

bool costs_more(const SacSolution& later, const SacSolution& earlier) {
  if (!later.has_plan || !earlier.has_plan) return false;
  return later.recompute_ms > earlier.recompute_ms + kMonotoneSlack * std::max(1.0, earlier.recompute_ms);
}

// The earlier point's plan reported at this budget (it fits: budgets increase).
SacSolution carried_over(const ModuleInfo& info, const SacRequest& request, const SacSolution& earlier) {
  SacSolution solution = earlier;
  std::map<std::string, double> ratios;
  for (const AcDecision& d : solution.plan) ratios[info.modules[uz(d.module)].fqn] = d.ratio;
  solution.evaluation = evaluate_plan(info, ratios, request);
  solution.violations = solution.evaluation.violations;
  solution.recompute_ms = solution.evaluation.total_recompute_ms;
  solution.peak_bytes = solution.evaluation.peak_bytes;
  solution.bound_ms = std::min(solution.bound_ms, solution.recompute_ms);
  solution.gap =
      0.0 < solution.recompute_ms ? (solution.recompute_ms - solution.bound_ms) / solution.recompute_ms : 0.0;
  solution.seconds = 0.0;
  return solution;
}

// The AC units of a plan (module indices, ascending).
std::vector<int> unit_set(const SacSolution& solution) {
  std::vector<int> units;
  for (const AcDecision& d : solution.plan) units.push_back(d.module);
  std::sort(units.begin(), units.end());
  return units;
}

bool same_units(const SweepPoint& a, const SweepPoint& b) {
  return a.solution.has_plan && b.solution.has_plan && unit_set(a.solution) == unit_set(b.solution);
}

// One point of the curve at `budget`, starting from the plan of `below` (a
// point at a smaller budget, or none). Re-solved at gap 0 when it costs more
// than `below`; if it still does, `below`'s plan is reported (it fits).
SweepPoint solve_point(const SweepContext& ctx, double budget, SacSolveOptions solve, const SweepPoint* below) {
  SacRequest at = ctx.request;
  at.budget_gib = budget;
  if (ctx.clock.expired()) {
    // No time for a solve: the plan below, when there is one, fits here too.
    SweepPoint point = unsolved_point(budget);
    if (below && below->solution.has_plan) point.solution = carried_over(ctx.info, at, below->solution);
    return point;
  }
  SweepPoint point;
  point.budget_gib = budget;
  if (below && below->solution.has_plan) solve.warm_start = below->solution.point;
  point.solution = solve_sac(ctx.info, at, within_clock(ctx, budget, solve));
  if (below && costs_more(point.solution, below->solution)) {
    point.repaired = true;
    solve.relative_gap = 0.0;
    point.solution = solve_sac(ctx.info, at, within_clock(ctx, budget, solve));
    if (costs_more(point.solution, below->solution)) point.solution = carried_over(ctx.info, at, below->solution);
  }
  return point;
}

// Every point of `points` again after a parallel solve: one that costs more
// than the point before it is solved again from that point's plan (solve_point).
void repair_monotonicity(const SweepContext& ctx, const SacSolveOptions& solve, std::vector<SweepPoint>& points) {
  for (size_t p = 1; p < points.size(); ++p)
    if (costs_more(points[p].solution, points[p - 1].solution)) {
      // At the sweep's gap first, from the plan below (it is within the gap
      // at once when that plan is good enough here); solve_point goes on to
      // gap 0 and then to carrying that plan over when it must.
      points[p] = solve_point(ctx, points[p].budget_gib, solve, &points[p - 1]);
      points[p].repaired = true;
    }
}

// Indices p of the points whose unit set differs from point p - 1's (both with a plan).
std::vector<size_t> unit_set_changes(const std::vector<SweepPoint>& points) {
  std::vector<size_t> changes;
  for (size_t p = 1; p < points.size(); ++p)
    if (points[p - 1].solution.has_plan && points[p].solution.has_plan && !same_units(points[p - 1], points[p]))
      changes.push_back(p);
  return changes;
}

// Bisection between lo and hi (different unit sets, lo below hi), every probe
// at gap 0, warm-started from the lower end: appends both ends of each final
// bracket to `found` (an end that is a grid point is a copy of it, merged
// with it later). A probe whose set is neither end's splits the bracket;
// `probes_left` bounds the work. Returns whether every change it met was
// bracketed.
bool locate_changes(const SweepContext& ctx, const SacSolveOptions& exact, SweepPoint lo, SweepPoint hi,
                    double tolerance_gib, int& probes_left, std::vector<SweepPoint>& found) {
  bool complete = true;
  while (hi.budget_gib - lo.budget_gib > tolerance_gib) {
    if (probes_left-- <= 0 || ctx.clock.expired()) return false;
    SweepPoint middle = solve_point(ctx, 0.5 * (lo.budget_gib + hi.budget_gib), exact, &lo);
    // A time limit: leave this bracket as it is.
    if (!middle.solution.has_plan || middle.solution.status == SacStatus::kTimeLimit) return false;
    if (same_units(middle, lo)) {
      lo = std::move(middle);
    } else if (same_units(middle, hi)) {
      hi = std::move(middle);
    } else {
      complete = locate_changes(ctx, exact, lo, middle, tolerance_gib, probes_left, found) && complete;
      lo = std::move(middle);
    }
  }
  found.push_back(std::move(lo));
  found.push_back(std::move(hi));
  return complete;
}

// Replaces the grid `points` by the located curve (see the header) and
// returns true, or returns false (points then unspecified: the caller keeps
// its copy of the grid). `plan_changes` is set to the changes seen.
bool locate_breakpoints(const SweepContext& ctx, const SweepOptions& options, double range_gib,
                        std::vector<SweepPoint>& points, int& plan_changes) {
  SacSolveOptions exact = options.solve;
  exact.relative_gap = 0.0;
  // Unit sets are compared only between optimal plans (a plan within a gap
  // may hold any set): the grid is solved again at gap 0 first, each point
  // in parallel from its own plan, then checked in order.
  if (options.solve.relative_gap > 0) {
    ctx.note(parallel_for(points.size(), ctx.threads, [&](size_t p) {
      const SweepPoint start = points[p];
      points[p] = solve_point(ctx, start.budget_gib, exact, &start);
    }));
    repair_monotonicity(ctx, exact, points);
  }
  const auto timed_out = [](const SweepPoint& p) { return p.solution.status == SacStatus::kTimeLimit; };
  if (std::any_of(points.begin(), points.end(), timed_out)) return false;
  const std::vector<size_t> changes = unit_set_changes(points);
  plan_changes = static_cast<int>(changes.size());
  if (plan_changes > options.max_breakpoints) return false;

  const double tolerance = options.breakpoint_tolerance * range_gib;
  // A count, not a clock, bounds the work (the same curve every run): about
  // log2(grid step / tolerance) probes per change, 6 at the defaults. The
  // changes are searched in parallel, each into its own slot, with an equal
  // share of the probes allowed (a change can hide more inside its bracket).
  const int probes_per_change =
      kProbesPerBreakpoint * options.max_breakpoints / std::max(1, static_cast<int>(changes.size()));
  std::vector<std::vector<SweepPoint>> found(changes.size());
  std::vector<char> bracketed(changes.size(), 0);
  ctx.note(parallel_for(changes.size(), ctx.threads, [&](size_t c) {
    int probes_left = probes_per_change;
    const size_t p = changes[c];
    bracketed[c] = locate_changes(ctx, exact, points[p - 1], points[p], tolerance, probes_left, found[c]) ? 1 : 0;
  }));
  bool complete = std::all_of(bracketed.begin(), bracketed.end(), [](char b) { return b != 0; });
  for (std::vector<SweepPoint>& points_found : found)
    for (SweepPoint& point : points_found) points.push_back(std::move(point));
  std::stable_sort(points.begin(), points.end(),
                   [](const SweepPoint& a, const SweepPoint& b) { return a.budget_gib < b.budget_gib; });
  // A bracket end is listed again when it is a grid point, or a probe that
  // ends a split-off bracket and then the rest of its own: the same value
  // copied, so equal budgets are one point. Budgets of different probes never
  // coincide (each is the middle of its own bracket, and brackets do not
  // overlap).
  points.erase(std::unique(points.begin(), points.end(),
                           [](const SweepPoint& a, const SweepPoint& b) { return !(a.budget_gib < b.budget_gib); }),
               points.end());
  // Each probe started from the plan just below it when it was solved; after
  // the merge its neighbour may be another probe: check the curve again
  // (ratios rounded up to 4 decimals can cost a little more than the optimum).
  for (size_t p = 1; p < points.size(); ++p)
    if (costs_more(points[p].solution, points[p - 1].solution))
      points[p] = solve_point(ctx, points[p].budget_gib, exact, &points[p - 1]);
  if (ctx.clock.expired()) return false;
  // The flags as the reported plans say: a change is located when the point
  // before it lies within the tolerance. A plan carried over for monotonicity
  // (two unit sets whose costs differ by less than the rounding of ratios, at
  // a crossing) can move a change next to a point farther away: then the
  // curve is not located after all.
  const std::vector<size_t> located = unit_set_changes(points);
  plan_changes = static_cast<int>(located.size());
  for (size_t p : located) {
    points[p].plan_change = true;
    if (points[p].budget_gib - points[p - 1].budget_gib > tolerance * (1 + 1e-9)) complete = false;
  }
  return complete && plan_changes <= options.max_breakpoints;
}

}  // namespace

double no_ac_peak_gib(const ModuleInfo& info, int world_size) {
  if (info.modules.empty()) return 0.0;
  const long double params = info.modules.front().param_per_module;
  long double peak = -INFINITY;
  for (const ModStats& m : info.modules)
    peak = std::max(peak, static_cast<long double>(m.act_total) + m.act_grad_per_module +
                              (params + m.grad_total) / static_cast<long double>(world_size));
  return static_cast<double>(peak / 1073741824.0L);
}

Sweep sweep_budgets(const ModuleInfo& info, const SacRequest& request, const SweepOptions& options) {
  if (options.points < 2) throw InputError("budget sweep: the number of points must be at least 2");
  for (const auto& bound : {options.from_gib, options.to_gib})
    if (bound && !(std::isfinite(*bound) && *bound > 0))
      throw InputError("budget sweep: --from and --to must be positive numbers of GiB");
  SacRequest probe = request;
  probe.budget_gib = 1.0;
  validate_request(info, probe);

  // The sweep's clock: its limit bounds the whole sweep (see the header).
  const Deadline clock = Deadline::of_caller(options.solve.deadline);
  std::atomic<size_t> fewest_started{0};
  const SweepContext ctx{info,
                         request,
                         clock,
                         options.threads > 0 ? options.threads : default_thread_count(),
                         &fewest_started,
                         &options.point_progress};
  Sweep sweep;
  sweep.threads = ctx.threads;
  sweep.no_ac_peak_gib = no_ac_peak_gib(info, request.world_size);
  sweep.baseline_peak_gib = static_cast<double>(compute_baseline(info).peak_memory_bytes) / kBytesPerGiB;
  const MinBudget min = smallest_feasible_budget(info, request, ctx.clock);
  if (min.found) {
    sweep.min_feasible_budget_gib = min.suggested_gib;
    sweep.min_feasible_proven = min.proven;
  }
  // The time limit passed before the bottom of the default range was known:
  // no curve (the caller reports time_limit), rather than a wrong range.
  if (!min.found && !options.from_gib && clock.expired()) {
    sweep.seconds = clock.elapsed_seconds();
    if (fewest_started.load() > 0)
      sweep.threads_started = static_cast<int>(fewest_started.load());
    else
      sweep.threads_started = ctx.threads;
    return sweep;
  }
  // The top of the default range: the no-AC peak (nothing to discard there),
  // at least the smallest feasible budget.
  const double top = std::max(sweep.no_ac_peak_gib, sweep.min_feasible_budget_gib.value_or(0.0));
  const double from = options.from_gib.value_or(sweep.min_feasible_budget_gib.value_or(top));
  const double to = options.to_gib.value_or(top);
  if (!(from < to))
    throw InputError("budget sweep: the range is empty (from " + std::to_string(from) + " GiB to " +
                     std::to_string(to) + " GiB)");

  // The grid at the plain search (no optimum-first nodes, docs/sac.md): 21
  // points of it cost 17 % more CPU on a 1,005-module LLaMA-like sweep, and
  // the breakpoint search re-solves the grid at gap 0 anyway.
  SacSolveOptions grid_solve = options.solve;
  grid_solve.optimum_nodes = 0;
  sweep.points.resize(uz(options.points));
  ctx.note(parallel_for(sweep.points.size(), ctx.threads, [&](size_t p) {
    const double budget = p + 1 == sweep.points.size() ? to : from + (to - from) * p / (options.points - 1);
    sweep.points[p] = solve_point(ctx, budget, grid_solve, nullptr);
  }));
  repair_monotonicity(ctx, grid_solve, sweep.points);

  // Breakpoints between grid points whose unit sets differ (see the header).
  sweep.plan_changes = static_cast<int>(unit_set_changes(sweep.points).size());
  sweep.breakpoints_located = sweep.plan_changes == 0;
  if (!sweep.breakpoints_located && sweep.plan_changes <= options.max_breakpoints) {
    std::vector<SweepPoint> grid = sweep.points;  // the curve when the changes cannot all be located
    sweep.breakpoints_located = locate_breakpoints(ctx, options, to - from, sweep.points, sweep.plan_changes);
    if (!sweep.breakpoints_located) sweep.points = std::move(grid);
  }
  for (size_t p = 1; p < sweep.points.size(); ++p)
    if (costs_more(sweep.points[p].solution, sweep.points[p - 1].solution)) sweep.monotone = false;
  sweep.seconds = clock.elapsed_seconds();
  if (fewest_started.load() > 0)
    sweep.threads_started = static_cast<int>(fewest_started.load());
  else
    sweep.threads_started = ctx.threads;
  return sweep;
}

}  // namespace milpsac::model
