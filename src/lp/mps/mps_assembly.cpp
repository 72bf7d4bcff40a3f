// Assembly of the MPS model (see mps_assembly.h).
#include "lp/mps/mps_assembly.h"

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/deadline.h"
#include "common/index.h"
#include "common/infinity.h"
#include "common/utf8.h"

namespace milpsac::lp::mps_detail {
namespace {

std::string format_number(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

// True if s is valid UTF-8 in the strict sense of RFC 3629 (the one Python's
// decoder applies): no overlong forms, no surrogates, nothing above
// U+10FFFF. A laxer check let such names through as "UTF-8", and the Python
// module then raised UnicodeDecodeError on them; they are read as Latin-1.
bool is_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : 99;
    if (extra == 99 || i + extra >= s.size()) return false;
    std::uint32_t code = extra == 0 ? c : c & (0x3FU >> extra);
    for (size_t k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(s[i + k]);
      if ((next >> 6) != 0x2) return false;
      code = (code << 6) | (next & 0x3FU);
    }
    constexpr std::uint32_t kSmallest[4] = {0, 0x80, 0x800, 0x10000};  // below: an overlong form
    if (code < kSmallest[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += extra + 1;
  }
  return true;
}

// Names are opaque bytes in MPS, but old files use Latin-1; the model's names
// must be UTF-8 (JSON output). A name that is not UTF-8 is read as Latin-1.
std::string utf8_name(const std::string& name, bool& transcoded) {
  if (is_utf8(name)) return name;
  transcoded = true;
  std::string out;
  out.reserve(name.size() + 8);
  for (char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out += ch;
    } else {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

// A name read as Latin-1 may equal another name ("c\xE9" in Latin-1 and
// "c\xC3\xA9" in UTF-8 both read "cé"): two equal keys in solve's JSON, of
// which Python's dict keeps one, and a column's value was lost. Such a name
// gets the first free suffix "~2", "~3", ... (in model order; names that
// were UTF-8 keep theirs), with a warning that shows its bytes.
template <class RawName>
void make_distinct(std::vector<std::string>& names, const std::vector<size_t>& transcoded, const char* kind,
                   RawName raw_name, std::vector<std::string>& renamed) {
  if (transcoded.empty()) return;
  std::unordered_set<std::string> taken;
  size_t next = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    if (next < transcoded.size() && transcoded[next] == i)
      ++next;
    else
      taken.insert(names[i]);
  }
  for (const size_t i : transcoded) {
    std::string name = names[i];
    for (int k = 2; taken.count(name) != 0; ++k) name = names[i] + "~" + std::to_string(k);
    if (name != names[i])
      renamed.push_back(std::string(kind) + " '" + escaped_invalid_utf8(raw_name(i)) + "' read as Latin-1 is '" +
                        names[i] + "', the name of another " + kind + ": named '" + name + "'");
    taken.insert(name);
    names[i] = std::move(name);
  }
}

}  // namespace

void MpsModel::add_row(const RowsRecord& r) {
  std::string row_name(r.name);
  if (row_index_.count(row_name)) diag_.fail("row " + quoted(row_name) + " defined twice");
  if (r.type == 'N') {
    const bool is_objective = objective_row_name_.empty() && (objective_name.empty() || objective_name == row_name);
    if (is_objective) {
      objective_row_name_ = row_name;
      row_index_.emplace(std::move(row_name), kObjectiveRow);
    } else {
      diag_.warn("free row " + quoted(row_name) + " (extra N row) is dropped");
      row_index_.emplace(std::move(row_name), kFreeRow);
    }
    return;
  }
  RowData row;
  row.name = row_name;
  row.type = r.type;
  row_index_.emplace(std::move(row_name), static_cast<int>(rows_.size()));
  rows_.push_back(std::move(row));
}

int MpsModel::lookup_row(std::string_view name) const {
  const auto it = row_index_.find(name);
  return it == row_index_.end() ? kNoRow : it->second;
}

void MpsModel::add_entries(const ColumnsRecord& r, bool integer) {
  ColumnData& col = select_column(r.column);
  if (integer) {
    col.integer = true;
    col.from_marker = true;
  }
  for (const Pair& p : r.pairs) {
    const int row = lookup_row(p.name);
    if (row == kNoRow) {
      diag_.warn("unknown row " + quoted(p.name) + " in COLUMNS; entry ignored");
    } else if (row == kObjectiveRow) {
      if (col.has_cost) diag_.warn("duplicate objective entry for column " + quoted(col.name) + "; values summed");
      col.cost += p.value;
      col.has_cost = true;
    } else if (row >= 0) {
      const size_t i = uz(row);
      if (mark_column_[i] == current_column_) {
        diag_.warn("duplicate entry for column " + quoted(col.name) + " in row " + quoted(p.name) + "; values summed");
        col.entries[uz(mark_slot_[i])].second += p.value;
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
MpsModel::ColumnData& MpsModel::select_column(std::string_view name) {
  if (mark_column_.size() != rows_.size()) {
    mark_column_.assign(rows_.size(), -1);
    mark_slot_.assign(rows_.size(), 0);
  }
  if (current_column_ >= 0 && columns_[uz(current_column_)].name == name) return columns_[uz(current_column_)];
  const int found = find_column(name);
  if (found < 0) {
    current_column_ = static_cast<int>(columns_.size());
    ColumnData col;
    col.name = std::string(name);
    column_index_.insert(name, current_column_);
    columns_.push_back(std::move(col));
  } else {
    current_column_ = found;
    diag_.warn("entries of column " + quoted(name) + " are not contiguous; merged");
    const ColumnData& col = columns_[uz(current_column_)];
    for (size_t k = 0; k < col.entries.size(); ++k) {
      mark_column_[uz(col.entries[k].first)] = current_column_;
      mark_slot_[uz(col.entries[k].first)] = static_cast<int>(k);
    }
  }
  return columns_[uz(current_column_)];
}

// Only the first named set of RHS, RANGES or BOUNDS counts, as in CBC and
// HiGHS; records without a set name always apply.
bool MpsModel::in_active_set(std::optional<std::string_view> set, ActiveSet& active, const char* section) {
  if (!set) return true;
  if (active.name.empty()) active.name = std::string(*set);
  if (active.name == *set) return true;
  if (!active.warned)
    diag_.warn(std::string(section) + " set " + quoted(*set) + " ignored (only the first set " + quoted(active.name) +
               " is used)");
  active.warned = true;
  return false;
}

void MpsModel::set_rhs(const RhsRecord& r, bool ranges) {
  const char* what = ranges ? "RANGES" : "RHS";
  if (!in_active_set(r.set, ranges ? range_set_ : rhs_set_, what)) return;
  for (const Pair& p : r.pairs) {
    const int row = lookup_row(p.name);
    const double v = clean_infinity(p.value);
    if (row == kNoRow) {
      diag_.warn("unknown row " + quoted(p.name) + " in " + what + "; entry ignored");
    } else if (row == kFreeRow || (row == kObjectiveRow && ranges)) {
      diag_.warn(std::string(what) + " entry on N row " + quoted(p.name) + " ignored");
    } else if (row == kObjectiveRow) {
      if (std::isinf(v)) diag_.fail("infinite RHS on the objective row");
      if (has_offset_) diag_.warn("duplicate RHS entry for the objective row; the last one is used");
      offset_ = -v;
      has_offset_ = true;
    } else {
      RowData& data = rows_[uz(row)];
      int& line = ranges ? data.range_line : data.rhs_line;
      if (line != 0)
        diag_.warn(std::string("duplicate ") + what + " entry for row " + quoted(p.name) + "; the last one is used");
      line = diag_.line();
      if (ranges)
        data.range = v;
      else
        data.rhs = v;
    }
  }
}

void MpsModel::set_bound(const BoundsRecord& r) {
  if (!in_active_set(r.set, bound_set_, "BOUNDS")) return;
  const int found = find_column(r.column);
  if (found < 0) {
    diag_.warn("unknown column " + quoted(r.column) + " in BOUNDS; bound ignored");
    return;
  }
  ColumnData& col = columns_[uz(found)];
  const double v = r.value.value_or(kInfinity);
  col.any_bound = true;
  auto set_lower = [&](double lower) {
    if (lower == kInfinity) diag_.fail("lower bound +inf on column " + quoted(col.name));
    col.lower = lower;
    col.lower_set = true;
  };
  auto set_upper = [&](double upper) {
    if (upper == -kInfinity) diag_.fail("upper bound -inf on column " + quoted(col.name));
    col.upper = upper;
    col.negative_upper_line = upper < 0 ? diag_.line() : 0;
  };
  switch (r.kind) {
    case BoundKind::kUp:
      set_upper(v);
      break;
    case BoundKind::kLo:
      set_lower(v);
      break;
    case BoundKind::kFx:
      if (std::isinf(v)) diag_.fail("FX bound with infinite value on column " + quoted(col.name));
      set_lower(v);
      col.upper = v;
      col.negative_upper_line = 0;
      break;
    case BoundKind::kFr:
      set_lower(-kInfinity);
      set_upper(kInfinity);
      break;
    case BoundKind::kMi:
      set_lower(-kInfinity);
      break;
    case BoundKind::kPl:
      set_upper(kInfinity);
      break;
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
      col.semi_line = diag_.line();
      if (r.kind == BoundKind::kSi) col.integer = true;
      break;
  }
}

LinearProgram MpsModel::assemble(const Deadline* deadline) {
  if (!objective_name.empty() && objective_row_name_ != objective_name)
    diag_.fail_at(0, "OBJNAME row " + quoted(objective_name) + " is not an N row of ROWS");
  const size_t m = rows_.size();
  const size_t n = columns_.size();
  LinearProgram lp;
  bool transcoded = false;
  lp.name = utf8_name(name, transcoded);
  std::vector<size_t> transcoded_rows, transcoded_cols;  // indices of the names read as Latin-1
  lp.sense = sense;
  lp.offset = offset_;
  lp.resize(static_cast<int>(m), static_cast<int>(n));
  for (size_t i = 0; i < m; ++i) {
    if (i % kItemsPerClockCheck == 0) check_deadline(deadline, diag_.source(), "building the model");
    RowData& row = rows_[i];
    bool latin1 = false;
    lp.row_names[i] = utf8_name(row.name, latin1);
    if (latin1) transcoded_rows.push_back(i);
    const auto [lower, upper] = row_bounds(row);
    lp.row_lower[static_cast<Eigen::Index>(i)] = lower;
    lp.row_upper[static_cast<Eigen::Index>(i)] = upper;
  }
  std::vector<Eigen::Triplet<double>> entries;
  for (size_t j = 0; j < n; ++j) {
    if (j % kItemsPerClockCheck == 0) check_deadline(deadline, diag_.source(), "building the model");
    ColumnData& col = columns_[j];
    const auto jj = static_cast<Eigen::Index>(j);
    finish_bounds(col);
    bool latin1 = false;
    lp.col_names[j] = utf8_name(col.name, latin1);
    if (latin1) transcoded_cols.push_back(j);
    lp.c[jj] = col.cost;
    lp.col_lower[jj] = col.lower;
    lp.col_upper[jj] = col.upper;
    lp.is_integer[j] = col.integer ? 1 : 0;
    if (col.semi_line != 0) {
      if (lp.is_semicontinuous.empty()) lp.is_semicontinuous.assign(n, 0);
      lp.is_semicontinuous[j] = 1;
    }
    for (const auto& [row, value] : col.entries) entries.emplace_back(row, static_cast<int>(j), value);
  }
  // A column's entries are merged per row when read, so there are no duplicates to sum.
  check_deadline(deadline, diag_.source(), "building the model");
  lp.A.setFromTriplets(entries.begin(), entries.end());
  transcoded = transcoded || !transcoded_rows.empty() || !transcoded_cols.empty();
  if (transcoded) diag_.warn_at(0, "names that are not UTF-8 were read as Latin-1");
  std::vector<std::string> renamed;
  make_distinct(
      lp.row_names, transcoded_rows, "row", [&](size_t i) { return rows_[i].name; }, renamed);
  make_distinct(
      lp.col_names, transcoded_cols, "column", [&](size_t j) { return columns_[j].name; }, renamed);
  for (const std::string& what : renamed) diag_.warn_at(0, what);
  return lp;
}

// RANGES sign rules (the MPS standard): L [rhs-|R|, rhs], G [rhs, rhs+|R|],
// E [rhs, rhs+|R|] for R > 0 and [rhs-|R|, rhs] for R < 0.
std::pair<double, double> MpsModel::row_bounds(const RowData& row) const {
  const double r = row.rhs;
  double lower = r;
  double upper = r;
  if (row.type == 'L') lower = -kInfinity;
  if (row.type == 'G') upper = kInfinity;
  if (row.range) {
    if (std::isinf(r))
      diag_.fail_at(row.range_line, "RANGES entry on row " + quoted(row.name) + " whose RHS is infinite");
    const double width = std::abs(*row.range);
    if (row.type == 'L' || (row.type == 'E' && *row.range < 0)) lower = r - width;
    if (row.type == 'G' || (row.type == 'E' && *row.range > 0)) upper = r + width;
  }
  if (lower == kInfinity || upper == -kInfinity)
    diag_.fail_at(row.rhs_line,
                  "infinite RHS " + format_number(r) + " makes row " + quoted(row.name) + " unsatisfiable");
  return {lower, upper};
}

void MpsModel::finish_bounds(ColumnData& col) {
  if (col.from_marker && !col.any_bound) col.upper = 1.0;
  if (col.negative_upper_line != 0 && col.upper < 0 && !col.lower_set) {
    diag_.warn_at(col.negative_upper_line, "negative upper bound on column " + quoted(col.name) +
                                               " without a lower bound: lower bound set to -inf");
    col.lower = -kInfinity;
  }
}

}  // namespace milpsac::lp::mps_detail
