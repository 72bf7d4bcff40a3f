// The LP-format statements (see lp_sections.h). A small recursive-descent
// parser over the token list: one method per kind of statement.
#include "lp/lp_format/lp_sections.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <unordered_set>

namespace milpsac::lp::lp_detail {
namespace {

std::string lower_case(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool is_infinity_word(const Token& t) {
  if (t.kind != TokenKind::kName) return false;
  const std::string w = lower_case(t.text);
  return w == "inf" || w == "infinity";
}

bool is_operator(const Token& t) {
  return t.kind == TokenKind::kLess || t.kind == TokenKind::kGreater || t.kind == TokenKind::kEqual;
}

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, mps_detail::Diagnostics& diag) : t_(tokens), diag_(diag) {}

  LpStatements run() {
    if (t_.empty()) diag_.fail("empty file: no objective section (Minimize or Maximize)");
    const Token& first = t_.front();
    if (first.kind != TokenKind::kHeader ||
        (first.header != Header::kObjectiveMin && first.header != Header::kObjectiveMax))
      fail_at(first, "expected the objective section (Minimize or Maximize) first, found " + describe(first));
    bool ended = false;
    while (pos_ < t_.size() && !ended) {
      const Token& h = t_[pos_++];
      if (h.kind != TokenKind::kHeader) fail_at(h, "expected a section header, found " + describe(h));
      switch (h.header) {
        case Header::kObjectiveMin:
        case Header::kObjectiveMax:
          if (seen_objective_) fail_at(h, "a second objective section");
          seen_objective_ = true;
          out_.maximize = h.header == Header::kObjectiveMax;
          objective();
          break;
        case Header::kConstraints:
          while (!at_header()) row();
          break;
        case Header::kBounds:
          while (!at_header()) bound();
          break;
        case Header::kGeneral:
        case Header::kBinary:
          while (!at_header()) {
            const Token& n = t_[pos_++];
            if (n.kind != TokenKind::kName)
              fail_at(n, "expected a column name in the " + h.text + " section, found " + describe(n));
            (h.header == Header::kGeneral ? out_.generals : out_.binaries).push_back(column(n.text));
          }
          break;
        case Header::kSemi:
          fail_at(h, "semi-continuous columns are not supported in LP files (write the model as MPS with SC bounds)");
        case Header::kSos:
          fail_at(h, "SOS constraints are not supported");
        case Header::kEnd:
          ended = true;
          break;
      }
    }
    if (!ended) diag_.fail("no End line: the file seems truncated");
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail_at(const Token& t, const std::string& what) const { diag_.fail_at(t.line, what); }
  [[noreturn]] void fail_end(const std::string& what) const {
    diag_.fail_at(t_.empty() ? 0 : t_.back().line, what + ", found the end of the file");
  }
  bool at_header() const { return pos_ >= t_.size() || t_[pos_].kind == TokenKind::kHeader; }
  bool at(TokenKind kind) const { return pos_ < t_.size() && t_[pos_].kind == kind; }
  const Token& next(const std::string& expected) {
    if (pos_ >= t_.size()) fail_end("expected " + expected);
    return t_[pos_++];
  }

  int column(const std::string& name) {
    const auto [it, inserted] = index_.emplace(name, static_cast<int>(out_.col_names.size()));
    if (inserted) out_.col_names.push_back(name);
    return it->second;
  }

  // "name:" at the statement's start, if any.
  std::string label() {
    if (pos_ + 1 < t_.size() && t_[pos_].kind == TokenKind::kName && t_[pos_ + 1].kind == TokenKind::kColon) {
      pos_ += 2;
      return t_[pos_ - 2].text;
    }
    return {};
  }

  // A signed number or infinity: [+|-]... (number | inf | infinity).
  double signed_value(const std::string& what) {
    double sign = 1.0;
    while (at(TokenKind::kPlus) || at(TokenKind::kMinus)) sign *= t_[pos_++].kind == TokenKind::kMinus ? -1.0 : 1.0;
    const Token& v = next(what);
    if (v.kind == TokenKind::kNumber) return sign * (v.value >= 1e30 ? INFINITY : v.value);
    if (is_infinity_word(v)) return sign * INFINITY;
    fail_at(v, "expected " + what + ", found " + describe(v));
  }

  // Does a signed value start here, followed by a comparison operator?
  bool value_then_operator() const {
    size_t k = pos_;
    while (k < t_.size() && (t_[k].kind == TokenKind::kPlus || t_[k].kind == TokenKind::kMinus)) ++k;
    if (k >= t_.size() || !(t_[k].kind == TokenKind::kNumber || is_infinity_word(t_[k]))) return false;
    return k + 1 < t_.size() && is_operator(t_[k + 1]);
  }

  // Terms up to a comparison operator, a header or (`stop_at_name_colon`) the
  // next statement's label.
  Expression expression(const char* where) {
    Expression e;
    bool first = true;
    while (!at_header() && !is_operator(t_[pos_])) {
      const Token& start = t_[pos_];
      double sign = 1.0;
      bool signed_term = false;
      while (at(TokenKind::kPlus) || at(TokenKind::kMinus)) {
        sign *= t_[pos_++].kind == TokenKind::kMinus ? -1.0 : 1.0;
        signed_term = true;
      }
      if (!first && !signed_term)
        fail_at(start, std::string("expected '+', '-' or a comparison in ") + where + ", found " + describe(start));
      double coef = 1.0;
      bool has_number = false;
      if (at(TokenKind::kNumber)) {
        coef = t_[pos_++].value;
        has_number = true;
      }
      if (at(TokenKind::kName) && !(pos_ + 1 < t_.size() && t_[pos_ + 1].kind == TokenKind::kColon)) {
        e.terms.push_back({column(t_[pos_++].text), sign * coef});
      } else if (has_number) {
        e.constant += sign * coef;
      } else {
        if (pos_ >= t_.size()) fail_end(std::string("expected a term in ") + where);
        fail_at(t_[pos_],
                std::string("expected a number or a column name in ") + where + ", found " + describe(t_[pos_]));
      }
      first = false;
    }
    return e;
  }

  void objective() {
    out_.objective_name = label();
    out_.objective = expression("the objective");
    if (!at_header()) fail_at(t_[pos_], "a comparison in the objective: " + describe(t_[pos_]));
  }

  // The operator token: -1 for <=, +1 for >=, 0 for =.
  int comparison(const std::string& where) {
    const Token& op = next("a comparison (<=, >= or =) in " + where);
    if (!is_operator(op)) fail_at(op, "expected a comparison (<=, >= or =) in " + where + ", found " + describe(op));
    return op.kind == TokenKind::kLess ? -1 : op.kind == TokenKind::kGreater ? 1 : 0;
  }

  void row() {
    RowStatement r;
    r.line = t_[pos_].line;
    r.name = label();
    if (!r.name.empty() && !row_names_.insert(r.name).second)
      diag_.fail_at(r.line, "constraint name '" + r.name + "' used twice");
    const std::string where = r.name.empty() ? "a constraint" : "constraint '" + r.name + "'";
    if (value_then_operator()) {
      // A range: value <= expression <= value (or both >=).
      const double left = signed_value("a number");
      const int op1 = comparison(where);
      r.lhs = expression(where.c_str());
      const int op2 = comparison(where);
      const double right = signed_value("a number on the right-hand side of " + where);
      if (op1 == 0 || op1 != op2) diag_.fail_at(r.line, where + ": a range needs two '<=' or two '>='");
      r.lower = op1 < 0 ? left : right;
      r.upper = op1 < 0 ? right : left;
    } else {
      r.lhs = expression(where.c_str());
      if (at_header()) {
        if (pos_ >= t_.size()) fail_end("expected a comparison (<=, >= or =) in " + where);
        fail_at(t_[pos_], "expected a comparison (<=, >= or =) in " + where + ", found " + describe(t_[pos_]));
      }
      const int op = comparison(where);
      const double rhs = signed_value("a number on the right-hand side of " + where);
      r.lower = op < 0 ? -INFINITY : rhs;
      r.upper = op > 0 ? INFINITY : rhs;
    }
    // Constants on the left move to the right.
    r.lower -= r.lhs.constant;
    r.upper -= r.lhs.constant;
    r.lhs.constant = 0.0;
    out_.rows.push_back(std::move(r));
  }

  void set_side(BoundStatement& b, int op, double value, bool column_on_left) {
    // column op value, or value op column (the operator turned around).
    if (!column_on_left) op = -op;
    if (op <= 0) {
      b.upper = value;
      b.has_upper = true;
    }
    if (op >= 0) {
      b.lower = value;
      b.has_lower = true;
    }
  }

  void bound() {
    BoundStatement b;
    b.line = t_[pos_].line;
    if (value_then_operator()) {
      const double left = signed_value("a number");
      const int op = comparison("a bound");
      const Token& name = next("a column name");
      if (name.kind != TokenKind::kName) fail_at(name, "expected a column name in a bound, found " + describe(name));
      b.col = column(name.text);
      set_side(b, op, left, false);
      if (!at_header() && is_operator(t_[pos_])) {
        const int op2 = comparison("a bound");
        set_side(b, op2, signed_value("a number"), true);
        if (op == 0 || op2 != op) diag_.fail_at(b.line, "a double bound needs two '<=' or two '>='");
      }
    } else {
      const Token& name = next("a column name");
      if (name.kind != TokenKind::kName)
        fail_at(name, "expected a column name or a number in a bound, found " + describe(name));
      b.col = column(name.text);
      if (at(TokenKind::kName) && lower_case(t_[pos_].text) == "free") {
        ++pos_;
        b.lower = -INFINITY;
        b.upper = INFINITY;
        b.has_lower = b.has_upper = true;
      } else {
        const int op = comparison("the bound of '" + name.text + "'");
        set_side(b, op, signed_value("a number"), true);
      }
    }
    out_.bounds.push_back(b);
  }

  const std::vector<Token>& t_;
  mps_detail::Diagnostics& diag_;
  size_t pos_ = 0;
  bool seen_objective_ = false;
  LpStatements out_;
  std::unordered_map<std::string, int> index_;
  std::unordered_set<std::string> row_names_;
};

}  // namespace

LpStatements parse_sections(const std::vector<Token>& tokens, mps_detail::Diagnostics& diag) {
  return Parser(tokens, diag).run();
}

}  // namespace milpsac::lp::lp_detail
