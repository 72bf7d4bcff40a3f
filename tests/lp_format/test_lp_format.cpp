// The CPLEX LP reader (lp/lp_format): the models PuLP writes as LP and as MPS
// give the same optimum through our two readers; the format's conventions
// (bounds, ranges, constants, comments, binaries) hold; malformed files are
// InputError naming the file and the line.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "../test_support.h"
#include "bnb/branch_and_bound.h"
#include "common/input_error.h"
#include "lp/lp_format/lp_format.h"
#include "lp/lp_format/model_file.h"
#include "lp/mps/mps.h"

using namespace milpsac;

namespace {

std::string pulp_path(const std::string& name) { return test::instance_path("lp/pulp/" + name); }

// PuLP's MPS says "maximise" only in its first line's comment (see the folder's README).
lp::LinearProgram read_pulp_mps(const std::string& name) {
  lp::LinearProgram lp = lp::read_mps_file(pulp_path(name + ".mps"));
  std::ifstream in(pulp_path(name + ".mps"));
  std::string first;
  std::getline(in, first);
  if (first.rfind("*SENSE:Maximize", 0) == 0) lp.sense = lp::ObjectiveSense::kMaximize;
  return lp;
}

bnb::MilpResult solve(const lp::LinearProgram& lp) {
  bnb::MilpOptions options;
  options.relative_gap = 0.0;
  return bnb::solve_milp(lp, options);
}

lp::LinearProgram parse(const std::string& text) { return lp::read_lp_text(text, "t.lp"); }

}  // namespace

TEST_CASE("PuLP's LP and MPS files of one model: the same columns and the same optimum") {
  for (const char* name : {"beer_distribution", "knapsack", "mixed", "production"}) {
    CAPTURE(name);
    const lp::LinearProgram from_lp = lp::read_model_file(pulp_path(std::string(name) + ".lp"));
    const lp::LinearProgram from_mps = read_pulp_mps(name);
    CHECK(from_lp.num_rows() == from_mps.num_rows());
    CHECK(from_lp.num_cols() == from_mps.num_cols());
    CHECK(from_lp.sense == from_mps.sense);
    CHECK(from_lp.has_integers() == from_mps.has_integers());
    const bnb::MilpResult a = solve(from_lp), b = solve(from_mps);
    REQUIRE(a.status == bnb::MilpStatus::kOptimal);
    REQUIRE(b.status == bnb::MilpStatus::kOptimal);
    CHECK(a.objective == doctest::Approx(b.objective).epsilon(1e-9));
  }
}

TEST_CASE("the conventions: bounds, free, ranges, constants, comments, binaries, keywords in any case") {
  const lp::LinearProgram lp = parse(R"(\ a comment line
\* PuLP's header comment *\
MAXIMIZE
 profit: 2 x + 3 y - z + 4 + 3 x
SUBJECT TO
 c1: x + y <= 4
 -2 <= x - y <= 3
 c3: 2 x + 1 - 3 z + 2 z >= 3 \ constants move right, terms add up
 c4: y = 1.5e0
bounds
 x <= 10
 -inf <= z <= inf
 w free
 y >= -1
 v <= -2
integers
 x
binary
 b
end
)");
  REQUIRE(lp.num_cols() == 6);  // x y z w v b, in order of first appearance
  CHECK(lp.col_names[0] == "x");
  CHECK(lp.col_names[5] == "b");
  CHECK(lp.sense == lp::ObjectiveSense::kMaximize);
  CHECK(lp.c[0] == 5.0);  // 2 x + 3 x
  CHECK(lp.offset == 4.0);
  CHECK(lp.col_upper[0] == 10.0);
  CHECK(lp.col_lower[0] == 0.0);
  CHECK(std::isinf(lp.col_lower[2]));
  CHECK(std::isinf(lp.col_lower[3]));
  CHECK(lp.col_lower[1] == -1.0);
  CHECK(std::isinf(lp.col_lower[4]));  // a negative upper bound and no lower: -inf (warned)
  CHECK(lp.is_integer[0] == 1);
  CHECK(lp.is_integer[5] == 1);
  CHECK(lp.col_upper[5] == 1.0);
  REQUIRE(lp.num_rows() == 4);
  CHECK(lp.row_names[1] == "R2");
  CHECK(lp.row_lower[1] == -2.0);
  CHECK(lp.row_upper[1] == 3.0);
  CHECK(lp.row_lower[2] == 2.0);  // 2 x - z >= 3 - 1
  CHECK(lp.A.coeff(2, 2) == -1.0);
  CHECK(lp.row_lower[3] == 1.5);
  CHECK(lp.row_upper[3] == 1.5);
  std::vector<std::string> warnings;
  lp::read_lp_text("min\n x\nst\n x >= 1\nbounds\n x <= -1\nend\n", "w.lp", &warnings);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].find("w.lp:6: warning:") == 0);
}

TEST_CASE("malformed LP files: InputError naming the file and the line") {
  const auto error_of = [](const std::string& text) -> std::string {
    try {
      parse(text);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  CHECK(error_of("").find("t.lp: empty file") == 0);
  CHECK(error_of("subject to\n x >= 1\nend\n").find("t.lp:1: expected the objective section") == 0);
  CHECK(error_of("min\n x\nst\n c1: x + y\n z >= 2\nend\n").find("t.lp:5: expected '+', '-' or a comparison") == 0);
  CHECK(error_of("min\n x\nst\n c1: x >= y\nend\n").find("t.lp:4: expected a number on the right-hand side") == 0);
  CHECK(error_of("min\n x\nst\n c1: x >= 1\n c1: x <= 3\nend\n").find("t.lp:5: constraint name 'c1' used twice") == 0);
  CHECK(error_of("min\n x\nst\n x >= 1\nbounds\n x <= 1e999\nend\n").find("t.lp:6: '1e999' is not a number") == 0);
  CHECK(error_of("min\n x\nst\n x >= 1 * 2\nend\n").find("t.lp:4: unexpected character '*'") == 0);
  CHECK(error_of("min\n x\nst\n x >= 1\n").find("t.lp: no End line") == 0);
  CHECK(error_of("min\n x\nst\n x >= 1\nsemi-continuous\n x\nend\n").find("t.lp:5: semi-continuous") == 0);
  CHECK(error_of("min\n x\nst\n 1 <= x >= 3\nend\n").find("t.lp:4:") == 0);
  // A missing file names itself.
  CHECK_THROWS_WITH_AS(lp::read_model_file("/nonexistent/m.lp"), doctest::Contains("/nonexistent/m.lp"), InputError);
}

TEST_CASE("the file name decides the format: .lp and .lp.gz, any case") {
  CHECK(lp::is_lp_format_path("a/model.lp"));
  CHECK(lp::is_lp_format_path("model.LP.gz"));
  CHECK(!lp::is_lp_format_path("model.mps"));
  CHECK(!lp::is_lp_format_path("model.lp.mps"));
}
