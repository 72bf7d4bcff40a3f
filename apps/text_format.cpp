// Number formatting, tables and UTF-8 repair (see text_format.h).
#include "text_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace milpsac::cli {
namespace {

// "-0", "-0.00": a negative sign in front of nothing but zeros.
std::string without_negative_zero(std::string text) {
  if (!text.empty() && text[0] == '-' && text.find_first_not_of("0.", 1) == std::string::npos) text.erase(0, 1);
  return text;
}

std::string trim_fraction_zeros(std::string text) {
  if (text.find('.') == std::string::npos) return text;
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return without_negative_zero(buffer);
}

}  // namespace

std::string human_number(double value, int significant) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  const double magnitude = std::fabs(value);
  if (magnitude == 0.0) return "0";
  if (magnitude >= 1e15 || magnitude < 1e-6) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*e", std::max(0, significant - 1), value);
    return buffer;
  }
  const int integer_digits = static_cast<int>(std::floor(std::log10(magnitude))) + 1;
  const int decimals = std::clamp(significant - integer_digits, 0, 12);
  return without_negative_zero(trim_fraction_zeros(fixed(value, decimals)));
}

std::string human_bytes(double bytes) {
  const double magnitude = std::fabs(bytes);
  if (magnitude >= 1073741824.0) return fixed(bytes / 1073741824.0, 3) + " GiB";
  if (magnitude >= 1048576.0) return fixed(bytes / 1048576.0, 1) + " MiB";
  if (magnitude >= 1024.0) return fixed(bytes / 1024.0, 1) + " KiB";
  return fixed(bytes, 0) + " B";
}

std::string mib(double bytes) { return fixed(bytes / 1048576.0, 1); }
std::string gib(double bytes) { return fixed(bytes / 1073741824.0, 3); }
std::string percent(double fraction) { return fixed(100.0 * fraction, 1); }

std::string to_valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    size_t length = 0;
    if (byte < 0x80)
      length = 1;
    else if (byte >= 0xC2 && byte <= 0xDF)
      length = 2;
    else if (byte >= 0xE0 && byte <= 0xEF)
      length = 3;
    else if (byte >= 0xF0 && byte <= 0xF4)
      length = 4;
    bool valid = length > 0 && i + length <= text.size();
    for (size_t k = 1; valid && k < length; ++k) valid = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (valid && length >= 3) {  // no overlong forms, no surrogates, nothing past U+10FFFF
      const auto second = static_cast<unsigned char>(text[i + 1]);
      if (byte == 0xE0) valid = second >= 0xA0;
      if (byte == 0xED) valid = second < 0xA0;
      if (byte == 0xF0) valid = second >= 0x90;
      if (byte == 0xF4) valid = second < 0x90;
    }
    if (valid) {
      out.append(text.substr(i, length));
      i += length;
    } else {  // Latin-1 byte: U+0080..U+00FF in two bytes
      out.push_back(static_cast<char>(0xC0 | (byte >> 6)));
      out.push_back(static_cast<char>(0x80 | (byte & 0x3F)));
      ++i;
    }
  }
  return out;
}

std::string TextTable::render() const {
  std::vector<size_t> width(columns_.size(), 0);
  for (size_t c = 0; c < columns_.size(); ++c) width[c] = columns_[c].header.size();
  for (const auto& row : rows_)
    for (size_t c = 0; c < row.size() && c < width.size(); ++c) width[c] = std::max(width[c], row[c].size());
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text;
    for (size_t c = 0; c < columns_.size(); ++c) {
      const std::string cell = c < cells.size() ? cells[c] : "";
      const std::string pad(width[c] - std::min(width[c], cell.size()), ' ');
      if (c > 0) text += "  ";
      text += columns_[c].left ? cell + (c + 1 < columns_.size() ? pad : "") : pad + cell;
    }
    return text + "\n";
  };
  std::vector<std::string> headers;
  for (const Column& c : columns_) headers.push_back(c.header);
  std::string text = line(headers);
  for (const auto& row : rows_) text += line(row);
  return text;
}

}  // namespace milpsac::cli
