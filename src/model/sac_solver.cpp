// SAC planner pipeline (see sac_solver.h).
//
// Exactness of the budget: the solver accepts a row within its feasibility
// tolerance, so a plan at the budget can be a few hundred bytes over it in
// exact arithmetic (rounding ratios up usually absorbs that, but not when the
// ratios are already on the 4-decimal grid, e.g. 1). The evaluator catches it,
// and the model is solved again with its memory rows tightened by a margin
// (at least kBudgetMarginGiB, twice the excess). Normally one solve suffices.
#include "model/sac_solver.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "bnb/branch_and_bound.h"
#include "common/deadline.h"
#include "model/plan_evaluator.h"
#include "model/sac_formulation_ours.h"

namespace milpsac::model {
namespace {

constexpr int kMaxAttempts = 3;

bnb::MilpResult solve_model(const SacModel& model, const SacSolveOptions& options, const Deadline& deadline) {
  bnb::MilpResult solved;
  if (model.infeasible) {
    solved.status = bnb::MilpStatus::kInfeasible;
  } else if (model.lp.num_cols() == 0) {
    // Nothing to decide: the empty plan, and it fits (no constant row failed).
    solved.status = bnb::MilpStatus::kOptimal;
    solved.has_solution = true;
    solved.objective = solved.bound = solved.gap = 0.0;
    solved.x = Eigen::VectorXd(0);
  } else {
    bnb::MilpOptions milp;
    milp.relative_gap = options.relative_gap;
    milp.time_limit_seconds = std::max(0.0, deadline.remaining_seconds());
    solved = bnb::solve_milp(model.lp, milp);
  }
  return solved;
}

}  // namespace

SacSolution solve_sac(const ModuleInfo& info, const SacRequest& request, const SacSolveOptions& options) {
  validate_request(info, request);
  const Deadline deadline(options.time_limit_seconds);
  SacSolution solution;
  double margin = 0.0;
  long total_nodes = 0;
  for (int attempt = 1; attempt <= kMaxAttempts; ++attempt) {
    const SacModel model = build_sac_model(info, request, margin);
    const bnb::MilpResult solved = solve_model(model, options, deadline);
    solution = SacSolution{};
    solution.rows = model.lp.num_rows();
    solution.cols = model.lp.num_cols();
    total_nodes += solved.nodes;
    solution.nodes = total_nodes;
    solution.status = bnb::to_string(solved.status);
    solution.gap = solved.has_solution ? solved.gap : 0.0;
    solution.bound_ms = std::isfinite(solved.bound) ? std::max(0.0, solved.bound) : 0.0;
    if (!solved.has_solution) {
      if (solved.status == bnb::MilpStatus::kInfeasible)
        solution.min_budget = smallest_feasible_budget(info, request, std::max(1.0, deadline.remaining_seconds()));
      break;
    }
    solution.has_plan = true;
    solution.objective_ms = solved.objective;
    solution.plan = round_plan_up(extract_plan(model, solved.x));
    std::map<std::string, double> ratios;
    for (const AcDecision& d : solution.plan) ratios[info.modules[static_cast<size_t>(d.module)].fqn] = d.ratio;
    const PlanEvaluation evaluation = evaluate_plan(info, ratios, request);
    solution.recompute_ms = evaluation.total_recompute_ms;
    solution.peak_bytes = evaluation.peak_bytes;
    solution.violations = evaluation.violations;
    const double excess_gib = evaluation.peak_bytes / kBytesPerGiB - request.budget_gib;
    if (excess_gib <= 0 || attempt == kMaxAttempts || deadline.expired()) break;
    margin = std::max({kBudgetMarginGiB, 2.0 * margin, margin + 2.0 * excess_gib});
  }
  solution.seconds = deadline.elapsed_seconds();
  return solution;
}

}  // namespace milpsac::model
