// Minimum-peak solve (see sac_min_budget.h).
#include "model/sac/sac_min_budget.h"

#include <cmath>

#include "bnb/branch_and_bound.h"
#include "model/sac/sac_formulation.h"

namespace milpsac::model {

MinBudget smallest_feasible_budget(const ModuleInfo& info, const SacRequest& request, const Deadline& deadline) {
  const SacModel model = build_min_peak_model(info, request);
  MinBudget result;
  if (model.infeasible) {
    result.status = "infeasible";
    return result;
  }
  bnb::MilpOptions options;
  options.relative_gap = 0.0;
  options.deadline = &deadline;
  const bnb::MilpResult solved = bnb::solve_milp(model.lp, options);
  result.status = bnb::to_string(solved.status);
  if (!solved.has_solution) return result;
  result.found = true;
  result.proven = solved.status == bnb::MilpStatus::kOptimal;
  result.peak_gib = solved.objective;
  result.bound_gib = std::isfinite(solved.bound) ? solved.bound : 0.0;
  result.suggested_gib = std::ceil((result.peak_gib + kBudgetMarginGiB) * 1e5 - 1e-6) / 1e5;
  return result;
}

}  // namespace milpsac::model
