// Private helper of the MPS reader: decoding one data line of a section into a
// record (ROWS, COLUMNS, RHS/RANGES, BOUNDS).
//
// A decoder looks only at the line's fields (already split, see mps_tokens.h)
// and reports failure with a message instead of throwing: the reader tries
// more than one split of the same line (free, without a trailing comment,
// fixed card layout) and keeps the first that decodes. Values are parsed here;
// NaN is refused everywhere and infinite values only where MPS allows them
// (not in COLUMNS). Names are views into the line: a record lives only as
// long as the text it was decoded from.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace milpsac::lp::mps_detail {

using Fields = std::vector<std::string_view>;

// One (name, value) pair of a COLUMNS, RHS or RANGES record.
struct Pair {
  std::string_view name;
  double value = 0.0;
};

struct RowsRecord {
  char type = 'N';
  std::string_view name;
};

struct ColumnsRecord {
  bool marker = false;
  std::string_view marker_kind;  // INTORG / INTEND / other (refused by the reader)
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
  std::optional<double> value;  // infinity-cleaned (|v| >= 1e30 is infinite)
};

// Case-insensitive comparison with an upper-case keyword.
bool iequals(std::string_view a, std::string_view upper);

bool decode_rows(const Fields& f, RowsRecord& r, std::string& error);
bool decode_columns(const Fields& f, ColumnsRecord& r, std::string& error);
// `section` is "RHS" or "RANGES" (for messages).
bool decode_rhs(const Fields& f, RhsRecord& r, const char* section, std::string& error);
// `is_column` resolves "type set column" vs "type column value" for bound
// types whose value is optional.
bool decode_bounds(const Fields& f, BoundsRecord& r, const std::function<bool(std::string_view)>& is_column,
                   std::string& error);

}  // namespace milpsac::lp::mps_detail
