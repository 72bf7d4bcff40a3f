// Request validation and the AC-unit eligibility rules (see sac_request.h).
#include "model/sac/sac_request.h"
#include "common/index.h"

#include <cmath>

#include "common/input_error.h"
#include "model/sac/baseline.h"

namespace milpsac::model {
namespace {

constexpr double kLargestRuntimeSumMs = 1e300;  // keep in step with the message below

void check_names(const ModuleInfo& info, const std::optional<std::vector<std::string>>& names,
                 const std::string& option) {
  if (!names) return;
  for (const std::string& fqn : *names)
    if (find_module(info, fqn) == -1) throw InputError(option + ": no module named '" + fqn + "' in the ModuleInfo");
}

}  // namespace

void validate_request(const ModuleInfo& info, const SacRequest& request) {
  if (!std::isfinite(request.budget_gib) || request.budget_gib <= 0)
    throw InputError("budget must be a positive number of GiB, got " + std::to_string(request.budget_gib));
  if (request.world_size < 1) throw InputError("world size must be >= 1, got " + std::to_string(request.world_size));
  check_names(info, request.ac_units, "ac_units");
  check_names(info, request.fsdp_units, "fsdp_units");
  check_memory_range(info);
  // Recompute times are summed over the units: the sum must be a number.
  double runtime_sum = 0.0;
  for (const ModStats& m : info.modules)
    if (!m.is_leaf) runtime_sum += std::fabs(m.sac_runtime);
  if (!(runtime_sum <= kLargestRuntimeSumMs))
    throw InputError(
        "sac_runtime: the sum over the non-leaf modules is not a number below 1e300 ms; "
        "runtimes that large are not supported");
}

std::vector<char> ac_candidates(const ModuleInfo& info, const SacRequest& request) {
  const size_t n = info.modules.size();
  std::vector<char> allowed(n, 0);
  for (size_t i = 0; i < n; ++i) allowed[i] = info.modules[i].is_leaf ? 0 : 1;
  if (request.ac_units && !request.ac_units->empty()) {  // empty: no restriction, as the seed
    std::vector<char> listed(n, 0);
    for (const std::string& fqn : *request.ac_units) {
      const int i = find_module(info, fqn);
      if (i >= 0) listed[uz(i)] = 1;
    }
    for (size_t i = 0; i < n; ++i) allowed[i] = static_cast<char>(allowed[i] && listed[i]);
  }
  if (request.fsdp_units) {
    // Every strict ancestor of an FSDP unit is excluded: walk up the parent links.
    for (const std::string& fqn : *request.fsdp_units) {
      const int unit = find_module(info, fqn);
      if (unit < 0) continue;
      for (int v = info.tree.parent[uz(unit)]; v != -1; v = info.tree.parent[uz(v)]) allowed[uz(v)] = 0;
    }
  }
  return allowed;
}

}  // namespace milpsac::model
