// Strict reading of one JSON object's fields for the sharding input: every
// problem becomes an InputError "FILE: PATH.FIELD: what is wrong", and fields
// the format does not know are named instead of silently ignored (a typo like
// "hmb" would otherwise plan with 0 bytes).
#pragma once

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>

#include "common/input_error.h"

namespace milpsac::sharding::detail {

class ObjectFields {
 public:
  // `path` is the JSON path of the object ("" for the document, "options[3]").
  ObjectFields(const nlohmann::json& object, std::string source, std::string path)
      : object_(object), source_(std::move(source)), path_(std::move(path)) {
    if (!object_.is_object()) fail(path_.empty() ? "document" : path_, "must be a JSON object");
  }

  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw InputError(source_ + ": " + where + ": " + what);
  }
  std::string field_path(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

  void reject_unknown(std::initializer_list<const char*> known) const {
    for (auto it = object_.begin(); it != object_.end(); ++it) {
      bool found = false;
      for (const char* k : known) found = found || it.key() == k;
      if (!found) fail(path_.empty() ? "document" : path_, "unknown field '" + it.key() + "'");
    }
  }

  bool has(const char* key) const { return object_.contains(key); }
  const nlohmann::json& at(const char* key) const {
    if (!object_.contains(key)) fail(field_path(key), "missing");
    return object_.at(key);
  }

  // A whole number in [lo, hi]; integral floats such as 1e9 are accepted.
  std::int64_t integer(const char* key, std::int64_t lo, std::int64_t hi, const char* what) const {
    const nlohmann::json& v = at(key);
    double d = 0.0;
    if (v.is_number_unsigned()) {
      auto u = v.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(hi)) fail(field_path(key), std::string("must be ") + what + ", got " + v.dump());
      return static_cast<std::int64_t>(u);
    }
    if (v.is_number_integer()) {
      auto i = v.get<std::int64_t>();
      if (i < lo || i > hi) fail(field_path(key), std::string("must be ") + what + ", got " + v.dump());
      return i;
    }
    if (!v.is_number()) fail(field_path(key), std::string("must be ") + what + ", got " + v.dump());
    d = v.get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || d < static_cast<double>(lo) || d > static_cast<double>(hi))
      fail(field_path(key), std::string("must be ") + what + ", got " + v.dump());
    return static_cast<std::int64_t>(d);
  }

  double finite_non_negative(const char* key) const {
    const nlohmann::json& v = at(key);
    if (!v.is_number()) fail(field_path(key), "must be a number, got " + v.dump());
    double d = v.get<double>();
    if (!std::isfinite(d) || d < 0.0) fail(field_path(key), "must be a finite number >= 0, got " + v.dump());
    return d;
  }

  std::string string(const char* key) const {
    const nlohmann::json& v = at(key);
    if (!v.is_string()) fail(field_path(key), "must be a string, got " + v.dump());
    return v.get<std::string>();
  }

 private:
  const nlohmann::json& object_;
  std::string source_;
  std::string path_;
};

// Bytes are whole numbers in [0, 2^53]: sums stay exact in double.
inline constexpr std::int64_t kMaxBytes = std::int64_t{1} << 53;

}  // namespace milpsac::sharding::detail
