// The LP-format tokenizer (see lp_tokens.h).
#include "lp/lp_format/lp_tokens.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>

#include "lp/mps/mps_tokens.h"

namespace milpsac::lp::lp_detail {
namespace {

constexpr int kLinesPerClockCheck = 4096;

struct Keyword {
  const char* words;
  Header header;
};

// Lower case, inner blanks as one space.
constexpr Keyword kKeywords[] = {
    {"minimize", Header::kObjectiveMin},
    {"minimise", Header::kObjectiveMin},
    {"minimum", Header::kObjectiveMin},
    {"min", Header::kObjectiveMin},
    {"maximize", Header::kObjectiveMax},
    {"maximise", Header::kObjectiveMax},
    {"maximum", Header::kObjectiveMax},
    {"max", Header::kObjectiveMax},
    {"subject to", Header::kConstraints},
    {"such that", Header::kConstraints},
    {"st", Header::kConstraints},
    {"s.t.", Header::kConstraints},
    {"st.", Header::kConstraints},
    {"bounds", Header::kBounds},
    {"bound", Header::kBounds},
    {"general", Header::kGeneral},
    {"generals", Header::kGeneral},
    {"gen", Header::kGeneral},
    {"integer", Header::kGeneral},
    {"integers", Header::kGeneral},
    {"binary", Header::kBinary},
    {"binaries", Header::kBinary},
    {"bin", Header::kBinary},
    {"semi-continuous", Header::kSemi},
    {"semicontinuous", Header::kSemi},
    {"semis", Header::kSemi},
    {"semi", Header::kSemi},
    {"sos", Header::kSos},
    {"end", Header::kEnd},
};

bool is_name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || (c != '\0' && std::strchr("!\"#$%&()/,;?@_`'{}|~", c));
}
bool is_name_char(char c) { return is_name_start(c) || std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.'; }

// The line's words in lower case, single-spaced, when it may be a header.
std::string normalised(std::string_view line) {
  std::string out;
  bool blank = false;
  for (char c : line) {
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      blank = !out.empty();
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

class Tokenizer {
 public:
  Tokenizer(std::string_view text, mps_detail::Diagnostics& diag, const Deadline* deadline)
      : text_(text), diag_(diag), deadline_(deadline) {}

  std::vector<Token> run() {
    size_t pos = 0;
    int line = 0;
    while (pos < text_.size()) {
      const size_t eol = text_.find('\n', pos);
      const size_t end = eol == std::string_view::npos ? text_.size() : eol;
      diag_.set_line(++line);
      if (line % kLinesPerClockCheck == 0) check_deadline(deadline_, diag_.source(), "parsing");
      do_line(strip_comments(text_.substr(pos, end - pos)), line);
      pos = end + 1;
    }
    diag_.set_line(0);
    return std::move(tokens_);
  }

 private:
  // The line without its comment: `\` to the end of the line (PuLP's
  // `\* name *\` header is one such line).
  static std::string strip_comments(std::string_view line) {
    std::string out(line.substr(0, line.find('\\')));
    for (char& c : out)
      if (c == '\r') c = ' ';
    return out;
  }

  void do_line(const std::string& line, int number) {
    const std::string words = normalised(line);
    for (const Keyword& k : kKeywords) {
      if (words == k.words) {
        Token t;
        t.kind = TokenKind::kHeader;
        t.line = number;
        t.text = line.substr(line.find_first_not_of(" \t\f\v"));
        t.text.erase(t.text.find_last_not_of(" \t\f\v") + 1);
        t.header = k.header;
        tokens_.push_back(std::move(t));
        return;
      }
    }
    size_t i = 0;
    while (i < line.size()) {
      const char c = line[i];
      if (std::isspace(static_cast<unsigned char>(c)) != 0) {
        ++i;
        continue;
      }
      Token t;
      t.line = number;
      if (std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.') {
        i = read_number(line, i, t);
      } else if (is_name_start(c)) {
        size_t end = i;
        while (end < line.size() && is_name_char(line[end])) ++end;
        t.kind = TokenKind::kName;
        t.text = line.substr(i, end - i);
        i = end;
      } else if (c == '+' || c == '-' || c == ':') {
        t.kind = c == '+' ? TokenKind::kPlus : c == '-' ? TokenKind::kMinus : TokenKind::kColon;
        t.text = std::string(1, c);
        ++i;
      } else if (c == '<' || c == '>' || c == '=') {
        i = read_operator(line, i, t);
      } else {
        diag_.fail("unexpected character '" + std::string(1, c) + "'");
      }
      tokens_.push_back(std::move(t));
    }
  }

  // A decimal number: digits, an optional fraction and exponent.
  size_t read_number(const std::string& line, size_t i, Token& t) {
    size_t end = i;
    const auto digits = [&] {
      while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end])) != 0) ++end;
    };
    digits();
    if (end < line.size() && line[end] == '.') {
      ++end;
      digits();
    }
    if (end < line.size() && (line[end] == 'e' || line[end] == 'E')) {
      size_t exp = end + 1;
      if (exp < line.size() && (line[exp] == '+' || line[exp] == '-')) ++exp;
      if (exp < line.size() && std::isdigit(static_cast<unsigned char>(line[exp])) != 0) {
        end = exp;
        digits();
      }
    }
    t.kind = TokenKind::kNumber;
    t.text = line.substr(i, end - i);
    const std::optional<double> v = mps_detail::parse_number(t.text);
    if (!v) diag_.fail("'" + t.text + "' is not a number");
    t.value = *v;
    return end;
  }

  // < <= =< > >= => = (and ==, read as =).
  size_t read_operator(const std::string& line, size_t i, Token& t) {
    const char c = line[i];
    const char next = i + 1 < line.size() ? line[i + 1] : '\0';
    size_t end = i + 1;
    if (c == '<' || c == '>') {
      if (next == '=') ++end;
      t.kind = c == '<' ? TokenKind::kLess : TokenKind::kGreater;
    } else if (next == '<' || next == '>') {
      ++end;
      t.kind = next == '<' ? TokenKind::kLess : TokenKind::kGreater;
    } else {
      if (next == '=') ++end;
      t.kind = TokenKind::kEqual;
    }
    t.text = line.substr(i, end - i);
    return end;
  }

  std::string_view text_;
  mps_detail::Diagnostics& diag_;
  const Deadline* deadline_;
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> tokenize(std::string_view text, mps_detail::Diagnostics& diag, const Deadline* deadline) {
  return Tokenizer(text, diag, deadline).run();
}

std::string describe(const Token& token) {
  switch (token.kind) {
    case TokenKind::kHeader:
      return "the section header '" + token.text + "'";
    case TokenKind::kNumber:
      return "the number " + token.text;
    case TokenKind::kName:
      return "'" + token.text + "'";
    default:
      return "'" + token.text + "'";
  }
}

}  // namespace milpsac::lp::lp_detail
