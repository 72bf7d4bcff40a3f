// SAC planner pipeline (see sac_solver.h).
//
// Exactness of the budget: the solver accepts a row within its feasibility
// tolerance, so a plan at the budget can be a few hundred bytes over it in
// exact arithmetic (rounding ratios up usually absorbs that, but not when the
// ratios are already on the 4-decimal grid, e.g. 1). The evaluator catches it,
// and the model is solved again with its memory rows tightened by a margin
// (at least kBudgetMarginGiB, twice the excess). Normally one solve suffices.
//
// How hard to search: at a requested gap above kCloseGap (the default 0.05)
// the search first aims at kCloseGap for a few nodes (optimum_first below):
// at 0.05 it stopped on plans up to 4.7 % above the optimum that a few more
// nodes find (docs/sac.md, "The optimum by default").
//
// Which plan is reported: the search's incumbent, which starts as the better
// of the greedy plan and the warm start. "found_by" is "heuristic" when the
// search ended on that starting point (its value not improved), else "search".
#include "model/sac/sac_solver.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "bnb/branch_and_bound.h"
#include "common/deadline.h"
#include "common/index.h"

namespace milpsac::model {
namespace {

constexpr int kMaxAttempts = 3;
// Past this many nonzeros in A the model is not handed to the search and the
// greedy plan is reported with status "model_too_large" (docs/sac.md). This is
// about time, not memory: the chain formulation of 8,000 LLaMA-like modules
// (1.8e6 nonzeros) does not finish its root LP in 10 s. The default cumulative
// formulation stays far below (8,000 modules: 25,201 nonzeros).
constexpr double kLargestNonzeros = 1e6;

bool too_large_for_lp(const SacModel& model) { return static_cast<double>(model.lp.A.nonZeros()) > kLargestNonzeros; }
// The search's value counts as the starting point's when within this (relative).
constexpr double kSameValue = 1e-9;

struct Start {
  Eigen::VectorXd x;
  double value = INFINITY;  // in the model's objective unit
};

// The better of the greedy plan and the warm start, as a point of the model.
Start starting_point(const ModuleInfo& info, const SacRequest& request, const SacSolveOptions& options,
                     const SacModel& model, double margin) {
  Start start;
  auto consider = [&](const HeuristicPlan& plan) {
    Eigen::VectorXd x = heuristic_point(info, model, plan);
    if (x.size() != model.lp.num_cols()) return;
    const double value = model.lp.c.dot(x);
    if (value < start.value) {
      start.x = std::move(x);
      start.value = value;
    }
  };
  if (options.use_heuristic) consider(greedy_sac_plan(info, request, margin));
  if (options.warm_start && options.warm_start->found) consider(*options.warm_start);
  return start;
}

// The search at kCloseGap for at most options.optimum_nodes nodes, then,
// only if that left the gap above the requested one, at the requested gap
// from the best plan so far (a second root: rare, see docs/sac.md). A node
// limit at or below the requested gap is reported as gap_limit: what was
// asked for is proven, and the gap and bound are those of this search.
bnb::MilpResult optimum_first(const SacModel& model, bnb::MilpOptions milp, const SacSolveOptions& options) {
  if (options.optimum_nodes <= 0 || !(options.relative_gap > kCloseGap)) return bnb::solve_milp(model.lp, milp);
  bnb::MilpOptions close = milp;
  close.relative_gap = kCloseGap;
  close.node_limit = options.optimum_nodes;
  bnb::MilpResult solved = bnb::solve_milp(model.lp, close);
  if (solved.status != bnb::MilpStatus::kNodeLimit) return solved;
  // The node limit: the plan stands when its gap is within the quality the
  // default promises (kQualityGap), else the search goes on to that gap (or
  // the requested one, when it asks for less).
  const double target = std::min(options.relative_gap, kQualityGap);
  if (solved.has_solution && solved.gap <= target) {
    solved.status = bnb::MilpStatus::kGapLimit;
    return solved;
  }
  milp.relative_gap = target;
  if (solved.has_solution) milp.initial_solution = solved.x;
  const long nodes = solved.nodes;
  solved = bnb::solve_milp(model.lp, milp);
  solved.nodes += nodes;
  return solved;
}

bnb::MilpResult solve_model(const SacModel& model, const Start& start, const SacSolveOptions& options,
                            const Deadline& deadline) {
  bnb::MilpResult solved;
  if (model.infeasible) {
    solved.status = bnb::MilpStatus::kInfeasible;
  } else if (model.lp.num_cols() == 0) {
    // Nothing to decide: the empty plan, and it fits (no constant row failed).
    solved.status = bnb::MilpStatus::kOptimal;
    solved.has_solution = true;
    solved.objective = solved.bound = solved.gap = 0.0;
    solved.x = Eigen::VectorXd(0);
  } else if (too_large_for_lp(model) || deadline.expired()) {
    // No search: the starting point is all there is, with the bound t >= 0.
    solved.status = deadline.expired() ? bnb::MilpStatus::kTimeLimit : bnb::MilpStatus::kNodeLimit;
    solved.has_solution = start.x.size() == model.lp.num_cols();
    solved.objective = start.value;
    solved.bound = 0.0;
    solved.gap = 1.0;
    solved.x = start.x;
  } else {
    bnb::MilpOptions milp;
    milp.relative_gap = options.relative_gap;
    milp.deadline = &deadline;
    milp.initial_solution = start.x;
    milp.progress = options.progress;
    milp.progress_interval_seconds = options.progress_interval_seconds;
    solved = optimum_first(model, milp, options);
    // A limit hit before the root LP finished proves nothing beyond t >= 0.
    if (solved.status == bnb::MilpStatus::kTimeLimit && solved.nodes == 0) solved.bound = 0.0;
  }
  return solved;
}

HeuristicPlan point_of(const ModuleInfo& info, const SacModel& model, const Eigen::VectorXd& x) {
  HeuristicPlan point;
  if (model.time_col.empty()) return point;  // pairwise-bigm: no d columns to read
  point.found = true;
  point.unit.assign(info.modules.size(), 0);
  point.discard_gib.assign(info.modules.size(), 0.0);
  for (size_t i = 0; i < model.y_col.size(); ++i) {
    if (model.y_col[i] < 0 || x(model.y_col[i]) <= 0.5) continue;
    point.unit[i] = 1;
    point.discard_gib[i] = std::max(0.0, x(model.ratio_col[i]));
    point.recompute_ms += unit_recompute_ms(info.modules[i], point.discard_gib[i]);
  }
  return point;
}

}  // namespace

SacSolution solve_sac(const ModuleInfo& info, const SacRequest& request, const SacSolveOptions& options) {
  validate_request(info, request);
  const Deadline deadline = Deadline::of_caller(options.deadline);
  SacSolution solution;
  double margin = 0.0;
  long total_nodes = 0;
  for (int attempt = 1; attempt <= kMaxAttempts; ++attempt) {
    const SacModel model = build_sac_model(info, request, options.formulation, margin, options.twin_counts);
    const Start start = starting_point(info, request, options, model, margin);
    const bnb::MilpResult solved = solve_model(model, start, options, deadline);
    solution = SacSolution{};
    solution.rows = model.lp.num_rows();
    solution.cols = model.lp.num_cols();
    total_nodes += solved.nodes;
    solution.nodes = total_nodes;
    solution.status = sac_status(solved.status);
    if (!model.infeasible && too_large_for_lp(model) && !deadline.expired())
      solution.status = SacStatus::kModelTooLarge;
    if (!solved.has_solution) {
      if (solved.status == bnb::MilpStatus::kInfeasible)
        // The diagnostic gets at least a second even past the limit (as
        // before), but stops at once on an interrupt: the flag is carried.
        solution.min_budget = smallest_feasible_budget(
            info, request, Deadline(std::max(1.0, deadline.remaining_seconds()), deadline.interrupt_flag()));
      break;
    }
    const double unit = model.objective_unit_ms;
    solution.has_plan = true;
    solution.objective_ms = solved.objective * unit;
    solution.bound_ms = std::isfinite(solved.bound) ? std::max(0.0, solved.bound * unit) : 0.0;
    solution.bound_ms = std::min(solution.bound_ms, solution.objective_ms);
    solution.gap = bnb::relative_gap(solved.objective, std::min(solved.objective, solution.bound_ms / unit));
    const bool from_start = std::isfinite(start.value) &&
                            solved.objective >= start.value - kSameValue * std::max(1.0, std::fabs(start.value));
    solution.found_by = from_start ? "heuristic" : "search";
    solution.point = point_of(info, model, solved.x);
    solution.plan = round_plan_up(extract_plan(model, solved.x));
    std::map<std::string, double> ratios;
    for (const AcDecision& d : solution.plan) ratios[info.modules[uz(d.module)].fqn] = d.ratio;
    solution.evaluation = evaluate_plan(info, ratios, request);
    solution.recompute_ms = solution.evaluation.total_recompute_ms;
    solution.peak_bytes = solution.evaluation.peak_bytes;
    solution.violations = solution.evaluation.violations;
    const double excess_gib = solution.evaluation.peak_bytes / kBytesPerGiB - request.budget_gib;
    if (excess_gib <= 0 || attempt == kMaxAttempts || deadline.expired()) break;
    margin = std::max({kBudgetMarginGiB, 2.0 * margin, margin + 2.0 * excess_gib});
  }
  solution.seconds = deadline.elapsed_seconds();
  return solution;
}

}  // namespace milpsac::model
