// The module-level SAC MILP, in three formulations with the same optimum
// (docs/sac.md explains each row and why it differs from the reference):
//
//   cumulative (default)  the chain formulation with its memory rows written
//                         through cumulative columns: O(n) nonzeros.
//   chain                 one clique row per maximal chain of candidate
//                         modules, one memory row per prefix of the units in
//                         fw_post_order (a prefix sum: O(n^2) nonzeros).
//   pairwise-bigm         the reference (sac_milp) row for row: seven columns
//                         per module, a row per ancestor pair, big-M 100 ms.
//                         For export and cross-checks only.
//
// Chain and cumulative share (sac_formulation_parts.h), for modules that may
// be AC units only (non-leaf, allowed by ac_units / fsdp_units):
//   y_i in {0,1};  d_i in [0, IA_i] = discarded memory (GiB);  t_i >= 0 =
//   recompute time (in model.objective_unit_ms). The reference's ratio is
//   r_i = lo_i y_i + d_i / ACM_i with lo_i = (ACM_i - IA_i)/ACM_i.
//   d_i <= IA_i y_i.
//   t_i >= ACT_i (slope_s r_i + intercept_s y_i) for every segment s (the big-M
//     row with the smallest valid per-segment M: the convex hull of "y_i = 0
//     => no cost").
//   No nesting: sum of y over each maximal chain of candidate modules <= 1.
//   Memory: m_i <= budget (- margin) for every module i, grouped by the prefix
//     of units finished before i (memory_prefixes.h):
//       need_k - B <= sum_{j in prefix k} d_j <= cap_k,
//     sides implied by other rows or by 0 <= d_j <= IA_j left out.
//   Twin counts (twin_counts, on by default; docs/sac.md): for each group of
//     two or more candidates of the same kind (fqn with its numbers masked,
//     same act_fw_per_module, sac_memory and number of curve segments) an
//     integer column n_g = sum of y over the group. An exact reformulation
//     (n_g is integral whenever the y are): it gives the search a column to
//     branch on that splits "how many of these twins" before "which ones".
// Memory in GiB, time in ms (times objective_unit_ms), objective sum t_i.
#pragma once

#include <optional>
#include <string>

#include "model/sac/module_info.h"
#include "model/sac/sac_model.h"
#include "model/sac/sac_request.h"

namespace milpsac::model {

enum class SacFormulation { kCumulative, kChain, kPairwiseBigM };

// By measurement (docs/sac.md): the LP core works on sparse columns, so the
// work per simplex iteration follows the nonzeros, and cumulative's O(n)
// nonzeros beat chain's O(n^2) prefix sums from a few hundred modules on
// (LLaMA-like 2,000 modules at 50 % of the range: 0.65 s against 5.1 s;
// 4,000 modules: 1.8 s against 16 s).
inline constexpr SacFormulation kDefaultFormulation = SacFormulation::kCumulative;

// "cumulative", "chain", "pairwise-bigm"; the old names "ours" (chain) and
// "seed" (pairwise-bigm) are accepted too. nullopt for anything else.
std::optional<SacFormulation> parse_formulation(const std::string& text);
const char* to_string(SacFormulation formulation);

// Minimise recompute time with every m_i <= request.budget_gib - margin_gib.
// twin_counts: add the twin-count columns (chain and cumulative only).
SacModel build_sac_model(const ModuleInfo& info, const SacRequest& request,
                         SacFormulation formulation = kDefaultFormulation, double margin_gib = 0.0,
                         bool twin_counts = true);
SacModel build_chain_sac_model(const ModuleInfo& info, const SacRequest& request, double margin_gib = 0.0,
                               bool twin_counts = true);
SacModel build_cumulative_sac_model(const ModuleInfo& info, const SacRequest& request, double margin_gib = 0.0,
                                    bool twin_counts = true);

// Same feasible plans without the budget: minimise the peak memory (GiB, column
// peak_col). Its optimum is the smallest budget at which a plan exists.
// (pairwise-bigm has no such variant: the cumulative one is built instead.)
SacModel build_min_peak_model(const ModuleInfo& info, const SacRequest& request,
                              SacFormulation formulation = kDefaultFormulation);
SacModel build_chain_min_peak_model(const ModuleInfo& info, const SacRequest& request);
SacModel build_cumulative_min_peak_model(const ModuleInfo& info, const SacRequest& request);

}  // namespace milpsac::model
