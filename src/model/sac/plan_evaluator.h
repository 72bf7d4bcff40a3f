// Independent check of a module-level SAC plan: from the ratios alone and the
// raw ModuleInfo numbers, recompute what the plan discards, the memory at
// every module, the true peak and the recompute time, and list every rule it
// breaks. Written apart from the formulations on purpose (string prefix tests
// instead of the module tree, its own post-order walk, no LP): a bug in a
// builder cannot hide in here too. Everything is in bytes and milliseconds.
//
//   d_i = ACM_i r_i - (ACM_i - IA_i)                 (AC units; 0 otherwise)
//   m_i = TA_i + AG_i - sum_{j before i in fw_post_order} d_j + (P + TG_i)/W
//   peak = max_i m_i
//   recompute = sum over AC units of ACT_i max(0, max_s slope_s r_i + intercept_s)
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/sac/module_info.h"
#include "model/sac/sac_request.h"

namespace milpsac::model {

// One broken rule: `rule` is a fixed word (unknown_module, leaf_module,
// ratio_range, ratio_below_minimum, not_in_ac_units, contains_fsdp_unit,
// nested, budget; docs/json.md#evaluate), `module` the fqn it is about (empty
// for the budget), `message` the sentence also kept in `violations`.
struct PlanViolation {
  std::string rule;
  std::string module;
  std::string message;
};

struct PlanEvaluation {
  std::vector<double> discarded_bytes;  // per module (fw_pre_order)
  std::vector<double> memory_bytes;     // m_i per module
  std::vector<double> recompute_ms;     // per module
  double peak_bytes = 0.0;
  int peak_module = -1;
  double total_recompute_ms = 0.0;
  std::vector<std::string> violations;      // empty when the plan is valid and fits the budget
  std::vector<PlanViolation> broken_rules;  // the same, one per message, with its rule and module

  bool ok() const { return violations.empty(); }
};

// The default slack below a unit's lowest meaningful ratio (ACM - IA) / ACM:
// solver round-off only.
inline constexpr double kRatioSlack = 1e-9;

// ratios: fqn -> fraction discarded, for the AC units of the plan. A ratio
// below the unit's lowest meaningful ratio by more than `ratio_slack` breaks
// the rule ratio_below_minimum (`milp-sac evaluate` allows half a unit of the
// fourth decimal, the rounding of PyTorch's sac_milp). A budget of +infinity
// checks no budget.
PlanEvaluation evaluate_plan(const ModuleInfo& info, const std::map<std::string, double>& ratios,
                             const SacRequest& request, double ratio_slack = kRatioSlack);

}  // namespace milpsac::model
