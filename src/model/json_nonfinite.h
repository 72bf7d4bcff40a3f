// Python's json.dump writes NaN, Infinity and -Infinity as bare words, which
// strict JSON parsers reject with a bare "syntax error". To report such a value
// as "module X, field Y is NaN" instead, the reader first turns these words
// (outside string literals) into the strings "NaN", "Infinity", "-Infinity";
// a number field holding one of those strings is then reported by name.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace milpsac::model {

// True if text may contain a bare NaN / Infinity (cheap pre-check).
bool may_contain_nonfinite_literals(std::string_view text);

// Copy of text with bare NaN, Infinity and -Infinity quoted.
std::string quote_nonfinite_literals(std::string_view text);

// "NaN", "Infinity" or "-Infinity": a quoted non-finite literal.
bool is_quoted_nonfinite(std::string_view s);

// Parse a JSON document that may hold Python's NaN/Infinity literals (quoted
// first, so readers can name the field); a syntax error is an InputError
// "SOURCE: invalid JSON: ...".
nlohmann::json parse_json_with_nonfinite(std::string_view text, const std::string& source);

}  // namespace milpsac::model
