// Private helpers of the MPS reader: splitting a line into fields (free and
// fixed format) and parsing MPS numbers.
//
// Kept apart from mps_reader.cpp so that the section logic there reads as MPS
// semantics only. Nothing here allocates per token or throws: the reader decides
// what a failed split or number means, because that depends on the section.
#pragma once

#include <array>
#include <charconv>
#include <cstddef>
#include <optional>
#include <string_view>
#include <system_error>
#include <vector>

namespace milpsac::lp::mps_detail {

inline bool is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v'; }

// Cuts an inline `$` comment: a `$` that starts a field (line start or after a
// blank) begins a comment in both MPS dialects. A `$` inside a name is kept.
inline std::string_view strip_dollar_comment(std::string_view line) {
  for (size_t i = 0; i < line.size(); ++i)
    if (line[i] == '$' && (i == 0 || is_blank(line[i - 1]))) return line.substr(0, i);
  return line;
}

// Free format: fields are maximal runs of non-blank characters.
inline void split_free(std::string_view line, std::vector<std::string_view>& out) {
  out.clear();
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
}

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// Fixed format (the 1960s card layout): fields at columns 2-3, 5-12, 15-22,
// 25-36, 40-47, 50-61, separated by columns that must be blank. Used only as a
// fallback for lines whose free split does not make a valid record, which is
// how names with embedded blanks (e.g. d6cube rows) get read. Empty fields are
// dropped, so a blank set name in RHS/RANGES/BOUNDS looks like an omitted one.
// Returns false when the line cannot be fixed format (text in a separator
// column or past column 61 that is not a `*` comment).
inline bool split_fixed(std::string_view line, std::vector<std::string_view>& out) {
  struct Span {
    size_t begin, end;  // 0-based, half open
  };
  static constexpr std::array<Span, 6> kFields{{{1, 3}, {4, 12}, {14, 22}, {24, 36}, {39, 47}, {49, 61}}};
  static constexpr std::array<Span, 6> kGaps{{{0, 1}, {3, 4}, {12, 14}, {22, 24}, {36, 39}, {47, 49}}};
  out.clear();
  for (const Span& gap : kGaps)
    for (size_t i = gap.begin; i < gap.end && i < line.size(); ++i)
      if (!is_blank(line[i])) return false;
  if (line.size() > 61) {
    const std::string_view tail = trim(line.substr(61));
    if (!tail.empty() && tail.front() != '*') return false;
  }
  for (const Span& field : kFields) {
    if (field.begin >= line.size()) break;
    const std::string_view text = trim(line.substr(field.begin, field.end - field.begin));
    if (!text.empty()) out.push_back(text);
  }
  return true;
}

// An MPS number: a decimal float with an optional leading '+', and Fortran
// exponents (1.0D3) accepted as E. "inf"/"infinity"/"nan" parse too (the caller
// rejects or maps them); anything else, including trailing junk, is nullopt.
// Out-of-range magnitudes (1e400) are nullopt as well rather than silently inf.
inline std::optional<double> parse_number(std::string_view token) {
  std::array<char, 64> buffer{};
  if (token.empty() || token.size() >= buffer.size()) return std::nullopt;
  size_t n = 0;
  size_t i = 0;
  if (token[0] == '+') {
    i = 1;
    if (token.size() == 1 || token[1] == '-' || token[1] == '+') return std::nullopt;
  }
  for (; i < token.size(); ++i) buffer[n++] = (token[i] == 'd' || token[i] == 'D') ? 'e' : token[i];
  double value = 0.0;
  const auto [end, error] = std::from_chars(buffer.data(), buffer.data() + n, value, std::chars_format::general);
  if (error != std::errc() || end != buffer.data() + n) return std::nullopt;
  return value;
}

}  // namespace milpsac::lp::mps_detail
