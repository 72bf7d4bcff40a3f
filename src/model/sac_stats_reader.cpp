// SacStats reader and validation (see sac_stats.h). Types are checked while
// the JSON is converted (a wrong element is named with its position, e.g.
// memory[3]); lengths, index ranges and values are then checked once by
// validate_sac_stats, which code-built stats go through as well.
#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/input_error.h"
#include "model/json_nonfinite.h"
#include "model/sac_stats.h"

namespace milpsac::model {
namespace {

using nlohmann::json;

// Memory above this would make the budget arithmetic inexact in doubles.
constexpr std::int64_t kMaxTotalMemory = std::int64_t{1} << 53;

[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& what) {
  throw InputError(source + ": field '" + field + "': " + what);
}

std::string indexed(const std::string& field, size_t i) { return field + "[" + std::to_string(i) + "]"; }

std::string describe(const json& value) {
  if (value.is_string() && is_quoted_nonfinite(value.get_ref<const std::string&>()))
    return value.get_ref<const std::string&>();
  if (value.is_number()) return value.dump();
  return value.type_name();
}

const json& require(const json& object, const std::string& key, const std::string& source) {
  auto it = object.find(key);
  if (it == object.end()) fail(source, key, "missing");
  return *it;
}

const json& require_list(const json& object, const std::string& key, const std::string& source) {
  const json& value = require(object, key, source);
  if (!value.is_array()) fail(source, key, "expected a list, got " + describe(value));
  return value;
}

int read_index(const json& value, const std::string& field, const std::string& source) {
  if (!value.is_number_integer()) fail(source, field, "expected an op index (an integer), got " + describe(value));
  if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::numeric_limits<int>::max())
    fail(source, field, "index " + value.dump() + " out of range");
  const std::int64_t v = value.get<std::int64_t>();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    fail(source, field, "index " + value.dump() + " out of range");
  return static_cast<int>(v);
}

std::vector<int> read_indices(const json& object, const std::string& key, const std::string& source) {
  const json& list = require_list(object, key, source);
  std::vector<int> result;
  result.reserve(list.size());
  for (size_t i = 0; i < list.size(); ++i) result.push_back(read_index(list[i], indexed(key, i), source));
  return result;
}

double read_number(const json& value, const std::string& field, const std::string& source) {
  if (!value.is_number()) fail(source, field, "expected a number, got " + describe(value));
  return value.get<double>();
}

// Bytes: a JSON integer, or a float with a whole value (PyTorch may write 1024.0).
std::int64_t read_bytes(const json& value, const std::string& field, const std::string& source) {
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(kMaxTotalMemory))
      fail(source, field, "memory " + value.dump() + " exceeds 2^53 bytes");
    return static_cast<std::int64_t>(value.get<std::uint64_t>());
  }
  if (value.is_number_integer()) return value.get<std::int64_t>();  // negative: rejected by validation
  const double v = read_number(value, field, source);
  if (!std::isfinite(v)) fail(source, field, "expected a finite number, got " + describe(value));
  if (std::fabs(v) > static_cast<double>(kMaxTotalMemory)) fail(source, field, "memory " + value.dump() + " exceeds 2^53 bytes");
  if (v != std::floor(v)) fail(source, field, "memory must be a whole number of bytes, got " + value.dump());
  return static_cast<std::int64_t>(v);
}

void check_index(int op, int ops, const std::string& field, const std::string& source) {
  if (op < 0 || op >= ops)
    fail(source, field, "index " + std::to_string(op) + " out of range [0, " + std::to_string(ops) + ")");
}

void check_length(size_t size, int ops, const std::string& field, const std::string& source) {
  if (size != static_cast<size_t>(ops))
    fail(source, field, "has " + std::to_string(size) + " entries, func_names has " + std::to_string(ops));
}

json parse_json(std::string_view text, const std::string& source) {
  return parse_json_with_nonfinite(text, source);
}

}  // namespace

void validate_sac_stats(const SacStats& stats, const std::string& source) {
  const int ops = stats.size();
  check_length(stats.runtimes.size(), ops, "runtimes", source);
  check_length(stats.memory.size(), ops, "memory", source);
  std::int64_t total = 0;
  for (size_t i = 0; i < stats.runtimes.size(); ++i) {
    const double t = stats.runtimes[i];
    if (!std::isfinite(t)) fail(source, indexed("runtimes", i), "expected a finite number");
    if (t < 0) fail(source, indexed("runtimes", i), "runtime must be >= 0, got " + std::to_string(t));
  }
  for (size_t i = 0; i < stats.memory.size(); ++i) {
    const std::int64_t m = stats.memory[i];
    if (m < 0) fail(source, indexed("memory", i), "memory must be >= 0, got " + std::to_string(m));
    if (m > kMaxTotalMemory - total) fail(source, indexed("memory", i), "total memory exceeds 2^53 bytes");
    total += m;
  }
  auto check_all = [&](const std::vector<int>& list, const std::string& key) {
    for (size_t i = 0; i < list.size(); ++i) check_index(list[i], ops, indexed(key, i), source);
  };
  check_all(stats.view_like_ops, "view_like_ops");
  check_all(stats.rand_ops, "rand_ops");
  check_all(stats.saved_autograd_ops, "saved_autograd_ops");
  for (size_t i = 0; i < stats.inplace_ops.size(); ++i) {
    check_index(stats.inplace_ops[i].first, ops, indexed("inplace_ops", i) + "[0]", source);
    check_index(stats.inplace_ops[i].second, ops, indexed("inplace_ops", i) + "[1]", source);
  }
}

SacStats parse_sac_stats(std::string_view text, const std::string& source) {
  const json root = parse_json(text, source);
  if (!root.is_object()) throw InputError(source + ": expected a JSON object (SACStats), got " + describe(root));
  const json* object = &root;
  if (auto it = root.find("sac_stats"); it != root.end()) {
    if (!it->is_object()) fail(source, "sac_stats", "expected an object, got " + describe(*it));
    object = &*it;
  }

  SacStats stats;
  for (const json& name : require_list(*object, "func_names", source)) {
    if (!name.is_string())
      fail(source, indexed("func_names", stats.func_names.size()), "expected a string, got " + describe(name));
    stats.func_names.push_back(name.get<std::string>());
  }
  const json& runtimes = require_list(*object, "runtimes", source);
  for (size_t i = 0; i < runtimes.size(); ++i)
    stats.runtimes.push_back(read_number(runtimes[i], indexed("runtimes", i), source));
  const json& memory = require_list(*object, "memory", source);
  for (size_t i = 0; i < memory.size(); ++i) stats.memory.push_back(read_bytes(memory[i], indexed("memory", i), source));
  stats.view_like_ops = read_indices(*object, "view_like_ops", source);
  stats.rand_ops = read_indices(*object, "rand_ops", source);
  stats.saved_autograd_ops = read_indices(*object, "saved_autograd_ops", source);
  const json& inplace = require_list(*object, "inplace_ops", source);
  for (size_t i = 0; i < inplace.size(); ++i) {
    const std::string field = indexed("inplace_ops", i);
    if (!inplace[i].is_array() || inplace[i].size() != 2)
      fail(source, field, "expected an [op, parent] pair, got " + inplace[i].dump());
    stats.inplace_ops.emplace_back(read_index(inplace[i][0], field + "[0]", source),
                                   read_index(inplace[i][1], field + "[1]", source));
  }
  const json& force = require(*object, "force_store_random", source);
  if (!force.is_boolean()) fail(source, "force_store_random", "expected true or false, got " + describe(force));
  stats.force_store_random = force.get<bool>();

  validate_sac_stats(stats, source);
  return stats;
}

SacStats read_sac_stats_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError(path + ": read error");
  return parse_sac_stats(buffer.str(), path);
}

}  // namespace milpsac::model
