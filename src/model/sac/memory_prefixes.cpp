// Grouping of the memory rows by prefix (see memory_prefixes.h).
#include "model/sac/memory_prefixes.h"
#include "common/index.h"

#include <algorithm>

#include "lp/linear_program.h"

namespace milpsac::model {

MemoryPrefixes memory_prefixes(const ModuleInfo& info, const std::vector<char>& candidate, int world_size) {
  const auto u = [](int i) { return uz(i); };
  MemoryPrefixes result;
  for (int i = 0; i < info.size(); ++i)
    if (candidate[u(i)]) result.units_by_post.push_back(i);
  std::sort(result.units_by_post.begin(), result.units_by_post.end(),
            [&](int a, int b) { return info.fw_post_position[u(a)] < info.fw_post_position[u(b)]; });
  std::vector<int> unit_positions;
  for (int j : result.units_by_post) unit_positions.push_back(info.fw_post_position[u(j)]);

  const size_t groups = result.units_by_post.size() + 1;
  result.need_gib.assign(groups, -lp::kInfinity);
  result.cap_gib.assign(groups, lp::kInfinity);
  const double params = static_cast<double>(info.modules.front().param_per_module);
  for (int i = 0; i < info.size(); ++i) {
    const ModStats& m = info.modules[u(i)];
    const size_t k = uz(std::lower_bound(unit_positions.begin(), unit_positions.end(), info.fw_post_position[u(i)]) -
                        unit_positions.begin());
    const double activations = static_cast<double>(m.act_total) + static_cast<double>(m.act_grad_per_module);
    const double need = activations + (params + static_cast<double>(m.grad_total)) / world_size;
    result.need_gib[k] = std::max(result.need_gib[k], need / kBytesPerGiB);
    result.cap_gib[k] = std::min(result.cap_gib[k], activations / kBytesPerGiB);
  }

  result.max_discard_gib.assign(groups, 0.0);
  for (size_t k = 1; k < groups; ++k)
    result.max_discard_gib[k] =
        result.max_discard_gib[k - 1] +
        static_cast<double>(info.modules[u(result.units_by_post[k - 1])].act_fw_per_module) / kBytesPerGiB;
  return result;
}

}  // namespace milpsac::model
