// Presolve and postsolve: each reduction on a small model built for it (what
// it removes, what postsolve restores), postsolved answers certified by the
// KKT check on the original, presolve on/off giving the same objective on
// every curated LP of tests/data/instances/lp (expected.tsv read at run time)
// and on random LPs, and MIP mode keeping integer columns integral.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../test_support.h"
#include "../tsv_table.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "lp/mps/mps.h"
#include "lp/presolve/presolve.h"
#include "lp/presolve/presolve_model.h"
#include "lp/simplex.h"
#include "lp/simplex_solver.h"
#include "lp/solution_check.h"
#include "lp/tolerances.h"
#include "lp_builders.h"

using namespace milpsac;
using lp::kInfinity;
using lp::LpStatus;
using lp::VarStatus;
using lp::presolve::PresolveOptions;
using lp::presolve::PresolveResult;
using lp::presolve::PresolveStatus;
using test::make_lp;

namespace {

constexpr double inf = kInfinity;

lp::LpOptions no_presolve() {
  lp::LpOptions options;
  options.presolve = false;
  return options;
}

int count_basic(const lp::Basis& basis) {
  int basic = 0;
  for (VarStatus s : basis.cols) basic += s == VarStatus::kBasic;
  for (VarStatus s : basis.rows) basic += s == VarStatus::kBasic;
  return basic;
}

double relative_difference(double a, double b) { return std::fabs(a - b) / std::max(1.0, std::fabs(b)); }

// Warm start the simplex on the original model from a postsolved basis: it
// must reach the same optimum, in few iterations when the basis is the
// optimal one (a basis that were singular or not optimal would need a
// repair or many pivots). Returns the iterations taken.
long warm_start_iterations(const lp::LinearProgram& model, const lp::Basis& basis, double objective) {
  lp::SimplexSolver solver(model);
  solver.set_basis(basis);
  const LpStatus status = solver.solve();
  REQUIRE(status == LpStatus::kOptimal);
  const double sign = model.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  CHECK(relative_difference(sign * solver.objective(), objective) <= 1e-6);
  return solver.iterations();
}

// Presolve `model`, solve the reduced LP, postsolve, and check everything a
// caller relies on against the original: primal and dual feasibility, the
// objective of a solve without presolve, and a basis with one basic variable
// per row that the simplex accepts (re-solving from it takes no iterations).
PresolveResult check_round_trip(const lp::LinearProgram& model, const PresolveOptions& options = {}) {
  const PresolveResult pre = lp::presolve::presolve(model, options);
  REQUIRE((pre.status == PresolveStatus::kReduced || pre.status == PresolveStatus::kEmpty));
  CHECK(pre.reduced.num_rows() <= model.num_rows());
  CHECK(pre.reduced.num_cols() <= model.num_cols());
  lp::LpSolution reduced;
  if (pre.status == PresolveStatus::kReduced) {
    reduced = lp::solve_lp(pre.reduced, no_presolve());
    REQUIRE(reduced.status == LpStatus::kOptimal);
  } else {
    reduced.status = LpStatus::kOptimal;
  }
  const lp::LpSolution solution = lp::presolve::postsolve(model, pre, reduced);
  const lp::LpSolution direct = lp::solve_lp(model, no_presolve());
  REQUIRE(direct.status == LpStatus::kOptimal);
  CHECK(lp::max_bound_violation(model, solution.x) <= lp::tol::kPrimalCheck);
  CHECK(lp::max_dual_violation(model, solution.x, solution.row_duals, lp::tol::kPrimalCheck) <= lp::tol::kDualCheck);
  CHECK(relative_difference(solution.objective, direct.objective) <= 1e-6);
  REQUIRE(static_cast<int>(solution.basis.cols.size()) == model.num_cols());
  REQUIRE(static_cast<int>(solution.basis.rows.size()) == model.num_rows());
  CHECK(count_basic(solution.basis) == model.num_rows());
  CHECK(warm_start_iterations(model, solution.basis, direct.objective) == 0);
  // d = c - A^T y as reported
  const double sign = model.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  const Eigen::VectorXd d = sign * model.c - model.A.transpose() * solution.row_duals;
  CHECK((d - solution.reduced_costs).cwiseAbs().maxCoeff() <= 1e-9 * (1.0 + d.cwiseAbs().maxCoeff()));
  return pre;
}

PresolveOptions only(bool PresolveOptions::*rule) {
  PresolveOptions options;
  options.empty_rows = options.empty_columns = options.singleton_rows = options.fixed_columns = false;
  options.forcing_rows = options.doubleton_equations = options.dominated_columns = false;
  options.free_column_singletons = options.slack_columns = false;
  options.free_column_substitution = options.parallel_rows = false;
  options.bound_tightening = options.coefficient_tightening = false;
  options.*rule = true;
  return options;
}

}  // namespace

TEST_CASE("empty rows and columns are removed; postsolve restores them") {
  // row 1 is empty (0 in [-1, 2]); column 2 has no entries and cost 3 >= 0 -> at its lower bound 1.
  auto model = make_lp({{1, 1, 0}, {0, 0, 0}}, {2, -1}, {inf, 2}, {1, 2, 3}, {0, 0, 1}, {inf, inf, 5});
  const PresolveResult only_empty = lp::presolve::presolve(model, only(&PresolveOptions::empty_rows));
  CHECK(only_empty.stats.empty_rows == 1);
  CHECK(only_empty.reduced.num_rows() == 1);
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::empty_columns));
  CHECK(pre.stats.empty_columns == 1);
  CHECK(pre.reduced.num_cols() == 2);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.x[2] == doctest::Approx(1.0));
  CHECK(solution.basis.rows[1] == VarStatus::kBasic);
  check_round_trip(model);
}

TEST_CASE("an empty row with 0 outside its bounds is infeasible in presolve and certified by the original solve") {
  auto model = make_lp({{1, 1}, {0, 0}}, {0, 1}, {inf, 2}, {1, 1}, {0, 0}, {inf, inf});
  CHECK(lp::presolve::presolve(model).status == PresolveStatus::kInfeasible);
  CHECK(lp::presolve::solve_lp_presolved(model).status == LpStatus::kInfeasible);
}

TEST_CASE("singleton rows become bounds; a binding one gets its dual back") {
  // min -x - y ; 2x <= 6 (singleton, binding) ; x + y <= 10 ; y <= 4 (singleton row -y >= -4)
  auto model = make_lp({{2, 0}, {1, 1}, {0, -1}}, {-inf, -inf, -4}, {6, 10, inf}, {-1, -1}, {0, 0}, {inf, inf});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::singleton_rows));
  CHECK(pre.stats.singleton_rows == 2);
  CHECK(pre.reduced.num_rows() == 1);
  CHECK(pre.reduced.col_upper[0] == doctest::Approx(3.0));
  CHECK(pre.reduced.col_upper[1] == doctest::Approx(4.0));
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.objective == doctest::Approx(-7.0));
  CHECK(solution.row_duals[0] == doctest::Approx(-0.5));  // d_x = -1 - 2 y_0 = 0
  CHECK(solution.row_duals[2] == doctest::Approx(1.0));   // d_y = -1 + y_2 = 0
  CHECK(solution.basis.rows[0] != VarStatus::kBasic);
}

TEST_CASE("fixed columns move into the row bounds and the offset") {
  // x1 fixed at 2: x0 + x1 >= 5 becomes x0 >= 3.
  auto model = make_lp({{1, 1}, {1, -1}}, {5, -inf}, {inf, 10}, {1, 4}, {0, 2}, {inf, 2});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::fixed_columns));
  CHECK(pre.stats.fixed_columns == 1);
  CHECK(pre.reduced.num_cols() == 1);
  CHECK(pre.reduced.offset == doctest::Approx(8.0));
  CHECK(pre.reduced.row_lower[0] == doctest::Approx(3.0));
  const auto solution = lp::presolve::solve_lp_presolved(model);
  CHECK(solution.x[1] == doctest::Approx(2.0));
  CHECK(solution.objective == doctest::Approx(11.0));
}

TEST_CASE("forcing rows fix every column; the row dual is recovered") {
  // x + y <= 0 with x, y >= 0 forces x = y = 0; with costs -1 and -3 the row's dual is -3.
  auto model = make_lp({{1, 1}, {1, 2}}, {-inf, -inf}, {0, 8}, {-1, -3}, {0, 0}, {inf, inf});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::forcing_rows));
  CHECK(pre.stats.forcing_rows == 1);
  CHECK(pre.reduced.num_cols() == 0);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.row_duals[0] == doctest::Approx(-3.0));
  CHECK(solution.basis.cols[1] == VarStatus::kBasic);
}

TEST_CASE("redundant rows are dropped with dual 0") {
  // x + y <= 10 can never bind with x, y in [0, 2].
  auto model = make_lp({{1, 1}, {1, -1}}, {-inf, -1}, {10, inf}, {-1, 1}, {0, 0}, {2, 2});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::forcing_rows));
  CHECK(pre.stats.redundant_rows >= 1);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  CHECK(solution.row_duals[0] == 0.0);
}

TEST_CASE("doubleton equations substitute one column; postsolve recovers it and the row dual") {
  // x - 2y = 1 ; x + y + z >= 4 ; y <= 1 (bound on y becomes x <= 3 on x)
  auto model = make_lp({{1, -2, 0}, {1, 1, 1}}, {1, 4}, {1, inf}, {1, 1, 5}, {0, 0, 0}, {inf, 1, inf});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::doubleton_equations));
  CHECK(pre.stats.doubleton_equations == 1);
  CHECK(pre.reduced.num_rows() == 1);
  CHECK(pre.reduced.num_cols() == 2);
  // The kept column's bound from the removed one's binds here (x = 3, y = 1).
  auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.x[0] == doctest::Approx(3.0));
  CHECK(solution.x[1] == doctest::Approx(1.0));
  CHECK(solution.x[2] == doctest::Approx(0.0));
  // MIP mode never eliminates an integer column.
  model.is_integer = {1, 1, 0};
  PresolveOptions mip = only(&PresolveOptions::doubleton_equations);
  mip.keep_integrality = true;
  CHECK(lp::presolve::presolve(model, mip).stats.doubleton_equations == 0);
}

TEST_CASE("dominated columns are fixed at the bound their cost and rows prefer") {
  // y has cost 1 and only helps a <= row by going down: fixed at 0.
  auto model = make_lp({{1, 1}, {1, -1}}, {-inf, -inf}, {4, 2}, {-1, 1}, {0, 0}, {inf, inf});
  model.A.coeffRef(1, 1) = 1;  // y appears with +1 in two <= rows
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::dominated_columns));
  CHECK(pre.stats.dominated_columns == 1);
  CHECK(pre.reduced.num_cols() == 1);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  CHECK(solution.x[1] == 0.0);
  CHECK(solution.objective == doctest::Approx(-2.0));
}

TEST_CASE("a dominated column with no bound on its preferred side is left to the certified solve") {
  // min x + y ; x + y <= 4 ; y free: y goes down without limit.
  auto model = make_lp({{1, 1}}, {-inf}, {4}, {1, 1}, {0, -inf}, {inf, inf});
  CHECK(lp::presolve::presolve(model).status == PresolveStatus::kUnboundedOrInfeasible);
  CHECK(lp::presolve::solve_lp_presolved(model).status == LpStatus::kUnbounded);
}

TEST_CASE("free column singletons: row and column substituted out") {
  // z free appears only in x + y - z = 1 with cost 2; x, y in [0, 3]; x + 2y >= 2.
  auto model = make_lp({{1, 1, -1}, {1, 2, 0}}, {1, 2}, {1, inf}, {1, 0, 2}, {0, 0, -inf}, {3, 3, inf});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::free_column_singletons));
  CHECK(pre.stats.free_column_singletons == 1);
  CHECK(pre.reduced.num_rows() == 1);
  CHECK(pre.reduced.num_cols() == 2);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.row_duals[0] == doctest::Approx(-2.0));  // d_z = 2 + y_0 = 0
  CHECK(solution.x[2] == doctest::Approx(solution.x[0] + solution.x[1] - 1.0));
  // An inequality row: z implied free in x + y - z <= 1 only with z's bounds wide enough.
  auto ineq = make_lp({{1, 1, -1}, {1, 2, 0}}, {-inf, 2}, {1, inf}, {1, 0, 2}, {0, 0, -10}, {3, 3, inf});
  const PresolveResult pre2 = check_round_trip(ineq, only(&PresolveOptions::free_column_singletons));
  CHECK(pre2.stats.free_column_singletons == 1);
}

TEST_CASE("implied free columns are substituted through an equation") {
  // z = x + y (z >= 0 is implied by x, y >= 0) is substituted into z + w <= 5.
  auto model = make_lp({{1, 1, -1, 0}, {0, 0, 1, 1}, {1, -1, 0, 0}}, {0, -inf, -1}, {0, 5, inf}, {-1, -2, 0.5, -1},
                       {0, 0, 0, 0}, {3, inf, inf, inf});
  PresolveOptions options = only(&PresolveOptions::free_column_substitution);
  const PresolveResult pre = check_round_trip(model, options);
  CHECK(pre.stats.free_column_substitutions == 1);
  REQUIRE(pre.reduced.num_rows() == 2);
  REQUIRE(pre.reduced.num_cols() == 3);
  // Row z + w <= 5 became x + y + w <= 5; the cost 0.5 of z moved to x and y.
  CHECK(pre.reduced.A.coeff(0, 0) == doctest::Approx(1.0));
  CHECK(pre.reduced.A.coeff(0, 1) == doctest::Approx(1.0));
  CHECK(pre.reduced.c[0] == doctest::Approx(-0.5));
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.x[2] == doctest::Approx(solution.x[0] + solution.x[1]));
  // z with an upper bound that x + y can exceed is not implied free: no substitution.
  model.col_upper[2] = 2;
  CHECK(lp::presolve::presolve(model, options).stats.free_column_substitutions == 0);
}

TEST_CASE("LP mode: a column in many rows, its bounds implied by different rows, is substituted") {
  // z = x + y (row 0 implies z >= 0); z <= 10 is implied by row 1 (z + w <= 8),
  // not by row 0. z sits in five rows, more than the MIP mode allows.
  auto model =
      make_lp({{-1, -1, 1, 0}, {0, 0, 1, 1}, {1, 0, 1, 0}, {0, -1, 1, 0}, {0, 0, 2, 1}}, {0, -inf, -inf, -30, -inf},
              {0, 8, 20, inf, 50}, {-1, -2, 0.5, -1}, {0, 0, 0, 0}, {inf, inf, 10, inf});
  PresolveOptions options = only(&PresolveOptions::free_column_substitution);
  const PresolveResult pre = check_round_trip(model, options);
  CHECK(pre.stats.free_column_substitutions >= 1);
  CHECK(pre.reduced.num_rows() <= 4);
  // MIP mode keeps the small limits and the single-row test: nothing happens.
  options.keep_integrality = true;
  CHECK(lp::presolve::presolve(model, options).stats.free_column_substitutions == 0);
}

TEST_CASE("LP mode: a substitution that would add more than ten nonzeros is refused") {
  // z = x1 + ... + x12 (z >= 0 implied) and z + w_i <= 5 in three rows: going
  // through row 0 would put twelve new entries into each of the three rows.
  const int k = 12, others = 3, n = k + 1 + others;
  std::vector<std::vector<double>> rows(1 + others, std::vector<double>(n, 0.0));
  for (int j = 0; j < k; ++j) rows[0][j] = -1.0;
  rows[0][k] = 1.0;
  for (int i = 1; i <= others; ++i) rows[i][k] = rows[i][k + i] = 1.0;
  std::vector<double> row_lower(1 + others, -inf), row_upper(1 + others, 5.0);
  row_lower[0] = row_upper[0] = 0.0;
  std::vector<double> cost(n, -1.0);
  auto model = make_lp(rows, row_lower, row_upper, cost, std::vector<double>(n, 0.0), std::vector<double>(n, inf));
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::free_column_substitution));
  CHECK(pre.stats.free_column_substitutions == 0);
}

TEST_CASE("forcing row at its lower bound") {
  // -x - y >= 0 with x, y >= 0 forces x = y = 0 (maximal activity 0 = lower bound).
  auto model = make_lp({{-1, -1}, {1, 3}}, {0, -inf}, {inf, 9}, {-2, 1}, {0, 0}, {inf, inf});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::forcing_rows));
  CHECK(pre.stats.forcing_rows == 1);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.row_duals[0] == doctest::Approx(2.0));  // d_x = -2 + y = 0
}

TEST_CASE("parallel rows are merged; the dual goes back to the row whose bound binds") {
  // x + 2y <= 10 and -2x - 4y >= -8 (that is x + 2y <= 4); min -x - y: x = 4 on the second row.
  auto model = make_lp({{1, 2}, {-2, -4}, {1, -1}}, {-inf, -8, -inf}, {10, inf, 6}, {-1, -1}, {0, 0}, {inf, inf});
  const PresolveResult pre = check_round_trip(model, only(&PresolveOptions::parallel_rows));
  CHECK(pre.stats.parallel_rows == 1);
  REQUIRE(pre.reduced.num_rows() == 2);
  CHECK(pre.reduced.row_upper[0] == doctest::Approx(4.0));
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.row_duals[0] == 0.0);
  CHECK(solution.row_duals[1] == doctest::Approx(0.5));  // d_x = -1 + 2 y_1 = 0
  CHECK(solution.basis.rows[0] == VarStatus::kBasic);
  // Parallel rows whose bounds cross: infeasible in presolve, certified by the original solve.
  auto crossed = make_lp({{1, 1}, {2, 2}}, {5, -inf}, {inf, 4}, {1, 1}, {-inf, -inf}, {inf, inf});
  CHECK(lp::presolve::presolve(crossed).status == PresolveStatus::kInfeasible);
  CHECK(lp::presolve::solve_lp_presolved(crossed).status == LpStatus::kInfeasible);
}

TEST_CASE("slack columns: a bounded column singleton in an equation becomes the row's slack") {
  // x + y + s = 4 with s in [0, 3] and cost 0.5: the row becomes 1 <= x + y <= 4
  // and s's cost moves onto x and y (c_x 1 -> 0.5, c_y 3 -> 2.5).
  auto model = make_lp({{1, 1, 1}, {1, -1, 0}}, {4, -1}, {4, 1}, {1, 3, 0.5}, {0, 0, 0}, {inf, inf, 3});
  PresolveOptions options = only(&PresolveOptions::slack_columns);
  const PresolveResult pre = check_round_trip(model, options);
  CHECK(pre.stats.slack_columns == 1);
  CHECK(pre.reduced.num_cols() == 2);
  CHECK(pre.reduced.row_lower[0] == doctest::Approx(1.0));
  CHECK(pre.reduced.row_upper[0] == doctest::Approx(4.0));
  CHECK(pre.reduced.c[0] == doctest::Approx(0.5));
  // The slack at a bound (cost pushes it to 3 here) and in between.
  for (double cost : {-5.0, 0.0, 0.5}) {
    CAPTURE(cost);
    model.c[2] = cost;
    CHECK(check_round_trip(model, options).stats.slack_columns == 1);
  }
  // Negative coefficient and an infinite bound.
  auto negative = make_lp({{1, 1, -2}, {1, -1, 0}}, {4, -1}, {4, 1}, {1, 3, -2}, {0, 0, -1}, {inf, inf, inf});
  CHECK(check_round_trip(negative, options).stats.slack_columns == 1);
}

TEST_CASE("slack columns: a cost that would make the slack basis dual infeasible stays on its column") {
  // x + y + s = 4, x, y >= 0, s in [0, 3] with cost 2: moving it would make
  // c_x = 1 - 2 < 0, a dual infeasible lower-bounded column at the cold start
  // that it was not before. The column stays; the round trip still holds.
  auto model = make_lp({{1, 1, 1}, {1, -1, 0}}, {4, -1}, {4, 1}, {1, 3, 2}, {0, 0, 0}, {inf, inf, 3});
  PresolveOptions options = only(&PresolveOptions::slack_columns);
  PresolveResult pre = check_round_trip(model, options);
  CHECK(pre.stats.slack_columns == 0);
  CHECK(pre.reduced.num_cols() == 3);
  // A boxed x can flip to its upper bound: no dual infeasibility, so it moves.
  model.col_upper[0] = 10;
  pre = check_round_trip(model, options);
  CHECK(pre.stats.slack_columns == 1);
  CHECK(pre.reduced.c[0] == doctest::Approx(-1.0));
  // x already dual infeasible (cost -1, lower bound only) loses nothing more.
  model.col_upper[0] = inf;
  model.c[0] = -1;
  CHECK(check_round_trip(model, options).stats.slack_columns == 1);
}

TEST_CASE("MIP mode: integer bounds tightened from rows and rounded; binary coefficients tightened") {
  // 2x + 3y <= 7, x, y integer >= 0: y <= 2.33 -> 2, x <= 3.5 -> 3.
  auto model = make_lp({{2, 3, 0}, {0, 0, 0}}, {-inf, -inf}, {7, inf}, {-1, -1, 0}, {0, 0, 0}, {inf, inf, 1});
  model.is_integer = {1, 1, 0};
  model.A.coeffRef(1, 0) = 1;
  model.A.coeffRef(1, 2) = 1;  // keep x in a second row so that the first is no singleton chain
  PresolveOptions options = only(&PresolveOptions::bound_tightening);
  options.keep_integrality = true;
  const PresolveResult pre = lp::presolve::presolve(model, options);
  REQUIRE(pre.status == PresolveStatus::kReduced);
  CHECK(pre.stats.tightened_bounds >= 2);
  CHECK(pre.reduced.col_upper[0] == 3.0);
  CHECK(pre.reduced.col_upper[1] == 2.0);
  // LP mode keeps the original bounds (a kept tightened bound would change the duals).
  options.keep_integrality = false;
  CHECK(std::isinf(lp::presolve::presolve(model, options).reduced.col_upper[0]));

  // 5x + y <= 3 with x binary and y in [0, 1]: the row is slack for x = 0
  // (max 1 < 3): delta = 3 - (6 - 5) = 2, so 5x + y <= 3 becomes 3x + y <= 1,
  // with the same integer points.
  auto knapsack = make_lp({{5, 1}}, {-inf}, {3}, {-1, -1}, {0, 0}, {1, 1});
  knapsack.is_integer = {1, 0};
  PresolveOptions tighten = only(&PresolveOptions::coefficient_tightening);
  tighten.keep_integrality = true;
  const PresolveResult k = lp::presolve::presolve(knapsack, tighten);
  CHECK(k.stats.tightened_coefficients == 1);
  CHECK(k.reduced.A.coeff(0, 0) == doctest::Approx(3.0));
  CHECK(k.reduced.row_upper[0] == doctest::Approx(1.0));
  // Same integer points: x = 0 allows y in [0, 1]; x = 1 allows none.
  for (double x : {0.0, 1.0})
    for (double y : {0.0, 0.5, 1.0}) {
      const bool before = 5 * x + y <= 3 + 1e-9;
      const bool after = k.reduced.A.coeff(0, 0) * x + k.reduced.A.coeff(0, 1) * y <= k.reduced.row_upper[0] + 1e-9;
      CHECK(before == after);
    }
}

TEST_CASE("maximisation: duals and objective in the model's own sense") {
  // max 3x + 2y + 5 ; x + y <= 4 ; x <= 3 (singleton) ; y fixed by 2y = 2 (singleton equality)
  auto model = make_lp({{1, 1}, {1, 0}, {0, 2}}, {-inf, -inf, 2}, {4, 3, 2}, {3, 2}, {0, 0}, {inf, inf});
  model.sense = lp::ObjectiveSense::kMaximize;
  model.offset = 5;
  check_round_trip(model);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(solution.objective == doctest::Approx(3 * 3 + 2 * 1 + 5.0));
}

TEST_CASE("presolve is deterministic") {
  auto model =
      make_lp({{1, -2, 0}, {1, 1, 1}, {0, 0, 2}}, {1, 4, -inf}, {1, inf, 6}, {1, 1, 5}, {0, 0, 0}, {inf, 1, inf});
  const auto a = lp::presolve::presolve(model), b = lp::presolve::presolve(model);
  CHECK(Eigen::MatrixXd(a.reduced.A) == Eigen::MatrixXd(b.reduced.A));
  CHECK(a.reduced.c == b.reduced.c);
  CHECK(a.stack.col_map == b.stack.col_map);
  CHECK(a.stack.row_map == b.stack.row_map);
}

namespace {

struct CuratedModel {
  std::string set, name, file, status, objective;
};

std::vector<CuratedModel> curated_models() {
  const test::TsvTable table = test::read_tsv(test::instance_path("lp/expected.tsv"));
  std::vector<CuratedModel> models;
  for (const test::TsvTable::Row& row : table.rows)
    if (!table.cell(row, "expected_status").empty())
      models.push_back({table.cell(row, "set"), table.cell(row, "name"), table.cell(row, "file"),
                        table.cell(row, "expected_status"), table.cell(row, "expected_objective")});
  return models;
}

}  // namespace

TEST_CASE("presolve on and off agree on every curated model (LP relaxation)") {
  const auto models = curated_models();
  REQUIRE(models.size() > 40);
  int compared = 0;
  for (const CuratedModel& entry : models) {
    if (entry.status == "parse_error") continue;
    CAPTURE(entry.name);
    const lp::LinearProgram model = lp::read_mps_file(test::instance_path("lp/" + entry.file));
    const lp::LpSolution off = lp::solve_lp(model, no_presolve());
    const lp::LpSolution on = lp::presolve::solve_lp_presolved(model, no_presolve());
    CHECK(on.status == off.status);
    if (off.status != LpStatus::kOptimal) continue;
    CHECK(relative_difference(on.objective, off.objective) <= 1e-6);
    CHECK(lp::max_bound_violation(model, on.x) <= lp::tol::kPrimalCheck);
    CHECK(lp::max_dual_violation(model, on.x, on.row_duals, lp::tol::kPrimalCheck) <= lp::tol::kDualCheck);
    // Pure LPs: the expected optimum itself.
    if (!model.has_integers() && !entry.objective.empty() && entry.status == "optimal")
      CHECK(relative_difference(on.objective, std::stod(entry.objective)) <= 1e-6);
    // The postsolved path itself (not the fallback) passes the check on the original.
    const PresolveResult pre = lp::presolve::presolve(model);
    if (pre.status == PresolveStatus::kReduced) {
      const lp::LpSolution reduced = lp::solve_lp(pre.reduced, no_presolve());
      REQUIRE(reduced.status == LpStatus::kOptimal);
      const lp::LpSolution post = lp::presolve::postsolve(model, pre, reduced);
      CHECK(lp::max_bound_violation(model, post.x) <= lp::tol::kPrimalCheck);
      CHECK(lp::max_dual_violation(model, post.x, post.row_duals, lp::tol::kPrimalCheck) <= lp::tol::kDualCheck);
      CHECK(count_basic(post.basis) == model.num_rows());
      // 0 on every curated model today; a little slack for a simplex with other tolerances.
      CHECK(warm_start_iterations(model, post.basis, off.objective) <= 2 + model.num_rows() / 20);
    }
    ++compared;
  }
  CHECK(compared > 30);
}

TEST_CASE("random LPs: presolve on and off agree") {
  std::mt19937 rng(20261123);
  std::uniform_real_distribution<double> coef(-5, 5), unit(0, 1);
  int optimal = 0;
  for (int trial = 0; trial < 200; ++trial) {
    CAPTURE(trial);
    const int m = 2 + static_cast<int>(rng() % 8), n = 2 + static_cast<int>(rng() % 10);
    lp::LinearProgram model;
    model.resize(m, n);
    // Bounds first, then a point x0 within them; rows are built around A x0 so
    // that most models are feasible. Sparse rows with small supports make
    // singleton, doubleton and forcing rows occur.
    Eigen::VectorXd x0(n);
    for (int j = 0; j < n; ++j) {
      model.c[j] = std::round(coef(rng));
      const double kind = unit(rng);
      const double base = std::round(coef(rng));
      model.col_lower[j] = kind < 0.15 ? -inf : base;
      model.col_upper[j] = kind > 0.85 ? inf : base + std::round(5 * unit(rng));
      if (kind < 0.05) model.col_upper[j] = inf;
      x0[j] = std::isfinite(model.col_lower[j]) ? model.col_lower[j] : model.col_upper[j];
      if (!std::isfinite(x0[j])) x0[j] = base;
      if (std::isfinite(model.col_upper[j]) && model.col_upper[j] > x0[j] && unit(rng) < 0.5) x0[j] += 1;
    }
    for (int i = 0; i < m; ++i) {
      const int support = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < support; ++k)
        model.A.coeffRef(i, static_cast<int>(rng() % static_cast<unsigned>(n))) = std::round(coef(rng));
      const double activity = model.A.row(i).dot(x0);
      const double kind = unit(rng);
      const double slack = std::round(3 * unit(rng));
      if (kind < 0.3) {
        model.row_lower[i] = model.row_upper[i] = activity;
      } else if (kind < 0.6) {
        model.row_upper[i] = activity + slack;
      } else if (kind < 0.9) {
        model.row_lower[i] = activity - slack;
      } else {
        model.row_lower[i] = activity - slack;
        model.row_upper[i] = activity + 2;
      }
    }
    if (trial % 2 == 1) model.sense = lp::ObjectiveSense::kMaximize;
    const lp::LpSolution off = lp::solve_lp(model, no_presolve());
    const lp::LpSolution on = lp::presolve::solve_lp_presolved(model, no_presolve());
    REQUIRE(on.status == off.status);
    if (off.status != LpStatus::kOptimal) continue;
    ++optimal;
    CHECK(relative_difference(on.objective, off.objective) <= 1e-6);
    const PresolveResult pre = lp::presolve::presolve(model);
    if (pre.status == PresolveStatus::kReduced) {
      const lp::LpSolution reduced = lp::solve_lp(pre.reduced, no_presolve());
      REQUIRE(reduced.status == LpStatus::kOptimal);
      const lp::LpSolution post = lp::presolve::postsolve(model, pre, reduced);
      CHECK(lp::max_bound_violation(model, post.x) <= lp::tol::kPrimalCheck);
      CHECK(lp::max_dual_violation(model, post.x, post.row_duals, lp::tol::kPrimalCheck) <= lp::tol::kDualCheck);
      CHECK(count_basic(post.basis) == m);
      CHECK(warm_start_iterations(model, post.basis, off.objective) <= 2);
    }
  }
  CHECK(optimal > 40);
}

TEST_CASE("MIP mode keeps integer columns integral with integral bounds") {
  int checked = 0;
  for (const CuratedModel& entry : curated_models()) {
    if (entry.status == "parse_error") continue;
    const lp::LinearProgram model = lp::read_mps_file(test::instance_path("lp/" + entry.file));
    if (!model.has_integers()) continue;
    CAPTURE(entry.name);
    PresolveOptions options;
    options.keep_integrality = true;
    const PresolveResult pre = lp::presolve::presolve(model, options);
    if (pre.status != PresolveStatus::kReduced) continue;
    // Every integer column kept is still integer, with integral bounds.
    for (int c = 0; c < pre.reduced.num_cols(); ++c) {
      const auto j = static_cast<size_t>(pre.stack.col_map[static_cast<size_t>(c)]);
      CHECK(pre.reduced.is_integer[static_cast<size_t>(c)] == model.is_integer[j]);
      if (!model.is_integer[j]) continue;
      for (double bound : {pre.reduced.col_lower[c], pre.reduced.col_upper[c]})
        if (std::isfinite(bound)) CHECK(bound == std::round(bound));
    }
    // An integral point of the reduced model maps to an integral point of the
    // original: integer columns are never computed from others.
    Eigen::VectorXd point = Eigen::VectorXd::Zero(pre.reduced.num_cols());
    for (int c = 0; c < pre.reduced.num_cols(); ++c) {
      const double l = pre.reduced.col_lower[c], u = pre.reduced.col_upper[c];
      point[c] = std::isfinite(l) ? l : (std::isfinite(u) ? u : 0.0);
    }
    const Eigen::VectorXd x = lp::presolve::postsolve_primal(pre, point);
    REQUIRE(x.size() == model.num_cols());
    CHECK(lp::max_integrality_violation(model, x) <= 1e-9);
    // The LP relaxation of the reduced MIP is never weaker than the original's.
    const lp::LpSolution relaxed = lp::solve_lp(pre.reduced, no_presolve());
    const lp::LpSolution original = lp::solve_lp(model, no_presolve());
    if (relaxed.status == LpStatus::kOptimal && original.status == LpStatus::kOptimal) {
      const double sign = model.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
      CHECK(sign * relaxed.objective >= sign * original.objective - 1e-6 * (1.0 + std::fabs(original.objective)));
    }
    ++checked;
  }
  CHECK(checked >= 10);
}

TEST_CASE("a knapsack row of 3,000 singleton columns: presolve keeps its optimum (the greedy fractional one)") {
  // One row over every column, with fixed columns among them: the fixed ones
  // leave the row (its remembered activity range must be recomputed) while the
  // others are tried as free column singletons against that range (issue 25:
  // recomputing it per column was quadratic).
  const int n = 3000;
  std::vector<double> weight(n), profit(n), cost(n), lower(n, 0.0), upper(n, 1.0);
  double fixed_weight = 0.0, fixed_profit = 0.0;
  for (int j = 0; j < n; ++j) {
    weight[j] = 1 + (j * 104729) % 89;
    profit[j] = 1 + (j * 7919) % 101;
    cost[j] = -profit[j];
    if (j % 10 == 3) {
      lower[j] = 1.0;
      fixed_weight += weight[j];
      fixed_profit += profit[j];
    }
  }
  const double capacity = fixed_weight + 11.0 * n;
  const auto model = make_lp({weight}, {-inf}, {capacity}, cost, lower, upper);
  // The greedy fractional knapsack over the free columns, best profit per weight first.
  std::vector<int> order;
  for (int j = 0; j < n; ++j)
    if (j % 10 != 3) order.push_back(j);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return profit[a] * weight[b] > profit[b] * weight[a]; });
  double room = capacity - fixed_weight, best = fixed_profit;
  for (int j : order) {
    const double take = std::min(1.0, room / weight[j]);
    best += take * profit[j];
    room -= take * weight[j];
    if (room <= 0) break;
  }
  const PresolveResult pre = check_round_trip(model);
  CHECK(pre.stats.fixed_columns == n / 10);
  const auto solution = lp::presolve::solve_lp_presolved(model);
  REQUIRE(solution.status == LpStatus::kOptimal);
  CHECK(relative_difference(solution.objective, -best) <= 1e-9);
  // A deadline that has passed stops presolve before it changes anything.
  PresolveOptions late;
  const Deadline expired(0.0);
  late.deadline = &expired;
  const PresolveResult stopped = lp::presolve::presolve(model, late);
  CHECK(stopped.status == PresolveStatus::kReduced);
  CHECK(stopped.reduced.num_cols() == n);
  CHECK(stopped.stats.passes == 0);
}

TEST_CASE("the remembered activity range of a row follows every change to the row's columns") {
  using lp::presolve::ActivityRange;
  using lp::presolve::PresolveModel;
  auto model = lp::presolve::make_presolve_model(
      make_lp({{1, 2, -1, 3}, {0, 1, 1, 0}}, {-inf, 0}, {10, 4}, {1, 1, 1, 1}, {0, 0, -inf, 1}, {1, 5, 2, 1}), false);
  // The range a fresh computation gives, without the remembered one.
  auto fresh = [](const PresolveModel& m, int row) {
    PresolveModel copy = m;
    copy.activity_known.clear();
    return lp::presolve::activity_range(copy, row);
  };
  auto same = [&](const PresolveModel& m) {
    for (int row = 0; row < 2; ++row) {
      CAPTURE(row);
      const ActivityRange kept = lp::presolve::activity_range(m, row), recomputed = fresh(m, row);
      CHECK(kept.min_finite == recomputed.min_finite);
      CHECK(kept.max_finite == recomputed.max_finite);
      CHECK(kept.min_infinite == recomputed.min_infinite);
      CHECK(kept.max_infinite == recomputed.max_infinite);
    }
  };
  same(model);
  const double before = lp::presolve::activity_range(model, 0).max_finite;
  model.tighten_col_bounds(1, 1.0, 3.0);
  same(model);
  CHECK(lp::presolve::activity_range(model, 0).max_finite == before - 4.0);
  model.tighten_col_bounds(2, -1.0, kInfinity);  // an infinite side becomes finite
  same(model);
  CHECK(lp::presolve::activity_range(model, 0).max_infinite == 0);
  model.set_coefficient(0, 1, 5.0);
  same(model);
  model.fix_and_remove_col(3, 1.0);
  same(model);
  model.col_upper[0] = 0.5;  // a rule's own write, announced
  model.bounds_changed(0);
  same(model);
  model.remove_col(1);
  same(model);
}
