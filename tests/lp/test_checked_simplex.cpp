// The checked LP engine (lp/checked_simplex.h) that solve_lp, the search's
// LpRelaxation and the feasibility pump share: its one check of an optimum
// (check_optimum, both row measures), a refused warm basis, the clock between
// rungs, and the report it hands solve_lp.
#include <doctest/doctest.h>

#include <atomic>
#include <string>

#include "common/deadline.h"
#include "lp/checked_simplex.h"
#include "lp/simplex.h"
#include "lp/solution_check.h"
#include "lp_builders.h"

using namespace milpsac;
using lp::kInfinity;
using lp::LpStatus;
using test::make_lp;

namespace {
constexpr double inf = kInfinity;

// min -x0 - 2 x1 s.t. x0 + x1 <= 4, x1 <= 3: optimum (1, 3), objective -7.
lp::LinearProgram small_lp() { return make_lp({{1, 1}}, {-inf}, {4}, {-1, -2}, {0, 0}, {inf, 3}); }
}  // namespace

TEST_CASE("check_optimum: the term measure forgives what the bound measure reports") {
  // One row 1000 x0 - 1000 x1 <= 0 with x = (1 + 1e-8, 1): activity 1e-5 over
  // a bound of 0. Against 1 + |bound| that is 1e-5; against the row's terms
  // (about 2000) it is 5e-9.
  const auto model = make_lp({{1000, -1000}}, {-inf}, {0}, {0, 0}, {0, 0}, {10, 10});
  Eigen::VectorXd x(2);
  x << 1.0 + 1e-8, 1.0;
  const Eigen::VectorXd y = Eigen::VectorXd::Zero(1);
  const lp::Tolerances tolerances;
  const auto by_bound = lp::check_optimum(model, x, y, tolerances, lp::RowMeasure::kBound);
  const auto by_terms = lp::check_optimum(model, x, y, tolerances, lp::RowMeasure::kTerms);
  CHECK(by_bound.primal_residual == doctest::Approx(1e-5).epsilon(1e-3));
  CHECK(by_terms.primal_residual == doctest::Approx(1e-5 / 2001.0).epsilon(1e-3));
  CHECK_FALSE(by_bound.passed);
  CHECK(by_terms.passed);
  CHECK(by_bound.dual_residual == 0.0);
  // A column bound is measured the same way by both.
  x << 10.5, 1.0;
  CHECK_FALSE(lp::check_optimum(model, x, y, tolerances, lp::RowMeasure::kTerms).passed);
}

TEST_CASE("a warm basis that does not fit leaves the slack basis, says why, and the solve goes on") {
  lp::CheckedSimplex engine(small_lp(), nullptr);
  REQUIRE(engine.solve(1000) == LpStatus::kOptimal);
  lp::Basis wrong = engine.active().basis();
  for (auto& status : wrong.cols) status = lp::VarStatus::kBasic;  // two basics for one row
  CHECK(engine.last_fallback_reason().empty());
  CHECK_FALSE(engine.set_basis(wrong));
  CHECK(engine.rejected_bases() == 1);
  CHECK_FALSE(engine.last_fallback_reason().empty());
  // The slack basis: every row's logical basic.
  for (auto status : engine.active().basis().rows) CHECK(status == lp::VarStatus::kBasic);
  REQUIRE(engine.solve(1000) == LpStatus::kOptimal);
  CHECK(engine.active().objective() == doctest::Approx(-7.0));
  CHECK(engine.fallbacks() == 0);  // a refused basis is not a failed answer
  // A basis that fits (rows it lacks would be padded basic) is taken.
  CHECK(engine.set_basis(engine.active().basis()));
  CHECK(engine.rejected_bases() == 1);
}

TEST_CASE("the report use gives solve_lp's answer, residuals included") {
  const auto model = small_lp();
  lp::LpOptions options;
  options.presolve = false;
  const lp::LpSolution reference = lp::solve_lp(model, options);
  REQUIRE(reference.status == LpStatus::kOptimal);
  lp::CheckedSimplex engine(model, nullptr, {lp::CheckedUse::kReport, true, lp::Tolerances{}});
  REQUIRE(engine.solve(1000) == LpStatus::kOptimal);
  const lp::LpSolution& answer = engine.answer();
  CHECK(answer.status == LpStatus::kOptimal);
  CHECK(answer.objective == doctest::Approx(reference.objective));
  CHECK(answer.primal_residual <= lp::tol::kPrimalCheck);
  CHECK(answer.dual_residual <= lp::tol::kDualCheck);
  CHECK(answer.iterations == engine.iterations());
  CHECK(answer.basis.cols.size() == 2);
  // The search use checks the same optimum without keeping a report.
  lp::CheckedSimplex search(model, nullptr);
  REQUIRE(search.solve(1000) == LpStatus::kOptimal);
  CHECK(search.answer().status == LpStatus::kNumericalError);  // nothing reported
  CHECK(search.active().objective() == doctest::Approx(answer.objective));
}

TEST_CASE("an expired clock stops the engine before any rung") {
  std::atomic<bool> interrupt{true};
  const Deadline deadline(inf, &interrupt);
  lp::CheckedSimplex engine(small_lp(), &deadline, {lp::CheckedUse::kReport, true, lp::Tolerances{}});
  CHECK(engine.solve(1000) == LpStatus::kTimeLimit);
  CHECK(engine.answer().status == LpStatus::kTimeLimit);
  CHECK(engine.iterations() == 0);
  interrupt = false;
  CHECK(engine.solve(1000) == LpStatus::kOptimal);
}

TEST_CASE("an infeasible LP is reported with its checked Farkas ray") {
  // x0 + x1 >= 3 with both columns in [0, 1].
  const auto model = make_lp({{1, 1}}, {3}, {inf}, {1, 1}, {0, 0}, {1, 1});
  lp::CheckedSimplex engine(model, nullptr, {lp::CheckedUse::kReport, true, lp::Tolerances{}});
  REQUIRE(engine.solve(1000) == LpStatus::kInfeasible);
  CHECK(engine.answer().ray.size() == 1);
  CHECK(engine.answer().ray_margin > 0.0);
}
