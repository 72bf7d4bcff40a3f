// Our SAC formulation (see sac_formulation_ours.h for the model).
#include "model/sac_formulation_ours.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "model/lp_builder.h"

namespace milpsac::model {
namespace {

constexpr double kInf = lp::kInfinity;

enum class Objective { kRecomputeTime, kPeakMemory };

// Memory requirement of the modules that see the same prefix of discarded units.
struct MemoryGroup {
  double need = -kInf;  // max TA + AG + (P + TG)/W, GiB
  double cap = kInf;    // min TA + AG, GiB (the seed's a_i >= 0)
};

std::string name(const char* family, int module) { return std::string(family) + "_" + std::to_string(module); }

SacModel build(const ModuleInfo& info, const SacRequest& request, Objective objective, double margin_gib) {
  const int n = info.size();
  const std::vector<char> candidate = ac_candidates(info, request);
  const double world = static_cast<double>(request.world_size);
  const double params = static_cast<double>(info.modules.front().param_per_module);

  SacModel model;
  model.y_col.assign(static_cast<size_t>(n), -1);
  model.ratio_col.assign(static_cast<size_t>(n), -1);
  model.ratio_scale.assign(static_cast<size_t>(n), 0.0);
  model.ratio_offset.assign(static_cast<size_t>(n), 0.0);
  LpBuilder b;

  // Columns: y_i, d_i (GiB discarded) and t_i (ms) per candidate.
  std::vector<int> free_modules;
  std::vector<int> d_col(static_cast<size_t>(n), -1), t_col(static_cast<size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    if (!candidate[static_cast<size_t>(i)]) continue;
    const ModStats& m = info.modules[static_cast<size_t>(i)];
    const double acm = static_cast<double>(effective_sac_memory(m)) / kBytesPerGiB;
    const double ia = static_cast<double>(m.act_fw_per_module) / kBytesPerGiB;
    free_modules.push_back(i);
    model.y_col[static_cast<size_t>(i)] = b.add_column(name("y", i), 0, 1, 0, true);
    d_col[static_cast<size_t>(i)] = b.add_column(name("d", i), 0, ia, 0, false);
    model.ratio_col[static_cast<size_t>(i)] = d_col[static_cast<size_t>(i)];
    model.ratio_offset[static_cast<size_t>(i)] = (acm - ia) / acm;  // r = lo + d / ACM
    model.ratio_scale[static_cast<size_t>(i)] = 1.0 / acm;
    if (objective == Objective::kRecomputeTime && m.sac_runtime > 0 && m.n_segments > 0)
      t_col[static_cast<size_t>(i)] = b.add_column(name("t", i), 0, kInf, 1, false);
  }

  // d_i <= IA_i y_i, and t_i >= ACT_i (slope_s r_i + intercept_s y_i) with
  // r_i = lo_i y_i + d_i / ACM_i.
  for (int i : free_modules) {
    const ModStats& m = info.modules[static_cast<size_t>(i)];
    const int y = model.y_col[static_cast<size_t>(i)];
    const int d = d_col[static_cast<size_t>(i)];
    const double ia = static_cast<double>(m.act_fw_per_module) / kBytesPerGiB;
    if (ia > 0) b.add_row(name("d_le_y", i), -kInf, 0, {{d, 1.0}, {y, -ia}});
    const int t = t_col[static_cast<size_t>(i)];
    if (t < 0) continue;
    const double lo = model.ratio_offset[static_cast<size_t>(i)];
    const double per_gib = model.ratio_scale[static_cast<size_t>(i)];
    for (int s = 0; s < m.n_segments; ++s) {
      const double slope = m.slopes[static_cast<size_t>(s)], intercept = m.intercepts[static_cast<size_t>(s)];
      b.add_row(name("rcp", i) + "_" + std::to_string(s), -kInf, 0,
                {{d, m.sac_runtime * slope * per_gib}, {y, m.sac_runtime * (slope * lo + intercept)}, {t, -1.0}});
    }
  }

  // No nesting: one row per maximal chain of candidates.
  std::vector<char> has_candidate_below(static_cast<size_t>(n), 0);
  for (int i : free_modules)
    for (int v = info.tree.parent[static_cast<size_t>(i)]; v != -1; v = info.tree.parent[static_cast<size_t>(v)])
      has_candidate_below[static_cast<size_t>(v)] = 1;
  for (int i : free_modules) {
    if (has_candidate_below[static_cast<size_t>(i)]) continue;
    LpBuilder::Entries chain{{model.y_col[static_cast<size_t>(i)], 1.0}};
    for (int v = info.tree.parent[static_cast<size_t>(i)]; v != -1; v = info.tree.parent[static_cast<size_t>(v)])
      if (candidate[static_cast<size_t>(v)]) chain.push_back({model.y_col[static_cast<size_t>(v)], 1.0});
    if (chain.size() < 2) continue;
    std::reverse(chain.begin(), chain.end());  // root side first
    b.add_row(name("chain", i), -kInf, 1, chain);
  }

  // Memory: candidates in fw_post_order; module i sees the prefix of those
  // finished before it.
  std::vector<int> by_post = free_modules;
  std::sort(by_post.begin(), by_post.end(), [&](int a, int c) {
    return info.fw_post_position[static_cast<size_t>(a)] < info.fw_post_position[static_cast<size_t>(c)];
  });
  std::vector<int> post_keys;
  for (int j : by_post) post_keys.push_back(info.fw_post_position[static_cast<size_t>(j)]);
  const size_t num_groups = by_post.size() + 1;
  std::vector<MemoryGroup> groups(num_groups);
  for (int i = 0; i < n; ++i) {
    const ModStats& m = info.modules[static_cast<size_t>(i)];
    const size_t k = static_cast<size_t>(
        std::lower_bound(post_keys.begin(), post_keys.end(), info.fw_post_position[static_cast<size_t>(i)]) -
        post_keys.begin());
    const double activations = static_cast<double>(m.act_total) + static_cast<double>(m.act_grad_per_module);
    const double need = activations + (params + static_cast<double>(m.grad_total)) / world;
    groups[k].need = std::max(groups[k].need, need / kBytesPerGiB);
    groups[k].cap = std::min(groups[k].cap, activations / kBytesPerGiB);
  }

  // Sum of d_j over a prefix, and the largest total discard of each prefix.
  auto discard_entries = [&](size_t k) {
    LpBuilder::Entries entries;
    for (size_t p = 0; p < k; ++p) entries.push_back({d_col[static_cast<size_t>(by_post[p])], 1.0});
    return entries;
  };
  std::vector<double> max_discard(num_groups, 0.0);
  for (size_t k = 1; k < num_groups; ++k)
    max_discard[k] = max_discard[k - 1] +
                     static_cast<double>(info.modules[static_cast<size_t>(by_post[k - 1])].act_fw_per_module) / kBytesPerGiB;

  // Lower sides: row k is implied by an earlier row with a larger requirement
  // (d >= 0). Upper sides: row k is implied by a later row with a smaller cap,
  // or by d_j <= IA_j.
  std::vector<double> lower(num_groups, -kInf), upper(num_groups, kInf);
  const double budget = request.budget_gib - margin_gib;
  double running = objective == Objective::kPeakMemory ? std::max(0.0, groups[0].need) : 0.0;
  for (size_t k = 0; k < num_groups; ++k) {
    if (groups[k].need == -kInf) continue;  // no module sees this prefix
    const double required = objective == Objective::kPeakMemory ? groups[k].need : groups[k].need - budget;
    if (required > running) {
      lower[k] = required;
      running = required;
    }
  }
  double later_cap = kInf;
  for (size_t k = num_groups; k-- > 0;) {
    if (groups[k].cap < std::min(later_cap, max_discard[k])) upper[k] = groups[k].cap;
    later_cap = std::min(later_cap, groups[k].cap);
  }

  auto constant_row = [&](const char* row_name, double lo, double up, const char* reason) {
    if (lo <= 0 && up >= 0) return;
    model.infeasible = true;
    model.infeasible_reason = reason;
    // Only the violated side, so that the row stays writable as MPS (lower <= upper).
    if (lo > 0)
      b.add_row(row_name, lo, kInf, {});
    else
      b.add_row(row_name, -kInf, up, {});
  };
  if (objective == Objective::kRecomputeTime) {
    // One ranged row per prefix.
    for (size_t k = 0; k < num_groups; ++k) {
      if (lower[k] == -kInf && upper[k] == kInf) continue;
      if (k == 0) {
        constant_row("mem_0", lower[0], upper[0],
                     lower[0] > 0 ? "the memory before any AC unit finishes exceeds the budget"
                                  : "the activation total is negative before any AC unit finishes");
        continue;
      }
      if (lower[k] <= upper[k]) {
        b.add_row("mem_" + std::to_string(k), lower[k], upper[k], discard_entries(k));
      } else {  // contradictory sides: two rows, so that the model stays writable as MPS
        b.add_row("mem_" + std::to_string(k), lower[k], kInf, discard_entries(k));
        b.add_row("cap_" + std::to_string(k), -kInf, upper[k], discard_entries(k));
      }
    }
  } else {
    // The peak is at least every group's requirement minus what it discards.
    model.peak_col = b.add_column("peak", std::max(0.0, groups[0].need), kInf, 1, false);
    for (size_t k = 1; k < num_groups; ++k) {
      if (lower[k] == -kInf) continue;
      LpBuilder::Entries entries = discard_entries(k);
      entries.push_back({model.peak_col, 1.0});
      b.add_row("mem_" + std::to_string(k), lower[k], kInf, entries);
    }
    for (size_t k = 0; k < num_groups; ++k) {
      if (upper[k] == kInf) continue;
      if (k == 0) {
        constant_row("cap_0", -kInf, upper[0], "the activation total is negative before any AC unit finishes");
        continue;
      }
      b.add_row("cap_" + std::to_string(k), -kInf, upper[k], discard_entries(k));
    }
  }

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
