// MPS reader (docs/formats.md#mps): free and fixed format, plain or gzip, into a
// dense LinearProgram.
//
// Every line is split as free format first (fields separated by blanks); only
// when that does not make a valid record for the section, or names an unknown
// row/column, is the fixed card layout tried (see mps_tokens.h). That reads both
// dialects without a global mode switch and keeps names with blanks working.
//
// Conventions (each one a documented choice where readers disagree; see
// SOLVER-NOTES section 4 for the bug reports behind them):
//  - Section keywords are recognised only in column 1; data lines start with a
//    blank. So columns may be called RHS or OBJSENSE (silly-names.mps).
//  - The first N row is the objective (or the OBJNAME row); further N rows are
//    free rows and are dropped with a warning.
//  - An RHS entry on the objective row is an objective offset of -rhs (CBC,
//    HiGHS, CPLEX; Netlib e226 depends on it).
//  - RHS/RANGES/BOUNDS records may omit the set name; the field count tells.
//    Only the first named set of a section is used (others: warning).
//  - Columns inside MARKER INTORG/INTEND that get no BOUNDS record at all are
//    binary [0, 1] (the original IBM convention, also HiGHS and cuPDLPx). With
//    any bound record the usual defaults (0, +inf) fill the missing side.
//  - A negative UP/UI bound on a column whose lower bound was never set makes
//    the lower bound -inf (with a warning), judged after all BOUNDS records.
//  - |value| >= 1e30 in RHS, RANGES and BOUNDS means infinite. Coefficients
//    must be finite numbers; NaN is rejected everywhere.
//  - Duplicate COLUMNS entries for one (row, column) are summed: the terms of
//    a linear expression add up. A repeated RHS/RANGES entry replaces the
//    earlier one, like a later BOUNDS record does. Both warn.
//  - Unknown rows (COLUMNS, RHS, RANGES) and unknown columns (BOUNDS) are
//    skipped with a warning naming file and line: HiGHS's warnings.mps fixture
//    must load. Structural errors (bad numbers, wrong field counts, unknown
//    sections, missing ENDATA, ...) throw InputError "FILE:LINE: what".
//  - SC/SI (semi-continuous/-integer) bounds are accepted only when they reduce
//    to ordinary bounds (lower bound <= 0 <= upper bound); otherwise an error,
//    since LinearProgram cannot represent them.
// Warnings go to stderr (at most kMaxWarnings per file, then a count).
#include <algorithm>
#include <climits>
#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/input_error.h"
#include "lp/mps.h"
#include "lp/mps_gzip.h"
#include "lp/mps_tokens.h"

namespace milpsac::lp {
namespace {

using mps_detail::gunzip;
using mps_detail::is_gzip;
using mps_detail::parse_number;
using mps_detail::split_fixed;
using mps_detail::split_free;
using mps_detail::strip_dollar_comment;
using Fields = std::vector<std::string_view>;

constexpr double kMpsInfinity = 1e30;
// The dense A of a bigger model would not fit in memory anyway; refusing early
// also keeps a hostile or corrupt file from triggering a huge allocation.
constexpr double kMaxDenseEntries = 1e8;
constexpr int kMaxWarnings = 20;

constexpr int kObjectiveRow = -1;
constexpr int kFreeRow = -2;
constexpr int kNoRow = -3;

enum class Section { kNone, kName, kObjsense, kObjname, kRows, kColumns, kRhs, kRanges, kBounds };

std::string quoted(std::string_view s) {
  std::string out(1, '\'');  // built piecewise: "'" + s + "'" trips GCC 12's -Wrestrict false positive
  out.append(s);
  out += '\'';
  return out;
}

std::string format_number(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char x = (a[i] >= 'a' && a[i] <= 'z') ? static_cast<char>(a[i] - 32) : a[i];
    if (x != b[i]) return false;
  }
  return true;
}

double to_mps_infinity(double v) {
  if (v >= kMpsInfinity) return kInfinity;
  if (v <= -kMpsInfinity) return -kInfinity;
  return v;
}

// One (name, value) pair of a COLUMNS, RHS or RANGES record.
struct Pair {
  std::string_view name;
  double value = 0.0;
};

struct ColumnsRecord {
  bool marker = false;
  std::string_view marker_kind;
  std::string_view column;
  std::vector<Pair> pairs;
};

struct RhsRecord {  // RHS and RANGES
  std::optional<std::string_view> set;
  std::vector<Pair> pairs;
};

enum class BoundKind { kUp, kLo, kFx, kFr, kMi, kPl, kBv, kLi, kUi, kSc, kSi };

struct BoundsRecord {
  BoundKind kind = BoundKind::kUp;
  std::optional<std::string_view> set;
  std::string_view column;
  std::optional<double> value;
};

struct RowsRecord {
  char type = 'N';
  std::string_view name;
};

// Name -> index, looked up by string_view without building a std::string.
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using NameIndex = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;

struct ColumnData {
  std::string name;
  double cost = 0.0;
  bool has_cost = false;
  std::vector<std::pair<int, double>> entries;  // (constraint row, value)
  double lower = 0.0;
  double upper = kInfinity;
  bool integer = false;
  bool from_marker = false;
  bool any_bound = false;
  bool lower_set = false;
  int negative_upper_line = 0;  // UP/UI record that set the current upper bound
  int semi_line = 0;            // SC/SI record, 0 if none
};

struct RowData {
  std::string name;
  char type = 'E';
  double rhs = 0.0;
  int rhs_line = 0;
  std::optional<double> range;
  int range_line = 0;
};

class MpsReader {
 public:
  MpsReader(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  LinearProgram read() {
    size_t pos = 0;
    while (pos <= text_.size() && !ended_) {
      const size_t eol = text_.find('\n', pos);
      const size_t end = eol == std::string_view::npos ? text_.size() : eol;
      ++line_;
      process_line(text_.substr(pos, end - pos));
      if (eol == std::string_view::npos) break;
      pos = eol + 1;
    }
    line_ = 0;
    if (!ended_) {
      if (!seen_rows_) throw InputError(source_ + ": no ROWS section (not an MPS file?)");
      throw InputError(source_ + ": missing ENDATA (file truncated?)");
    }
    if (suppressed_warnings_ > 0)
      std::cerr << source_ << ": warning: " << suppressed_warnings_ << " more warnings not shown\n";
    return build();
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { fail_at(line_, what); }
  [[noreturn]] void fail_at(int line, const std::string& what) const {
    throw InputError(source_ + ":" + std::to_string(line) + ": " + what);
  }
  void warn(const std::string& what) { warn_at(line_, what); }
  void warn_at(int line, const std::string& what) {
    if (warnings_ >= kMaxWarnings) {
      ++suppressed_warnings_;
      return;
    }
    ++warnings_;
    std::cerr << source_ << ":" << line << ": warning: " << what << "\n";
  }

  // ---- line dispatch -------------------------------------------------------

  void process_line(std::string_view raw) {
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (raw.find('\0') != std::string_view::npos) fail("NUL byte in the input (binary file, not MPS text)");
    if (!raw.empty() && raw.front() == '*') return;
    const std::string_view line = strip_dollar_comment(raw);
    split_free(line, fields_);
    if (fields_.empty()) return;
    if (!mps_detail::is_blank(line.front()) && section_header(line)) return;
    switch (section_) {
      case Section::kNone:
        fail("expected a section keyword (NAME, ROWS, COLUMNS, ...), found " + quoted(fields_[0]));
      case Section::kName:
        fail("unexpected data after NAME");
      case Section::kObjsense:
        if (fields_.size() != 1 || !set_sense(fields_[0])) fail("OBJSENSE: expected MAX or MIN");
        return;
      case Section::kObjname:
        if (fields_.size() != 1) fail("OBJNAME: expected one row name");
        set_objective_name(fields_[0]);
        return;
      case Section::kRows:
        apply(read_record<RowsRecord>(line, &MpsReader::decode_rows, &MpsReader::unknown_none));
        return;
      case Section::kColumns:
        apply(read_record<ColumnsRecord>(line, &MpsReader::decode_columns, &MpsReader::unknown_rows_columns));
        return;
      case Section::kRhs:
        apply_rhs(read_record<RhsRecord>(line, &MpsReader::decode_rhs, &MpsReader::unknown_rows_rhs), false);
        return;
      case Section::kRanges:
        apply_rhs(read_record<RhsRecord>(line, &MpsReader::decode_rhs, &MpsReader::unknown_rows_rhs), true);
        return;
      case Section::kBounds:
        apply(read_record<BoundsRecord>(line, &MpsReader::decode_bounds, &MpsReader::unknown_column_bounds));
        return;
    }
  }

  // Returns false when the word in column 1 is not a section keyword: then the
  // line is data of the current section (free MPS written without indentation).
  bool section_header(std::string_view line) {
    const std::string_view key = fields_[0];
    auto enter = [&](Section next, bool& seen, const char* name) {
      if (seen) fail(std::string(name) + " section appears twice");
      seen = true;
      section_ = next;
      if (fields_.size() > 1) warn("text after " + std::string(name) + " ignored");
    };
    if (key == "NAME") {
      if (seen_name_) fail("NAME appears twice");
      seen_name_ = true;
      section_ = Section::kName;
      name_ = std::string(mps_detail::trim(line.substr(4)));
      return true;
    }
    if (key == "OBJSENSE" || key == "OBJSENSE:") {
      section_ = Section::kObjsense;
      if (fields_.size() == 2 && !set_sense(fields_[1])) fail("OBJSENSE: expected MAX or MIN, found " + quoted(fields_[1]));
      if (fields_.size() > 2) fail("OBJSENSE: expected MAX or MIN");
      return true;
    }
    if (key == "OBJNAME") {
      section_ = Section::kObjname;
      if (fields_.size() == 2) set_objective_name(fields_[1]);
      if (fields_.size() > 2) fail("OBJNAME: expected one row name");
      return true;
    }
    if (key == "ROWS") {
      if (seen_columns_) fail("ROWS section after COLUMNS");
      enter(Section::kRows, seen_rows_, "ROWS");
      return true;
    }
    if (key == "COLUMNS") {
      if (!seen_rows_) fail("COLUMNS section before ROWS");
      enter(Section::kColumns, seen_columns_, "COLUMNS");
      return true;
    }
    if (key == "RHS" || key == "RANGES" || key == "BOUNDS") {
      if (!seen_rows_) fail(std::string(key) + " section before ROWS");
      finish_columns();
      if (key == "RHS") enter(Section::kRhs, seen_rhs_, "RHS");
      if (key == "RANGES") enter(Section::kRanges, seen_ranges_, "RANGES");
      if (key == "BOUNDS") enter(Section::kBounds, seen_bounds_, "BOUNDS");
      return true;
    }
    if (key == "ENDATA") {
      finish_columns();
      ended_ = true;
      return true;
    }
    static constexpr std::string_view kUnsupported[] = {
        "QUADOBJ", "QMATRIX", "QSECTION", "QCMATRIX", "CSECTION", "SOS",       "SETS",
        "INDICATORS", "GENCONS", "PWLOBJ", "USERCUTS", "LAZYCONS", "SCENARIOS", "BRANCH"};
    for (std::string_view u : kUnsupported)
      if (key == u) fail("section " + std::string(key) + " is not supported (linear programs and MILPs only)");
    return false;
  }

  bool set_sense(std::string_view word) {
    if (iequals(word, "MAX") || iequals(word, "MAXIMIZE") || iequals(word, "MAXIMISE")) {
      sense_ = ObjectiveSense::kMaximize;
      return true;
    }
    if (iequals(word, "MIN") || iequals(word, "MINIMIZE") || iequals(word, "MINIMISE")) {
      sense_ = ObjectiveSense::kMinimize;
      return true;
    }
    return false;
  }

  void set_objective_name(std::string_view name) {
    if (seen_rows_) fail("OBJNAME must come before ROWS");
    objective_name_ = std::string(name);
  }

  // ---- free / fixed record reading ------------------------------------------

  // Decodes a data line: free split first; a trailing field starting with '*'
  // is an inline comment when the line is only valid without it (comment.mps);
  // the fixed layout is tried when the free reading fails or leaves names
  // unresolved, and wins when it is valid with fewer unknown names.
  template <class Record>
  Record read_record(std::string_view line, bool (MpsReader::*decode)(const Fields&, Record&, std::string&) const,
                     int (MpsReader::*unknown)(const Record&) const) {
    Record record;
    std::string error;
    bool ok = (this->*decode)(fields_, record, error);
    if (!ok) {
      for (size_t k = 1; k < fields_.size(); ++k) {
        if (fields_[k].front() != '*') continue;
        const Fields shorter(fields_.begin(), fields_.begin() + static_cast<std::ptrdiff_t>(k));
        Record retry;
        std::string ignored;
        if ((this->*decode)(shorter, retry, ignored)) {
          record = std::move(retry);
          ok = true;
        }
        break;
      }
    }
    const int unknown_free = ok ? (this->*unknown)(record) : INT_MAX;
    if (unknown_free > 0 && split_fixed(line, fixed_)) {
      Record fixed;
      std::string ignored;
      if ((this->*decode)(fixed_, fixed, ignored) && (this->*unknown)(fixed) < unknown_free) return fixed;
    }
    if (!ok) fail(error);
    return record;
  }

  int unknown_none(const RowsRecord&) const { return 0; }
  int unknown_rows_columns(const ColumnsRecord& r) const { return count_unknown_rows(r.pairs); }
  int unknown_rows_rhs(const RhsRecord& r) const { return count_unknown_rows(r.pairs); }
  int unknown_column_bounds(const BoundsRecord& r) const { return column_index_.count(r.column) ? 0 : 1; }
  int count_unknown_rows(const std::vector<Pair>& pairs) const {
    int n = 0;
    for (const Pair& p : pairs) n += row_index_.count(p.name) ? 0 : 1;
    return n;
  }

  // Parses the value field of a record. `finite` is for matrix coefficients.
  static bool decode_value(std::string_view token, bool finite, double& value, std::string& error) {
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

  static bool decode_pairs(const Fields& f, size_t first, bool finite, std::vector<Pair>& pairs, const char* what,
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

  bool decode_rows(const Fields& f, RowsRecord& r, std::string& error) const {
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

  static std::string_view unquote(std::string_view s) {
    if (s.size() >= 2 && s.front() == '\'' && s.back() == '\'') return s.substr(1, s.size() - 2);
    return s;
  }

  bool decode_columns(const Fields& f, ColumnsRecord& r, std::string& error) const {
    if (f.size() == 3 && (f[1] == "'MARKER'" || (f[1] == "MARKER" && (unquote(f[2]) == "INTORG" || unquote(f[2]) == "INTEND")))) {
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
  bool decode_rhs(const Fields& f, RhsRecord& r, std::string& error) const {
    const char* what = section_ == Section::kRhs ? "RHS" : "RANGES";
    if (f.size() < 2 || f.size() > 5) {
      error = std::string(what) + ": expected '[set] row value [row value]'";
      return false;
    }
    size_t first = 0;
    if (f.size() % 2 == 1) {
      r.set = f[0];
      first = 1;
    }
    return decode_pairs(f, first, false, r.pairs, what, error);
  }

  bool decode_bounds(const Fields& f, BoundsRecord& r, std::string& error) const {
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
      const bool second_is_column = column_index_.count(f[2]) > 0;
      if (!second_is_column && column_index_.count(f[1]) > 0 && parse_number(f[2])) {
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
      r.value = to_mps_infinity(v);
    }
    return true;
  }

  // ---- applying records ------------------------------------------------------

  void apply(const RowsRecord& r) {
    std::string name(r.name);
    if (row_index_.count(name)) fail("row " + quoted(name) + " defined twice");
    if (r.type == 'N') {
      const bool is_objective =
          objective_row_name_.empty() && (objective_name_.empty() || objective_name_ == name);
      if (is_objective) {
        objective_row_name_ = name;
        row_index_.emplace(std::move(name), kObjectiveRow);
      } else {
        warn("free row " + quoted(name) + " (extra N row) is dropped");
        row_index_.emplace(std::move(name), kFreeRow);
      }
      return;
    }
    RowData row;
    row.name = name;
    row.type = r.type;
    row_index_.emplace(std::move(name), static_cast<int>(rows_.size()));
    rows_.push_back(std::move(row));
  }

  int lookup_row(std::string_view name) const {
    const auto it = row_index_.find(name);
    return it == row_index_.end() ? kNoRow : it->second;
  }

  void apply(const ColumnsRecord& r) {
    if (r.marker) {
      if (r.marker_kind == "INTORG") {
        in_integer_block_ = true;
      } else if (r.marker_kind == "INTEND") {
        in_integer_block_ = false;
      } else {
        fail("unsupported MARKER type " + quoted(r.marker_kind) + " (only INTORG and INTEND)");
      }
      return;
    }
    ColumnData& col = select_column(r.column);
    if (in_integer_block_) {
      col.integer = true;
      col.from_marker = true;
    }
    for (const Pair& p : r.pairs) {
      const int row = lookup_row(p.name);
      if (row == kNoRow) {
        warn("unknown row " + quoted(p.name) + " in COLUMNS; entry ignored");
      } else if (row == kObjectiveRow) {
        if (col.has_cost) warn("duplicate objective entry for column " + quoted(col.name) + "; values summed");
        col.cost += p.value;
        col.has_cost = true;
      } else if (row >= 0) {
        const size_t i = static_cast<size_t>(row);
        if (mark_column_[i] == current_column_) {
          warn("duplicate entry for column " + quoted(col.name) + " in row " + quoted(p.name) + "; values summed");
          col.entries[static_cast<size_t>(mark_slot_[i])].second += p.value;
        } else {
          mark_column_[i] = current_column_;
          mark_slot_[i] = static_cast<int>(col.entries.size());
          col.entries.emplace_back(row, p.value);
        }
      }
    }
  }

  // The column named `name`, created on first sight. Duplicate detection marks
  // each row with the column that last used it, so a column that comes back
  // after others (entries not contiguous) has its marks restored here.
  ColumnData& select_column(std::string_view name) {
    if (mark_column_.size() != rows_.size()) {
      mark_column_.assign(rows_.size(), -1);
      mark_slot_.assign(rows_.size(), 0);
    }
    if (current_column_ >= 0 && columns_[static_cast<size_t>(current_column_)].name == name)
      return columns_[static_cast<size_t>(current_column_)];
    const auto it = column_index_.find(name);
    if (it == column_index_.end()) {
      current_column_ = static_cast<int>(columns_.size());
      ColumnData col;
      col.name = std::string(name);
      column_index_.emplace(col.name, current_column_);
      columns_.push_back(std::move(col));
    } else {
      current_column_ = it->second;
      warn("entries of column " + quoted(name) + " are not contiguous; merged");
      const ColumnData& col = columns_[static_cast<size_t>(current_column_)];
      for (size_t k = 0; k < col.entries.size(); ++k) {
        mark_column_[static_cast<size_t>(col.entries[k].first)] = current_column_;
        mark_slot_[static_cast<size_t>(col.entries[k].first)] = static_cast<int>(k);
      }
    }
    return columns_[static_cast<size_t>(current_column_)];
  }

  void finish_columns() {
    if (in_integer_block_) warn("MARKER INTORG without INTEND at the end of COLUMNS");
    in_integer_block_ = false;
  }

  // Only the first named set of RHS, RANGES or BOUNDS counts, as in CBC and
  // HiGHS; records without a set name always apply.
  bool in_active_set(std::optional<std::string_view> set, std::string& active, bool& warned, const char* what) {
    if (!set) return true;
    if (active.empty()) active = std::string(*set);
    if (active == *set) return true;
    if (!warned) warn(std::string(what) + " set " + quoted(*set) + " ignored (only the first set " + quoted(active) + " is used)");
    warned = true;
    return false;
  }

  void apply_rhs(const RhsRecord& r, bool ranges) {
    const char* what = ranges ? "RANGES" : "RHS";
    if (!in_active_set(r.set, ranges ? range_set_ : rhs_set_, ranges ? range_set_warned_ : rhs_set_warned_, what)) return;
    for (const Pair& p : r.pairs) {
      const int row = lookup_row(p.name);
      const double v = to_mps_infinity(p.value);
      if (row == kNoRow) {
        warn("unknown row " + quoted(p.name) + " in " + what + "; entry ignored");
      } else if (row == kFreeRow || (row == kObjectiveRow && ranges)) {
        warn(std::string(what) + " entry on N row " + quoted(p.name) + " ignored");
      } else if (row == kObjectiveRow) {
        if (std::isinf(v)) fail("infinite RHS on the objective row");
        if (has_offset_) warn("duplicate RHS entry for the objective row; the last one is used");
        offset_ = -v;
        has_offset_ = true;
      } else {
        RowData& data = rows_[static_cast<size_t>(row)];
        int& line = ranges ? data.range_line : data.rhs_line;
        if (line != 0) warn(std::string("duplicate ") + what + " entry for row " + quoted(p.name) + "; the last one is used");
        line = line_;
        if (ranges)
          data.range = v;
        else
          data.rhs = v;
      }
    }
  }

  void apply(const BoundsRecord& r) {
    if (!in_active_set(r.set, bound_set_, bound_set_warned_, "BOUNDS")) return;
    const auto it = column_index_.find(r.column);
    if (it == column_index_.end()) {
      warn("unknown column " + quoted(r.column) + " in BOUNDS; bound ignored");
      return;
    }
    ColumnData& col = columns_[static_cast<size_t>(it->second)];
    const double v = r.value.value_or(kInfinity);
    col.any_bound = true;
    auto set_lower = [&](double lower) {
      if (lower == kInfinity) fail("lower bound +inf on column " + quoted(col.name));
      col.lower = lower;
      col.lower_set = true;
    };
    auto set_upper = [&](double upper) {
      if (upper == -kInfinity) fail("upper bound -inf on column " + quoted(col.name));
      col.upper = upper;
      col.negative_upper_line = upper < 0 ? line_ : 0;
    };
    switch (r.kind) {
      case BoundKind::kUp: set_upper(v); break;
      case BoundKind::kLo: set_lower(v); break;
      case BoundKind::kFx:
        if (std::isinf(v)) fail("FX bound with infinite value on column " + quoted(col.name));
        set_lower(v);
        col.upper = v;
        col.negative_upper_line = 0;
        break;
      case BoundKind::kFr:
        set_lower(-kInfinity);
        set_upper(kInfinity);
        break;
      case BoundKind::kMi: set_lower(-kInfinity); break;
      case BoundKind::kPl: set_upper(kInfinity); break;
      case BoundKind::kBv:
        set_lower(0.0);
        set_upper(1.0);
        col.integer = true;
        break;
      case BoundKind::kLi:
        set_lower(v);
        col.integer = true;
        break;
      case BoundKind::kUi:
        set_upper(v);
        col.integer = true;
        break;
      case BoundKind::kSc:
      case BoundKind::kSi:
        set_upper(v);
        col.negative_upper_line = 0;
        col.semi_line = line_;
        if (r.kind == BoundKind::kSi) col.integer = true;
        break;
    }
  }

  // ---- assembling the LinearProgram ------------------------------------------

  LinearProgram build() {
    if (!objective_name_.empty() && objective_row_name_ != objective_name_)
      throw InputError(source_ + ": OBJNAME row " + quoted(objective_name_) + " is not an N row of ROWS");
    const size_t m = rows_.size();
    const size_t n = columns_.size();
    if (static_cast<double>(m) * static_cast<double>(n) > kMaxDenseEntries)
      throw InputError(source_ + ": model too large for dense storage (" + std::to_string(m) + " rows x " +
                       std::to_string(n) + " columns)");
    LinearProgram lp;
    lp.name = name_;
    lp.sense = sense_;
    lp.offset = offset_;
    lp.resize(static_cast<int>(m), static_cast<int>(n));
    for (size_t i = 0; i < m; ++i) {
      RowData& row = rows_[i];
      lp.row_names[i] = row.name;
      const auto [lower, upper] = row_bounds(row);
      lp.row_lower[static_cast<Eigen::Index>(i)] = lower;
      lp.row_upper[static_cast<Eigen::Index>(i)] = upper;
    }
    for (size_t j = 0; j < n; ++j) {
      ColumnData& col = columns_[j];
      const auto jj = static_cast<Eigen::Index>(j);
      finish_bounds(col);
      lp.col_names[j] = col.name;
      lp.c[jj] = col.cost;
      lp.col_lower[jj] = col.lower;
      lp.col_upper[jj] = col.upper;
      lp.is_integer[j] = col.integer ? 1 : 0;
      for (const auto& [row, value] : col.entries) lp.A(row, jj) = value;
    }
    return lp;
  }

  // RANGES sign rules (the MPS standard): L [rhs-|R|, rhs], G [rhs, rhs+|R|],
  // E [rhs, rhs+|R|] for R > 0 and [rhs-|R|, rhs] for R < 0.
  std::pair<double, double> row_bounds(const RowData& row) const {
    const double r = row.rhs;
    double lower = r;
    double upper = r;
    if (row.type == 'L') lower = -kInfinity;
    if (row.type == 'G') upper = kInfinity;
    if (row.range) {
      if (std::isinf(r)) fail_at(row.range_line, "RANGES entry on row " + quoted(row.name) + " whose RHS is infinite");
      const double width = std::abs(*row.range);
      if (row.type == 'L' || (row.type == 'E' && *row.range < 0)) lower = r - width;
      if (row.type == 'G' || (row.type == 'E' && *row.range > 0)) upper = r + width;
    }
    if (lower == kInfinity || upper == -kInfinity)
      fail_at(row.rhs_line, "infinite RHS " + format_number(r) + " makes row " + quoted(row.name) + " unsatisfiable");
    return {lower, upper};
  }

  void finish_bounds(ColumnData& col) {
    if (col.from_marker && !col.any_bound) col.upper = 1.0;
    if (col.negative_upper_line != 0 && col.upper < 0 && !col.lower_set) {
      warn_at(col.negative_upper_line,
              "negative upper bound on column " + quoted(col.name) + " without a lower bound: lower bound set to -inf");
      col.lower = -kInfinity;
    }
    if (col.semi_line != 0 && !(col.lower <= 0.0 && 0.0 <= col.upper))
      fail_at(col.semi_line, "semi-continuous column " + quoted(col.name) +
                                 " with lower bound > 0 is not supported (SC/SI only as ordinary bounds)");
  }

  std::string_view text_;
  const std::string& source_;
  int line_ = 0;
  Section section_ = Section::kNone;
  bool ended_ = false;
  bool seen_name_ = false, seen_rows_ = false, seen_columns_ = false;
  bool seen_rhs_ = false, seen_ranges_ = false, seen_bounds_ = false;
  Fields fields_, fixed_;

  std::string name_;
  ObjectiveSense sense_ = ObjectiveSense::kMinimize;
  std::string objective_name_;      // from OBJNAME, empty if none
  std::string objective_row_name_;  // the N row chosen as objective
  double offset_ = 0.0;
  bool has_offset_ = false;

  NameIndex row_index_;  // constraint index, kObjectiveRow or kFreeRow
  std::vector<RowData> rows_;
  NameIndex column_index_;
  std::vector<ColumnData> columns_;
  int current_column_ = -1;
  bool in_integer_block_ = false;
  std::vector<int> mark_column_;  // per constraint row: column that last had an entry there
  std::vector<int> mark_slot_;    // ... and the index of that entry in the column

  std::string rhs_set_, range_set_, bound_set_;
  bool rhs_set_warned_ = false, range_set_warned_ = false, bound_set_warned_ = false;
  int warnings_ = 0;
  int suppressed_warnings_ = 0;
};

}  // namespace

LinearProgram read_mps_text(std::string_view text, const std::string& source_name) {
  if (is_gzip(text)) {
    const std::string plain = gunzip(text, source_name);
    return MpsReader(plain, source_name).read();
  }
  return MpsReader(text, source_name).read();
}

LinearProgram read_mps_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file");
  const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError(path + ": read error");
  return read_mps_text(data, path);
}

}  // namespace milpsac::lp
