// check_coefficient_ranges: the span of each row, column and the objective,
// refused at kUnresolvableCoefficientRange (InputError naming source, row or
// column and the extreme entries), warned above kWideCoefficientRange with
// one line per kind and a count of the others.
#include <doctest/doctest.h>

#include <string>

#include "common/input_error.h"
#include "lp/coefficient_range.h"

using namespace milpsac;
using namespace milpsac::lp;

namespace {

// n x n identity with names r<i>, c<j>; objective all ones.
lp::LinearProgram identity(int n) {
  lp::LinearProgram m;
  m.resize(n, n);
  for (int i = 0; i < n; ++i) {
    m.A.coeffRef(i, i) = 1.0;
    m.c(i) = 1.0;
    // Appended, not "r" + ...: GCC 12 raises a false -Wrestrict on that.
    m.row_names[static_cast<size_t>(i)] = std::string("r").append(std::to_string(i));
    m.col_names[static_cast<size_t>(i)] = std::string("c").append(std::to_string(i));
  }
  return m;
}

std::string error_of(const lp::LinearProgram& m) {
  try {
    (void)check_coefficient_ranges(m, "m.mps");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a well-ranged model: no warning, no error; zeros span nothing") {
  lp::LinearProgram m = identity(3);
  m.A.coeffRef(0, 1) = -1e9;  // row r0 and column c1 span 1e9: below the warning threshold
  CHECK(check_coefficient_ranges(m, "m.mps").empty());
  CHECK(check_coefficient_ranges(lp::LinearProgram{}, "m.mps").empty());
}

TEST_CASE("a row spanning 1e15 or more is refused with the row, both columns and both values") {
  lp::LinearProgram m = identity(3);
  m.A.coeffRef(1, 2) = -1e16;
  const std::string message = error_of(m);
  CAPTURE(message);
  CHECK(message.rfind("m.mps: row 'r1'", 0) == 0);
  CHECK(contains(message, "from 1 (column 'c1')"));
  CHECK(contains(message, "to -1e+16 (column 'c2')"));
  CHECK(contains(message, "rescale"));
  // Exactly at the threshold: refused too; just below: a warning.
  m.A.coeffRef(1, 2) = kUnresolvableCoefficientRange;
  CHECK_FALSE(error_of(m).empty());
  m.A.coeffRef(1, 2) = kUnresolvableCoefficientRange / 2;
  CHECK(error_of(m).empty());
}

TEST_CASE("a column spanning 1e15 is refused naming the column and both rows") {
  lp::LinearProgram m = identity(3);
  m.A.coeffRef(0, 0) = 1e-8;
  m.A.coeffRef(2, 0) = 1e8;  // column c0 spans 1e16; rows r0 (1e-8 only) and r2 (1, 1e8) do not
  const std::string message = error_of(m);
  CAPTURE(message);
  CHECK(message.rfind("m.mps: column 'c0'", 0) == 0);
  CHECK(contains(message, "(row 'r0')"));
  CHECK(contains(message, "(row 'r2')"));
}

TEST_CASE("wide spans warn once per kind, with the first offender and a count of the others") {
  lp::LinearProgram m = identity(4);
  m.A.coeffRef(0, 1) = 1e11;
  m.A.coeffRef(2, 3) = 1e12;
  m.c(3) = 1e11;
  const std::vector<std::string> warnings = check_coefficient_ranges(m, "m.mps");
  REQUIRE(warnings.size() == 3);
  CHECK(warnings[0].rfind("m.mps: warning: row 'r0'", 0) == 0);
  CHECK(contains(warnings[0], "(and 1 more row like it)"));
  CHECK(warnings[1].rfind("m.mps: warning: column 'c1'", 0) == 0);
  CHECK(contains(warnings[1], "(and 1 more column like it)"));
  CHECK(warnings[2].rfind("m.mps: warning: the objective", 0) == 0);
}

TEST_CASE("unnamed rows and columns are named by their index") {
  lp::LinearProgram m;
  m.resize(1, 2);
  m.A.coeffRef(0, 0) = 1.0;
  m.A.coeffRef(0, 1) = 1e20;
  const std::string message = error_of(m);
  CAPTURE(message);
  CHECK(message.rfind("m.mps: row 0:", 0) == 0);
  CHECK(contains(message, "(column 1)"));
}

TEST_CASE("a cost, a coefficient or the objective constant of 1e30 or more is refused, naming it") {
  lp::LinearProgram m = identity(2);
  m.c(1) = -1e308;  // two of these overflowed the objective to -inf: "optimal" with objective null
  std::string message = error_of(m);
  CAPTURE(message);
  CHECK(message.rfind("m.mps: objective coefficient -1e+308 of column 'c1'", 0) == 0);
  m.c(1) = 1.0;
  m.A.coeffRef(0, 0) = 1e30;
  message = error_of(m);
  CHECK(message.rfind("m.mps: coefficient 1e+30 in row 'r0', column 'c0'", 0) == 0);
  m.A.coeffRef(0, 0) = 1.0;
  m.offset = -1e300;
  CHECK(error_of(m).rfind("m.mps: objective constant", 0) == 0);
  m.offset = 0.0;
  CHECK(error_of(m).empty());
}
