// Sorting and grouping of the sharding options (see search_space.h).
#include "sharding/search_space.h"
#include "common/index.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <unordered_map>

namespace milpsac::sharding {

SearchSpace load_search_space(const PlanInput& input, Variant variant) {
  const auto& options = input.options;
  auto key = [&](int i) -> std::int64_t {
    const ShardingOption& o = options[uz(i)];
    if (variant == Variant::k2D) return o.hbm + o.ddr;
    return planned_storage(input.topology, o.hbm, o.ddr);
  };
  std::vector<int> order(options.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });

  SearchSpace space;
  std::unordered_map<std::string, std::size_t> table_of;
  for (int i : order) {
    const std::string& fqn = options[uz(i)].fqn;
    auto [it, inserted] = table_of.emplace(fqn, space.fqns.size());
    if (inserted) {
      space.fqns.push_back(fqn);
      space.options.emplace_back();
    }
    space.options[it->second].push_back(i);
  }
  return space;
}

}  // namespace milpsac::sharding
