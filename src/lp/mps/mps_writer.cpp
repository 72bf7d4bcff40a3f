// MPS writer: free-format MPS of any LinearProgram, for other solvers (CBC,
// HiGHS, GLPK) and for our own reader, which must read it back bit for bit.
//
// Exactness: numbers use the shortest representation that round-trips
// (std::to_chars); a two-sided row is written as G (or L) plus a RANGES width
// chosen so that the reader's rhs + |R| (rhs - |R|) reproduces the other side
// exactly, which plain upper - lower does not always do in floating point.
// What MPS cannot say: finite values with |v| >= 1e30 come back as infinite,
// and a row with lower > upper has no MPS form (std::invalid_argument).
//
// Layout: fields start at the fixed-format columns 5, 15 and 25 whenever the
// previous field fits, so strict fixed-format readers see the right fields. It
// matters for CBC: its reader takes 8 characters at columns 5/15/40 as one name
// unless the character after them is non-blank ("x1 OBJ 1" is read as column
// "x1 OBJ"); padded fields, or fields longer than 8 characters (which switch it
// to free format), are both read correctly.
//
// Names that MPS cannot carry (empty, blanks or control characters, a leading
// '$' that readers take for a comment, duplicates) are replaced by R<i> / C<j>.
// Integer columns always get explicit bounds, so no reader applies the
// "marker integers without bounds are binary" default to them; a negative upper
// bound with lower 0 gets an explicit LO 0 for the same reason.
// A semi-continuous column is written as its lower bound (LO/MI, when not 0)
// and an SC record (SI when integer) carrying the upper bound, no value when
// it is +inf: our reader gives back the same column (docs/formats.md#mps).
#include <charconv>
#include <cmath>
#include <ostream>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/index.h"
#include "common/infinity.h"
#include "lp/mps/mps.h"

namespace milpsac::lp {
namespace {

// The value written for "no bound": what clean_infinity reads back as infinite.
constexpr double kMpsInfinity = kInputInfinity;

std::string number(double v) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

// One data record: `head` is 4 characters (blanks, or " UP " in BOUNDS), then
// up to three fields at columns 5, 15 and 25 when they fit (see the header).
std::string data_line(const std::string& head, const std::string& f1, const std::string& f2, const std::string& f3) {
  std::string line = head + f1;
  auto next_field = [&line](size_t column) {
    if (line.size() + 2 <= column)
      line.resize(column, ' ');
    else
      line += "  ";
  };
  next_field(14);
  line += f2;
  if (!f3.empty()) {
    next_field(24);
    line += f3;
  }
  line += '\n';
  return line;
}

bool is_mps_name(const std::string& name) {
  if (name.empty() || name.front() == '$' || name == "'MARKER'") return false;
  for (const char ch : name) {
    const auto u = static_cast<unsigned char>(ch);
    if (u <= 0x20 || u == 0x7f) return false;
  }
  return true;
}

// Keeps every valid, first-seen name; replaces the rest by prefix<index>,
// extended with '_' until unique. `taken` starts with names reserved elsewhere.
std::vector<std::string> unique_names(const std::vector<std::string>& names, size_t count, char prefix,
                                      std::unordered_set<std::string> taken = {}) {
  std::vector<std::string> out(count);
  std::vector<char> keep(count, 0);
  for (size_t k = 0; k < count; ++k) {
    if (k < names.size() && is_mps_name(names[k]) && taken.insert(names[k]).second) {
      out[k] = names[k];
      keep[k] = 1;
    }
  }
  for (size_t k = 0; k < count; ++k) {
    if (keep[k]) continue;
    std::string candidate = prefix + std::to_string(k);
    while (!taken.insert(candidate).second) candidate += '_';
    out[k] = candidate;
  }
  return out;
}

std::string model_name(const std::string& name) {
  std::string out;
  for (const char ch : name) {
    const auto u = static_cast<unsigned char>(ch);
    out += (u < 0x20 || u == 0x7f || ch == '$') ? '_' : ch;
  }
  const size_t first = out.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

// Width R > 0 with from + sign*R == to exactly (the reader's arithmetic), found
// near to - from by stepping a few ulps; the plain difference if none is.
double exact_width(double from, double to, double sign) {
  const double base = sign * (to - from);
  auto hits = [&](double r) { return from + sign * r == to; };
  if (hits(base)) return base;
  double up = base, down = base;
  for (int step = 0; step < 64; ++step) {
    up = std::nextafter(up, INFINITY);
    down = std::nextafter(down, 0.0);
    if (hits(up)) return up;
    if (down > 0 && hits(down)) return down;
  }
  return base;
}

struct RowForm {
  char type = 'E';
  double rhs = 0.0;
  bool ranged = false;
  double range = 0.0;
};

RowForm row_form(double lower, double upper, const std::string& name) {
  auto bad = [&](const char* why) {
    return std::invalid_argument("write_mps: row " + name + ": " + why + " (no MPS form)");
  };
  if (std::isnan(lower) || std::isnan(upper)) throw bad("NaN bound");
  if (lower == kInfinity || upper == -kInfinity) throw bad("infinite bound on the wrong side");
  if (lower > upper) throw bad("lower bound above upper bound");
  if (lower == -kInfinity && upper == kInfinity) return {'L', kMpsInfinity, false, 0.0};  // free row
  if (lower == upper) return {'E', lower, false, 0.0};
  if (lower == -kInfinity) return {'L', upper, false, 0.0};
  if (upper == kInfinity) return {'G', lower, false, 0.0};
  // Anchor at the larger magnitude so that the width can reach the other side.
  if (std::abs(upper) >= std::abs(lower)) return {'G', lower, true, exact_width(lower, upper, 1.0)};
  return {'L', upper, true, exact_width(upper, lower, -1.0)};
}

void write_bounds(std::ostream& out, const std::string& col, double lower, double upper, bool integer) {
  if (std::isnan(lower) || std::isnan(upper) || lower == kInfinity || upper == -kInfinity)
    throw std::invalid_argument("write_mps: column " + col + ": invalid bounds (no MPS form)");
  auto line = [&](const char* kind, const std::string& value) {
    out << data_line(std::string(" ") + kind + ' ', "BND", col, value);
  };
  if (lower == upper) return line("FX", number(lower));
  if (lower == -kInfinity && upper == kInfinity) return line("FR", "");
  bool written = false;
  if (lower == -kInfinity) {
    line("MI", "");
    written = true;
  } else if (lower != 0.0 || upper < 0.0) {
    line("LO", number(lower));
    written = true;
  }
  if (upper != kInfinity) {
    line("UP", number(upper));
  } else if (integer && !written) {
    line("PL", "");
  }
}

void write_semicontinuous_bounds(std::ostream& out, const std::string& col, double lower, double upper, bool integer) {
  if (std::isnan(lower) || std::isnan(upper) || lower == kInfinity || upper == -kInfinity)
    throw std::invalid_argument("write_mps: column " + col + ": invalid bounds (no MPS form)");
  auto line = [&](const char* kind, const std::string& value) {
    out << data_line(std::string(" ") + kind + ' ', "BND", col, value);
  };
  if (lower == -kInfinity)
    line("MI", "");
  else if (lower != 0.0)
    line("LO", number(lower));
  line(integer ? "SI" : "SC", upper == kInfinity ? "" : number(upper));
}

}  // namespace

void write_mps(const LinearProgram& lp, std::ostream& out) {
  const Eigen::Index m = lp.A.rows();
  const Eigen::Index n = lp.A.cols();
  if (lp.c.size() != n || lp.col_lower.size() != n || lp.col_upper.size() != n || lp.row_lower.size() != m ||
      lp.row_upper.size() != m || lp.is_integer.size() != uz(n) ||
      (!lp.is_semicontinuous.empty() && lp.is_semicontinuous.size() != uz(n)))
    throw std::invalid_argument("write_mps: inconsistent LinearProgram dimensions");
  if (!std::isfinite(lp.offset)) throw std::invalid_argument("write_mps: objective offset is not finite");

  const std::vector<std::string> rows = unique_names(lp.row_names, uz(m), 'R');
  const std::vector<std::string> cols = unique_names(lp.col_names, uz(n), 'C');
  std::string objective = "OBJ";
  {
    const std::unordered_set<std::string> row_set(rows.begin(), rows.end());
    while (row_set.count(objective)) objective += '_';
  }
  std::vector<RowForm> forms;
  for (Eigen::Index i = 0; i < m; ++i) forms.push_back(row_form(lp.row_lower[i], lp.row_upper[i], rows[uz(i)]));

  const std::string name = model_name(lp.name);
  out << "NAME" << (name.empty() ? "" : "          " + name) << '\n';
  if (lp.sense == ObjectiveSense::kMaximize) out << "OBJSENSE\n    MAX\n";
  out << "ROWS\n N  " << objective << '\n';
  for (Eigen::Index i = 0; i < m; ++i) out << ' ' << forms[uz(i)].type << "  " << rows[uz(i)] << '\n';

  out << "COLUMNS\n";
  bool in_integer_block = false;
  for (Eigen::Index j = 0; j < n; ++j) {
    const std::string& col = cols[uz(j)];
    const bool integer = lp.is_integer[uz(j)] != 0;
    if (integer != in_integer_block) {
      out << "    MARKER    'MARKER'                 " << (integer ? "'INTORG'" : "'INTEND'") << '\n';
      in_integer_block = integer;
    }
    bool any = false;
    if (!std::isfinite(lp.c[j]))
      throw std::invalid_argument("write_mps: objective coefficient of " + col + " is not finite");
    if (lp.c[j] != 0.0) {
      out << data_line("    ", col, objective, number(lp.c[j]));
      any = true;
    }
    for (SparseMatrix::InnerIterator it(lp.A, j); it; ++it) {  // rows in increasing order
      const double a = it.value();
      if (a == 0.0) continue;
      if (!std::isfinite(a)) throw std::invalid_argument("write_mps: coefficient of " + col + " is not finite");
      out << data_line("    ", col, rows[uz(it.row())], number(a));
      any = true;
    }
    if (!any) out << data_line("    ", col, objective, "0");  // keeps an empty column in the model
  }
  if (in_integer_block) out << "    MARKER    'MARKER'                 'INTEND'\n";

  out << "RHS\n";
  if (lp.offset != 0.0) out << data_line("    ", "RHS", objective, number(-lp.offset));
  for (Eigen::Index i = 0; i < m; ++i)
    if (forms[uz(i)].rhs != 0.0) out << data_line("    ", "RHS", rows[uz(i)], number(forms[uz(i)].rhs));

  bool any_range = false;
  for (const RowForm& f : forms) any_range = any_range || f.ranged;
  if (any_range) {
    out << "RANGES\n";
    for (Eigen::Index i = 0; i < m; ++i)
      if (forms[uz(i)].ranged) out << data_line("    ", "RNG", rows[uz(i)], number(forms[uz(i)].range));
  }

  out << "BOUNDS\n";
  for (Eigen::Index j = 0; j < n; ++j) {
    const bool integer = lp.is_integer[uz(j)] != 0;
    if (lp.is_semicontinuous_column(static_cast<int>(j)))
      write_semicontinuous_bounds(out, cols[uz(j)], lp.col_lower[j], lp.col_upper[j], integer);
    else
      write_bounds(out, cols[uz(j)], lp.col_lower[j], lp.col_upper[j], integer);
  }
  out << "ENDATA\n";
}

}  // namespace milpsac::lp
