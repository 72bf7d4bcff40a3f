// JsonField: the one way readers take values out of parsed JSON.
//
// A JsonField is a value plus where it sits: the file and its JSON path
// ("options[3].hbm"), optionally with a label for people ("module 'M.b'").
// Every check fails with InputError "FILE: PATH (LABEL): what is wrong", so
// every message names file, path and field. The path is built only when a
// message is needed: a field keeps a pointer to its parent, so a JsonField
// must not outlive the JsonField it came from (keep parents in named locals).
//
// Numbers: NaN, Infinity and out-of-range numbers arrive as marker strings
// (see json_input.h) and are reported by name. Whole numbers accept integral
// floats (1e9, 1024.0), since Python writers produce them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace milpsac {

// The largest byte count an input may give: 2^53, the last integer a double
// holds exactly, so every byte field converts between int64 and double
// without loss. Byte fields are whole numbers (1024.0 is read, 1024.5 refused).
inline constexpr std::int64_t kMaxByteCount = std::int64_t{1} << 53;

class JsonField {
 public:
  // The document root of `source`.
  JsonField(const nlohmann::json& value, const std::string& source) : value_(&value), source_(&source) {}

  const nlohmann::json& value() const { return *value_; }
  std::string path() const;

  // A copy whose messages carry `label` (kept by pointer: it must outlive the field).
  JsonField labelled(const std::string& label) const {
    JsonField copy = *this;
    copy.label_ = &label;
    return copy;
  }

  [[noreturn]] void fail(const std::string& what) const;

  // --- structure -------------------------------------------------------------
  // The value must be an object / a list (else "expected an object, got ...").
  const JsonField& object() const;
  const JsonField& list() const;
  size_t size() const { return value_->size(); }
  bool has(std::string_view key) const { return value_->is_object() && value_->contains(key); }
  // A member that must be present (else "PATH.key: missing").
  JsonField member(std::string_view key) const;
  // A member that may be absent: `found` tells.
  JsonField optional_member(std::string_view key, bool& found) const;
  JsonField element(size_t index) const;
  // Element `index` of this list when it is held apart from the list (a
  // streamed array, json_input.h): `value` is the element.
  JsonField element(const nlohmann::json& value, size_t index) const { return JsonField(value, *this, {}, index); }
  // Fails on a key not in `known` ("unknown field 'hmb'").
  void reject_unknown(std::initializer_list<std::string_view> known) const;

  // --- scalars ---------------------------------------------------------------
  double number() const;  // a finite number
  double number_at_least(double lo, const char* what) const;
  // A whole number in [lo, hi] ("must be WHAT, got ...").
  std::int64_t whole(std::int64_t lo, std::int64_t hi, const char* what) const;
  bool boolean() const;
  const std::string& string() const;
  const std::string& non_empty_string() const;

 private:
  JsonField(const nlohmann::json& value, const JsonField& parent, std::string_view key, size_t index)
      : value_(&value), source_(parent.source_), parent_(&parent), key_(key), index_(index) {}

  const nlohmann::json* value_;
  const std::string* source_;
  const JsonField* parent_ = nullptr;
  std::string_view key_;  // member name, or empty for a list element
  size_t index_ = 0;
  const std::string* label_ = nullptr;
};

}  // namespace milpsac
