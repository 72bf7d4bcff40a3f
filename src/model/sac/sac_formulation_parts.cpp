// Shared parts of the chain and cumulative formulations (see sac_formulation_parts.h).
#include "model/sac/sac_formulation_parts.h"
#include "common/index.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>

namespace milpsac::model::formulation {
namespace {

constexpr double kInf = lp::kInfinity;
// Runtimes whose largest value lies in this range (ms) are used as they are.
constexpr double kSmallestPlainRuntimeMs = 1e-3;
constexpr double kLargestPlainRuntimeMs = 1e6;

size_t u(int i) { return uz(i); }

std::string name(const char* family, int module) { return std::string(family) + "_" + std::to_string(module); }

// The module's kind: its fqn with every run of digits masked, so that
// "layers.3.mlp" and "layers.17.mlp" are of one kind.
std::string module_kind(const std::string& fqn) {
  std::string kind;
  for (size_t i = 0; i < fqn.size(); ++i) {
    const bool digit = fqn[i] >= '0' && fqn[i] <= '9';
    if (!digit) {
      kind += fqn[i];
    } else if (i == 0 || fqn[i - 1] < '0' || fqn[i - 1] > '9') {
      kind += '#';
    }
  }
  return kind;
}

}  // namespace

double time_unit_ms(const ModuleInfo& info, const std::vector<char>& candidate) {
  double largest = 0.0;
  for (int i = 0; i < info.size(); ++i)
    if (candidate[u(i)]) largest = std::max(largest, info.modules[u(i)].sac_runtime);
  if (largest <= 0 || (largest >= kSmallestPlainRuntimeMs && largest <= kLargestPlainRuntimeMs)) return 1.0;
  return largest;
}

std::vector<int> add_units(const ModuleInfo& info, const std::vector<char>& candidate, Objective objective,
                           LpBuilder& b, SacModel& model) {
  const int n = info.size();
  model.y_col.assign(u(n), -1);
  model.ratio_col.assign(u(n), -1);
  model.time_col.assign(u(n), -1);
  model.ratio_scale.assign(u(n), 0.0);
  model.ratio_offset.assign(u(n), 0.0);
  model.objective_unit_ms = objective == Objective::kRecomputeTime ? time_unit_ms(info, candidate) : 1.0;
  std::vector<int> d_col(u(n), -1);
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
      model.time_col[u(i)] = b.add_column(name("t", i), 0, kInf, 1, false);
  }
  for (int i = 0; i < n; ++i) {
    if (!candidate[u(i)]) continue;
    const ModStats& m = info.modules[u(i)];
    const int y = model.y_col[u(i)], d = d_col[u(i)], t = model.time_col[u(i)];
    const double ia = static_cast<double>(m.act_fw_per_module) / kBytesPerGiB;
    if (ia > 0) b.add_row(name("d_le_y", i), -kInf, 0, {{d, 1.0}, {y, -ia}});
    if (t < 0) continue;
    const double lo = model.ratio_offset[u(i)], per_gib = model.ratio_scale[u(i)];
    const double runtime = m.sac_runtime / model.objective_unit_ms;
    for (int s = 0; s < m.n_segments; ++s) {
      const double slope = m.slopes[u(s)], intercept = m.intercepts[u(s)];
      b.add_row(name("rcp", i) + "_" + std::to_string(s), -kInf, 0,
                {{d, runtime * slope * per_gib}, {y, runtime * (slope * lo + intercept)}, {t, -1.0}});
    }
  }
  return d_col;
}

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

void add_twin_counts(const ModuleInfo& info, const std::vector<char>& candidate, LpBuilder& b, SacModel& model) {
  // Same kind and same memory: the twins of identical layers. Runtimes are
  // not compared (measured ones differ by noise); the grouping only steers
  // branching, so a loose group costs nothing in correctness.
  std::map<std::tuple<std::string, std::int64_t, std::int64_t, int>, std::vector<int>> groups;
  for (int i = 0; i < info.size(); ++i) {
    if (!candidate[u(i)]) continue;
    const ModStats& m = info.modules[u(i)];
    groups[{module_kind(m.fqn), m.act_fw_per_module, effective_sac_memory(m), m.n_segments}].push_back(i);
  }
  for (const auto& [key, members] : groups) {
    if (members.size() < 2) continue;
    const std::string suffix = std::to_string(members.front());
    const int count = b.add_column("n_" + suffix, 0, static_cast<double>(members.size()), 0, true);
    LpBuilder::Entries row{{count, -1.0}};
    for (int i : members) row.push_back({model.y_col[u(i)], 1.0});
    b.add_row("count_" + suffix, 0, 0, row);
    model.twin_count_col.push_back({count, members});
  }
}

MemorySides memory_sides(const MemoryPrefixes& prefixes, Objective objective, double budget_gib) {
  const size_t groups = prefixes.need_gib.size();
  MemorySides sides{std::vector<double>(groups, -kInf), std::vector<double>(groups, kInf)};
  // With the peak as a variable the k = 0 requirement is its lower bound.
  double running = objective == Objective::kPeakMemory ? std::max(0.0, prefixes.need_gib[0]) : 0.0;
  for (size_t k = 0; k < groups; ++k) {
    if (prefixes.need_gib[k] == -kInf) continue;
    const double required =
        objective == Objective::kPeakMemory ? prefixes.need_gib[k] : prefixes.need_gib[k] - budget_gib;
    if (required > running) sides.lower[k] = running = required;
  }
  double later_cap = kInf;
  for (size_t k = groups; k-- > 0;) {
    if (prefixes.cap_gib[k] < std::min(later_cap, prefixes.max_discard_gib[k])) sides.upper[k] = prefixes.cap_gib[k];
    later_cap = std::min(later_cap, prefixes.cap_gib[k]);
  }
  return sides;
}

void add_constant_row(const char* row_name, double lower, double upper, LpBuilder& b, SacModel& model) {
  if (lower <= 0 && upper >= 0) return;
  model.infeasible = true;
  model.infeasible_reason = lower > 0 ? "the memory before any AC unit finishes exceeds the budget"
                                      : "the activation total is negative before any AC unit finishes";
  b.add_row(row_name, lower > 0 ? lower : -kInf, lower > 0 ? kInf : upper, {});
}

SacModel build_model(const ModuleInfo& info, const SacRequest& request, Objective objective, double margin_gib,
                     MemoryRowWriter write_memory_rows, bool twin_counts) {
  const std::vector<char> candidate = ac_candidates(info, request);
  SacModel model;
  LpBuilder b;
  const std::vector<int> d_col = add_units(info, candidate, objective, b, model);
  add_chains(info, candidate, model, b);
  if (twin_counts) add_twin_counts(info, candidate, b, model);
  const MemoryPrefixes prefixes = memory_prefixes(info, candidate, request.world_size);
  const MemorySides sides = memory_sides(prefixes, objective, request.budget_gib - margin_gib);
  write_memory_rows(prefixes, sides, d_col, objective, b, model);
  model.units_by_post = prefixes.units_by_post;
  model.lp = b.finish(objective == Objective::kPeakMemory ? "SAC_MIN_PEAK" : "SAC");
  return model;
}

}  // namespace milpsac::model::formulation
