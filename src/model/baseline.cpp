// Baseline peak memory and compute time (see baseline.h).
#include "model/baseline.h"

#include <algorithm>

namespace milpsac::model {

Baseline compute_baseline(const ModuleInfo& info) {
  Baseline result;
  if (info.modules.empty()) return result;
  const ModStats& root = info.modules.front();
  for (const ModStats& m : info.modules)
    result.peak_memory_bytes =
        std::max(result.peak_memory_bytes,
                 root.param_per_module + m.grad_total + m.act_grad_per_module + m.act_total);
  result.compute_time_ms = root.fw_runtime_per_module + root.bw_runtime_per_module;
  return result;
}

}  // namespace milpsac::model
