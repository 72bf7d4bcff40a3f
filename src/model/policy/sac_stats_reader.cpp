// SacStats reader and validation (see sac_stats.h). Types are checked while
// the JSON is converted (a wrong element is named with its position, e.g.
// memory[3]); lengths, index ranges and values are then checked once by
// validate_sac_stats, which code-built stats go through as well.
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>

#include "common/index.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_fields.h"
#include "common/json_input.h"
#include "model/policy/sac_stats.h"

namespace milpsac::model {
namespace {

using nlohmann::json;

// Memory above this would make the budget arithmetic inexact in doubles.
constexpr std::int64_t kMaxTotalMemory = kMaxByteCount;
// Runtimes are milliseconds; their sum is the objective's scale. 1e15 ms is
// 31,000 years: above it (1e308 was accepted) the objective overflows or
// swamps the solver's tolerances and the policy ended numerical_error with
// its decisions still returned. Refused instead, naming the op.
constexpr double kMaxTotalRuntime = 1e15;

// Messages of validate_sac_stats, which checks stats built in code too (no JSON).
[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& what) {
  throw InputError(source + ": " + field + ": " + what);
}

std::string indexed(const std::string& field, size_t i) { return field + "[" + std::to_string(i) + "]"; }

int read_index(const JsonField& f) {
  if (!f.value().is_number_integer()) f.fail("expected an op index (an integer), got " + describe_json(f.value()));
  const bool fits = f.value().is_number_unsigned()
                        ? f.value().get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<int>::max())
                        : f.value().get<std::int64_t>() >= std::numeric_limits<int>::min() &&
                              f.value().get<std::int64_t>() <= std::numeric_limits<int>::max();
  if (!fits) f.fail("index " + f.value().dump() + " out of range");
  return static_cast<int>(f.value().get<std::int64_t>());
}

std::vector<int> read_indices(const JsonField& object, const char* key) {
  const JsonField list = object.member(key);
  list.list();
  std::vector<int> result;
  result.reserve(list.size());
  for (size_t i = 0; i < list.size(); ++i) result.push_back(read_index(list.element(i)));
  return result;
}

// Bytes: a JSON integer, or a float with a whole value (PyTorch may write 1024.0).
std::int64_t read_bytes(const JsonField& f) {
  const json& value = f.value();
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(kMaxTotalMemory))
      f.fail("memory " + value.dump() + " exceeds 2^53 bytes");
    return static_cast<std::int64_t>(value.get<std::uint64_t>());
  }
  if (value.is_number_integer()) return value.get<std::int64_t>();  // negative: rejected by validation
  const double v = f.number();
  if (std::fabs(v) > static_cast<double>(kMaxTotalMemory)) f.fail("memory " + value.dump() + " exceeds 2^53 bytes");
  if (v != std::floor(v)) f.fail("memory must be a whole number of bytes, got " + value.dump());
  return static_cast<std::int64_t>(v);
}

void check_index(int op, int ops, const std::string& field, const std::string& source) {
  if (op < 0 || op >= ops)
    fail(source, field, "index " + std::to_string(op) + " out of range [0, " + std::to_string(ops) + ")");
}

void check_length(size_t size, int ops, const std::string& field, const std::string& source) {
  if (size != uz(ops))
    fail(source, field, "has " + std::to_string(size) + " entries, func_names has " + std::to_string(ops));
}

std::string human(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace

void validate_sac_stats(const SacStats& stats, const std::string& source) {
  const int ops = stats.size();
  check_length(stats.runtimes.size(), ops, "runtimes", source);
  check_length(stats.memory.size(), ops, "memory", source);
  std::int64_t total = 0;
  double total_runtime = 0.0;
  for (size_t i = 0; i < stats.runtimes.size(); ++i) {
    const double t = stats.runtimes[i];
    if (!std::isfinite(t)) fail(source, indexed("runtimes", i), "expected a finite number");
    if (t < 0) fail(source, indexed("runtimes", i), "runtime must be >= 0, got " + std::to_string(t));
    total_runtime += t;
    if (total_runtime > kMaxTotalRuntime)
      fail(source, indexed("runtimes", i), "the runtimes sum to more than 1e15 ms (a runtime of " + human(t) + ")");
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

SacStats parse_sac_stats(std::string_view text, const std::string& source, const Deadline* deadline) {
  const json root_value = parse_json(text, source, deadline);
  const JsonField root(root_value, source);
  if (!root_value.is_object()) root.fail("expected a JSON object (SACStats), got " + describe_json(root_value));
  bool wrapped = false;
  const JsonField inner = root.optional_member("sac_stats", wrapped);
  if (wrapped) inner.object();
  const JsonField& object = wrapped ? inner : root;

  SacStats stats;
  const JsonField names = object.member("func_names");
  names.list();
  for (size_t i = 0; i < names.size(); ++i) stats.func_names.push_back(names.element(i).string());
  const JsonField runtimes = object.member("runtimes");
  runtimes.list();
  for (size_t i = 0; i < runtimes.size(); ++i) stats.runtimes.push_back(runtimes.element(i).number());
  const JsonField memory = object.member("memory");
  memory.list();
  for (size_t i = 0; i < memory.size(); ++i) stats.memory.push_back(read_bytes(memory.element(i)));
  stats.view_like_ops = read_indices(object, "view_like_ops");
  stats.rand_ops = read_indices(object, "rand_ops");
  stats.saved_autograd_ops = read_indices(object, "saved_autograd_ops");
  const JsonField inplace = object.member("inplace_ops");
  inplace.list();
  for (size_t i = 0; i < inplace.size(); ++i) {
    const JsonField pair = inplace.element(i);
    if (!pair.value().is_array() || pair.size() != 2)
      pair.fail("expected an [op, parent] pair, got " + describe_json(pair.value()));
    stats.inplace_ops.emplace_back(read_index(pair.element(0)), read_index(pair.element(1)));
  }
  stats.force_store_random = object.member("force_store_random").boolean();

  validate_sac_stats(stats, source);
  return stats;
}

SacStats read_sac_stats_file(const std::string& path, const Deadline* deadline) {
  return parse_sac_stats(read_file(path, deadline, kMaxJsonBytes), input_name(path), deadline);
}

}  // namespace milpsac::model
