// Text for people and JSON from bytes that may not be UTF-8: old MPS files
// carry Latin-1 names, and a JSON parse error quotes the bytes it stopped at.
// The CLI and the Python module both pass messages, warnings and names through
// this one repair, so they show the same characters (the CLI's stderr and
// JSON stay valid UTF-8; Python gets a str, not a UnicodeDecodeError).
#pragma once

#include <string>
#include <string_view>

namespace milpsac {

// `text` when it is valid UTF-8; otherwise every byte that does not belong to
// a valid UTF-8 sequence is read as Latin-1 and re-encoded (0xE9 -> "é").
std::string to_valid_utf8(std::string_view text);

bool is_valid_utf8(std::string_view text);

// `text` with each byte that is not part of valid UTF-8 written as \xHH
// (for messages that must show which bytes a name holds).
std::string escaped_invalid_utf8(std::string_view text);

}  // namespace milpsac
