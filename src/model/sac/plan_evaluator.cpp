// Plan evaluation (see plan_evaluator.h). Sums are taken in long double so
// that the peak of a plan is exact to well below a byte.
#include "model/sac/plan_evaluator.h"
#include "common/index.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <unordered_map>

namespace milpsac::model {
namespace {

bool starts_with_scope(const std::string& inner, const std::string& outer) {
  return inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0 && inner[outer.size()] == '.';
}

std::string format(double value) {
  std::ostringstream out;
  out.precision(10);
  out << value;
  return out.str();
}

void add(PlanEvaluation& result, const char* rule, const std::string& module, const std::string& message) {
  result.violations.push_back(message);
  result.broken_rules.push_back({rule, module, message});
}

}  // namespace

PlanEvaluation evaluate_plan(const ModuleInfo& info, const std::map<std::string, double>& ratios,
                             const SacRequest& request, double ratio_slack) {
  const size_t n = info.modules.size();
  PlanEvaluation result;
  result.discarded_bytes.assign(n, 0.0);
  result.memory_bytes.assign(n, 0.0);
  result.recompute_ms.assign(n, 0.0);

  std::unordered_map<std::string, size_t> by_name;
  for (size_t i = 0; i < n; ++i) by_name.emplace(info.modules[i].fqn, i);

  // Per AC unit: rules, discarded memory, recompute time.
  for (const auto& [fqn, ratio] : ratios) {
    auto found = by_name.find(fqn);
    if (found == by_name.end()) {
      add(result, "unknown_module", fqn, "'" + fqn + "' is not a module");
      continue;
    }
    const size_t i = found->second;
    const ModStats& m = info.modules[i];
    if (m.is_leaf) add(result, "leaf_module", fqn, "'" + fqn + "' is a leaf module");
    const long double ia = m.act_fw_per_module;
    const long double acm = std::max<long double>(m.sac_memory, ia);
    const long double lowest = acm > 0 ? (acm - ia) / acm : 0.0L;
    if (!(ratio >= 0.0 && ratio <= 1.0))
      add(result, "ratio_range", fqn, "'" + fqn + "': ratio " + format(ratio) + " outside [0, 1]");
    else if (static_cast<long double>(ratio) < lowest - ratio_slack)
      add(result, "ratio_below_minimum", fqn,
          "'" + fqn + "': ratio " + format(ratio) + " below " + format(static_cast<double>(lowest)) +
              ", the smallest ratio sac_milp allows: (sac_memory - act_fw_per_module) / sac_memory of the "
              "module's activations are not kept without AC, so discarding them frees nothing");
    if (request.ac_units && !request.ac_units->empty() &&
        std::find(request.ac_units->begin(), request.ac_units->end(), fqn) == request.ac_units->end())
      add(result, "not_in_ac_units", fqn, "'" + fqn + "' is not in ac_units");
    if (request.fsdp_units)
      for (const std::string& unit : *request.fsdp_units)
        if (starts_with_scope(unit, fqn))
          add(result, "contains_fsdp_unit", fqn, "'" + fqn + "' contains the FSDP unit '" + unit + "'");
    for (const auto& other : ratios)
      if (starts_with_scope(other.first, fqn))
        add(result, "nested", other.first, "AC unit '" + other.first + "' is nested in AC unit '" + fqn + "'");

    result.discarded_bytes[i] = static_cast<double>(acm * ratio - (acm - ia));
    double fraction = 0.0;
    for (int s = 0; s < m.n_segments; ++s) fraction = std::max(fraction, m.slopes[uz(s)] * ratio + m.intercepts[uz(s)]);
    result.recompute_ms[i] = m.sac_runtime * fraction;
    result.total_recompute_ms += result.recompute_ms[i];
  }

  // Memory at each module: walk fw_post_order, discarding as units finish.
  const long double params = info.modules.empty() ? 0.0L : info.modules.front().param_per_module;
  long double discarded_so_far = 0.0L;
  result.peak_bytes = -INFINITY;
  for (const std::string& fqn : info.order.fw_post_order) {
    const size_t i = by_name.at(fqn);
    const ModStats& m = info.modules[i];
    const long double memory = static_cast<long double>(m.act_total) + m.act_grad_per_module - discarded_so_far +
                               (params + m.grad_total) / static_cast<long double>(request.world_size);
    result.memory_bytes[i] = static_cast<double>(memory);
    if (result.memory_bytes[i] > result.peak_bytes) {
      result.peak_bytes = result.memory_bytes[i];
      result.peak_module = static_cast<int>(i);
    }
    discarded_so_far += result.discarded_bytes[i];
  }
  const long double budget_bytes = static_cast<long double>(request.budget_gib) * 1073741824.0L;
  if (result.peak_bytes > budget_bytes)
    add(result, "budget", "",
        "peak memory " + format(result.peak_bytes) + " bytes at '" + info.modules[uz(result.peak_module)].fqn +
            "' exceeds the budget of " + format(static_cast<double>(budget_bytes)) + " bytes by " +
            format(static_cast<double>(result.peak_bytes - budget_bytes)) + " bytes");
  return result;
}

}  // namespace milpsac::model
