// ModuleInfo reader (see module_info_reader.h). One pass over the parsed JSON:
// fields of each ModStats, then the four orders, then the sort by fw_pre_order
// and the module tree. Linear in the input size (hash lookups by fqn).
#include "model/sac/module_info_reader.h"
#include "common/index.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_fields.h"
#include "common/json_input.h"
#include "model/sac/module_tree.h"

namespace milpsac::model {
namespace {

using nlohmann::json;

// Memory fields are whole bytes of magnitude <= 2^53 (exact in doubles), and all
// of them together must stay below 2^60 so that every sum the planners form
// (peaks over modules, budgets) fits in 64 bits.
constexpr std::int64_t kMaxMemory = kMaxByteCount;
constexpr double kMaxMemorySum = 1152921504606846976.0;  // 2^60

// Checks of one mod_stats entry; every error names file, path, module and field.
class StatsFields {
 public:
  explicit StatsFields(const JsonField& entry) : entry_(entry) {}

  double runtime(const char* field) const {
    const JsonField f = entry_.member(field);
    const double v = f.number();
    if (v < 0) f.fail("runtime must be >= 0, got " + std::to_string(v));
    return v;
  }

  std::int64_t memory_value(const JsonField& f, bool allow_negative) const {
    const double lo = allow_negative ? -static_cast<double>(kMaxMemory) : 0.0;
    if (f.value().is_number() && !allow_negative && f.value().get<double>() < 0)
      f.fail("memory must be >= 0, got " + f.value().dump());
    const double v = f.number();  // names NaN, Infinity, 1e999 and non-numbers
    if (v < lo || v > static_cast<double>(kMaxMemory))
      f.fail("memory " + f.value().dump() + " out of range (|memory| <= 2^53 bytes)");
    if (!f.value().is_number_integer() && v != std::floor(v))
      f.fail("memory must be a whole number of bytes, got " + f.value().dump());
    memory_sum_ += std::fabs(v);
    return f.value().is_number_integer() ? f.value().get<std::int64_t>() : static_cast<std::int64_t>(v);
  }

  std::int64_t memory(const char* field, bool allow_negative = false) const {
    return memory_value(entry_.member(field), allow_negative);
  }

  std::int64_t optional_memory(const char* field) const {
    bool found = false;
    const JsonField f = entry_.optional_member(field, found);
    return found ? memory_value(f, false) : 0;
  }

  bool boolean(const char* field) const { return entry_.member(field).boolean(); }

  int count(const char* field) const {
    return static_cast<int>(entry_.member(field).whole(0, 1000000, "a non-negative integer"));
  }

  static std::vector<double> numbers(const JsonField& f) {
    f.list();
    std::vector<double> result;
    result.reserve(f.size());
    for (size_t i = 0; i < f.size(); ++i) result.push_back(f.element(i).number());
    return result;
  }

  std::vector<double> required_numbers(const char* field) const { return numbers(entry_.member(field)); }

  std::vector<double> optional_numbers(const char* field) const {
    bool found = false;
    const JsonField f = entry_.optional_member(field, found);
    return found ? numbers(f) : std::vector<double>{};
  }

  // Object {"0.01": 0.0, ...} (sorted by x) or list [[x, y], ...] (order kept).
  std::vector<TradeoffPoint> tradeoff_curve(const char* field) const {
    bool found = false;
    const JsonField f = entry_.optional_member(field, found);
    std::vector<TradeoffPoint> curve;
    if (!found) return curve;
    if (f.value().is_object()) {
      for (const auto& [key, y] : f.value().items()) {
        const JsonField point = f.member(key);
        char* end = nullptr;
        const double x = std::strtod(key.c_str(), &end);
        if (key.empty() || *end != '\0' || !std::isfinite(x)) point.fail("key '" + key + "' is not a finite number");
        curve.push_back({x, point.number()});
      }
      std::stable_sort(curve.begin(), curve.end(),
                       [](const TradeoffPoint& a, const TradeoffPoint& b) { return a.x < b.x; });
    } else if (f.value().is_array()) {
      for (size_t i = 0; i < f.size(); ++i) {
        const JsonField pair = f.element(i);
        if (!pair.value().is_array() || pair.size() != 2) pair.fail("expected an [x, y] pair");
        curve.push_back({pair.element(0).number(), pair.element(1).number()});
      }
    } else {
      f.fail("expected an object or a list of [x, y] pairs, got " + describe_json(f.value()));
    }
    return curve;
  }

  void fail(const char* field, const std::string& what) const { entry_.member(field).fail(what); }
  double memory_sum() const { return memory_sum_; }

 private:
  const JsonField& entry_;
  mutable double memory_sum_ = 0.0;
};

ModStats read_stats(const JsonField& entry, double& memory_sum) {
  entry.object();
  ModStats m;
  m.fqn = entry.member("fqn").non_empty_string();
  const std::string label = "module '" + m.fqn + "'";
  const JsonField labelled = entry.labelled(label);
  const StatsFields f(labelled);
  m.param_per_module = f.memory("param_per_module");
  m.grad_per_module = f.optional_memory("grad_per_module");
  m.grad_total = f.memory("grad_total");
  m.act_fw_per_module = f.memory("act_fw_per_module");
  m.act_bw_per_module = f.optional_memory("act_bw_per_module");
  m.act_grad_per_module = f.memory("act_grad_per_module", /*allow_negative=*/true);
  m.act_total = f.memory("act_total");
  m.input_per_module = f.optional_memory("input_per_module");
  m.output_per_module = f.optional_memory("output_per_module");
  m.fw_runtime_per_module = f.runtime("fw_runtime_per_module");
  m.bw_runtime_per_module = f.runtime("bw_runtime_per_module");
  m.is_leaf = f.boolean("is_leaf");
  m.sac_runtime = f.runtime("sac_runtime");
  m.sac_memory = f.memory("sac_memory");
  m.n_segments = f.count("n_segments");
  m.slopes = f.required_numbers("slopes");
  m.intercepts = f.required_numbers("intercepts");
  m.breakpoints = f.optional_numbers("breakpoints");
  m.tradeoff_curve = f.tradeoff_curve("tradeoff_curve");

  if (m.slopes.size() != uz(m.n_segments))
    f.fail("slopes",
           "has " + std::to_string(m.slopes.size()) + " entries but n_segments is " + std::to_string(m.n_segments));
  if (m.intercepts.size() != uz(m.n_segments))
    f.fail("intercepts",
           "has " + std::to_string(m.intercepts.size()) + " entries but n_segments is " + std::to_string(m.n_segments));
  if (!m.is_leaf && m.sac_memory <= 0) f.fail("sac_memory", "must be > 0 on a non-leaf module");
  memory_sum += f.memory_sum();
  return m;
}

// Positions of each module in one order list; checks "exactly once, and vice versa".
std::vector<int> read_order(const JsonField& mod_order, const char* name, const FqnIndex& index,
                            const std::vector<ModStats>& modules, std::vector<std::string>& names) {
  const JsonField list = mod_order.member(name);
  if (!list.value().is_array()) list.fail("expected a list of fqns, got " + describe_json(list.value()));
  std::vector<int> position(modules.size(), -1);
  names.reserve(list.size());
  for (size_t p = 0; p < list.size(); ++p) {
    const JsonField item = list.element(p);
    if (!item.value().is_string()) item.fail("expected an fqn string, got " + describe_json(item.value()));
    const std::string& fqn = item.string();
    auto found = index.find(fqn);
    if (found == index.end()) item.fail("unknown module '" + fqn + "' (not in mod_stats)");
    if (position[uz(found->second)] != -1) item.fail("module '" + fqn + "' appears more than once");
    position[uz(found->second)] = static_cast<int>(p);
    names.push_back(fqn);
  }
  for (size_t i = 0; i < modules.size(); ++i)
    if (position[i] == -1) list.fail("module '" + modules[i].fqn + "' is missing");
  return position;
}

// A module's forward ends after the forwards of the modules nested in it, so
// in fw_post_order every module comes before its parent in the module tree
// (built from the fqns). An order that breaks this (e.g. a copy of
// fw_pre_order) described another problem: the planner answered it without a
// word ("infeasible at 1.2 GiB" where the real model has a plan).
void check_fw_post_order(const ModuleInfo& info, const JsonField& list) {
  for (int v = 0; v < info.size(); ++v) {
    const int p = info.tree.parent[uz(v)];
    if (p < 0) continue;
    const int child_position = info.fw_post_position[uz(v)];
    const int parent_position = info.fw_post_position[uz(p)];
    if (child_position > parent_position)
      list.element(uz(child_position))
          .fail("module '" + info.modules[uz(v)].fqn + "' comes after its parent '" + info.modules[uz(p)].fqn +
                "' (position " + std::to_string(parent_position) +
                "): in a post-order every module ends before the module that contains it");
  }
}

}  // namespace

ModuleInfo parse_module_info(std::string_view text, const std::string& source, const Deadline* deadline) {
  const json root_value = parse_json(text, source, deadline);
  const JsonField root(root_value, source);
  if (!root_value.is_object())
    root.fail("expected a JSON object with mod_order and mod_stats, got " + describe_json(root_value));
  const JsonField stats = root.member("mod_stats");
  stats.list();
  const JsonField order = root.member("mod_order");
  order.object();
  if (stats.size() == 0) stats.fail("empty (no modules)");

  // Modules in file order first.
  std::vector<ModStats> file_modules;
  file_modules.reserve(stats.size());
  FqnIndex file_index;
  file_index.reserve(stats.size());
  double memory_sum = 0.0;
  for (size_t p = 0; p < stats.size(); ++p) {
    const JsonField entry = stats.element(p);
    file_modules.push_back(read_stats(entry, memory_sum));
    if (!file_index.emplace(file_modules.back().fqn, static_cast<int>(p)).second)
      entry.member("fqn").fail("module '" + file_modules.back().fqn + "' appears more than once in mod_stats");
  }
  if (memory_sum > kMaxMemorySum)
    stats.fail("the memory fields sum to more than 2^60 bytes; sums of them would overflow");

  ModuleInfo info;
  const std::vector<int> fw_pre = read_order(order, "fw_pre_order", file_index, file_modules, info.order.fw_pre_order);
  read_order(order, "bw_pre_order", file_index, file_modules, info.order.bw_pre_order);
  const std::vector<int> fw_post =
      read_order(order, "fw_post_order", file_index, file_modules, info.order.fw_post_order);
  read_order(order, "bw_post_order", file_index, file_modules, info.order.bw_post_order);

  // Sort by fw_pre_order (docs/formats.md#moduleinfo): modules[0] is the root.
  const size_t n = file_modules.size();
  info.modules.resize(n);
  info.fw_post_position.resize(n);
  info.index.reserve(n);
  for (size_t p = 0; p < n; ++p) {
    const size_t target = uz(fw_pre[p]);
    info.fw_post_position[target] = fw_post[p];
    info.modules[target] = std::move(file_modules[p]);
  }
  for (size_t i = 0; i < n; ++i) info.index.emplace(info.modules[i].fqn, static_cast<int>(i));

  for (const ModStats& m : info.modules)
    if (!m.is_leaf && m.sac_memory < m.act_fw_per_module)
      info.warnings.push_back("module '" + m.fqn + "': sac_memory " + std::to_string(m.sac_memory) +
                              " < act_fw_per_module " + std::to_string(m.act_fw_per_module) +
                              "; using act_fw_per_module");

  info.tree = build_module_tree(info, source);
  check_fw_post_order(info, order.member("fw_post_order"));
  return info;
}

ModuleInfo read_module_info_file(const std::string& path, const Deadline* deadline) {
  return parse_module_info(read_file(path, deadline, kMaxJsonBytes), input_name(path), deadline);
}

}  // namespace milpsac::model
