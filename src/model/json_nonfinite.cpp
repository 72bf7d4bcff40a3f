// Quoting of Python's non-finite JSON literals (see json_nonfinite.h).
#include "model/json_nonfinite.h"

#include "common/input_error.h"

#include <array>

namespace milpsac::model {
namespace {

constexpr std::array<std::string_view, 3> kLiterals = {"-Infinity", "Infinity", "NaN"};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

bool may_contain_nonfinite_literals(std::string_view text) {
  return text.find("NaN") != std::string_view::npos ||
         text.find("Infinity") != std::string_view::npos;
}

std::string quote_nonfinite_literals(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 16);
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      out += c;
      continue;
    }
    bool replaced = false;
    if (i == 0 || !is_word_char(text[i - 1])) {
      for (std::string_view literal : kLiterals) {
        const size_t end = i + literal.size();
        if (text.compare(i, literal.size(), literal) == 0 &&
            (end == text.size() || !is_word_char(text[end]))) {
          out += '"';
          out += literal;
          out += '"';
          i = end - 1;
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += c;
  }
  return out;
}

bool is_quoted_nonfinite(std::string_view s) {
  for (std::string_view literal : kLiterals)
    if (s == literal) return true;
  return false;
}

nlohmann::json parse_json_with_nonfinite(std::string_view text, const std::string& source) {
  using nlohmann::json;
  try {
    if (may_contain_nonfinite_literals(text)) return json::parse(quote_nonfinite_literals(text));
    return json::parse(text);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    if (auto bracket = what.find("] "); what.rfind("[json.exception", 0) == 0 && bracket != std::string::npos)
      what = what.substr(bracket + 2);
    throw InputError(source + ": invalid JSON: " + what);
  }
}

}  // namespace milpsac::model
