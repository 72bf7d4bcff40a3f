// `milp-sac solve` on coefficient spans the tolerances cannot handle: a row
// spanning 1e16 is refused (exit 2, the file, row, column and value named,
// nothing on stdout) instead of answered wrongly; a span of 1e12 solves with
// one warning naming the row and column; a well-ranged model warns nothing.
// A warning line says "warning:" once.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"

using namespace milpsac;
using nlohmann::json;

namespace {

// min x + y  s.t.  r1: x + C y >= 1,  r2: x + y <= 4,  0 <= x, y <= 3 (C < 0: x >= 1 at the optimum).
std::string ranged_mps(const std::string& coefficient) {
  return "NAME ranged\nROWS\n N obj\n G r1\n L r2\nCOLUMNS\n x obj 1 r1 1\n x r2 1\n y obj 1 r1 " + coefficient +
         "\n y r2 1\nRHS\n rhs r1 1 r2 4\nBOUNDS\n UP bnd x 3\n UP bnd y 3\nENDATA\n";
}

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("solve: a row spanning 1e16 is refused naming the file, the row, the column and the value") {
  test::TempFile mps(ranged_mps("-1e16"), ".mps");
  const test::CliRun run = test::run_cli("solve '" + mps.path + "'");
  CAPTURE(run.err);
  CHECK(run.exit_code == 2);
  CHECK(run.out.empty());
  CHECK(run.err.find(mps.path + ": row 'r1'") != std::string::npos);
  CHECK(run.err.find("column 'y'") != std::string::npos);
  CHECK(run.err.find("-1e+16") != std::string::npos);
  CHECK(count(run.err, "\n") == 1);  // one message
}

TEST_CASE("solve: a span of 1e12 solves with one warning naming the row and the column") {
  test::TempFile mps(ranged_mps("-1e12"), ".mps");
  const test::CliRun run = test::run_cli("solve '" + mps.path + "'");
  CAPTURE(run.err);
  CHECK(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out["status"] == "optimal");
  CHECK(run.err.rfind("milp-sac solve: " + mps.path + ": warning: row 'r1'", 0) == 0);
  CHECK(run.err.find("column 'y'") != std::string::npos);
  CHECK(count(run.err, "warning:") == 2);  // the row and the column y (which spans 1 to 1e12 as well)
  CHECK(count(run.err, "warning: warning:") == 0);
  CHECK(test::run_cli("solve '" + mps.path + "' --quiet").err.empty());
}

TEST_CASE("solve: a well-ranged model prints no warning") {
  test::TempFile mps(ranged_mps("-1"), ".mps");
  const test::CliRun run = test::run_cli("solve '" + mps.path + "'");
  CHECK(run.exit_code == 0);
  CHECK(run.err.empty());
  CHECK(json::parse(run.out)["status"] == "optimal");
}

TEST_CASE("solve: the MPS reader's warnings say \"warning:\" once") {
  // A second objective row is dropped with a warning by the reader.
  test::TempFile mps(
      "NAME w\nROWS\n N obj\n N obj2\n G r1\nCOLUMNS\n x obj 1 r1 1\n x obj2 1\nRHS\n rhs r1 1\nENDATA\n", ".mps");
  const test::CliRun run = test::run_cli("solve '" + mps.path + "'");
  CAPTURE(run.err);
  CHECK(run.exit_code == 0);
  REQUIRE(count(run.err, "warning:") >= 1);
  CHECK(count(run.err, "warning:") == count(run.err, "\n"));
  CHECK(run.err.rfind("milp-sac solve: " + mps.path, 0) == 0);
}
