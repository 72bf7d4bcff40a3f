// The module-level SAC planner end to end: build our formulation, solve it with
// our branch-and-bound, read the plan, round its ratios up, re-check it with
// the independent evaluator, and when no plan fits find the smallest budget
// that would work. No output formatting here (that is apps/cmd_sac.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/ac_plan.h"
#include "model/module_info.h"
#include "model/sac_min_budget.h"
#include "model/sac_request.h"

namespace milpsac::model {

struct SacSolveOptions {
  double relative_gap = 0.05;         // the seed's setting
  double time_limit_seconds = 180.0;  // the seed's setting
};

struct SacSolution {
  std::string status;                 // optimal, gap_limit, time_limit, node_limit, infeasible, ...
  bool has_plan = false;
  AcPlan plan;                        // ratios rounded up to 4 decimals
  double objective_ms = 0.0;          // the solver's incumbent (ratios as solved)
  double recompute_ms = 0.0;          // of the reported plan, by the evaluator
  double peak_bytes = 0.0;            // true peak of the reported plan, by the evaluator
  double bound_ms = 0.0;              // proven lower bound on the recompute time
  double gap = 0.0;
  long nodes = 0;
  double seconds = 0.0;
  std::vector<std::string> violations;  // evaluator's findings on the reported plan
  std::optional<MinBudget> min_budget;  // when the budget is infeasible
  int rows = 0;                        // size of the model solved
  int cols = 0;
};

// Throws InputError on a bad request (see validate_request).
SacSolution solve_sac(const ModuleInfo& info, const SacRequest& request, const SacSolveOptions& options);

}  // namespace milpsac::model
