// Private helper of the MPS reader: the model as the sections fill it in, and
// its assembly into a LinearProgram (bounds, ranges, the sparse matrix).
//
// The section reader (mps_reader.cpp) hands over decoded records in file
// order; this class owns the MPS semantics of each record (which N row is the
// objective, which RHS set counts, how bounds combine, how RANGES widen a
// row) and, at ENDATA, the checks that need the whole file (a negative upper
// bound without a lower bound, OBJNAME resolved). The size guard is not
// here: each front door applies lp/model_size.h to what it read. Conventions are listed in mps_reader.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/deadline.h"
#include "common/index.h"
#include "lp/linear_program.h"
#include "lp/mps/mps_diagnostics.h"
#include "lp/mps/mps_name_index.h"
#include "lp/mps/mps_records.h"

namespace milpsac::lp::mps_detail {

class MpsModel {
 public:
  explicit MpsModel(Diagnostics& diagnostics) : diag_(diagnostics) {}

  std::string name;
  ObjectiveSense sense = ObjectiveSense::kMinimize;
  std::string objective_name;  // from OBJNAME, empty if none

  bool is_row(std::string_view row) const { return row_index_.count(row) > 0; }
  bool is_column(std::string_view column) const { return find_column(column) >= 0; }

  void add_row(const RowsRecord& r);
  // COLUMNS entries; `integer` when inside MARKER INTORG ... INTEND.
  void add_entries(const ColumnsRecord& r, bool integer);
  void set_rhs(const RhsRecord& r, bool ranges);
  void set_bound(const BoundsRecord& r);

  // The LinearProgram (InputError for what only the whole file shows). Polls
  // `deadline` (may be null) and throws TimeLimitReached once it has passed:
  // 10^6 columns take about a second on a loaded machine.
  LinearProgram assemble(const Deadline* deadline);

 private:
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  using NameIndex = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;

  // A clock check every 4,096 rows or columns: microseconds apart.
  static constexpr size_t kItemsPerClockCheck = 4096;
  static constexpr int kObjectiveRow = -1;
  static constexpr int kFreeRow = -2;
  static constexpr int kNoRow = -3;

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

  // Only the first named set of RHS, RANGES or BOUNDS counts.
  struct ActiveSet {
    std::string name;
    bool warned = false;
  };

  int lookup_row(std::string_view row) const;
  int find_column(std::string_view column) const {
    return column_index_.find(column, [this](int j) -> std::string_view { return columns_[uz(j)].name; });
  }
  ColumnData& select_column(std::string_view column);
  bool in_active_set(std::optional<std::string_view> set, ActiveSet& active, const char* section);
  std::pair<double, double> row_bounds(const RowData& row) const;
  void finish_bounds(ColumnData& col);

  Diagnostics& diag_;
  std::string objective_row_name_;  // the N row chosen as objective
  double offset_ = 0.0;
  bool has_offset_ = false;
  NameIndex row_index_;  // constraint index, kObjectiveRow or kFreeRow
  std::vector<RowData> rows_;
  ColumnIndex column_index_;  // into columns_
  std::vector<ColumnData> columns_;
  int current_column_ = -1;
  std::vector<int> mark_column_;  // per constraint row: column that last had an entry there
  std::vector<int> mark_slot_;    // ... and the index of that entry in the column
  ActiveSet rhs_set_, range_set_, bound_set_;
};

}  // namespace milpsac::lp::mps_detail
