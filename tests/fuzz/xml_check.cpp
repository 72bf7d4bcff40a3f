// XML well-formedness check (see xml_check.h).
#include "xml_check.h"

#include <cctype>
#include <cstdint>
#include <vector>

namespace milpsac::fuzz {
namespace {

// The code point at text[i] (advancing i), or -1 for invalid UTF-8.
long next_code_point(std::string_view text, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  int length = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  if (length == 0 || i + static_cast<size_t>(length) > text.size()) return -1;
  long cp = length == 1 ? b : b & (0x7F >> length);
  for (int k = 1; k < length; ++k) {
    if ((byte(i + static_cast<size_t>(k)) & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (byte(i + static_cast<size_t>(k)) & 0x3F);
  }
  static const long kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  i += static_cast<size_t>(length);
  return cp;
}

bool xml_char(long cp) {
  return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
         cp >= 0x10000;
}

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' || c == '.';
}

// Text or an attribute value (up to `end`): '<' never, '&' only as a reference.
std::string check_text(std::string_view text, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if (text[i] == '<') return "'<' in text at byte " + std::to_string(i);
    if (text[i] != '&') continue;
    const size_t semi = text.find(';', i);
    if (semi == std::string_view::npos || semi > end) return "'&' without ';' at byte " + std::to_string(i);
    const std::string_view ref = text.substr(i + 1, semi - i - 1);
    const bool named = ref == "lt" || ref == "gt" || ref == "amp" || ref == "quot" || ref == "apos";
    const bool numeric = ref.size() > 1 && ref.size() <= 8 && ref[0] == '#' &&
                         ref.find_first_not_of("0123456789", 1) == std::string_view::npos &&
                         std::stol(std::string(ref.substr(1))) != 0;
    if (!named && !numeric) return "unknown reference &" + std::string(ref) + "; at byte " + std::to_string(i);
  }
  return {};
}

}  // namespace

std::string xml_problem(std::string_view xml) {
  for (size_t i = 0; i < xml.size();) {
    const size_t at = i;
    const long cp = next_code_point(xml, i);
    if (cp < 0) return "invalid UTF-8 at byte " + std::to_string(at);
    if (!xml_char(cp))
      return "character U+" + std::to_string(cp) + " (not allowed in XML 1.0) at byte " + std::to_string(at);
  }
  std::vector<std::string> open;
  bool root_seen = false;
  size_t i = 0;
  if (xml.rfind("<?xml", 0) == 0) {
    i = xml.find("?>");
    if (i == std::string_view::npos) return "unterminated XML declaration";
    i += 2;
  }
  while (i < xml.size()) {
    const size_t lt = xml.find('<', i);
    const size_t text_end = lt == std::string_view::npos ? xml.size() : lt;
    if (std::string p = check_text(xml, i, text_end); !p.empty()) return p;
    if (open.empty() && xml.substr(i, text_end - i).find_first_not_of(" \t\r\n") != std::string_view::npos)
      return "text outside the root element at byte " + std::to_string(i);
    if (lt == std::string_view::npos) break;
    size_t k = lt + 1;
    const bool closing = k < xml.size() && xml[k] == '/';
    if (closing) ++k;
    const size_t name_begin = k;
    while (k < xml.size() && name_char(xml[k])) ++k;
    const std::string name(xml.substr(name_begin, k - name_begin));
    if (name.empty()) return "a tag without a name at byte " + std::to_string(lt);
    // Attributes: name="value" or name='value'.
    while (true) {
      while (k < xml.size() && (xml[k] == ' ' || xml[k] == '\n' || xml[k] == '\t' || xml[k] == '\r')) ++k;
      if (k >= xml.size()) return "unterminated tag <" + name;
      if (xml[k] == '>' || (xml[k] == '/' && k + 1 < xml.size() && xml[k + 1] == '>')) break;
      if (closing) return "attributes in a closing tag </" + name;
      const size_t attr = k;
      while (k < xml.size() && name_char(xml[k])) ++k;
      if (k == attr || k + 1 >= xml.size() || xml[k] != '=' || (xml[k + 1] != '"' && xml[k + 1] != '\''))
        return "a malformed attribute in <" + name + " at byte " + std::to_string(attr);
      const char quote = xml[k + 1];
      const size_t value_end = xml.find(quote, k + 2);
      if (value_end == std::string_view::npos) return "an unterminated attribute value in <" + name;
      if (std::string p = check_text(xml, k + 2, value_end); !p.empty()) return p;
      k = value_end + 1;
    }
    const bool empty_element = xml[k] == '/';
    i = k + (empty_element ? 2 : 1);
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + name + "> does not close the open element";
      open.pop_back();
    } else if (!empty_element) {
      if (open.empty() && root_seen) return "a second root element <" + name + ">";
      root_seen = true;
      open.push_back(name);
    } else if (open.empty()) {
      return "an empty root element";
    }
  }
  if (!open.empty()) return "<" + open.back() + "> never closed";
  if (!root_seen) return "no root element";
  return {};
}

}  // namespace milpsac::fuzz
