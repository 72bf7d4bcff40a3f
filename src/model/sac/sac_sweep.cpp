// Budget sweep (see sac_sweep.h).
#include "model/sac/sac_sweep.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "common/deadline.h"
#include "common/input_error.h"
#include "model/sac/baseline.h"

namespace milpsac::model {
namespace {

// A later point may cost this much more (ms, relative) than an earlier one and
// still count as non-increasing: the rounding of ratios to 4 decimals.
constexpr double kMonotoneSlack = 1e-9;

bool costs_more(const SacSolution& later, const SacSolution& earlier) {
  if (!later.has_plan || !earlier.has_plan) return false;
  return later.recompute_ms > earlier.recompute_ms + kMonotoneSlack * std::max(1.0, earlier.recompute_ms);
}

// The earlier point's plan reported at this budget (it fits: budgets increase).
SacSolution carried_over(const ModuleInfo& info, const SacRequest& request, const SacSolution& earlier) {
  SacSolution solution = earlier;
  std::map<std::string, double> ratios;
  for (const AcDecision& d : solution.plan) ratios[info.modules[static_cast<size_t>(d.module)].fqn] = d.ratio;
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

  const Deadline clock;
  Sweep sweep;
  sweep.no_ac_peak_gib = no_ac_peak_gib(info, request.world_size);
  sweep.baseline_peak_gib = static_cast<double>(compute_baseline(info).peak_memory_bytes) / kBytesPerGiB;
  const MinBudget min = smallest_feasible_budget(info, request, options.solve.time_limit_seconds);
  if (min.found) {
    sweep.min_feasible_budget_gib = min.suggested_gib;
    sweep.min_feasible_proven = min.proven;
  }
  // The top of the default range: the no-AC peak (nothing to discard there),
  // at least the smallest feasible budget.
  const double top = std::max(sweep.no_ac_peak_gib, sweep.min_feasible_budget_gib.value_or(0.0));
  const double from = options.from_gib.value_or(sweep.min_feasible_budget_gib.value_or(top));
  const double to = options.to_gib.value_or(top);
  if (!(from < to))
    throw InputError("budget sweep: the range is empty (from " + std::to_string(from) + " GiB to " +
                     std::to_string(to) + " GiB)");

  sweep.points.reserve(static_cast<size_t>(options.points));
  const SacSolution* previous = nullptr;
  for (int p = 0; p < options.points; ++p) {
    SweepPoint point;
    point.budget_gib = p + 1 == options.points ? to : from + (to - from) * p / (options.points - 1);
    SacRequest at = request;
    at.budget_gib = point.budget_gib;
    SacSolveOptions solve = options.solve;
    if (previous && previous->has_plan) solve.warm_start = previous->point;
    point.solution = solve_sac(info, at, solve);
    if (previous && costs_more(point.solution, *previous)) {
      point.repaired = true;
      solve.relative_gap = 0.0;
      point.solution = solve_sac(info, at, solve);
      if (costs_more(point.solution, *previous)) point.solution = carried_over(info, at, *previous);
    }
    sweep.points.push_back(std::move(point));
    previous = &sweep.points.back().solution;
  }
  for (size_t p = 1; p < sweep.points.size(); ++p)
    if (costs_more(sweep.points[p].solution, sweep.points[p - 1].solution)) sweep.monotone = false;
  sweep.seconds = clock.elapsed_seconds();
  return sweep;
}

}  // namespace milpsac::model
