// The chain formulation (see sac_formulation.h): unit columns and rows, chain
// rows from the module tree, one memory row per prefix that sums its d columns.
#include <string>

#include "common/index.h"
#include "model/sac/sac_formulation.h"
#include "model/sac/sac_formulation_parts.h"

namespace milpsac::model {
namespace {

using formulation::MemorySides;
using formulation::Objective;
constexpr double kInf = lp::kInfinity;

void add_memory_rows(const MemoryPrefixes& prefixes, const MemorySides& sides, const std::vector<int>& d_col,
                     Objective objective, LpBuilder& b, SacModel& model) {
  const size_t groups = prefixes.need_gib.size();
  auto prefix_sum = [&](size_t k) {
    LpBuilder::Entries entries;
    for (size_t p = 0; p < k; ++p) entries.push_back({d_col[uz(prefixes.units_by_post[p])], 1.0});
    return entries;
  };
  if (objective == Objective::kRecomputeTime) {
    formulation::add_constant_row("mem_0", sides.lower[0], sides.upper[0], b, model);
    for (size_t k = 1; k < groups; ++k) {
      const double lower = sides.lower[k], upper = sides.upper[k];
      if (lower == -kInf && upper == kInf) continue;
      if (lower <= upper) {
        b.add_row("mem_" + std::to_string(k), lower, upper, prefix_sum(k));
      } else {  // contradictory sides: two rows, so that the model stays writable as MPS
        b.add_row("mem_" + std::to_string(k), lower, kInf, prefix_sum(k));
        b.add_row("cap_" + std::to_string(k), -kInf, upper, prefix_sum(k));
      }
    }
    return;
  }
  // Minimum peak: peak + sum of d over prefix k >= need_k; caps as above.
  model.peak_col = b.add_column("peak", std::max(0.0, prefixes.need_gib[0]), kInf, 1, false);
  for (size_t k = 1; k < groups; ++k) {
    if (sides.lower[k] == -kInf) continue;
    LpBuilder::Entries entries = prefix_sum(k);
    entries.push_back({model.peak_col, 1.0});
    b.add_row("mem_" + std::to_string(k), sides.lower[k], kInf, entries);
  }
  formulation::add_constant_row("cap_0", -kInf, sides.upper[0], b, model);
  for (size_t k = 1; k < groups; ++k)
    if (sides.upper[k] != kInf) b.add_row("cap_" + std::to_string(k), -kInf, sides.upper[k], prefix_sum(k));
}

}  // namespace

SacModel build_chain_sac_model(const ModuleInfo& info, const SacRequest& request, double margin_gib, bool twin_counts) {
  return formulation::build_model(info, request, Objective::kRecomputeTime, margin_gib, add_memory_rows, twin_counts);
}

SacModel build_chain_min_peak_model(const ModuleInfo& info, const SacRequest& request) {
  return formulation::build_model(info, request, Objective::kPeakMemory, 0.0, add_memory_rows, false);
}

}  // namespace milpsac::model
