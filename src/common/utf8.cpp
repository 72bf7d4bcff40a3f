// The UTF-8 repair of utf8.h.
#include "common/utf8.h"

#include <cstddef>

namespace milpsac {

namespace {

// The length of the valid UTF-8 sequence at text[i], or 0 when the byte there
// does not start one.
std::size_t valid_sequence(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  if (byte < 0x80)
    length = 1;
  else if (byte >= 0xC2 && byte <= 0xDF)
    length = 2;
  else if (byte >= 0xE0 && byte <= 0xEF)
    length = 3;
  else if (byte >= 0xF0 && byte <= 0xF4)
    length = 4;
  bool valid = length > 0 && i + length <= text.size();
  for (std::size_t k = 1; valid && k < length; ++k) valid = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
  if (valid && length >= 3) {  // no overlong forms, no surrogates, nothing past U+10FFFF
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if (byte == 0xE0) valid = second >= 0xA0;
    if (byte == 0xED) valid = second < 0xA0;
    if (byte == 0xF0) valid = second >= 0x90;
    if (byte == 0xF4) valid = second < 0x90;
  }
  return valid ? length : 0;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = valid_sequence(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

std::string to_valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    if (const std::size_t length = valid_sequence(text, i); length > 0) {
      out.append(text.substr(i, length));
      i += length;
    } else {  // Latin-1 byte: U+0080..U+00FF in two bytes
      const auto byte = static_cast<unsigned char>(text[i]);
      out.push_back(static_cast<char>(0xC0 | (byte >> 6)));
      out.push_back(static_cast<char>(0x80 | (byte & 0x3F)));
      ++i;
    }
  }
  return out;
}

std::string escaped_invalid_utf8(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t length = valid_sequence(text, i); length > 0) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      const auto byte = static_cast<unsigned char>(text[i++]);
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

}  // namespace milpsac
