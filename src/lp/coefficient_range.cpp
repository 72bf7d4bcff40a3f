// Coefficient ranges of a model (see coefficient_range.h).
#include "lp/coefficient_range.h"
#include "common/index.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "common/infinity.h"
#include "common/input_error.h"

namespace milpsac::lp {
namespace {

// The smallest and largest nonzero magnitudes of one row, column or the
// objective, with where they are (a column of a row, a row of a column).
struct Extremes {
  double small = std::numeric_limits<double>::infinity();
  double large = 0.0;
  double small_value = 0.0;  // signed entry
  double large_value = 0.0;
  int small_at = -1;
  int large_at = -1;

  void add(double value, int at) {
    const double magnitude = std::fabs(value);
    if (!(magnitude > 0.0)) return;  // zeros (and NaN, which the readers refuse) span nothing
    if (magnitude < small) {
      small = magnitude;
      small_value = value;
      small_at = at;
    }
    if (magnitude > large) {
      large = magnitude;
      large_value = value;
      large_at = at;
    }
  }
  double span() const { return large > 0.0 ? large / small : 1.0; }
};

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// "'name'", or the index when the model has no name for it.
std::string name_of(const std::vector<std::string>& names, int index) {
  const auto i = uz(index);
  return i < names.size() && !names[i].empty() ? "'" + names[i] + "'" : std::to_string(index);
}

// "row 'r4': coefficients from 1 (column 'x(1)') to -1e+16 (column 'x(3)'), a span of 1e+16"
std::string describe(const std::string& what, const Extremes& e, const std::vector<std::string>& other_names,
                     const char* other_kind) {
  return what + ": coefficients from " + number(e.small_value) + " (" + other_kind + " " +
         name_of(other_names, e.small_at) + ") to " + number(e.large_value) + " (" + other_kind + " " +
         name_of(other_names, e.large_at) + "), a span of " + number(e.span());
}

// One warning for the first wide row (or column) and how many more there are.
void warn_first(std::vector<std::string>& warnings, const std::string& source, const std::string& first, int count,
                const char* kind) {
  if (count == 0) return;
  std::string text = source + ": warning: " + first + " above " + number(kWideCoefficientRange) +
                     ": the solver's tolerances (1e-7 on the scaled model) do not bound the error of such a " + kind +
                     ", so the answer may be inaccurate; rescale it if you can";
  if (count > 1) text += " (and " + std::to_string(count - 1) + " more " + kind + (count > 2 ? "s" : "") + " like it)";
  warnings.push_back(text);
}

}  // namespace

std::vector<std::string> check_coefficient_ranges(const LinearProgram& model, const std::string& source) {
  const int rows = model.num_rows();
  const int cols = model.num_cols();
  std::vector<Extremes> row(uz(rows));
  std::vector<Extremes> col(uz(cols));
  Extremes objective;
  for (int j = 0; j < cols; ++j) {
    objective.add(model.c(j), j);
    for (SparseMatrix::InnerIterator it(model.A, j); it; ++it) {  // add() skips zeros
      const int i = static_cast<int>(it.row());
      const double a = it.value();
      row[uz(i)].add(a, j);
      col[uz(j)].add(a, i);
    }
  }
  // A cost or coefficient of 1e30 or more is "infinite" by the MPS
  // convention that bounds follow (common/infinity.h), and products of such
  // values overflow: -1e308 was answered `optimal` with objective null.
  const std::string too_large = ": magnitude at or above " + number(kInputInfinity) +
                                " (the MPS infinity), which has no finite meaning as a coefficient; rescale the model";
  if (objective.large >= kInputInfinity)
    throw InputError(source + ": objective coefficient " + number(objective.large_value) + " of column " +
                     name_of(model.col_names, objective.large_at) + too_large);
  if (!(std::fabs(model.offset) < kInputInfinity))
    throw InputError(source + ": objective constant " + number(model.offset) + too_large);
  for (int j = 0; j < cols; ++j)
    if (col[uz(j)].large >= kInputInfinity)
      throw InputError(source + ": coefficient " + number(col[uz(j)].large_value) + " in row " +
                       name_of(model.row_names, col[uz(j)].large_at) + ", column " + name_of(model.col_names, j) +
                       too_large);
  const std::string refusal = ", at or beyond " + number(kUnresolvableCoefficientRange) +
                              ": in double precision the smaller entries are lost in the larger one's round-off, so "
                              "no answer would be meaningful; rescale the model (change the units of that row or "
                              "column)";
  for (int i = 0; i < rows; ++i)
    if (row[uz(i)].span() >= kUnresolvableCoefficientRange)
      throw InputError(source + ": " +
                       describe("row " + name_of(model.row_names, i), row[uz(i)], model.col_names, "column") + refusal);
  for (int j = 0; j < cols; ++j)
    if (col[uz(j)].span() >= kUnresolvableCoefficientRange)
      throw InputError(source + ": " +
                       describe("column " + name_of(model.col_names, j), col[uz(j)], model.row_names, "row") + refusal);

  std::vector<std::string> warnings;
  std::string first;
  int count = 0;
  for (int i = 0; i < rows; ++i)
    if (row[uz(i)].span() > kWideCoefficientRange && count++ == 0)
      first = describe("row " + name_of(model.row_names, i), row[uz(i)], model.col_names, "column");
  warn_first(warnings, source, first, count, "row");
  count = 0;
  for (int j = 0; j < cols; ++j)
    if (col[uz(j)].span() > kWideCoefficientRange && count++ == 0)
      first = describe("column " + name_of(model.col_names, j), col[uz(j)], model.row_names, "row");
  warn_first(warnings, source, first, count, "column");
  if (objective.span() > kWideCoefficientRange)
    warnings.push_back(source + ": warning: " + describe("the objective", objective, model.col_names, "column") +
                       " above " + number(kWideCoefficientRange) +
                       ": the optimal value is only as accurate as the smallest cost relative to the largest");
  return warnings;
}

}  // namespace milpsac::lp
