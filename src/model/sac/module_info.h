// ModuleInfo: module-level statistics of one training step (docs/formats.md#moduleinfo),
// the input of the module-level SAC planner and of the baseline.
//
// It is what a PyTorch user gets from json.dump(aggregate_stats(...)), read and
// validated by read_module_info (module_info_reader.h). After reading:
//   - modules are sorted by their position in fw_pre_order, modules[0] is the root;
//   - every fqn appears exactly once in mod_stats and in each of the four orders;
//   - tree is the module tree (vertex i = modules[i]), parent = longest proper
//     fqn prefix ending at a '.' that is itself a module;
//   - numbers are finite; memory is in bytes, runtimes in milliseconds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "graph/tree.h"

namespace milpsac::model {

inline constexpr double kBytesPerGiB = 1073741824.0;  // 2^30: budgets are in GiB

struct TradeoffPoint {
  double x = 0.0;  // fraction of sac_memory discarded (+0.01 in PyTorch's curves)
  double y = 0.0;  // fraction of sac_runtime recomputed
};

struct ModStats {
  std::string fqn;
  std::int64_t param_per_module = 0;
  std::int64_t grad_per_module = 0;
  std::int64_t grad_total = 0;         // gradients accumulated before this module's backward
  std::int64_t act_fw_per_module = 0;  // IA: activations this module saves without AC
  std::int64_t act_bw_per_module = 0;
  std::int64_t act_grad_per_module = 0;  // AG: may be negative
  std::int64_t act_total = 0;            // TA: activations alive at the end of its forward
  std::int64_t input_per_module = 0;
  std::int64_t output_per_module = 0;
  double fw_runtime_per_module = 0.0;
  double bw_runtime_per_module = 0.0;
  bool is_leaf = true;
  double sac_runtime = 0.0;     // ACT: forward time that AC may have to recompute
  std::int64_t sac_memory = 0;  // ACM: activation memory AC can act on
  int n_segments = 0;
  std::vector<double> slopes;  // recompute fraction >= slope * ratio + intercept
  std::vector<double> intercepts;
  std::vector<double> breakpoints;
  std::vector<TradeoffPoint> tradeoff_curve;
};

struct ModOrder {
  std::vector<std::string> fw_pre_order;
  std::vector<std::string> bw_pre_order;
  std::vector<std::string> fw_post_order;
  std::vector<std::string> bw_post_order;
};

// Hash that lets unordered_map<std::string, ...> be searched with a string_view.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using FqnIndex = std::unordered_map<std::string, int, StringHash, std::equal_to<>>;

struct ModuleInfo {
  std::vector<ModStats> modules;      // in fw_pre_order; modules[0] is the root
  ModOrder order;                     // the four orders as given in the file
  std::vector<int> fw_post_position;  // per module: its position in fw_post_order
  FqnIndex index;                     // fqn -> module index
  graph::Tree tree;                   // the module tree over module indices
  std::vector<std::string> warnings;  // e.g. sac_memory raised to act_fw_per_module

  int size() const { return static_cast<int>(modules.size()); }
};

// Module index of an fqn, or -1.
inline int find_module(const ModuleInfo& info, std::string_view fqn) {
  auto it = info.index.find(fqn);
  return it == info.index.end() ? -1 : it->second;
}

// The activation memory AC acts on (ACM): sac_memory, raised to
// act_fw_per_module on a non-leaf where the SAC estimator reported less (the
// seed does the same, with a warning that the reader issues).
inline std::int64_t effective_sac_memory(const ModStats& m) {
  if (!m.is_leaf && m.sac_memory < m.act_fw_per_module) return m.act_fw_per_module;
  return m.sac_memory;
}

}  // namespace milpsac::model
