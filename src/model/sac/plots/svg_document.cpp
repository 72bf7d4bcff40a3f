// SVG helpers (see svg_document.h).
#include "model/sac/plots/svg_document.h"

#include <cmath>
#include <cstdio>

#include "common/utf8.h"

namespace milpsac::plots::svg {

std::string number(double value, const char* format) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

namespace {

constexpr const char* kReplacement = "\xef\xbf\xbd";  // U+FFFD

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

}  // namespace

std::string escape(const std::string& raw) {
  const std::string text = to_valid_utf8(raw);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') {
      out += kReplacement;
      continue;
    }
    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are valid UTF-8 but not XML characters.
    if (byte == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(text[i + 2]) == 0xBE || static_cast<unsigned char>(text[i + 2]) == 0xBF)) {
      out += kReplacement;
      i += 2;
      continue;
    }
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string shortened(const std::string& raw, size_t chars) {
  const std::string text = to_valid_utf8(raw);  // so that character boundaries are where UTF-8 says
  size_t count = 0;
  for (unsigned char c : text) count += continuation(c) ? 0 : 1;
  if (count <= chars) return text;
  const size_t keep = chars > 3 ? chars - 3 : 0;
  size_t start = text.size(), kept = 0;
  while (start > 0 && kept < keep) {
    --start;
    if (!continuation(static_cast<unsigned char>(text[start]))) ++kept;
  }
  return "..." + text.substr(start);
}

std::string file_label(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::vector<double> ticks(double low, double high) {
  const double span = high - low;
  if (!(span > 0)) return {low};
  const double raw = span / 5;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (magnitude * factor >= raw) {
      step = magnitude * factor;
      break;
    }
  std::vector<double> result;
  for (double v = std::ceil(low / step) * step; v <= high + 1e-9 * step; v += step) result.push_back(v);
  return result;
}

void open_document(std::ostringstream& out, double width, double height, const std::string& title) {
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << width / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">" << escape(title)
      << "</text>\n";
}

}  // namespace milpsac::plots::svg
