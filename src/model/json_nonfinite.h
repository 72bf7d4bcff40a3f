// Python's json.dump writes NaN, Infinity and -Infinity as bare words, which
// strict JSON parsers reject with a bare "syntax error". To report such a value
// as "module X, field Y is NaN" instead, the reader first turns these words
// (outside string literals) into the strings "NaN", "Infinity", "-Infinity";
// a number field holding one of those strings is then reported by name.
#pragma once

#include <string>
#include <string_view>

namespace milpsac::model {

// True if text may contain a bare NaN / Infinity (cheap pre-check).
bool may_contain_nonfinite_literals(std::string_view text);

// Copy of text with bare NaN, Infinity and -Infinity quoted.
std::string quote_nonfinite_literals(std::string_view text);

// "NaN", "Infinity" or "-Infinity": a quoted non-finite literal.
bool is_quoted_nonfinite(std::string_view s);

}  // namespace milpsac::model
