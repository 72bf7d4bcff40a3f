// The memory side of the SAC model, grouped by what each module can see.
//
// m_i = TA_i + AG_i - sum_{j finished before i} d_j + (P + TG_i)/W, and only
// AC units discard (d_j > 0). Ordered by fw_post_order, the candidate units
// finished before module i are a prefix of the candidates (the first k, k =
// the number of candidates with a smaller fw_post_order position), so every
// memory row of the seed is "the sum of d over prefix k" against a constant,
// and modules with the same k can share one row:
//   need_k - budget <= sum_{j in prefix k} d_j <= cap_k
// with need_k the largest TA + AG + (P + TG)/W and cap_k the smallest TA + AG
// (the seed's a_i >= 0) over the modules that see prefix k.
#pragma once

#include <vector>

#include "model/sac/module_info.h"

namespace milpsac::model {

struct MemoryPrefixes {
  std::vector<int> units_by_post;  // candidate modules in fw_post_order
  // Indexed by prefix length k = 0 .. units_by_post.size():
  std::vector<double> need_gib;         // -inf when no module sees prefix k
  std::vector<double> cap_gib;          // +inf when no module sees prefix k
  std::vector<double> max_discard_gib;  // sum of IA_j over the prefix (d_j <= IA_j)
};

MemoryPrefixes memory_prefixes(const ModuleInfo& info, const std::vector<char>& candidate, int world_size);

}  // namespace milpsac::model
