// Number formatting and tables (see text_format.h).
#include "text_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/utf8.h"

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

std::string gib_or_mib(double bytes) {
  char text[32];
  if (std::fabs(bytes) >= 1073741824.0)
    std::snprintf(text, sizeof text, "%.3f GiB", bytes / 1073741824.0);
  else
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / 1048576.0);
  return text;
}

std::string mib(double bytes) { return fixed(bytes / 1048576.0, 1); }
std::string gib(double bytes) { return fixed(bytes / 1073741824.0, 3); }
std::string percent(double fraction) { return fixed(100.0 * fraction, 1); }

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

std::string terminal_safe(std::string_view raw) {
  const std::string text = to_valid_utf8(raw);
  std::string out;
  out.reserve(text.size());
  char escape[16];
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n') {
      out += '\n';
    } else if (byte == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      std::snprintf(escape, sizeof escape, "\\x%02x", byte);
      out += escape;
    } else if (byte == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned char>(text[i + 1]));  // C1 control
      out += escape;
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace milpsac::cli
