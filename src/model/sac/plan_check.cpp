// The check of a plan made elsewhere (see plan_check.h).
#include "model/sac/plan_check.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "common/input_error.h"

namespace milpsac::model {

PlanCheck check_plan(const ModuleInfo& info, const PlanInput& input, const SacRequest& request) {
  SacRequest checked = request;
  // validate_request wants a budget; +infinity means "none" here, and every other check still applies.
  if (std::isinf(request.budget_gib) && request.budget_gib > 0) checked.budget_gib = 1.0;
  validate_request(info, checked);

  std::map<std::string, double> ratios;
  for (const auto& [fqn, ratio] : input.decisions)
    if (!ratios.emplace(fqn, ratio).second) throw InputError("module '" + fqn + "' appears twice in the plan");

  PlanCheck check;
  check.evaluation = evaluate_plan(info, ratios, request, kSacMilpRatioSlack);
  check.violations = input.violations;
  check.violations.insert(check.violations.end(), check.evaluation.broken_rules.begin(),
                          check.evaluation.broken_rules.end());
  for (const auto& [fqn, ratio] : ratios)
    if (const int i = find_module(info, fqn); i >= 0) check.plan.push_back({i, ratio});
  std::sort(check.plan.begin(), check.plan.end(),
            [](const AcDecision& a, const AcDecision& b) { return a.module < b.module; });
  check.timeline = memory_timeline(info, check.plan, check.evaluation);
  check.no_ac_peak_bytes = evaluate_plan(info, {}, request).peak_bytes;
  check.baseline = compute_baseline(info);
  return check;
}

}  // namespace milpsac::model
