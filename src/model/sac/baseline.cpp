// Baseline peak memory and compute time (see baseline.h).
#include "model/sac/baseline.h"
#include "common/index.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "common/input_error.h"

namespace milpsac::model {
namespace {

constexpr long double kLargestMemorySum = 4611686018427387904.0L;  // 2^62 bytes

}  // namespace

void check_memory_range(const ModuleInfo& info) {
  if (info.modules.empty()) return;
  const long double params = std::fabs(static_cast<long double>(info.modules.front().param_per_module));
  for (const ModStats& m : info.modules) {
    const long double sum = params + std::fabs(static_cast<long double>(m.grad_total)) +
                            std::fabs(static_cast<long double>(m.act_grad_per_module)) +
                            std::fabs(static_cast<long double>(m.act_total));
    if (sum >= kLargestMemorySum)
      throw InputError("module '" + m.fqn +
                       "': param_per_module (of the root) + grad_total + act_grad_per_module + act_total "
                       "reaches 2^62 bytes; memory sums that large are not supported");
  }
}

std::int64_t baseline_memory_bytes(const ModuleInfo& info, int module) {
  const ModStats& m = info.modules[uz(module)];
  return info.modules.front().param_per_module + m.grad_total + m.act_grad_per_module + m.act_total;
}

Baseline compute_baseline(const ModuleInfo& info) {
  Baseline result;
  if (info.modules.empty()) return result;
  check_memory_range(info);
  const ModStats& root = info.modules.front();
  for (int i = 0; i < info.size(); ++i)
    result.peak_memory_bytes = std::max(result.peak_memory_bytes, baseline_memory_bytes(info, i));
  result.compute_time_ms = root.fw_runtime_per_module + root.bw_runtime_per_module;
  if (!std::isfinite(result.compute_time_ms))
    throw InputError("module '" + root.fqn +
                     "': fw_runtime_per_module + bw_runtime_per_module is not a finite number of ms");
  return result;
}

}  // namespace milpsac::model
