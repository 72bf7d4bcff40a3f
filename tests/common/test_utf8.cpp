// The UTF-8 repair of messages, warnings and names (common/utf8.h).
#include <doctest/doctest.h>

#include "common/utf8.h"

using milpsac::to_valid_utf8;

TEST_CASE("to_valid_utf8: valid text unchanged, stray bytes read as Latin-1") {
  CHECK(to_valid_utf8("plain") == "plain");
  CHECK(to_valid_utf8("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(to_valid_utf8("caf\xe9") == "caf\xc3\xa9");
  CHECK(to_valid_utf8("\xff") == "\xc3\xbf");
  CHECK(to_valid_utf8("\xc3") == "\xc3\x83");                          // truncated sequence
  CHECK(to_valid_utf8("\xed\xa0\x80") == "\xc3\xad\xc2\xa0\xc2\x80");  // a surrogate is not valid UTF-8
  CHECK(to_valid_utf8("\xf0\x9f\x98\x80") == "\xf0\x9f\x98\x80");
}
