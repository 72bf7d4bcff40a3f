// Private helper of the LP-format reader: tokens -> the file's statements,
// section by section (objective, constraints, bounds, general, binary),
// with every name already a column index in order of first appearance.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "lp/lp_format/lp_tokens.h"

namespace milpsac::lp::lp_detail {

struct Term {
  int col = 0;
  double coef = 0.0;
};

struct Expression {
  std::vector<Term> terms;
  double constant = 0.0;
};

// lower <= terms + constant <= upper (one side infinite unless a range or =).
struct RowStatement {
  std::string name;  // empty: unnamed
  int line = 0;
  Expression lhs;
  double lower = 0.0, upper = 0.0;
};

// One bound statement on one column; a side not given is NaN.
struct BoundStatement {
  int col = 0;
  int line = 0;
  double lower = 0.0, upper = 0.0;
  bool has_lower = false, has_upper = false;
};

struct LpStatements {
  bool maximize = false;
  std::string objective_name;
  Expression objective;
  std::vector<RowStatement> rows;
  std::vector<BoundStatement> bounds;
  std::vector<int> generals, binaries;
  std::vector<std::string> col_names;  // index = column
};

// Parses the tokens. Throws InputError "FILE:LINE: what" naming what was
// expected and what was found; refuses semi-continuous and SOS sections.
LpStatements parse_sections(const std::vector<Token>& tokens, mps_detail::Diagnostics& diag);

}  // namespace milpsac::lp::lp_detail
