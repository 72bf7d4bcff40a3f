// The proposer's view of the options (TorchEasyRec's proposer, `load`): options stably
// sorted by a storage key, then grouped per table in the order the tables are
// first seen in that sorted sequence.
//
// 1-D key: planned storage (HBM on a CUDA topology, DDR otherwise).
// 2-D key: HBM + DDR (what TorchEasyRec's 2-D proposer sorts by).
// Ties keep input order, so a table's option 0 is its smallest option and the
// table order is the order of the tables' smallest options.
#pragma once

#include <string>
#include <vector>

#include "sharding/plan_input.h"

namespace milpsac::sharding {

enum class Variant { k1D, k2D };

struct SearchSpace {
  std::vector<std::string> fqns;          // table order of every proposal
  std::vector<std::vector<int>> options;  // per table: input option indices, smallest first
  std::size_t num_tables() const { return fqns.size(); }
};

SearchSpace load_search_space(const PlanInput& input, Variant variant);

}  // namespace milpsac::sharding
