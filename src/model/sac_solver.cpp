// SAC planner pipeline (see sac_solver.h).
#include "model/sac_solver.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "bnb/branch_and_bound.h"
#include "common/deadline.h"
#include "model/plan_evaluator.h"
#include "model/sac_formulation_ours.h"

namespace milpsac::model {

SacSolution solve_sac(const ModuleInfo& info, const SacRequest& request, const SacSolveOptions& options) {
  validate_request(info, request);
  const Deadline deadline(options.time_limit_seconds);
  const SacModel model = build_sac_model(info, request);

  SacSolution solution;
  solution.rows = model.lp.num_rows();
  solution.cols = model.lp.num_cols();
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
    milp.time_limit_seconds = options.time_limit_seconds;
    solved = bnb::solve_milp(model.lp, milp);
  }
  solution.status = bnb::to_string(solved.status);
  solution.nodes = solved.nodes;
  solution.gap = solved.has_solution ? solved.gap : 0.0;
  solution.bound_ms = std::isfinite(solved.bound) ? std::max(0.0, solved.bound) : 0.0;

  if (solved.has_solution) {
    solution.has_plan = true;
    solution.objective_ms = solved.objective;
    solution.plan = round_plan_up(extract_plan(model, solved.x));
    std::map<std::string, double> ratios;
    for (const AcDecision& d : solution.plan) ratios[info.modules[static_cast<size_t>(d.module)].fqn] = d.ratio;
    const PlanEvaluation evaluation = evaluate_plan(info, ratios, request);
    solution.recompute_ms = evaluation.total_recompute_ms;
    solution.peak_bytes = evaluation.peak_bytes;
    solution.violations = evaluation.violations;
  } else if (solved.status == bnb::MilpStatus::kInfeasible) {
    const double remaining = std::max(1.0, deadline.remaining_seconds());
    solution.min_budget = smallest_feasible_budget(info, request, remaining);
  }
  solution.seconds = deadline.elapsed_seconds();
  return solution;
}

}  // namespace milpsac::model
