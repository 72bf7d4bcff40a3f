// MPS reader, feature by feature, on small hand-written texts: every section,
// bound type and convention the reader documents (mps_reader.cpp header), and
// the "FILE:LINE: what" form of its errors.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "mps_test_support.h"

using milpsac::Deadline;
using milpsac::InputError;
using milpsac::TimeLimitReached;
using milpsac::lp::kInfinity;
using milpsac::lp::LinearProgram;
using milpsac::lp::ObjectiveSense;
using milpsac::lp::read_mps_text;

namespace {

LinearProgram parse(const std::string& text) { return read_mps_text(text, "t.mps"); }

std::string error_of(const std::string& text) {
  try {
    milpsac::test::NothingOnStderr quiet;
    parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("expected InputError for:\n" << text);
  return "";
}

int col(const LinearProgram& lp, const std::string& name) {
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.col_names[static_cast<size_t>(j)] == name) return j;
  FAIL("no column " << name);
  return -1;
}

int row(const LinearProgram& lp, const std::string& name) {
  for (int i = 0; i < lp.num_rows(); ++i)
    if (lp.row_names[static_cast<size_t>(i)] == name) return i;
  FAIL("no row " << name);
  return -1;
}

// A two-column model whose BOUNDS section is `bounds` (x in a marker block
// when `integer`), for the bound-type tests.
std::string with_bounds(const std::string& bounds, bool integer = false) {
  std::string text = "NAME B\nROWS\n N obj\n L c1\nCOLUMNS\n";
  if (integer) text += "    M1 'MARKER' 'INTORG'\n";
  text += "    x obj 1 c1 1\n";
  if (integer) text += "    M2 'MARKER' 'INTEND'\n";
  text += "    y obj 1 c1 1\nRHS\n    rhs c1 4\nBOUNDS\n" + bounds + "ENDATA\n";
  return text;
}

}  // namespace

TEST_CASE("free format: rows, columns, rhs and default bounds") {
  const LinearProgram lp = parse(
      "NAME          TESTLP\n"
      "ROWS\n"
      " N  COST\n"
      " L  LIM1\n"
      " G  LIM2\n"
      " E  MYEQN\n"
      "COLUMNS\n"
      "    XONE COST 1 LIM1 1\n"
      "    XONE LIM2 1\n"
      "    YTWO COST 4 LIM1 1\n"
      "    YTWO MYEQN -1\n"
      "    ZTHREE COST 9 LIM2 1\n"
      "    ZTHREE MYEQN 1\n"
      "RHS\n"
      "    RHS1 LIM1 5 LIM2 10\n"
      "    RHS1 MYEQN 7\n"
      "ENDATA\n");
  CHECK(lp.name == "TESTLP");
  CHECK(lp.sense == ObjectiveSense::kMinimize);
  REQUIRE(lp.num_rows() == 3);
  REQUIRE(lp.num_cols() == 3);
  CHECK(lp.row_names == std::vector<std::string>{"LIM1", "LIM2", "MYEQN"});
  CHECK(lp.col_names == std::vector<std::string>{"XONE", "YTWO", "ZTHREE"});
  CHECK(lp.c[0] == 1);
  CHECK(lp.c[1] == 4);
  CHECK(lp.c[2] == 9);
  CHECK(lp.A.coeff(0, 0) == 1);
  CHECK(lp.A.coeff(0, 1) == 1);
  CHECK(lp.A.coeff(0, 2) == 0);
  CHECK(lp.A.coeff(2, 1) == -1);
  CHECK(lp.row_lower[0] == -kInfinity);
  CHECK(lp.row_upper[0] == 5);
  CHECK(lp.row_lower[1] == 10);
  CHECK(lp.row_upper[1] == kInfinity);
  CHECK(lp.row_lower[2] == 7);
  CHECK(lp.row_upper[2] == 7);
  for (int j = 0; j < 3; ++j) {
    CHECK(lp.col_lower[j] == 0);
    CHECK(lp.col_upper[j] == kInfinity);
    CHECK(lp.is_integer[static_cast<size_t>(j)] == 0);
  }
  CHECK(lp.offset == 0);
}

TEST_CASE("fixed format: names with blanks are read by column position") {
  // Field columns 2-3, 5-12, 15-22, 25-36, 40-47, 50-61; the blank set name
  // in RHS is an omitted one.
  const LinearProgram lp = parse(
      "NAME          FIXED ONE\n"
      "ROWS\n"
      " N  OBJ ROW\n"
      " L  ROW 1\n"
      " G  ROW 2\n"
      "COLUMNS\n"
      "    COL A     OBJ ROW            1.5   ROW 1              2.0\n"
      "    COL A     ROW 2             -1.0\n"
      "    COL B     ROW 1              3.0\n"
      "RHS\n"
      "              ROW 1             10.0   ROW 2              1.0\n"
      "BOUNDS\n"
      " UP BND       COL B              4.0\n"
      "ENDATA\n");
  CHECK(lp.name == "FIXED ONE");
  REQUIRE(lp.num_rows() == 2);
  REQUIRE(lp.num_cols() == 2);
  CHECK(lp.row_names == std::vector<std::string>{"ROW 1", "ROW 2"});
  CHECK(lp.col_names == std::vector<std::string>{"COL A", "COL B"});
  CHECK(lp.c[0] == 1.5);
  CHECK(lp.A.coeff(0, 0) == 2.0);
  CHECK(lp.A.coeff(1, 0) == -1.0);
  CHECK(lp.A.coeff(0, 1) == 3.0);
  CHECK(lp.row_upper[0] == 10.0);
  CHECK(lp.row_lower[1] == 1.0);
  CHECK(lp.col_upper[1] == 4.0);
}

TEST_CASE("NAME: bare, with blanks, or missing") {
  const std::string body = "ROWS\n N obj\nCOLUMNS\n    x obj 1\nENDATA\n";
  CHECK(parse("NAME\n" + body).name.empty());
  CHECK(parse("NAME   my model v2\n" + body).name == "my model v2");
  CHECK(parse(body).name.empty());
}

TEST_CASE("OBJSENSE on the same line, on the next line, and long forms") {
  const std::string body = "ROWS\n N obj\nCOLUMNS\n    x obj 1\nENDATA\n";
  CHECK(parse("NAME\nOBJSENSE MAX\n" + body).sense == ObjectiveSense::kMaximize);
  CHECK(parse("NAME\nOBJSENSE\n    MAX\n" + body).sense == ObjectiveSense::kMaximize);
  CHECK(parse("NAME\nOBJSENSE\nMAX\n" + body).sense == ObjectiveSense::kMaximize);
  CHECK(parse("NAME\nOBJSENSE MAXIMIZE\n" + body).sense == ObjectiveSense::kMaximize);
  CHECK(parse("NAME\nOBJSENSE\n    MAXIMIZE\n" + body).sense == ObjectiveSense::kMaximize);
  CHECK(parse("NAME\nOBJSENSE MIN\n" + body).sense == ObjectiveSense::kMinimize);
  CHECK(parse("NAME\nOBJSENSE\n    MINIMIZE\n" + body).sense == ObjectiveSense::kMinimize);
  // The objective stays as written; only the sense changes.
  CHECK(parse("NAME\nOBJSENSE MAX\n" + body).c[0] == 1);
  CHECK(error_of("NAME\nOBJSENSE\n    UP\n" + body).find("t.mps:3:") == 0);
}

TEST_CASE("the first N row is the objective; further N rows are dropped") {
  const LinearProgram lp = parse(
      "NAME\nROWS\n L c1\n N first\n N second\nCOLUMNS\n"
      "    x first 2 second 5\n    x c1 1\n"
      "RHS\n    rhs second 9 c1 3\nENDATA\n");
  REQUIRE(lp.num_rows() == 1);
  CHECK(lp.c[0] == 2);
  CHECK(lp.offset == 0);
  CHECK(lp.row_upper[0] == 3);
}

TEST_CASE("OBJNAME picks the objective among the N rows") {
  const LinearProgram lp = parse(
      "NAME\nOBJNAME second\nROWS\n N first\n N second\nCOLUMNS\n"
      "    x first 2 second 5\nENDATA\n");
  CHECK(lp.num_rows() == 0);
  CHECK(lp.c[0] == 5);
  CHECK(error_of("NAME\nOBJNAME nothere\nROWS\n N first\nCOLUMNS\n    x first 2\nENDATA\n").find("nothere") !=
        std::string::npos);
}

TEST_CASE("an RHS on the objective row is an objective offset of -rhs") {
  const std::string text = "ROWS\n N obj\nCOLUMNS\n    x obj 1\nRHS\n    rhs obj -7.113\nENDATA\n";
  CHECK(parse("NAME\n" + text).offset == 7.113);
  const LinearProgram max = parse("NAME\nOBJSENSE MAX\n" + text);
  CHECK(max.offset == 7.113);
  CHECK(max.sense == ObjectiveSense::kMaximize);
}

TEST_CASE("RANGES sign rules for E, L and G rows, in any section order") {
  const LinearProgram lp = parse(
      "NAME\nROWS\n N obj\n E ep\n E em\n E ez\n L le\n G ge\n E plain\nCOLUMNS\n"
      "    x ep 1 em 1\n    x ez 1 le 1\n    x ge 1 plain 1\n"
      "RANGES\n    rng ep 4 em -4\n    rng ez 0 le -3\n    rng ge -2\n"
      "RHS\n    rhs ep 10 em 10\n    rhs ez 10 le 10\n    rhs ge 10 plain 10\n"
      "ENDATA\n");
  auto bounds = [&](const char* name) {
    const int i = row(lp, name);
    return std::pair<double, double>(lp.row_lower[i], lp.row_upper[i]);
  };
  CHECK(bounds("ep") == std::pair<double, double>(10, 14));
  CHECK(bounds("em") == std::pair<double, double>(6, 10));
  CHECK(bounds("ez") == std::pair<double, double>(10, 10));
  CHECK(bounds("le") == std::pair<double, double>(7, 10));
  CHECK(bounds("ge") == std::pair<double, double>(10, 12));
  CHECK(bounds("plain") == std::pair<double, double>(10, 10));
}

TEST_CASE("RHS, RANGES and BOUNDS records without a set name") {
  const LinearProgram lp = parse(
      "NAME\nROWS\n N obj\n L a\n G b\nCOLUMNS\n    x obj 1 a 1\n    y b 1\n"
      "RHS\n    a 5 b 1\n    obj 2\nRANGES\n    a 2\nBOUNDS\n UP x 3\n FR y\nENDATA\n");
  CHECK(lp.row_lower[0] == 3);
  CHECK(lp.row_upper[0] == 5);
  CHECK(lp.row_lower[1] == 1);
  CHECK(lp.offset == -2);
  CHECK(lp.col_upper[col(lp, "x")] == 3);
  CHECK(lp.col_lower[col(lp, "y")] == -kInfinity);
  CHECK(lp.col_upper[col(lp, "y")] == kInfinity);
}

TEST_CASE("only the first named RHS set is used") {
  milpsac::test::NothingOnStderr quiet;
  const LinearProgram lp =
      parse("NAME\nROWS\n N obj\n L a\nCOLUMNS\n    x a 1\nRHS\n    first a 5\n    second a 7\nENDATA\n");
  CHECK(lp.row_upper[0] == 5);
}

TEST_CASE("BOUNDS: every bound type") {
  const LinearProgram up = parse(with_bounds(" UP BND x 3\n"));
  CHECK(up.col_lower[0] == 0);
  CHECK(up.col_upper[0] == 3);
  const LinearProgram lo = parse(with_bounds(" LO BND x -2\n"));
  CHECK(lo.col_lower[0] == -2);
  CHECK(lo.col_upper[0] == kInfinity);
  const LinearProgram fx = parse(with_bounds(" FX BND x 2.5\n"));
  CHECK(fx.col_lower[0] == 2.5);
  CHECK(fx.col_upper[0] == 2.5);
  const LinearProgram fr = parse(with_bounds(" FR BND x\n"));
  CHECK(fr.col_lower[0] == -kInfinity);
  CHECK(fr.col_upper[0] == kInfinity);
  const LinearProgram mi = parse(with_bounds(" MI BND x\n UP BND y 2\n"));
  CHECK(mi.col_lower[0] == -kInfinity);
  CHECK(mi.col_upper[0] == kInfinity);
  const LinearProgram pl = parse(with_bounds(" UP BND x 4\n PL BND x\n"));
  CHECK(pl.col_upper[0] == kInfinity);
  const LinearProgram bv = parse(with_bounds(" BV BND x\n BV y 1\n"));
  for (int j = 0; j < 2; ++j) {
    CHECK(bv.col_lower[j] == 0);
    CHECK(bv.col_upper[j] == 1);
    CHECK(bv.is_integer[static_cast<size_t>(j)] == 1);
  }
  const LinearProgram li = parse(with_bounds(" LI BND x 2\n UI BND y 7\n"));
  CHECK(li.col_lower[0] == 2);
  CHECK(li.col_upper[0] == kInfinity);
  CHECK(li.col_lower[1] == 0);
  CHECK(li.col_upper[1] == 7);
  CHECK(li.is_integer == std::vector<char>{1, 1});
  // A later record replaces an earlier one on the same side.
  const LinearProgram later = parse(with_bounds(" UP BND x 3\n UP BND x 9\n LO BND x 1\n"));
  CHECK(later.col_lower[0] == 1);
  CHECK(later.col_upper[0] == 9);
}

TEST_CASE("BOUNDS: negative UP without a lower bound makes the lower bound -inf") {
  milpsac::test::NothingOnStderr quiet;
  const LinearProgram neg = parse(with_bounds(" UP BND x -5\n UI BND y -1\n"));
  CHECK(neg.col_lower[0] == -kInfinity);
  CHECK(neg.col_upper[0] == -5);
  CHECK(neg.col_lower[1] == -kInfinity);
  // An explicit lower bound (even 0) is kept: the bounds are then inconsistent,
  // which makes the model infeasible, not the file invalid.
  const LinearProgram explicit_lower = parse(with_bounds(" LO BND x 0\n UP BND x -5\n UP BND y -1\n LO BND y 2\n"));
  CHECK(explicit_lower.col_lower[0] == 0);
  CHECK(explicit_lower.col_upper[0] == -5);
  CHECK(explicit_lower.col_lower[1] == 2);
  // Judged on the final upper bound, not on an intermediate record.
  const LinearProgram final_positive = parse(with_bounds(" UP BND x -1\n UP BND x 3\n"));
  CHECK(final_positive.col_lower[0] == 0);
  CHECK(final_positive.col_upper[0] == 3);
}

TEST_CASE("MARKER integers: binary without bounds, usual defaults with any bound") {
  const LinearProgram none = parse(with_bounds("", true));
  CHECK(none.is_integer == std::vector<char>{1, 0});
  CHECK(none.col_lower[0] == 0);
  CHECK(none.col_upper[0] == 1);
  CHECK(none.col_upper[1] == kInfinity);
  const LinearProgram upper = parse(with_bounds(" UP BND x 5\n", true));
  CHECK(upper.col_upper[0] == 5);
  const LinearProgram lower = parse(with_bounds(" LO BND x 2\n", true));
  CHECK(lower.col_lower[0] == 2);
  CHECK(lower.col_upper[0] == kInfinity);
  const LinearProgram plus = parse(with_bounds(" PL BND x\n", true));
  CHECK(plus.col_upper[0] == kInfinity);
  // Markers without quotes are read too.
  const LinearProgram bare = parse(
      "NAME\nROWS\n N obj\nCOLUMNS\n    M MARKER INTORG\n    x obj 1\n    M MARKER INTEND\n    y obj 1\nENDATA\n");
  CHECK(bare.is_integer == std::vector<char>{1, 0});
}

TEST_CASE("SC/SI bounds: semi-continuous columns, upper bound from the SC value, lower from LO") {
  const LinearProgram sc = parse(with_bounds(" SC BND x 4\n SI BND y 6\n"));
  CHECK(sc.col_lower[0] == 0);
  CHECK(sc.col_upper[0] == 4);
  CHECK(sc.is_integer == std::vector<char>{0, 1});
  CHECK(sc.is_semicontinuous == std::vector<char>{1, 1});
  CHECK(sc.col_upper[1] == 6);
  const LinearProgram lower = parse(with_bounds(" SC BND x 4\n LO BND x 2\n"));
  CHECK(lower.col_lower[0] == 2);
  CHECK(lower.col_upper[0] == 4);
  CHECK(lower.is_semicontinuous == std::vector<char>{1, 0});
  CHECK(lower.needs_search());
  const LinearProgram open = parse(with_bounds(" LO BND x 2\n SC BND x\n"));  // no value: +inf
  CHECK(open.col_lower[0] == 2);
  CHECK(open.col_upper[0] == kInfinity);
  const LinearProgram plain = parse(with_bounds(" UP BND x 4\n"));
  CHECK(plain.is_semicontinuous.empty());
  CHECK_FALSE(plain.needs_search());
}

TEST_CASE("comments: '*' lines, '$' anywhere, trailing '*' fields; '*' inside names") {
  const LinearProgram lp = parse(
      "* header comment\n"
      "NAME  C $ not part of the name\n"
      "ROWS\n"
      " N  *OBJ* $ objective\n"
      " G  R0 *trailing comment\n"
      "$ a whole-line dollar comment\n"
      "COLUMNS\n"
      "    C0 R0 1.0 *OBJ* -1.0 $ comment\n"
      "    C0*x R0 2.0 *comment\n"
      "RHS\n"
      "    *RHS* R0 1.0 $ comment\n"
      "RANGES\n"
      "    rng R0 1 $ comment\n"
      "ENDATA\n");
  CHECK(lp.name == "C");
  REQUIRE(lp.num_rows() == 1);
  REQUIRE(lp.num_cols() == 2);
  CHECK(lp.col_names[1] == "C0*x");
  CHECK(lp.c[0] == -1);
  CHECK(lp.A.coeff(0, 1) == 2);
  CHECK(lp.row_lower[0] == 1);
  CHECK(lp.row_upper[0] == 2);
}

TEST_CASE("numbers: Fortran D exponents, signs, bare points") {
  const LinearProgram lp = parse(with_bounds(" UP BND x 1.0D3\n LO BND y +1.5d-1\n UP BND y 2.\n LO BND x .5\n"));
  CHECK(lp.col_upper[0] == 1000);
  CHECK(lp.col_lower[0] == 0.5);
  CHECK(lp.col_lower[1] == 0.15);
  CHECK(lp.col_upper[1] == 2);
}

TEST_CASE("|value| >= 1e30 in RHS and BOUNDS is infinite") {
  const LinearProgram lp = parse(
      "NAME\nROWS\n N obj\n L a\n G b\nCOLUMNS\n    x a 1 b 1\n    y a 1e30\n"
      "RHS\n    rhs a 1e30 b -1e31\nBOUNDS\n LO BND x -1e30\n UP BND x 1e30\n UP BND y 2e30\nENDATA\n");
  CHECK(lp.row_upper[0] == kInfinity);
  CHECK(lp.row_lower[1] == -kInfinity);
  CHECK(lp.col_lower[0] == -kInfinity);
  CHECK(lp.col_upper[0] == kInfinity);
  CHECK(lp.col_upper[1] == kInfinity);
  CHECK(lp.A.coeff(0, 1) == 1e30);  // a coefficient stays what it says
  CHECK(error_of("NAME\nROWS\n N obj\n L a\nCOLUMNS\n    x a 1\nRHS\n    rhs a -1e30\nENDATA\n").find("t.mps:8:") == 0);
}

TEST_CASE("bad numbers are errors with the line") {
  const std::string head = "NAME\nROWS\n N obj\n L a\nCOLUMNS\n";
  for (const char* bad : {"nan", "NaN", "inf", "-infinity", "1e400", "1.0x", "--1", "+", "0x10", "1,5"}) {
    CAPTURE(bad);
    const std::string message = error_of(head + "    x a " + bad + "\nENDATA\n");
    CHECK(message.find("t.mps:6:") == 0);
    CHECK(message.find(bad) != std::string::npos);
  }
  CHECK(error_of(with_bounds(" UP BND x nan\n")).find("t.mps:11:") == 0);
  CHECK(error_of("NAME\nROWS\n N obj\n L a\nCOLUMNS\n    x a 1\nRHS\n    rhs a nan\nENDATA\n").find("t.mps:8:") == 0);
}

TEST_CASE("unknown rows and columns are skipped with a warning") {
  milpsac::test::NothingOnStderr quiet;
  std::vector<std::string> warnings;
  const LinearProgram lp = read_mps_text(
      "NAME\nROWS\n N obj\n L a\nCOLUMNS\n    x a 1 nosuch 5\n    x obj 2\n"
      "RHS\n    rhs nosuch 3 a 4\nRANGES\n    rng nosuch 1\nBOUNDS\n UP BND nocol 3\n UP BND x 8\nENDATA\n",
      "t.mps", &warnings);
  // One warning per skipped entry, each naming file, line and the unknown name.
  REQUIRE(warnings.size() == 4);
  const char* expected[][2] = {{"t.mps:6: warning:", "unknown row 'nosuch' in COLUMNS"},
                               {"t.mps:9: warning:", "unknown row 'nosuch' in RHS"},
                               {"t.mps:11: warning:", "unknown row 'nosuch' in RANGES"},
                               {"t.mps:13: warning:", "unknown column 'nocol' in BOUNDS"}};
  for (size_t k = 0; k < warnings.size(); ++k) {
    CAPTURE(warnings[k]);
    CHECK(warnings[k].rfind(expected[k][0], 0) == 0);
    CHECK(warnings[k].find(expected[k][1]) != std::string::npos);
  }
  REQUIRE(lp.num_rows() == 1);
  REQUIRE(lp.num_cols() == 1);
  CHECK(lp.A.coeff(0, 0) == 1);
  CHECK(lp.c[0] == 2);
  CHECK(lp.row_upper[0] == 4);
  CHECK(lp.col_upper[0] == 8);
}

TEST_CASE("names that are not UTF-8 are read as Latin-1, with a warning") {
  std::vector<std::string> warnings;
  const LinearProgram lp = read_mps_text(
      "NAME caf\xe9\nROWS\n N obj\n L r\xe9\nCOLUMNS\n    x\xe9 r\xe9 1\n    x\xe9 obj 1\n"
      "    y\xc3\xa9 r\xe9 2\nRHS\n    rhs r\xe9 4\nENDATA\n",
      "t.mps", &warnings);
  CHECK(lp.name == "caf\xc3\xa9");
  CHECK(lp.row_names[0] == "r\xc3\xa9");
  CHECK(lp.col_names[0] == "x\xc3\xa9");
  CHECK(lp.col_names[1] == "y\xc3\xa9");  // already UTF-8: kept
  CHECK(lp.A.coeff(0, 1) == 2);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] == "t.mps: warning: names that are not UTF-8 were read as Latin-1");
}

TEST_CASE("a name read as Latin-1 that equals another name gets a suffix: no two names equal (issue 46, item 6)") {
  std::vector<std::string> warnings;
  // Columns c\xE9 (Latin-1), c\xC3\xA9 (UTF-8) and c\xE9~2 (Latin-1); rows r\xE9 and r\xC3\xA9.
  const LinearProgram lp = read_mps_text(
      "NAME\nROWS\n N obj\n L r\xe9\n L r\xc3\xa9\nCOLUMNS\n    c\xe9 r\xe9 1\n    c\xc3\xa9 r\xc3\xa9 2\n"
      "    c\xe9~2 obj 3\nRHS\n    rhs r\xe9 4\nENDATA\n",
      "t.mps", &warnings);
  REQUIRE(lp.num_cols() == 3);
  CHECK(lp.col_names[0] == "c\xc3\xa9~2");
  CHECK(lp.col_names[1] == "c\xc3\xa9");  // UTF-8 already: keeps its name
  CHECK(lp.col_names[2] == "c\xc3\xa9~2~2");
  CHECK(lp.row_names[0] == "r\xc3\xa9~2");
  CHECK(lp.row_names[1] == "r\xc3\xa9");
  CHECK(lp.c[2] == 3);
  REQUIRE(warnings.size() == 4);
  CHECK(warnings[1] ==
        "t.mps: warning: row 'r\\xE9' read as Latin-1 is 'r\xc3\xa9', the name of another row: named 'r\xc3\xa9~2'");
  CHECK(warnings[2] ==
        "t.mps: warning: column 'c\\xE9' read as Latin-1 is 'c\xc3\xa9', the name of another column: named "
        "'c\xc3\xa9~2'");
}

TEST_CASE("duplicate COLUMNS entries are summed; a repeated RHS replaces") {
  milpsac::test::NothingOnStderr quiet;
  const LinearProgram lp = parse(
      "NAME\nROWS\n N obj\n L a\n L b\nCOLUMNS\n    x a 1 a 2\n    x obj 1 obj 4\n    y b 1\n    x a 10\n"
      "RHS\n    rhs a 1 a 2\nENDATA\n");
  REQUIRE(lp.num_cols() == 2);
  CHECK(lp.A.coeff(0, 0) == 13);  // also across non-contiguous entries of x
  CHECK(lp.c[0] == 5);
  CHECK(lp.row_upper[0] == 2);
}

TEST_CASE("CRLF line ends, tabs and content after ENDATA") {
  const LinearProgram lp =
      parse("NAME\tT\r\nROWS\r\n N\tobj\r\n L\ta\r\nCOLUMNS\r\n\tx\ta\t2\r\nRHS\r\n\trhs\ta\t3\r\nENDATA\r\nnot MPS\n");
  CHECK(lp.name == "T");
  CHECK(lp.A.coeff(0, 0) == 2);
  CHECK(lp.row_upper[0] == 3);
}

TEST_CASE("columns may be named like section keywords") {
  const LinearProgram lp = parse(
      "NAME\nROWS\n N obj\n L a\nCOLUMNS\n    RHS a 1\n    BOUNDS a 2\n    ENDATA a 3\nRHS\n    RHS a 4\nBOUNDS\n UP "
      "BND RHS 1\nENDATA\n");
  CHECK(lp.col_names == std::vector<std::string>{"RHS", "BOUNDS", "ENDATA"});
  CHECK(lp.row_upper[0] == 4);
  CHECK(lp.col_upper[0] == 1);
}

TEST_CASE("empty model and a model without an objective row") {
  const LinearProgram empty = parse("NAME\nROWS\n N obj\nCOLUMNS\nENDATA\n");
  CHECK(empty.num_rows() == 0);
  CHECK(empty.num_cols() == 0);
  const LinearProgram feasibility = parse("NAME\nROWS\n L a\nCOLUMNS\n    x a 1\nRHS\n    r a 1\nENDATA\n");
  CHECK(feasibility.c[0] == 0);
  CHECK(feasibility.row_upper[0] == 1);
}

TEST_CASE("structural errors name the file and the line") {
  struct Case {
    const char* text;
    const char* where;
    const char* what;
  };
  const Case cases[] = {
      {"NAME\nROWS\n N obj\nQUADOBJ\nENDATA\n", "t.mps:4:", "QUADOBJ"},
      {"NAME\nROWS\n N obj\n X bad\nENDATA\n", "t.mps:4:", "row type"},
      {"NAME\nROWS\n N obj\n L a\n G a\nENDATA\n", "t.mps:5:", "twice"},
      {"garbage line\nROWS\n", "t.mps:1:", "section"},
      {"    x a 1\n", "t.mps:1:", "section"},
      {"NAME\nCOLUMNS\n", "t.mps:2:", "before ROWS"},
      {"NAME\nROWS\n N obj\nCOLUMNS\n    x obj\nENDATA\n", "t.mps:5:", "COLUMNS"},
      {"NAME\nROWS\n N obj\nCOLUMNS\n    x obj 1 obj\nENDATA\n", "t.mps:5:", "COLUMNS"},
      {"NAME\nROWS\n N obj\nCOLUMNS\n    x obj 1\nBOUNDS\n XX BND x 1\nENDATA\n", "t.mps:7:", "bound type"},
      {"NAME\nROWS\n N obj\nCOLUMNS\n    x obj 1\nBOUNDS\n UP BND x\nENDATA\n", "t.mps:7:", "BOUNDS"},
      {"NAME\nROWS\n N obj\nCOLUMNS\n    M 'MARKER' 'SOSORG'\nENDATA\n", "t.mps:5:", "MARKER"},
      {"NAME\nROWS\n N obj\nCOLUMNS\n    x obj 1\nRHS\n    rhs\nENDATA\n", "t.mps:7:", "RHS"},
      {"NAME\nROWS\n N obj\nROWS\n", "t.mps:4:", "twice"},
      {"NAME\nROWS\n N obj\nCOLUMNS\n    x obj 1\nENDATA\n", "", ""},  // control: valid
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    if (*c.where == '\0') {
      CHECK_NOTHROW(parse(c.text));
      continue;
    }
    const std::string message = error_of(c.text);
    CHECK(message.find(c.where) == 0);
    CHECK(message.find(c.what) != std::string::npos);
  }
}

TEST_CASE("whole-file errors name the file") {
  CHECK(error_of("") == "t.mps: no ROWS section (not an MPS file?)");
  CHECK(error_of("* only a comment\n").find("t.mps: ") == 0);
  CHECK(error_of("NAME\nROWS\n N obj\nCOLUMNS\n    x obj 1\n").find("t.mps: missing ENDATA") == 0);
  CHECK(error_of(std::string("NAME\nROWS\n N o\0bj\n", 17)).find("t.mps:3:") == 0);
  CHECK(error_of("\x1f\x8b garbage").find("t.mps: ") == 0);
}

TEST_CASE("parsing polls the deadline every few thousand lines") {
  // 10,000 comment lines before a small model: past the first poll.
  std::string text = "NAME T\n";
  for (int k = 0; k < 10000; ++k) text += "* filler\n";
  text += "ROWS\n N obj\n L c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n rhs c1 4\nENDATA\n";
  const Deadline passed(0.0), ample(3600.0);
  CHECK(read_mps_text(text, "t.mps", nullptr, &ample).num_cols() == 1);
  std::string message;
  try {
    read_mps_text(text, "t.mps", nullptr, &passed);
  } catch (const TimeLimitReached& e) {
    message = e.what();
  }
  CHECK(message == "t.mps: time limit reached while parsing");
}

TEST_CASE("building the model polls the deadline too (a short file is past no parsing poll)") {
  const std::string text = "NAME T\nROWS\n N obj\n L c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n rhs c1 4\nENDATA\n";
  const Deadline passed(0.0);
  std::string message;
  try {
    read_mps_text(text, "t.mps", nullptr, &passed);
  } catch (const TimeLimitReached& e) {
    message = e.what();
  }
  CHECK(message == "t.mps: time limit reached while building the model");
}

TEST_CASE("the column index finds every column of a large model, in and out of order") {
  // 5,000 columns (the index grows many times), bounds given in reverse
  // order, one column coming back after the others, one unknown column.
  const int n = 5000;
  // Names and lines are appended piece by piece: GCC 12 at -O3 warns
  // (-Wrestrict, a false positive, GCC bug 105329) on "literal" + std::string.
  const auto name = [](int j) {
    std::string out = "x";
    out += std::to_string(j);
    return out;
  };
  std::string text = "NAME T\nROWS\n N obj\n L c1\nCOLUMNS\n";
  for (int j = 0; j < n; ++j) {
    text += ' ';
    text += name(j);
    text += " obj ";
    text += std::to_string(j + 1);
    text += '\n';
  }
  text += " x17 c1 2\nRHS\n rhs c1 4\nBOUNDS\n";
  for (int j = n - 1; j >= 0; --j) {
    text += " UP bnd ";
    text += name(j);
    text += ' ';
    text += std::to_string(j % 7 + 1);
    text += '\n';
  }
  text += " UP bnd nosuch 1\nENDATA\n";
  std::vector<std::string> warnings;
  const LinearProgram lp = read_mps_text(text, "t.mps", &warnings);
  REQUIRE(lp.num_cols() == n);
  for (int j = 0; j < n; ++j) {
    CHECK(lp.col_names[static_cast<size_t>(j)] == name(j));
    CHECK(lp.c[j] == doctest::Approx(j + 1));
    CHECK(lp.col_upper[j] == doctest::Approx(j % 7 + 1));
  }
  CHECK(lp.A.coeff(0, 17) == doctest::Approx(2));
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].find("entries of column 'x17' are not contiguous") != std::string::npos);
  CHECK(warnings[1].find("unknown column 'nosuch' in BOUNDS") != std::string::npos);
}

TEST_CASE("a 200 KB token is cut in a message, its length said (issue 46, item 10)") {
  const std::string token = "1x" + std::string(200000, '9');
  const std::string message =
      error_of("NAME\nROWS\n N obj\n L r\nCOLUMNS\n x r " + token + "\nRHS\n rhs r 1\nENDATA\n");
  CHECK(message == "t.mps:6: COLUMNS: invalid number '" + token.substr(0, 64) + "...' (a token of 200002 bytes)");
  // Cut at a character boundary: 63 ASCII bytes then 'é' (2 bytes) straddling byte 64.
  const std::string wide = std::string(63, 'Q') + "\xc3\xa9" + std::string(100, 'Q');
  CHECK(error_of("NAME\nROWS\n N obj\n L r\nCOLUMNS\n x r 1\nRHS\n rhs r 1\nBOUNDS\n " + wide + " b x 1\nENDATA\n")
            .find("'" + std::string(63, 'Q') + "...' (a token of 165 bytes)") != std::string::npos);
}
