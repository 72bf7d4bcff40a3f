// The C++ API's in-memory model and solve (api/model.h, api/solve.h): the
// one-at-a-time and bulk (CSC / CSR) forms build the same model, LP duals and
// reduced costs satisfy c = A^T y + d and complementary slackness, a MILP is
// solved, bad models and options are refused, and a raised interrupt stops.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <string>

#include "api/solve.h"
#include "common/input_error.h"

using namespace milpsac;

namespace {

// min x + 2y + 3z  s.t.  x + y >= 2,  y + z >= 3,  x, y, z in [0, 10].
api::Model one_at_a_time() {
  api::Model m;
  for (double c : {1.0, 2.0, 3.0}) api::add_col(m, c, 0.0, 10.0);
  api::add_row(m, 2.0, options::kNone, {0, 1}, {1.0, 1.0});
  api::add_row(m, 3.0, options::kNone, {1, 2}, {1.0, 1.0});
  return m;
}

}  // namespace

TEST_CASE("CSC columns and CSR rows build the same LP as add_col / add_row, with consistent duals") {
  const double cost[] = {1, 2, 3}, lower[] = {0, 0, 0}, upper[] = {10, 10, 10};
  const int cstart[] = {0, 1, 3, 4}, cindex[] = {0, 0, 1, 1};
  const double cvalue[] = {1, 1, 1, 1};
  api::Model by_cols;
  by_cols.row_lower = {2.0, 3.0};
  by_cols.row_upper = {options::kNone, options::kNone};
  by_cols.row_names = {"", ""};
  api::add_cols(by_cols, 3, cost, lower, upper, cstart, cindex, cvalue);

  api::Model by_rows;
  for (int j = 0; j < 3; ++j) api::add_col(by_rows, cost[j], 0.0, 10.0);
  const double rlower[] = {2, 3}, rupper[] = {options::kNone, options::kNone};
  const int rstart[] = {0, 2, 4}, rindex[] = {0, 1, 1, 2};
  api::add_rows(by_rows, 2, rlower, rupper, rstart, rindex, cvalue);

  for (const api::Model& m : {one_at_a_time(), by_cols, by_rows}) {
    const api::Solution s = api::solve(m);
    REQUIRE(s.status == api::Status::kOptimal);
    CHECK(!s.is_mip);
    CHECK(s.objective == doctest::Approx(6.0));  // y = 3 covers both rows
    REQUIRE(s.row_duals.size() == 2);
    REQUIRE(s.reduced_costs.size() == 3);
    // c = A^T y + d, column by column.
    CHECK(s.row_duals[0] + s.reduced_costs[0] == doctest::Approx(1.0));
    CHECK(s.row_duals[0] + s.row_duals[1] + s.reduced_costs[1] == doctest::Approx(2.0));
    CHECK(s.row_duals[1] + s.reduced_costs[2] == doctest::Approx(3.0));
    // >= rows of a minimisation: duals >= 0; strong duality 2 y0 + 3 y1 = 6 (no upper bound is active).
    CHECK(s.row_duals[0] >= -1e-9);
    CHECK(s.row_duals[1] >= -1e-9);
    CHECK(2 * s.row_duals[0] + 3 * s.row_duals[1] == doctest::Approx(6.0));
  }
}

TEST_CASE("a maximisation reports duals in its own sense; a MILP is solved and logs through the callback") {
  api::Model m;
  m.sense = lp::ObjectiveSense::kMaximize;
  api::add_col(m, 1.0, 0.0, options::kNone, false, "x");
  api::add_row(m, -options::kNone, 2.5, {0}, {2.0}, "cap");
  int lines = 0;
  api::SolveOptions options;
  options.log = [&lines](const std::string& line) { lines += line.empty() ? 0 : 1; };
  const api::Solution lp = api::solve(m, options);
  REQUIRE(lp.status == api::Status::kOptimal);
  CHECK(lines == 2);  // the LP's start and finish events, through the callback (the library never prints)
  CHECK(lp.objective == doctest::Approx(1.25));
  CHECK(lp.row_duals.at(0) == doctest::Approx(0.5));  // d objective / d cap

  m.is_integer[0] = 1;
  const api::Solution mip = api::solve(m, options);
  CHECK(mip.status == api::Status::kOptimal);
  CHECK(mip.is_mip);
  CHECK(mip.objective == doctest::Approx(1.0));
  CHECK(mip.row_duals.empty());
}

TEST_CASE("bad models and options are InputError; a raised interrupt stops before solving") {
  api::Model m = one_at_a_time();
  m.entries.push_back({5, 0, 1.0});
  CHECK_THROWS_AS(api::solve(m), InputError);
  m = one_at_a_time();
  m.col_lower[1] = 11.0;
  CHECK_THROWS_WITH_AS(api::solve(m), "column 1: lower bound above upper bound", InputError);
  m = one_at_a_time();
  api::SolveOptions options;
  options.relative_gap = -1.0;
  CHECK_THROWS_AS(api::solve(m, options), InputError);
  options.relative_gap = 0.0;
  std::atomic<bool> stop{true};
  options.interrupt = &stop;
  CHECK(api::solve(m, options).status == api::Status::kInterrupted);
}

TEST_CASE("the coefficient-range check of milp-sac solve: refused at a 1e16 span, warned at 1e12") {
  // min x + y ; r1: x + C y >= 1, r2: x + y <= 4, x, y in [0, 3] (C < 0).
  const auto build = [](double c) {
    api::Model m;
    const int x = api::add_col(m, 1.0, 0.0, 3.0, false, "x");
    const int y = api::add_col(m, 1.0, 0.0, 3.0, false, "y");
    api::add_row(m, 1.0, INFINITY, {x, y}, {1.0, c}, "r1");
    api::add_row(m, -INFINITY, 4.0, {x, y}, {1.0, 1.0}, "r2");
    return m;
  };
  CHECK_THROWS_AS(api::solve(build(-1e16)), InputError);
  const api::Solution wide = api::solve(build(-1e12));
  CHECK(wide.status == api::Status::kOptimal);
  REQUIRE(wide.warnings.size() == 2);  // the row r1 and the column y
  CHECK(wide.warnings[0].find("warning: row 'r1'") != std::string::npos);
  CHECK(api::solve(build(-1.0)).warnings.empty());
}
