// JsonField (see json_fields.h).
#include "common/json_fields.h"

#include <cmath>
#include <vector>

#include "common/input_error.h"
#include "common/json_input.h"

namespace milpsac {

std::string JsonField::path() const {
  std::vector<const JsonField*> chain;
  for (const JsonField* f = this; f->parent_ != nullptr; f = f->parent_) chain.push_back(f);
  std::string out;
  const std::string* label = nullptr;
  for (const JsonField* f = this; f != nullptr && label == nullptr; f = f->parent_) label = f->label_;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const JsonField* f = *it;
    if (f->key_.empty()) {
      out += '[';  // appended piecewise: "[" + ... trips GCC 12's -Wrestrict false positive
      out += std::to_string(f->index_);
      out += ']';
    } else {
      if (!out.empty()) out += '.';
      out.append(f->key_);
    }
  }
  if (out.empty()) out = "document";
  if (label != nullptr) {
    out += " (";
    out += *label;
    out += ')';
  }
  return out;
}

void JsonField::fail(const std::string& what) const { throw InputError(*source_ + ": " + path() + ": " + what); }

const JsonField& JsonField::object() const {
  if (!value_->is_object()) fail("expected an object, got " + describe_json(*value_));
  return *this;
}

const JsonField& JsonField::list() const {
  if (!value_->is_array()) fail("expected a list, got " + describe_json(*value_));
  return *this;
}

JsonField JsonField::member(std::string_view key) const {
  bool found = false;
  JsonField f = optional_member(key, found);
  if (!found) f.fail("missing");
  return f;
}

JsonField JsonField::optional_member(std::string_view key, bool& found) const {
  object();
  const auto it = value_->find(key);
  found = it != value_->end();
  return JsonField(found ? *it : *value_, *this, key, 0);
}

JsonField JsonField::element(size_t index) const { return JsonField((*value_)[index], *this, {}, index); }

void JsonField::reject_unknown(std::initializer_list<std::string_view> known) const {
  object();
  for (auto it = value_->begin(); it != value_->end(); ++it) {
    bool ok = false;
    for (std::string_view k : known) ok = ok || it.key() == k;
    if (!ok) fail("unknown field '" + it.key() + "'");
  }
}

double JsonField::number() const {
  if (is_nonnumeric_marker(*value_)) fail("expected a finite number, got " + describe_json(*value_));
  if (!value_->is_number()) fail("expected a number, got " + describe_json(*value_));
  const double v = value_->get<double>();
  if (!std::isfinite(v)) fail("expected a finite number, got " + describe_json(*value_));
  return v;
}

double JsonField::number_at_least(double lo, const char* what) const {
  const double v = number();
  if (v < lo) fail(std::string("must be ") + what + ", got " + describe_json(*value_));
  return v;
}

std::int64_t JsonField::whole(std::int64_t lo, std::int64_t hi, const char* what) const {
  auto reject = [&] { fail(std::string("must be ") + what + ", got " + describe_json(*value_)); };
  if (value_->is_number_unsigned()) {
    // The parser stores every non-negative integer as unsigned: lo applies here too (0 when lo is 1).
    const auto u = value_->get<std::uint64_t>();
    if (hi < 0 || u > static_cast<std::uint64_t>(hi) || (lo > 0 && u < static_cast<std::uint64_t>(lo))) reject();
    return static_cast<std::int64_t>(u);
  }
  if (value_->is_number_integer()) {
    const auto i = value_->get<std::int64_t>();
    if (i < lo || i > hi) reject();
    return i;
  }
  if (!value_->is_number()) reject();
  const double d = value_->get<double>();
  // hi as a double may round up to 2^63: compare with < on that side.
  if (!std::isfinite(d) || d != std::floor(d) || d < static_cast<double>(lo) || !(d < static_cast<double>(hi) + 1.0))
    reject();
  const auto i = static_cast<std::int64_t>(d);
  if (i < lo || i > hi) reject();
  return i;
}

bool JsonField::boolean() const {
  if (!value_->is_boolean()) fail("expected true or false, got " + describe_json(*value_));
  return value_->get<bool>();
}

const std::string& JsonField::string() const {
  if (!value_->is_string()) fail("expected a string, got " + describe_json(*value_));
  return value_->get_ref<const std::string&>();
}

const std::string& JsonField::non_empty_string() const {
  const std::string& s = string();
  if (s.empty()) fail("expected a non-empty string");
  return s;
}

}  // namespace milpsac
