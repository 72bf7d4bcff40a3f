// Decoding MPS data lines into records (see mps_records.h).
#include "lp/mps/mps_records.h"

#include <cmath>
#include <utility>

#include "common/infinity.h"
#include "lp/mps/mps_diagnostics.h"
#include "lp/mps/mps_tokens.h"

namespace milpsac::lp::mps_detail {
namespace {

// Parses the value field of a record. `finite` is for matrix coefficients.
bool decode_value(std::string_view token, bool finite, double& value, std::string& error) {
  const std::optional<double> v = parse_number(token);
  if (!v) {
    error = "invalid number " + quoted(token);
    return false;
  }
  if (std::isnan(*v) || (finite && std::isinf(*v))) {
    error = "invalid number " + quoted(token) + (finite ? " (coefficients must be finite)" : "");
    return false;
  }
  value = *v;
  return true;
}

bool decode_pairs(const Fields& f, size_t first, bool finite, std::vector<Pair>& pairs, const char* what,
                  std::string& error) {
  for (size_t k = first; k + 1 < f.size(); k += 2) {
    Pair p;
    p.name = f[k];
    if (!decode_value(f[k + 1], finite, p.value, error)) {
      error = std::string(what) + ": " + error;
      return false;
    }
    pairs.push_back(p);
  }
  return true;
}

std::string_view unquote(std::string_view s) {
  if (s.size() >= 2 && s.front() == '\'' && s.back() == '\'') return s.substr(1, s.size() - 2);
  return s;
}

}  // namespace

bool iequals(std::string_view a, std::string_view upper) {
  if (a.size() != upper.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char x = (a[i] >= 'a' && a[i] <= 'z') ? static_cast<char>(a[i] - 32) : a[i];
    if (x != upper[i]) return false;
  }
  return true;
}

bool decode_rows(const Fields& f, RowsRecord& r, std::string& error) {
  if (f.size() != 2 || f[0].size() != 1) {
    error = "ROWS: expected a row type (N, L, G, E) and a row name";
    return false;
  }
  const char t = f[0][0];
  r.type = (t >= 'a' && t <= 'z') ? static_cast<char>(t - 32) : t;
  if (r.type != 'N' && r.type != 'L' && r.type != 'G' && r.type != 'E') {
    error = "ROWS: unknown row type " + quoted(f[0]) + " (expected N, L, G or E)";
    return false;
  }
  r.name = f[1];
  return true;
}

bool decode_columns(const Fields& f, ColumnsRecord& r, std::string& error) {
  if (f.size() == 3 &&
      (f[1] == "'MARKER'" || (f[1] == "MARKER" && (unquote(f[2]) == "INTORG" || unquote(f[2]) == "INTEND")))) {
    r.marker = true;
    r.marker_kind = unquote(f[2]);
    return true;
  }
  if (f.size() != 3 && f.size() != 5) {
    error = "COLUMNS: expected 'column row value [row value]'";
    return false;
  }
  r.column = f[0];
  return decode_pairs(f, 1, true, r.pairs, "COLUMNS", error);
}

// Set name present iff the field count is odd: "[set] row value [row value]".
bool decode_rhs(const Fields& f, RhsRecord& r, const char* section, std::string& error) {
  if (f.size() < 2 || f.size() > 5) {
    error = std::string(section) + ": expected '[set] row value [row value]'";
    return false;
  }
  size_t first = 0;
  if (f.size() % 2 == 1) {
    r.set = f[0];
    first = 1;
  }
  return decode_pairs(f, first, false, r.pairs, section, error);
}

bool decode_bounds(const Fields& f, BoundsRecord& r, const std::function<bool(std::string_view)>& is_column,
                   std::string& error) {
  static constexpr std::pair<std::string_view, BoundKind> kKinds[] = {
      {"UP", BoundKind::kUp}, {"LO", BoundKind::kLo}, {"FX", BoundKind::kFx}, {"FR", BoundKind::kFr},
      {"MI", BoundKind::kMi}, {"PL", BoundKind::kPl}, {"BV", BoundKind::kBv}, {"LI", BoundKind::kLi},
      {"UI", BoundKind::kUi}, {"SC", BoundKind::kSc}, {"SI", BoundKind::kSi}};
  if (f.empty()) {
    error = "BOUNDS: empty record";
    return false;
  }
  bool known_kind = false;
  for (const auto& [word, kind] : kKinds)
    if (iequals(f[0], word)) {
      r.kind = kind;
      known_kind = true;
    }
  if (!known_kind) {
    error = "BOUNDS: unknown bound type " + quoted(f[0]) + " (expected UP, LO, FX, FR, MI, PL, BV, LI, UI, SC, SI)";
    return false;
  }
  const bool needs_value = r.kind == BoundKind::kUp || r.kind == BoundKind::kLo || r.kind == BoundKind::kFx ||
                           r.kind == BoundKind::kLi || r.kind == BoundKind::kUi;
  const size_t n = f.size() - 1;
  size_t value_at = 0;  // index of the value field, 0 if none
  if (n == 3) {
    r.set = f[1];
    r.column = f[2];
    value_at = 3;
  } else if (n == 2 && needs_value) {
    r.column = f[1];
    value_at = 2;
  } else if (n == 2) {
    // "type set column" or "type column value": the known column decides.
    if (!is_column(f[2]) && is_column(f[1]) && parse_number(f[2])) {
      r.column = f[1];
      value_at = 2;
    } else {
      r.set = f[1];
      r.column = f[2];
    }
  } else if (n == 1 && !needs_value) {
    r.column = f[1];
  } else {
    error = needs_value ? "BOUNDS: expected 'type [set] column value'" : "BOUNDS: expected 'type [set] column [value]'";
    return false;
  }
  if (value_at != 0) {
    double v = 0.0;
    if (!decode_value(f[value_at], false, v, error)) {
      error = "BOUNDS: " + error;
      return false;
    }
    r.value = clean_infinity(v);
  }
  return true;
}

}  // namespace milpsac::lp::mps_detail
