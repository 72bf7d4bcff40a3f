// Our SAC formulation (see sac_formulation_ours.h for the model): unit
// columns and rows, chain rows from the module tree, memory rows per prefix.
#include "model/sac_formulation_ours.h"

#include <algorithm>
#include <string>

#include "model/lp_builder.h"
#include "model/memory_prefixes.h"

namespace milpsac::model {
namespace {

constexpr double kInf = lp::kInfinity;

enum class Objective { kRecomputeTime, kPeakMemory };

size_t u(int i) { return static_cast<size_t>(i); }

std::string name(const char* family, int module) { return std::string(family) + "_" + std::to_string(module); }

// y_i, d_i (GiB discarded), t_i (ms) for each candidate; d_i <= IA_i y_i and
// t_i >= ACT_i (slope_s r_i + intercept_s y_i) with r_i = lo_i y_i + d_i / ACM_i.
// Returns the d column of each module (-1 if none).
std::vector<int> add_units(const ModuleInfo& info, const std::vector<char>& candidate, Objective objective,
                           LpBuilder& b, SacModel& model) {
  const int n = info.size();
  model.y_col.assign(u(n), -1);
  model.ratio_col.assign(u(n), -1);
  model.ratio_scale.assign(u(n), 0.0);
  model.ratio_offset.assign(u(n), 0.0);
  std::vector<int> d_col(u(n), -1), t_col(u(n), -1);
  for (int i = 0; i < n; ++i) {
    if (!candidate[u(i)]) continue;
    const ModStats& m = info.modules[u(i)];
    const double acm = static_cast<double>(effective_sac_memory(m)) / kBytesPerGiB;
    const double ia = static_cast<double>(m.act_fw_per_module) / kBytesPerGiB;
    model.y_col[u(i)] = b.add_column(name("y", i), 0, 1, 0, true);
    d_col[u(i)] = b.add_column(name("d", i), 0, ia, 0, false);
    model.ratio_col[u(i)] = d_col[u(i)];
    model.ratio_offset[u(i)] = (acm - ia) / acm;
    model.ratio_scale[u(i)] = 1.0 / acm;
    if (objective == Objective::kRecomputeTime && m.sac_runtime > 0 && m.n_segments > 0)
      t_col[u(i)] = b.add_column(name("t", i), 0, kInf, 1, false);
  }
  for (int i = 0; i < n; ++i) {
    if (!candidate[u(i)]) continue;
    const ModStats& m = info.modules[u(i)];
    const int y = model.y_col[u(i)], d = d_col[u(i)], t = t_col[u(i)];
    const double ia = static_cast<double>(m.act_fw_per_module) / kBytesPerGiB;
    if (ia > 0) b.add_row(name("d_le_y", i), -kInf, 0, {{d, 1.0}, {y, -ia}});
    if (t < 0) continue;
    const double lo = model.ratio_offset[u(i)], per_gib = model.ratio_scale[u(i)];
    for (int s = 0; s < m.n_segments; ++s) {
      const double slope = m.slopes[u(s)], intercept = m.intercepts[u(s)];
      b.add_row(name("rcp", i) + "_" + std::to_string(s), -kInf, 0,
                {{d, m.sac_runtime * slope * per_gib}, {y, m.sac_runtime * (slope * lo + intercept)}, {t, -1.0}});
    }
  }
  return d_col;
}

// No nesting: for each candidate with no candidate below it, the sum of y over
// it and its candidate ancestors (a maximal chain) is at most 1.
void add_chains(const ModuleInfo& info, const std::vector<char>& candidate, const SacModel& model, LpBuilder& b) {
  const int n = info.size();
  const std::vector<int>& parent = info.tree.parent;
  std::vector<char> has_candidate_below(u(n), 0);
  for (int i = 0; i < n; ++i)
    if (candidate[u(i)])
      for (int v = parent[u(i)]; v != -1; v = parent[u(v)]) has_candidate_below[u(v)] = 1;
  for (int i = 0; i < n; ++i) {
    if (!candidate[u(i)] || has_candidate_below[u(i)]) continue;
    LpBuilder::Entries chain{{model.y_col[u(i)], 1.0}};
    for (int v = parent[u(i)]; v != -1; v = parent[u(v)])
      if (candidate[u(v)]) chain.push_back({model.y_col[u(v)], 1.0});
    if (chain.size() < 2) continue;
    std::reverse(chain.begin(), chain.end());  // root side first
    b.add_row(name("chain", i), -kInf, 1, chain);
  }
}

// The sides of the memory rows that are not implied by others. Lower side of
// prefix k: needed only above every earlier one (d >= 0 makes the sums grow).
// Upper side: needed only below every later one and below sum IA_j.
struct MemorySides {
  std::vector<double> lower, upper;
};

MemorySides memory_sides(const MemoryPrefixes& prefixes, Objective objective, double budget) {
  const size_t groups = prefixes.need_gib.size();
  MemorySides sides{std::vector<double>(groups, -kInf), std::vector<double>(groups, kInf)};
  // With the peak as a variable the k = 0 requirement is its lower bound.
  double running = objective == Objective::kPeakMemory ? std::max(0.0, prefixes.need_gib[0]) : 0.0;
  for (size_t k = 0; k < groups; ++k) {
    if (prefixes.need_gib[k] == -kInf) continue;
    const double required = objective == Objective::kPeakMemory ? prefixes.need_gib[k] : prefixes.need_gib[k] - budget;
    if (required > running) sides.lower[k] = running = required;
  }
  double later_cap = kInf;
  for (size_t k = groups; k-- > 0;) {
    if (prefixes.cap_gib[k] < std::min(later_cap, prefixes.max_discard_gib[k])) sides.upper[k] = prefixes.cap_gib[k];
    later_cap = std::min(later_cap, prefixes.cap_gib[k]);
  }
  return sides;
}

void add_memory_rows(const MemoryPrefixes& prefixes, const MemorySides& sides, const std::vector<int>& d_col,
                     Objective objective, LpBuilder& b, SacModel& model) {
  const size_t groups = prefixes.need_gib.size();
  auto prefix_sum = [&](size_t k) {
    LpBuilder::Entries entries;
    for (size_t p = 0; p < k; ++p) entries.push_back({d_col[u(prefixes.units_by_post[p])], 1.0});
    return entries;
  };
  // Prefix 0 has no column: a violated side means no plan exists. The row is
  // kept (one side only, so that it stays writable as MPS) for exports.
  auto constant_row = [&](const char* row_name, double lower, double upper) {
    if (lower <= 0 && upper >= 0) return;
    model.infeasible = true;
    model.infeasible_reason = lower > 0 ? "the memory before any AC unit finishes exceeds the budget"
                                        : "the activation total is negative before any AC unit finishes";
    b.add_row(row_name, lower > 0 ? lower : -kInf, lower > 0 ? kInf : upper, {});
  };
  if (objective == Objective::kRecomputeTime) {
    constant_row("mem_0", sides.lower[0], sides.upper[0]);
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
  constant_row("cap_0", -kInf, sides.upper[0]);
  for (size_t k = 1; k < groups; ++k)
    if (sides.upper[k] != kInf) b.add_row("cap_" + std::to_string(k), -kInf, sides.upper[k], prefix_sum(k));
}

SacModel build(const ModuleInfo& info, const SacRequest& request, Objective objective, double margin_gib) {
  const std::vector<char> candidate = ac_candidates(info, request);
  SacModel model;
  LpBuilder b;
  const std::vector<int> d_col = add_units(info, candidate, objective, b, model);
  add_chains(info, candidate, model, b);
  const MemoryPrefixes prefixes = memory_prefixes(info, candidate, request.world_size);
  const MemorySides sides = memory_sides(prefixes, objective, request.budget_gib - margin_gib);
  add_memory_rows(prefixes, sides, d_col, objective, b, model);
  model.lp = b.finish(objective == Objective::kPeakMemory ? "SAC_MIN_PEAK" : "SAC");
  return model;
}

}  // namespace

SacModel build_sac_model(const ModuleInfo& info, const SacRequest& request, double margin_gib) {
  return build(info, request, Objective::kRecomputeTime, margin_gib);
}

SacModel build_min_peak_model(const ModuleInfo& info, const SacRequest& request) {
  return build(info, request, Objective::kPeakMemory, 0.0);
}

}  // namespace milpsac::model
