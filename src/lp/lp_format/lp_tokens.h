// Private helper of the LP-format reader: the text as tokens.
//
// Comments go first: `\` to the end of the line, as CBC and HiGHS read them
// (so PuLP's one-line `\* name *\` is a comment; a `\* ... *\` spanning
// lines is not one: its other lines are read). A section header is a keyword alone on its line, any case:
// "Minimize" (minimise, minimum, min), "Maximize" (maximise, maximum, max),
// "Subject To" (such that, st, s.t., st.), "Bounds" (bound), "General"
// (generals, gen), "Integer" (integers), "Binary" (binaries, bin),
// "Semi-continuous" (semi-continuous, semis, semi), "SOS", "End". Alone on
// its line, so that a variable called `max` or `free` inside an expression is
// still a variable. Everything else is numbers, names, + - : and the
// comparison operators (< <= =< > >= => =). Names start with a letter or one
// of !"#$%&()/,;?@_`'{}|~ and go on with those, digits and `.`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/deadline.h"
#include "lp/mps/mps_diagnostics.h"

namespace milpsac::lp::lp_detail {

enum class Header { kObjectiveMin, kObjectiveMax, kConstraints, kBounds, kGeneral, kBinary, kSemi, kSos, kEnd };

enum class TokenKind { kHeader, kNumber, kName, kPlus, kMinus, kColon, kLess, kGreater, kEqual };

struct Token {
  TokenKind kind = TokenKind::kName;
  int line = 0;
  std::string text;              // kName: the name as written; others: as written
  double value = 0.0;            // kNumber
  Header header = Header::kEnd;  // kHeader
};

// Every token of `text`, in order. Throws InputError "FILE:LINE: what" on a
// character no token can start with.
std::vector<Token> tokenize(std::string_view text, mps_detail::Diagnostics& diag, const Deadline* deadline);

// "'<='", "'x'", "the number 3", "the section Bounds": a token for messages.
std::string describe(const Token& token);

}  // namespace milpsac::lp::lp_detail
