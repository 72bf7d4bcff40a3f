// The check of a plan made elsewhere (`milp-sac evaluate`, Python's
// evaluate_plan): the plan as read (plan_reader.h) goes through the library's
// one plan evaluator (plan_evaluator.h) and memory timeline, so the peak and
// recompute time reported are the ones `milp-sac sac` reports for its own
// plans, computed the same way. Nothing here evaluates memory by itself.
//
// "True peak" is max_i m_i of the evaluator with the ratios exactly as given
// (docs/sac.md). PyTorch's sac_milp returns instead its max_m variable, which
// only bounds the m_i of its unrounded ratios from above (it can sit anywhere
// up to the budget) and then rounds the ratios to nearest 4 decimals; see
// docs/cli.md#evaluate for how far the two may differ.
#pragma once

#include <vector>

#include "model/sac/ac_plan.h"
#include "model/sac/baseline.h"
#include "model/sac/memory_timeline.h"
#include "model/sac/module_info.h"
#include "model/sac/plan_evaluator.h"
#include "model/sac/plan_reader.h"
#include "model/sac/sac_request.h"

namespace milpsac::model {

// How far below a unit's lowest meaningful ratio a plan may be: half a unit of
// the fourth decimal, the rounding of sac_milp's ratios (round(r, 4)), so its
// own plans are never refused for it.
inline constexpr double kSacMilpRatioSlack = 5e-5;

struct PlanCheck {
  AcPlan plan;                            // the decisions on modules of the ModuleInfo, in module order
  PlanEvaluation evaluation;              // the evaluator's figures for the whole plan
  std::vector<PlanViolation> violations;  // the reader's (not_binary), then the evaluator's
  MemoryTimeline timeline;
  double no_ac_peak_bytes = 0.0;  // the same step without AC, parameters and gradients over world_size ranks
  Baseline baseline;              // without FSDP or AC (`milp-sac baseline`)

  bool ok() const { return violations.empty(); }
};

// request.budget_gib = +infinity checks no budget. Throws InputError as
// validate_request does (world size, unknown ac_units / fsdp_units, memory
// sums out of range).
PlanCheck check_plan(const ModuleInfo& info, const PlanInput& input, const SacRequest& request);

}  // namespace milpsac::model
