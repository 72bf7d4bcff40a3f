// The cold dual start by artificial bounds (lp/artificial_bounds.cpp): dual
// infeasible columns without the bound their cost wants get an artificial
// one, the dual simplex runs, and the true bounds come back. The optimum is
// known by construction, including one beyond the artificial box (a column
// ends on its artificial bound and the solve must go on); verdicts of
// infeasibility and unboundedness keep their checked certificates; and on
// bundled Netlib models the start gives the optimum dual phase 1 gives.
#include <doctest/doctest.h>

#include <cmath>

#include "lp/simplex_solver.h"
#include "lp/solution_check.h"
#include "lp_builders.h"
#include "same_optimum.h"

using namespace milpsac;
using lp::kInfinity;
using lp::LpStatus;
using test::make_lp;

namespace {
constexpr double inf = kInfinity;

void check_optimal(const lp::LinearProgram& lp, lp::SimplexSolver& solver, double objective) {
  REQUIRE(solver.solve() == LpStatus::kOptimal);
  CHECK(solver.objective() == doctest::Approx(objective));
  const Eigen::VectorXd x = solver.primal_values();
  CHECK(lp::max_bound_violation(lp, x) <= 1e-9 * (1.0 + std::fabs(objective)));
  CHECK(lp::max_dual_violation(lp, x, solver.row_duals(), 1e-9) <= 1e-9);
}
}  // namespace

TEST_CASE("artificial bounds: one-sided and free columns with wrong-signed costs reach the optimum") {
  // min -x - 2y + z ; x + y + z >= 2 ; x + y <= 4 ; y - z <= 1 ; x, y >= 0, z free: -5 at (0, 4, 3).
  // x and y want to grow without an upper bound; z wants to fall and is free.
  const auto lp = make_lp({{1, 1, 1}, {1, 1, 0}, {0, 1, -1}}, {2, -inf, -inf}, {inf, 4, 1}, {-1, -2, 1}, {0, 0, -inf},
                          {inf, inf, inf});
  lp::SimplexSolver solver(lp);
  check_optimal(lp, solver, -5.0);
}

TEST_CASE("artificial bounds: an optimum beyond the artificial box is still found") {
  // min -x - y ; x + y <= 3e9 ; x - y <= 1e9 ; x, y >= 0: -3e9, with x = 2e9 and
  // y = 1e9 far past the box of 1e6 the start gives the columns (all entries
  // are 1, so scaling leaves them so). The first run ends with columns on
  // their artificial bounds; the solve must carry on to the true optimum.
  const auto lp = make_lp({{1, 1}, {1, -1}}, {-inf, -inf}, {3e9, 1e9}, {-1, -1}, {0, 0}, {inf, inf});
  lp::SimplexSolver solver(lp);
  check_optimal(lp, solver, -3e9);
  const Eigen::VectorXd x = solver.primal_values();
  CHECK(x[0] == doctest::Approx(2e9));
  CHECK(x[1] == doctest::Approx(1e9));
}

TEST_CASE("artificial bounds: an unbounded LP still ends in a checked ray") {
  // min -x - y ; x + y >= 1 ; x - y <= 1 ; x, y >= 0: unbounded along (1, 1).
  // Under the artificial bounds it has an optimum; the true bounds take it away.
  const auto lp = make_lp({{1, 1}, {1, -1}}, {1, -inf}, {inf, 1}, {-1, -1}, {0, 0}, {inf, inf});
  lp::SimplexSolver solver(lp);
  REQUIRE(solver.solve() == LpStatus::kUnbounded);
  CHECK(solver.certificate().valid);
}

TEST_CASE("artificial bounds: an infeasible LP still ends in a checked Farkas ray") {
  // min -x - y ; x + y >= 3 ; x + y <= 1 ; x, y >= 0.
  const auto lp = make_lp({{1, 1}, {1, 1}}, {3, -inf}, {inf, 1}, {-1, -1}, {0, 0}, {inf, inf});
  lp::SimplexSolver solver(lp);
  REQUIRE(solver.solve() == LpStatus::kInfeasible);
  CHECK(solver.certificate().valid);
}

TEST_CASE("artificial bounds: a cutoff is not applied while they are in place") {
  // min -x ; x + y >= 1 ; x <= 5e7 ; x, y >= 0: optimum -5e7. The slack basis
  // violates row 0 and x wants to grow: x gets the artificial box [0, 1e6],
  // under which the optimum is -1e6. A cutoff of -2e6 lies between: the
  // dual's objective under artificial bounds passes it, but it bounds nothing
  // about the true LP, whose optimum is below the cutoff.
  const auto lp = make_lp({{1, 1}, {1, 0}}, {1, -inf}, {inf, 5e7}, {-1, 0}, {0, 0}, {inf, inf});
  lp::SimplexSolver solver(lp);
  solver.set_objective_cutoff(-2e6);
  check_optimal(lp, solver, -5e7);
}

TEST_CASE("artificial bounds: the same certified optimum as dual phase 1 on bundled Netlib models") {
  test::check_same_certified_optimum(
      [](lp::SimplexSolver& solver, int setting) { solver.set_artificial_bounds_start(setting == 1); });
}
