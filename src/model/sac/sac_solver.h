// The module-level SAC planner end to end: a greedy plan first (always a plan
// when the greedy finds one), then the chosen formulation solved by our
// branch-and-bound with that plan as its first incumbent; the plan read off,
// its ratios rounded up, re-checked by the independent evaluator; when no
// plan fits, the smallest budget that would work. No output formatting here
// (that is apps/cmd_sac.cpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bnb/milp_types.h"
#include "common/options.h"
#include "model/sac/ac_plan.h"
#include "model/sac/module_info.h"
#include "model/sac/plan_evaluator.h"
#include "model/sac/sac_formulation.h"
#include "model/sac/sac_heuristic.h"
#include "model/sac/sac_min_budget.h"
#include "model/sac/sac_request.h"
#include "model/sac/sac_status.h"

namespace milpsac::model {

// The gap the default search aims at first (relative): well inside the
// 0.5 % that issue 24 allows above the optimum.
inline constexpr double kCloseGap = 1e-3;
// What a search that ran out of those nodes goes on to (relative gap), when
// the requested gap is wider: issue 24's 0.5 % above the optimum, proven.
inline constexpr double kQualityGap = 5e-3;
// Nodes allowed for that first search (see SacSolveOptions::optimum_nodes).
inline constexpr long kOptimumNodes = 30;

struct SacSolveOptions {
  double relative_gap = options::kSacGap.default_value;  // the reference's setting
  // The caller's clock (not owned; null: no limit; the sac doors,
  // model/sac/sac_job.h, build it from their time limit): the solve ends no
  // later than it and stops promptly once its interrupt flag is raised.
  const Deadline* deadline = nullptr;
  SacFormulation formulation = kDefaultFormulation;
  bool use_heuristic = true;  // offer the greedy plan to the search
  // Twin-count columns in the model (sac_formulation.h): same optimum, far
  // fewer nodes at gap 0 on models with repeated layers.
  bool twin_counts = true;
  // The optimum first, when it is cheap (docs/sac.md): with relative_gap
  // above kCloseGap, the search first aims at kCloseGap for at most this
  // many nodes, and only when that does not reach relative_gap does it go
  // on at relative_gap. A count, not a clock: the same input gives the same
  // plan. 0: straight to relative_gap.
  long optimum_nodes = kOptimumNodes;
  // A plan known to fit this request (e.g. the optimum at a smaller budget),
  // offered to the search with the greedy one; the better is kept.
  std::optional<HeuristicPlan> warm_start;
  // Handed to the branch-and-bound's MilpOptions (progress of the search; the
  // library never prints). Unset: no reports.
  std::function<void(const bnb::MilpProgress&)> progress;
  double progress_interval_seconds = 5.0;
};

struct SacSolution {
  SacStatus status = SacStatus::kOptimal;  // to_string gives the output word
  bool has_plan = false;
  std::string found_by;       // "heuristic" or "search" (with a plan)
  AcPlan plan;                // ratios rounded up to 4 decimals
  HeuristicPlan point;        // the plan as solved (units and discards, not rounded)
  double objective_ms = 0.0;  // the solver's incumbent (ratios as solved)
  double recompute_ms = 0.0;  // of the reported plan, by the evaluator
  double peak_bytes = 0.0;    // true peak of the reported plan, by the evaluator
  double bound_ms = 0.0;      // proven lower bound on the recompute time
  double gap = 0.0;
  long nodes = 0;
  double seconds = 0.0;
  PlanEvaluation evaluation;            // the evaluator's verdict on the reported plan
  std::vector<std::string> violations;  // = evaluation.violations
  std::optional<MinBudget> min_budget;  // when the budget is infeasible
  int rows = 0;                         // size of the model solved
  int cols = 0;
};

// Throws InputError on a bad request (see validate_request).
SacSolution solve_sac(const ModuleInfo& info, const SacRequest& request, const SacSolveOptions& options);

}  // namespace milpsac::model
