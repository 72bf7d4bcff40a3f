// Every verdict carries a certificate checked on the original data:
// Farkas rays for infeasible LPs, primal rays plus a feasible point for
// unbounded ones, residuals for optimal ones; a claim whose check fails
// becomes numerical_error, never a verdict.
#include <doctest/doctest.h>

#include "lp/certificate.h"
#include "lp/simplex.h"
#include "lp/simplex_solver.h"
#include "lp/solution_check.h"
#include "lp_builders.h"
#include "lp_transform.h"

using namespace milpsac;
using lp::kInfinity;
using lp::LpStatus;
using test::make_lp;

namespace {
constexpr double inf = kInfinity;

// The Farkas check of solve_lp's own ray, redone here on the LP's data.
lp::CertificateCheck farkas(const lp::LinearProgram& model, const Eigen::VectorXd& y) {
  const Eigen::SparseMatrix<double> A = model.A.pruned(1.0, 0.0);
  const Eigen::VectorXd cost = model.sense == lp::ObjectiveSense::kMaximize ? Eigen::VectorXd(-model.c) : model.c;
  return lp::check_farkas_ray({A, cost, model.col_lower, model.col_upper, model.row_lower, model.row_upper}, y);
}

lp::CertificateCheck primal_ray(const lp::LinearProgram& model, const Eigen::VectorXd& d) {
  const Eigen::SparseMatrix<double> A = model.A.pruned(1.0, 0.0);
  const Eigen::VectorXd cost = model.sense == lp::ObjectiveSense::kMaximize ? Eigen::VectorXd(-model.c) : model.c;
  return lp::check_primal_ray({A, cost, model.col_lower, model.col_upper, model.row_lower, model.row_upper}, d);
}

}  // namespace

TEST_CASE("infeasible: the Farkas ray is returned and holds on the original rows") {
  // x + y >= 3 ; x - y >= 2 ; 2x <= 4.5 ; 0 <= x, y <= 1
  auto model = make_lp({{1, 1}, {1, -1}, {2, 0}}, {3, 2, -inf}, {inf, inf, 4.5}, {1, 1}, {0, 0}, {1, 1});
  auto s = lp::solve_lp(model);
  REQUIRE(s.status == LpStatus::kInfeasible);
  REQUIRE(s.ray.size() == model.num_rows());
  const auto check = farkas(model, s.ray);
  CHECK(check.valid);
  CHECK(check.margin > 0);
  CHECK(s.ray_residual <= 1e-9);
  CHECK(s.ray_margin > 0);
}

TEST_CASE("infeasible only after scaling: rows of very different units") {
  // 1e6 x + 1e6 y >= 2.5e6 (x + y >= 2.5) and 1e-4 x + 1e-4 y <= 2e-4
  // (x + y <= 2): infeasible by a margin that scaling must not hide.
  auto model = make_lp({{1e6, 1e6}, {1e-4, 1e-4}}, {2.5e6, -inf}, {inf, 2e-4}, {1, 2}, {0, 0}, {inf, inf});
  for (const bool scale : {true, false}) {
    lp::LpOptions options;
    options.scale = scale;
    auto s = lp::solve_lp(model, options);
    REQUIRE(s.status == LpStatus::kInfeasible);
    CHECK(farkas(model, s.ray).valid);
  }
}

TEST_CASE("unbounded with free columns: a primal ray from a feasible point") {
  // min x - 2y ; x - y = 1 ; x, y free: along (1, 1) the cost falls by 1 per unit.
  auto model = make_lp({{1, -1}}, {1}, {1}, {1, -2}, {-inf, -inf}, {inf, inf});
  auto s = lp::solve_lp(model);
  REQUIRE(s.status == LpStatus::kUnbounded);
  REQUIRE(s.ray.size() == model.num_cols());
  const auto check = primal_ray(model, s.ray);
  CHECK(check.valid);
  CHECK(model.c.dot(s.ray) < 0);
  CHECK((model.A * s.ray).cwiseAbs().maxCoeff() <= 1e-9);
  REQUIRE(s.x.size() == model.num_cols());
  CHECK(lp::max_bound_violation(model, s.x) <= 1e-9);
  CHECK(s.primal_residual <= 1e-9);
}

TEST_CASE("degenerate LP: optimal with its residuals reported") {
  // Many tight rows at the optimum x = y = 1.
  auto model = make_lp({{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 1}, {2, 1}, {1, 2}},
                       {-inf, -inf, -inf, -inf, -inf, -inf, -inf}, {1, 1, 2, 0, 0, 3, 3}, {-1, -1}, {0, 0}, {inf, inf});
  auto s = lp::solve_lp(model);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(-2.0));
  CHECK(s.primal_residual <= 1e-9);
  CHECK(s.dual_residual <= 1e-9);
}

TEST_CASE("the certificate checks refuse wrong rays") {
  // x + y >= 1.5 and x - y >= 0.8 with x, y in [0, 1]: each row alone is
  // satisfiable, their sum (2x >= 2.3) is not. The check is symmetric in the
  // sign of y (it tries both separations), so -y certifies too.
  auto infeasible = make_lp({{1, 1}, {1, -1}}, {1.5, 0.8}, {inf, inf}, {1, 1}, {0, 0}, {1, 1});
  CHECK(farkas(infeasible, Eigen::Vector2d(1, 1)).valid);
  CHECK(farkas(infeasible, Eigen::Vector2d(-2, -2)).valid);
  CHECK_FALSE(farkas(infeasible, Eigen::Vector2d(1, 0)).valid);
  CHECK_FALSE(farkas(infeasible, Eigen::Vector2d(1, -1)).valid);
  CHECK_FALSE(farkas(infeasible, Eigen::Vector2d::Zero()).valid);
  // A feasible LP has no Farkas ray at all.
  auto feasible = make_lp({{1, 1}}, {1}, {inf}, {1, 1}, {0, 0}, {1, 1});
  CHECK_FALSE(farkas(feasible, Eigen::VectorXd::Constant(1, 1.0)).valid);
  // min -x ; x - y <= 1 ; x, y >= 0: (1, 1) is a ray, (1, 0) hits the row.
  auto unbounded = make_lp({{1, -1}}, {-inf}, {1}, {-1, 0}, {0, 0}, {inf, inf});
  CHECK(primal_ray(unbounded, Eigen::Vector2d(1, 1)).valid);
  CHECK_FALSE(primal_ray(unbounded, Eigen::Vector2d(1, 0)).valid);
  CHECK_FALSE(primal_ray(unbounded, Eigen::Vector2d(-1, -1)).valid);  // leaves the bounds
  CHECK_FALSE(primal_ray(unbounded, Eigen::Vector2d(0, 1)).valid);    // cost does not fall
}

TEST_CASE("a corrupted check turns into numerical_error, not a verdict") {
  auto infeasible = make_lp({{1, 1}, {1, -1}}, {1.5, 0.8}, {inf, inf}, {1, 1}, {0, 0}, {1, 1});
  auto s = lp::solve_lp(infeasible);
  REQUIRE(s.status == LpStatus::kInfeasible);
  CHECK(lp::verify_solution(infeasible, s).status == LpStatus::kInfeasible);
  auto corrupted = s;
  corrupted.ray[1] = -corrupted.ray[1];  // no longer the combination that separates
  CHECK(lp::verify_solution(infeasible, corrupted).status == LpStatus::kNumericalError);
  corrupted.ray.resize(0);
  CHECK(lp::verify_solution(infeasible, corrupted).status == LpStatus::kNumericalError);

  auto unbounded = make_lp({{1, -1}}, {-inf}, {1}, {-1, 0}, {0, 0}, {inf, inf});
  auto u = lp::solve_lp(unbounded);
  REQUIRE(u.status == LpStatus::kUnbounded);
  auto bad_ray = u;
  bad_ray.ray = Eigen::Vector2d(1, 0);
  CHECK(lp::verify_solution(unbounded, bad_ray).status == LpStatus::kNumericalError);
  auto bad_point = u;
  bad_point.x = Eigen::Vector2d(5, 0);  // violates x - y <= 1
  CHECK(lp::verify_solution(unbounded, bad_point).status == LpStatus::kNumericalError);

  auto model = make_lp({{1, 1}}, {-inf}, {4}, {-1, -2}, {0, 0}, {inf, 3});
  auto o = lp::solve_lp(model);
  REQUIRE(o.status == LpStatus::kOptimal);
  CHECK(lp::verify_solution(model, o).status == LpStatus::kOptimal);
  auto bad_x = o;
  bad_x.x[0] += 1.0;  // row violated
  const auto refused = lp::verify_solution(model, bad_x);
  CHECK(refused.status == LpStatus::kNumericalError);
  CHECK(refused.primal_residual > 1e-6);
  auto bad_duals = o;
  bad_duals.row_duals[0] = -bad_duals.row_duals[0];  // wrong sign on a <= row
  const auto refused_dual = lp::verify_solution(model, bad_duals);
  CHECK(refused_dual.status == LpStatus::kNumericalError);
  CHECK(refused_dual.dual_residual > 1e-6);
}

TEST_CASE("set_basis reports a size or count mismatch") {
  auto model = make_lp({{1, 1}}, {-inf}, {4}, {-1, -2}, {0, 0}, {inf, 3});
  lp::SimplexSolver solver(model);
  REQUIRE(solver.solve() == LpStatus::kOptimal);
  const lp::Basis good = solver.basis();
  lp::Basis wrong_size = good;
  wrong_size.cols.pop_back();
  CHECK_FALSE(solver.set_basis(wrong_size));
  lp::Basis two_basic = good;
  for (auto& status : two_basic.cols) status = lp::VarStatus::kBasic;
  CHECK_FALSE(solver.set_basis(two_basic));
  CHECK(solver.set_basis(good));
  REQUIRE(solver.solve() == LpStatus::kOptimal);
  CHECK(solver.objective() == doctest::Approx(-7.0));
}

TEST_CASE("transformed copies keep the verdict and the optimum") {
  // A small LP with every kind of row and column; its copies are rescaled by
  // non-powers of two (some negative), permuted and renamed.
  auto model = make_lp({{1, 1, 0, 2}, {1, 0, 1, -1}, {0, -1, 1, 3}, {2, 1, 1, 1}}, {-inf, 10, 7, 1}, {5, inf, 7, 30},
                       {1, 4, 9, -1}, {0, -1, 0, -inf}, {4, 1, inf, 5});
  auto reference = lp::solve_lp(model);
  REQUIRE(reference.status == LpStatus::kOptimal);
  auto infeasible = make_lp({{1, 1}, {1, -1}}, {3, 2}, {inf, inf}, {1, 1}, {0, 0}, {1, 1});
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto copy = test::transformed_copy(model, seed);
    auto s = lp::solve_lp(copy);
    REQUIRE(s.status == LpStatus::kOptimal);
    CHECK(s.objective == doctest::Approx(reference.objective).epsilon(1e-9));
    auto infeasible_copy = test::transformed_copy(infeasible, seed);
    auto t = lp::solve_lp(infeasible_copy);
    REQUIRE(t.status == LpStatus::kInfeasible);
    CHECK(farkas(infeasible_copy, t.ray).valid);
  }
}

TEST_CASE("runtime tolerances: validated once, tightened for the last retry") {
  lp::Tolerances defaults;
  CHECK(defaults.validate().empty());
  lp::Tolerances bad = defaults;
  bad.dual_feasibility = -1;
  CHECK(bad.validate().find("dual_feasibility") != std::string::npos);
  bad = defaults;
  bad.primal_check = NAN;
  CHECK(bad.validate().find("primal_check") != std::string::npos);
  CHECK(defaults.tightened(0.01).primal_feasibility == doctest::Approx(defaults.primal_feasibility * 0.01));
  // solve_lp refuses invalid tolerances instead of solving with them.
  auto model = make_lp({{1, 1}}, {-inf}, {4}, {-1, -2}, {0, 0}, {inf, 3});
  lp::LpOptions options;
  options.tolerances.primal_feasibility = 0;
  CHECK(lp::solve_lp(model, options).status == LpStatus::kNumericalError);
  options.tolerances = lp::Tolerances{};
  options.tolerances.primal_feasibility = 1e-9;  // tighter than the default still solves
  const auto s = lp::solve_lp(model, options);
  REQUIRE(s.status == LpStatus::kOptimal);
  CHECK(s.objective == doctest::Approx(-7.0));
}
