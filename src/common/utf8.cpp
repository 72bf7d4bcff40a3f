// The UTF-8 repair of utf8.h.
#include "common/utf8.h"

#include <cstddef>

namespace milpsac {

std::string to_valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
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

}  // namespace milpsac
