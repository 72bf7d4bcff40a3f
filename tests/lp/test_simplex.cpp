// Simplex on hand-made LPs whose answers are known by construction, random LPs
// certified by the independent KKT check, and warm starts after bound changes.
#include <doctest/doctest.h>

#include <optional>
#include <random>

#include "lp/simplex.h"
#include "lp/simplex_solver.h"
#include "lp/solution_check.h"
#include "lp_builders.h"

using namespace milpsac;
using lp::kInfinity;
using lp::LpStatus;
using test::make_lp;

namespace {
constexpr double inf = kInfinity;
}

TEST_CASE("textbook LP with equality, >= and <= rows") {
  // min x + 4y + 9z ; x + y <= 5 ; x + z >= 10 ; -y + z = 7 ; x <= 4, -1 <= y <= 1
  auto lp = make_lp({{1, 1, 0}, {1, 0, 1}, {0, -1, 1}}, {-inf, 10, 7}, {5, inf, 7}, {1, 4, 9}, {0, -1, 0}, {4, 1, inf});
  auto s = lp::solve_lp(lp);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(54.0));
  CHECK(s.x[0] == doctest::Approx(4.0));
  CHECK(s.x[1] == doctest::Approx(-1.0));
  CHECK(s.x[2] == doctest::Approx(6.0));
}

TEST_CASE("maximisation and objective offset") {
  // max x + 2y + 10 ; x + y <= 4 ; y <= 3
  auto lp = make_lp({{1, 1}}, {-inf}, {4}, {1, 2}, {0, 0}, {inf, 3});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.offset = 10;
  auto s = lp::solve_lp(lp);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(17.0));
}

TEST_CASE("infeasible rows") {
  // x + y >= 3 with x, y in [0, 1]
  auto lp = make_lp({{1, 1}}, {3}, {inf}, {1, 1}, {0, 0}, {1, 1});
  CHECK(lp::solve_lp(lp).status == LpStatus::kInfeasible);
  // x - y >= 1 and y - x >= 1 with free columns
  auto lp2 = make_lp({{1, -1}, {-1, 1}}, {1, 1}, {inf, inf}, {0, 0}, {-inf, -inf}, {inf, inf});
  CHECK(lp::solve_lp(lp2).status == LpStatus::kInfeasible);
}

TEST_CASE("contradictory bounds are infeasible") {
  auto lp = make_lp({{1}}, {0}, {1}, {1}, {2}, {1});
  CHECK(lp::solve_lp(lp).status == LpStatus::kInfeasible);
}

TEST_CASE("unbounded") {
  // min -x ; x - y <= 1 ; x, y >= 0
  auto lp = make_lp({{1, -1}}, {-inf}, {1}, {-1, 0}, {0, 0}, {inf, inf});
  CHECK(lp::solve_lp(lp).status == LpStatus::kUnbounded);
  // a free column with a cost and no row
  auto lp2 = make_lp({{0, 1}}, {0}, {1}, {1, 0}, {-inf, 0}, {inf, inf});
  CHECK(lp::solve_lp(lp2).status == LpStatus::kUnbounded);
}

TEST_CASE("Beale's cycling example terminates at the optimum") {
  // min -3/4 x1 + 20 x2 - 1/2 x3 + 6 x4
  auto lp = make_lp({{0.25, -8, -1, 9}, {0.5, -12, -0.5, 3}, {0, 0, 1, 0}}, {-inf, -inf, -inf}, {0, 0, 1},
                    {-0.75, 20, -0.5, 6}, {0, 0, 0, 0}, {inf, inf, inf, inf});
  auto s = lp::solve_lp(lp);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(-1.25));
}

TEST_CASE("degenerate vertex with many tight rows") {
  // The origin satisfies 6 rows with equality; optimum at x = y = 1.
  auto lp = make_lp({{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 1}, {2, 1}}, {-inf, -inf, -inf, -inf, -inf, -inf},
                    {1, 1, 2, 0, 0, 3}, {-1, -1}, {0, 0}, {inf, inf});
  auto s = lp::solve_lp(lp);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(-2.0));
}

TEST_CASE("free variables") {
  // min x1 + x2 ; x1 - x2 = 1 ; x1 + x2 >= 3 ; both free
  auto lp = make_lp({{1, -1}, {1, 1}}, {1, 3}, {1, inf}, {1, 1}, {-inf, -inf}, {inf, inf});
  auto s = lp::solve_lp(lp);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(3.0));
  CHECK(s.x[0] - s.x[1] == doctest::Approx(1.0));
}

TEST_CASE("ranged rows and fixed columns") {
  // max x + 2y ; 1 <= x + y <= 2 ; y <= 1.5 ; z fixed at 3 with cost 1
  auto lp = make_lp({{1, 1, 0}}, {1}, {2}, {1, 2, 1}, {0, 0, 3}, {inf, 1.5, 3});
  lp.sense = lp::ObjectiveSense::kMaximize;
  auto s = lp::solve_lp(lp);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(6.5));
  CHECK(s.x[2] == doctest::Approx(3.0));
  // minimising instead drives x + y to its lower range end
  lp.sense = lp::ObjectiveSense::kMinimize;
  auto t = lp::solve_lp(lp);
  REQUIRE(t.status == LpStatus::kOptimal);
  CHECK(t.objective == doctest::Approx(4.0));
}

TEST_CASE("empty problems") {
  lp::LinearProgram empty;
  empty.resize(0, 2);
  empty.c << 1, -1;
  empty.col_upper << 3, 4;
  auto s = lp::solve_lp(empty);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(-4.0));
}

TEST_CASE("random feasible LPs are certified optimal by the KKT check") {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> coef(-5, 5);
  std::uniform_int_distribution<int> kind(0, 5);
  int solved = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int m = 3 + trial % 9, n = 4 + (trial * 7) % 11;
    lp::LinearProgram lp;
    lp.resize(m, n);
    Eigen::VectorXd point(n);
    for (int j = 0; j < n; ++j) {
      point[j] = coef(rng);
      lp.c[j] = coef(rng);
      // boxed, lower only, upper only, free, fixed-ish box
      switch (kind(rng)) {
        case 0:
          lp.col_lower[j] = point[j] - 1;
          lp.col_upper[j] = point[j] + 2;
          break;
        case 1:
          lp.col_lower[j] = point[j] - 3;
          lp.col_upper[j] = inf;
          break;
        case 2:
          lp.col_lower[j] = -inf;
          lp.col_upper[j] = point[j] + 1;
          break;
        case 3:
          lp.col_lower[j] = point[j] - 0.5;
          lp.col_upper[j] = point[j] + 0.5;
          break;
        case 4:
          lp.col_lower[j] = point[j];
          lp.col_upper[j] = point[j];
          break;
        default:
          lp.col_lower[j] = point[j] - 4;
          lp.col_upper[j] = point[j] + 4;
          break;
      }
    }
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = (kind(rng) < 2) ? 0.0 : coef(rng);
    Eigen::VectorXd activity = lp.A * point;
    for (int i = 0; i < m; ++i) {
      switch (kind(rng) % 3) {
        case 0:
          lp.row_lower[i] = activity[i] - 1;
          lp.row_upper[i] = inf;
          break;
        case 1:
          lp.row_lower[i] = -inf;
          lp.row_upper[i] = activity[i] + 1;
          break;
        default:
          lp.row_lower[i] = activity[i] - 0.5;
          lp.row_upper[i] = activity[i] + 0.5;
          break;
      }
    }
    auto s = lp::solve_lp(lp);
    // Feasible by construction: optimal or unbounded, never infeasible.
    REQUIRE((s.status == LpStatus::kOptimal || s.status == LpStatus::kUnbounded));
    if (s.status == LpStatus::kOptimal) {
      ++solved;
      CHECK(lp::max_bound_violation(lp, s.x) <= 1e-7);
      CHECK(lp::max_dual_violation(lp, s.x, s.row_duals, 1e-7) <= 1e-7);
    }
  }
  CHECK(solved >= 20);
}

TEST_CASE("warm start: tightened bound re-solved by the dual simplex matches a cold solve") {
  std::mt19937 rng(777);
  std::uniform_real_distribution<double> coef(0.5, 5);
  for (int trial = 0; trial < 30; ++trial) {
    const int m = 4 + trial % 5, n = 6 + trial % 7;
    // A packing LP: max c x ; A x <= b ; 0 <= x <= 10 (always feasible, bounded)
    lp::LinearProgram lp = test::random_packing(
        m, n, 10.0, [&] { return coef(rng); }, [&](double) { return 10 + coef(rng) * 5; });
    lp::SimplexSolver warm(lp);
    REQUIRE(warm.solve() == LpStatus::kOptimal);
    const long cold_iterations_first = warm.iterations();
    Eigen::VectorXd x = warm.primal_values();
    // Tighten the bound of the largest column below its value.
    int j = 0;
    for (int k = 1; k < n; ++k)
      if (x[k] > x[j]) j = k;
    const double new_upper = std::floor(x[j] * 0.5);
    warm.set_col_bounds(j, 0, new_upper);
    lp.col_upper[j] = new_upper;
    REQUIRE(warm.solve() == LpStatus::kOptimal);
    auto cold = lp::solve_lp(lp);
    REQUIRE(cold.status == LpStatus::kOptimal);
    CHECK(warm.objective() == doctest::Approx(-cold.objective).epsilon(1e-9));
    CHECK(warm.primal_values()[j] <= new_upper + 1e-9);
    CHECK(warm.iterations() - cold_iterations_first <= cold.iterations + 2);
  }
}

TEST_CASE("warm start: a bound change that makes the LP infeasible") {
  // x + y >= 4 ; x, y in [0, 3]: feasible; then y <= 0 leaves x <= 3 < 4.
  auto lp = make_lp({{1, 1}}, {4}, {inf}, {1, 2}, {0, 0}, {3, 3});
  lp::SimplexSolver solver(lp);
  REQUIRE(solver.solve() == LpStatus::kOptimal);
  CHECK(solver.objective() == doctest::Approx(5.0));
  solver.set_col_bounds(1, 0, 0);
  CHECK(solver.solve() == LpStatus::kInfeasible);
  solver.set_col_bounds(1, 0, 3);
  REQUIRE(solver.solve() == LpStatus::kOptimal);
  CHECK(solver.objective() == doctest::Approx(5.0));
}

TEST_CASE("save and restore a basis") {
  auto lp = make_lp({{1, 1, 0}, {1, 0, 1}, {0, -1, 1}}, {-inf, 10, 7}, {5, inf, 7}, {1, 4, 9}, {0, -1, 0}, {4, 1, inf});
  lp::SimplexSolver a(lp);
  REQUIRE(a.solve() == LpStatus::kOptimal);
  lp::SimplexSolver b(lp);
  b.set_basis(a.basis());
  REQUIRE(b.solve() == LpStatus::kOptimal);
  CHECK(b.iterations() == 0);
  CHECK(b.objective() == doctest::Approx(54.0));
}

TEST_CASE("a basis installed again gives the bits of a fresh solver from it") {
  // Strong branching's pattern: one node basis, many children each solved
  // from it. The solver keeps the factor of an installed basis and copies it
  // when the same basis is installed again; every solve must come out as a
  // solver that never saw the others would give it, bit for bit, whether the
  // installed basis is the kept one (the node's) or another (a child's).
  std::mt19937 rng(4242);
  std::uniform_real_distribution<double> coef(0.5, 5);
  const int m = 30, n = 40;
  lp::LinearProgram lp = test::random_packing(
      m, n, 10.0, [&] { return coef(rng); }, [&](double) { return 10 + coef(rng) * 20; });
  lp::SimplexSolver node(lp);
  REQUIRE(node.solve() == LpStatus::kOptimal);
  const lp::Basis basis = node.basis();
  const Eigen::VectorXd x = node.primal_values();
  // Off the node's basis first: installing the live basis keeps its updated
  // factor (other bits than a fresh one), so the first child would differ.
  node.reset_to_slack_basis();
  // Solve `model` from `start` in `node` and in a fresh solver; same bits.
  auto solve_both = [&](const lp::LinearProgram& model, const lp::Basis& start) {
    node.set_basis(start);
    const long before = node.iterations();
    REQUIRE(node.solve() == LpStatus::kOptimal);
    lp::SimplexSolver fresh(model);
    fresh.set_basis(start);
    REQUIRE(fresh.solve() == LpStatus::kOptimal);
    CHECK(node.iterations() - before == fresh.iterations());
    CHECK(node.objective() == fresh.objective());
    CHECK((node.primal_values().array() == fresh.primal_values().array()).all());
    CHECK((node.reduced_costs().array() == fresh.reduced_costs().array()).all());
    return fresh.basis();
  };
  int children = 0, pivoting = 0;
  std::optional<lp::Basis> last_child;
  for (int j = 0; j < n; ++j) {
    if (x[j] < 0.5) continue;
    const double upper = std::floor(x[j] * 0.5);
    lp::LinearProgram child = lp;
    child.col_upper[j] = upper;
    node.set_col_bounds(j, 0, upper);
    node.reset_to_slack_basis();
    const lp::Basis child_basis = solve_both(child, basis);
    node.reset_to_slack_basis();
    solve_both(child, basis);  // the same basis twice in a row
    node.set_col_bounds(j, 0, 10.0);
    // Another basis between the node's: the previous child's optimum, on the
    // node's bounds.
    if (last_child) solve_both(lp, *last_child);
    last_child = child_basis;
    ++children;
    if (child_basis.cols != basis.cols || child_basis.rows != basis.rows) ++pivoting;
  }
  CHECK(children >= 5);
  CHECK(pivoting >= 3);
}

TEST_CASE("objective cutoff stops the dual simplex") {
  auto lp = make_lp({{1, 1}}, {4}, {inf}, {1, 2}, {0, 0}, {3, 3});
  lp::SimplexSolver solver(lp);
  REQUIRE(solver.solve() == LpStatus::kOptimal);  // x = 3, y = 1: 5
  solver.set_col_bounds(0, 0, 1);                 // now x = 1, y = 3: 7
  solver.set_objective_cutoff(6.0);
  CHECK(solver.solve() == LpStatus::kCutoff);
}

TEST_CASE("a violation hidden by scaling is caught and the LP re-solved unscaled") {
  // One byte over on a row of 1e9-byte terms: the slack basis looks feasible
  // after scaling but is not in the user's units.
  auto lp = make_lp({{1000000423, 1000004316, -2000004738}}, {-inf}, {0}, {3.138, 18.094, 0}, {0, 0, 1}, {1, 1, 1});
  lp.sense = lp::ObjectiveSense::kMaximize;
  auto s = lp::solve_lp(lp);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(lp::max_bound_violation(lp, s.x) <= 1e-6);
  CHECK(s.objective == doctest::Approx(3.138 + 18.094 * (2000004738.0 - 1000000423.0) / 1000004316.0));
}
