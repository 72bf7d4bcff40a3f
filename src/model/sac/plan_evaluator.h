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

struct PlanEvaluation {
  std::vector<double> discarded_bytes;  // per module (fw_pre_order)
  std::vector<double> memory_bytes;     // m_i per module
  std::vector<double> recompute_ms;     // per module
  double peak_bytes = 0.0;
  int peak_module = -1;
  double total_recompute_ms = 0.0;
  std::vector<std::string> violations;  // empty when the plan is valid and fits the budget

  bool ok() const { return violations.empty(); }
};

// ratios: fqn -> fraction discarded, for the AC units of the plan.
PlanEvaluation evaluate_plan(const ModuleInfo& info, const std::map<std::string, double>& ratios,
                             const SacRequest& request);

}  // namespace milpsac::model
