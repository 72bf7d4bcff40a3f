// The cumulative formulation (see sac_formulation.h): the chain formulation's
// unit and chain rows, and the memory rows written with cumulative columns so
// that the model has O(n) nonzeros instead of O(n^2).
//
// Only the prefixes with a side left after dropping the implied ones (see
// formulation::memory_sides) get a column S_k. With k' the previous such
// prefix (S_0 = 0), one row defines it:
//     S_k - S_k' - sum of d_j over the units at positions k' .. k-1 = 0,
// so S_k is the sum of d over prefix k and the memory sides become its bounds.
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
  if (objective == Objective::kRecomputeTime) {
    formulation::add_constant_row("mem_0", sides.lower[0], sides.upper[0], b, model);
  } else {
    model.peak_col = b.add_column("peak", std::max(0.0, prefixes.need_gib[0]), kInf, 1, false);
    formulation::add_constant_row("cap_0", -kInf, sides.upper[0], b, model);
  }
  int previous_col = -1;
  size_t previous_k = 0;
  for (size_t k = 1; k < groups; ++k) {
    const double lower = sides.lower[k], upper = sides.upper[k];
    if (lower == -kInf && upper == kInf) continue;
    const std::string suffix = std::to_string(k);
    // With the budget fixed both sides are bounds on S_k; contradictory sides
    // keep the upper one as a row so that the model stays writable as MPS.
    const bool bound_lower = objective == Objective::kRecomputeTime && lower != -kInf;
    const bool contradictory = bound_lower && lower > upper;
    const int s =
        b.add_column("S_" + suffix, bound_lower ? std::max(0.0, lower) : 0.0, contradictory ? kInf : upper, 0, false);
    LpBuilder::Entries definition{{s, 1.0}};
    if (previous_col >= 0) definition.push_back({previous_col, -1.0});
    for (size_t p = previous_k; p < k; ++p) definition.push_back({d_col[uz(prefixes.units_by_post[p])], -1.0});
    b.add_row("sum_" + suffix, 0, 0, definition);
    if (contradictory) b.add_row("cap_" + suffix, -kInf, upper, {{s, 1.0}});
    if (objective == Objective::kPeakMemory && lower != -kInf)
      b.add_row("mem_" + suffix, lower, kInf, {{s, 1.0}, {model.peak_col, 1.0}});
    model.cumulative_col.push_back({s, static_cast<int>(k)});
    previous_col = s;
    previous_k = k;
  }
}

}  // namespace

SacModel build_cumulative_sac_model(const ModuleInfo& info, const SacRequest& request, double margin_gib,
                                    bool twin_counts) {
  return formulation::build_model(info, request, Objective::kRecomputeTime, margin_gib, add_memory_rows, twin_counts);
}

SacModel build_cumulative_min_peak_model(const ModuleInfo& info, const SacRequest& request) {
  return formulation::build_model(info, request, Objective::kPeakMemory, 0.0, add_memory_rows, false);
}

}  // namespace milpsac::model
