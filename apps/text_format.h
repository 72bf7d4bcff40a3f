// Text for people and text that stays valid: number and byte formatting for
// tables (no "8.96641e+06", no "-0"), a column-aligned table, and a UTF-8
// repair for names read from files that are not UTF-8 (old MPS files carry
// Latin-1 bytes), so JSON output is always valid JSON.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace milpsac::cli {

// A number in plain decimal notation with about `significant` digits, trailing
// zeros trimmed, never "-0"; scientific only beyond 1e15 or below 1e-6.
std::string human_number(double value, int significant = 6);
// Bytes in the largest binary unit that keeps the value >= 1: "1.250 GiB",
// "512.0 MiB", "37 B".
std::string human_bytes(double bytes);
// Bytes in GiB from 1 GiB up ("1.250 GiB"), in MiB below ("37.5 MiB"): the
// SAC tables' unit, the same for `sac` and `evaluate`.
std::string gib_or_mib(double bytes);
// Bytes as a number of MiB / GiB with fixed decimals (for tables whose header names the unit).
std::string mib(double bytes);
std::string gib(double bytes);
// A fraction as a percentage with one decimal: "57.3".
std::string percent(double fraction);

// `text` safe to print on a terminal: repaired to UTF-8 (common/utf8.h), and
// every control character but the newline written as an escape ("\x1b",
// "\t", "\u009b" for the C1 controls), so a name read from a file cannot
// move the cursor, recolour or retitle the terminal. main() passes the whole
// answer of --format table through it.
std::string terminal_safe(std::string_view text);

// A table: a header row, then rows of cells; columns are left-aligned when
// declared so, right-aligned otherwise (numbers).
class TextTable {
 public:
  struct Column {
    std::string header;
    bool left = false;
  };
  explicit TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}
  void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  bool empty() const { return rows_.empty(); }
  std::string render() const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace milpsac::cli
