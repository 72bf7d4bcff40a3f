// ModuleInfo reader (see module_info_reader.h). One pass over the parsed JSON:
// fields of each ModStats, then the four orders, then the sort by fw_pre_order
// and the module tree. Linear in the input size (hash lookups by fqn).
#include "model/module_info_reader.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/input_error.h"
#include "model/json_nonfinite.h"
#include "model/module_tree.h"

namespace milpsac::model {
namespace {

using nlohmann::json;

std::string type_name(const json& value) {
  if (value.is_string() && is_quoted_nonfinite(value.get_ref<const std::string&>()))
    return value.get_ref<const std::string&>();
  return value.type_name();
}

// Reads the fields of one mod_stats entry; every error names file, module and field.
class StatsFields {
 public:
  StatsFields(const json& object, const std::string& source, std::string where)
      : object_(object), source_(source), where_(std::move(where)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw InputError(source_ + ": " + where_ + ": field '" + field + "': " + what);
  }

  const json* find(const std::string& field) const {
    auto it = object_.find(field);
    return it == object_.end() ? nullptr : &*it;
  }

  const json& require(const std::string& field) const {
    const json* value = find(field);
    if (value == nullptr) fail(field, "missing");
    return *value;
  }

  double finite_number(const std::string& field, const json& value) const {
    if (!value.is_number()) fail(field, "expected a number, got " + type_name(value));
    const double v = value.get<double>();
    if (!std::isfinite(v)) fail(field, "expected a finite number");
    return v;
  }

  double runtime(const std::string& field) const {
    const double v = finite_number(field, require(field));
    if (v < 0) fail(field, "runtime must be >= 0, got " + std::to_string(v));
    return v;
  }

  std::int64_t memory_value(const std::string& field, const json& value, bool allow_negative) const {
    if (value.is_number_integer()) {
      const std::int64_t v = value.is_number_unsigned()
                                 ? static_cast<std::int64_t>(std::min<std::uint64_t>(
                                       value.get<std::uint64_t>(), std::uint64_t{1} << 62))
                                 : value.get<std::int64_t>();
      if (!allow_negative && v < 0) fail(field, "memory must be >= 0, got " + std::to_string(v));
      return v;
    }
    const double v = finite_number(field, value);
    if (std::fabs(v) > 4.0e18) fail(field, "memory out of range");
    if (!allow_negative && v < 0) fail(field, "memory must be >= 0, got " + std::to_string(v));
    return std::llround(v);
  }

  std::int64_t memory(const std::string& field, bool allow_negative = false) const {
    return memory_value(field, require(field), allow_negative);
  }

  std::int64_t optional_memory(const std::string& field) const {
    const json* value = find(field);
    return value == nullptr ? 0 : memory_value(field, *value, false);
  }

  bool boolean(const std::string& field) const {
    const json& value = require(field);
    if (!value.is_boolean()) fail(field, "expected true or false, got " + type_name(value));
    return value.get<bool>();
  }

  int count(const std::string& field) const {
    const json& value = require(field);
    if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
        value.get<std::int64_t>() > 1000000)
      fail(field, "expected a non-negative integer, got " + (value.is_number() ? value.dump() : type_name(value)));
    return static_cast<int>(value.get<std::int64_t>());
  }

  std::vector<double> numbers(const std::string& field, const json& value) const {
    if (!value.is_array()) fail(field, "expected a list of numbers, got " + type_name(value));
    std::vector<double> result;
    result.reserve(value.size());
    for (const json& item : value) result.push_back(finite_number(field, item));
    return result;
  }

  std::vector<double> required_numbers(const std::string& field) const {
    return numbers(field, require(field));
  }

  std::vector<double> optional_numbers(const std::string& field) const {
    const json* value = find(field);
    return value == nullptr ? std::vector<double>{} : numbers(field, *value);
  }

  // Object {"0.01": 0.0, ...} (sorted by x) or list [[x, y], ...] (order kept).
  std::vector<TradeoffPoint> tradeoff_curve(const std::string& field) const {
    const json* value = find(field);
    std::vector<TradeoffPoint> curve;
    if (value == nullptr) return curve;
    if (value->is_object()) {
      for (const auto& [key, y] : value->items()) {
        char* end = nullptr;
        const double x = std::strtod(key.c_str(), &end);
        if (key.empty() || *end != '\0' || !std::isfinite(x))
          fail(field, "key '" + key + "' is not a finite number");
        curve.push_back({x, finite_number(field, y)});
      }
      std::stable_sort(curve.begin(), curve.end(),
                       [](const TradeoffPoint& a, const TradeoffPoint& b) { return a.x < b.x; });
    } else if (value->is_array()) {
      for (const json& pair : *value) {
        if (!pair.is_array() || pair.size() != 2) fail(field, "expected [x, y] pairs");
        curve.push_back({finite_number(field, pair[0]), finite_number(field, pair[1])});
      }
    } else {
      fail(field, "expected an object or a list of [x, y] pairs, got " + type_name(*value));
    }
    return curve;
  }

 private:
  const json& object_;
  const std::string& source_;
  std::string where_;
};

ModStats read_stats(const json& entry, size_t position, const std::string& source) {
  const std::string where_index = "mod_stats[" + std::to_string(position) + "]";
  if (!entry.is_object())
    throw InputError(source + ": " + where_index + ": expected an object, got " + type_name(entry));
  auto fqn_it = entry.find("fqn");
  if (fqn_it == entry.end())
    throw InputError(source + ": " + where_index + ": field 'fqn': missing");
  if (!fqn_it->is_string() || fqn_it->get_ref<const std::string&>().empty())
    throw InputError(source + ": " + where_index + ": field 'fqn': expected a non-empty string");

  ModStats m;
  m.fqn = fqn_it->get<std::string>();
  const StatsFields f(entry, source, "module '" + m.fqn + "'");
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

  if (m.slopes.size() != static_cast<size_t>(m.n_segments))
    f.fail("slopes", "has " + std::to_string(m.slopes.size()) + " entries but n_segments is " +
                         std::to_string(m.n_segments));
  if (m.intercepts.size() != static_cast<size_t>(m.n_segments))
    f.fail("intercepts", "has " + std::to_string(m.intercepts.size()) +
                             " entries but n_segments is " + std::to_string(m.n_segments));
  if (!m.is_leaf && m.sac_memory <= 0) f.fail("sac_memory", "must be > 0 on a non-leaf module");
  return m;
}

// Positions of each module in one order list; checks "exactly once, and vice versa".
std::vector<int> read_order(const json& mod_order, const std::string& name, const FqnIndex& index,
                            const std::vector<ModStats>& modules, std::vector<std::string>& names,
                            const std::string& source) {
  const std::string where = source + ": mod_order." + name;
  auto it = mod_order.find(name);
  if (it == mod_order.end()) throw InputError(where + ": missing");
  if (!it->is_array()) throw InputError(where + ": expected a list of fqns, got " + type_name(*it));
  std::vector<int> position(modules.size(), -1);
  names.reserve(it->size());
  for (size_t p = 0; p < it->size(); ++p) {
    const json& item = (*it)[p];
    if (!item.is_string())
      throw InputError(where + "[" + std::to_string(p) + "]: expected an fqn string, got " +
                       type_name(item));
    const std::string& fqn = item.get_ref<const std::string&>();
    auto found = index.find(fqn);
    if (found == index.end())
      throw InputError(where + ": unknown module '" + fqn + "' (not in mod_stats)");
    if (position[static_cast<size_t>(found->second)] != -1)
      throw InputError(where + ": module '" + fqn + "' appears more than once");
    position[static_cast<size_t>(found->second)] = static_cast<int>(p);
    names.push_back(fqn);
  }
  for (size_t i = 0; i < modules.size(); ++i)
    if (position[i] == -1)
      throw InputError(where + ": module '" + modules[i].fqn + "' is missing");
  return position;
}

json parse_json(std::string_view text, const std::string& source) {
  return parse_json_with_nonfinite(text, source);
}

}  // namespace

ModuleInfo parse_module_info(std::string_view text, const std::string& source) {
  const json root = parse_json(text, source);
  if (!root.is_object())
    throw InputError(source + ": expected a JSON object with mod_order and mod_stats, got " +
                     type_name(root));
  auto stats_it = root.find("mod_stats");
  if (stats_it == root.end()) throw InputError(source + ": missing key 'mod_stats'");
  if (!stats_it->is_array())
    throw InputError(source + ": mod_stats: expected a list, got " + type_name(*stats_it));
  auto order_it = root.find("mod_order");
  if (order_it == root.end()) throw InputError(source + ": missing key 'mod_order'");
  if (!order_it->is_object())
    throw InputError(source + ": mod_order: expected an object, got " + type_name(*order_it));
  if (stats_it->empty()) throw InputError(source + ": mod_stats is empty");

  // Modules in file order first.
  std::vector<ModStats> file_modules;
  file_modules.reserve(stats_it->size());
  FqnIndex file_index;
  file_index.reserve(stats_it->size());
  for (size_t p = 0; p < stats_it->size(); ++p) {
    file_modules.push_back(read_stats((*stats_it)[p], p, source));
    if (!file_index.emplace(file_modules.back().fqn, static_cast<int>(p)).second)
      throw InputError(source + ": module '" + file_modules.back().fqn +
                       "' appears more than once in mod_stats");
  }

  ModuleInfo info;
  const std::vector<int> fw_pre = read_order(*order_it, "fw_pre_order", file_index, file_modules,
                                             info.order.fw_pre_order, source);
  read_order(*order_it, "bw_pre_order", file_index, file_modules, info.order.bw_pre_order, source);
  const std::vector<int> fw_post = read_order(*order_it, "fw_post_order", file_index, file_modules,
                                              info.order.fw_post_order, source);
  read_order(*order_it, "bw_post_order", file_index, file_modules, info.order.bw_post_order, source);

  // Sort by fw_pre_order (docs/formats.md#moduleinfo).
  const size_t n = file_modules.size();
  info.modules.resize(n);
  info.fw_post_position.resize(n);
  info.index.reserve(n);
  for (size_t p = 0; p < n; ++p) {
    const size_t target = static_cast<size_t>(fw_pre[p]);
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
  return info;
}

ModuleInfo read_module_info_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError(path + ": read error");
  return parse_module_info(buffer.str(), path);
}

}  // namespace milpsac::model
