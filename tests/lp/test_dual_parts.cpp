// Component tests of the dual simplex's parts: the bound-flipping/Harris ratio
// test, the dual step, and the dual steepest-edge weight update.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "lp/basis_factor.h"
#include "lp/dual_edge_weights.h"
#include "lp/dual_ratio_choice.h"
#include "lp/simplex_solver.h"
#include "lp_builders.h"

using namespace milpsac::lp;

TEST_CASE("dual ratio test: smallest ratio enters when nothing can be flipped") {
  std::vector<DualCandidate> c = {{4, 2.0, 1.0, INFINITY}, {7, 0.5, 1.0, INFINITY}, {9, 1.0, 1.0, INFINITY}};
  const DualRatioChoice choice = choose_dual_ratio(c, 1.0, 1e-9, 1e-9, false);
  CHECK_FALSE(choice.infeasible);
  CHECK(choice.entering == 7);
  CHECK(choice.flips.empty());
}

TEST_CASE("dual ratio test: boxed breakpoints are flipped while the row stays short") {
  // Violation 10: flipping var 1 (|alpha| 1, range 3) leaves 7, var 2 (range 4) leaves 3;
  // var 3 (range 5) would overshoot, so it enters.
  std::vector<DualCandidate> c = {{3, 0.3, 1.0, 5.0}, {1, 0.1, 1.0, 3.0}, {2, 0.2, 1.0, 4.0}};
  const DualRatioChoice choice = choose_dual_ratio(c, 10.0, 1e-9, 1e-9, false);
  CHECK_FALSE(choice.infeasible);
  CHECK(choice.entering == 3);
  CHECK(choice.flips == std::vector<int>{1, 2});
}

TEST_CASE("dual ratio test: every candidate flips and the row is still short -> infeasible") {
  std::vector<DualCandidate> c = {{1, 0.1, 1.0, 1.0}, {2, 0.2, 1.0, 1.0}};
  const DualRatioChoice choice = choose_dual_ratio(c, 10.0, 1e-9, 1e-9, false);
  CHECK(choice.infeasible);
  CHECK(choice.entering == -1);
}

TEST_CASE("dual ratio test: Harris prefers the larger pivot within the relaxed ratio") {
  std::vector<DualCandidate> c = {{5, 1.0, 0.01, INFINITY}, {6, 1.0 + 1e-9, 2.0, INFINITY}};
  const DualRatioChoice choice = choose_dual_ratio(c, 1.0, 1e-9, 1e-7, false);
  CHECK(choice.entering == 6);
}

TEST_CASE("dual ratio test: Bland takes no flips and the lowest index among ties") {
  std::vector<DualCandidate> c = {{8, 0.5, 3.0, 1.0}, {2, 0.5, 1.0, 1.0}, {1, 0.9, 1.0, 1.0}};
  const DualRatioChoice choice = choose_dual_ratio(c, 10.0, 1e-9, 1e-9, true);
  CHECK(choice.flips.empty());
  CHECK(choice.entering == 2);
}

TEST_CASE("dual step: the usual step keeps its size and sign") {
  // Leaving to its upper bound needs theta >= 0; to its lower, theta <= 0.
  CHECK(dual_step(0.5, 2.0, false) == doctest::Approx(0.25));
  CHECK(dual_step(0.5, -2.0, true) == doctest::Approx(-0.25));
  CHECK(dual_step(-3.0, 1.5, true) == doctest::Approx(-2.0));
}

TEST_CASE("dual step: a reduced cost on the wrong side within the tolerance gives no step") {
  // d_q = -1e-8 (wrong side by less than a dual tolerance of 1e-7) over a
  // pivot of 1e-6 would be a step of -0.01 the wrong way: the leaving
  // variable's reduced cost would be 0.01 on the infeasible side.
  CHECK(dual_step(-1e-8, 1e-6, false) == 0.0);
  CHECK(dual_step(1e-8, 1e-6, true) == 0.0);
  CHECK(dual_step(0.0, 1e-6, false) == 0.0);
}

TEST_CASE("dual edge weights: the update matches the exact row norms of the new inverse") {
  // B = I (2x2); enter column a = (2, 1) in position 0. New B = [[2,0],[1,1]],
  // B^-1 = [[0.5,0],[-0.5,1]]: row norms 0.25 and 1.25.
  Eigen::VectorXd weights = Eigen::VectorXd::Ones(2);
  const Eigen::VectorXd alpha = (Eigen::VectorXd(2) << 2.0, 1.0).finished();  // B^-1 a
  const Eigen::VectorXd rho = (Eigen::VectorXd(2) << 1.0, 0.0).finished();    // B^-T e_0
  const Eigen::VectorXd tau = rho;                                            // B^-1 rho
  update_dual_edge_weights(weights, 0, alpha, rho, tau);
  CHECK(weights[0] == doctest::Approx(0.25));
  CHECK(weights[1] == doctest::Approx(1.25));
}

TEST_CASE("dual edge weights: the update over the pivot column's support equals the pass over every position") {
  // m = 6, alpha nonzero in positions 1, 3 and 4 (listed out of order, as an
  // FTRAN lists them, with one listed entry that cancelled to zero).
  const Eigen::VectorXd alpha = (Eigen::VectorXd(6) << 0.0, 0.5, 0.0, -2.0, 3.0, 0.0).finished();
  const Eigen::VectorXd rho = (Eigen::VectorXd(6) << 0.0, 1.0, 0.0, -0.5, 0.0, 0.25).finished();
  const Eigen::VectorXd tau = (Eigen::VectorXd(6) << 0.1, 0.7, -0.3, 0.2, 0.9, 0.0).finished();
  const Eigen::VectorXd start = (Eigen::VectorXd(6) << 1.0, 2.0, 1.5, 3.0, 1.0, 4.0).finished();
  Eigen::VectorXd all = start, listed = start;
  const std::vector<int> support = {4, 1, 3, 5};
  update_dual_edge_weights(all, 3, alpha, rho, tau);
  update_dual_edge_weights(listed, 3, alpha, rho, tau, &support);
  for (int i = 0; i < 6; ++i) CHECK(listed[i] == all[i]);
  CHECK(all[0] == start[0]);  // a zero of alpha leaves its weight
  CHECK(all[1] != start[1]);
}

TEST_CASE("dual edge weights: the pivot row's weight over rho's nonzeros equals the scan over every entry") {
  // rho with entries of very different size, so that a sum in another order
  // (or a vectorised norm) could round differently from the scan.
  const int m = 40;
  Eigen::VectorXd rho = Eigen::VectorXd::Zero(m), alpha = Eigen::VectorXd::Zero(m), tau = Eigen::VectorXd::Zero(m);
  std::vector<int> rho_support;
  for (int i = 0; i < m; i += 3) {
    rho[i] = (i % 2 ? 1e8 : 1e-3) * (1.0 + 0.1 * i);
    rho_support.push_back(i);
  }
  alpha[7] = 2.0;
  alpha[9] = -1.5;
  tau[9] = 0.4;
  const std::vector<int> alpha_support = {9, 7};
  Eigen::VectorXd scanned = Eigen::VectorXd::Ones(m), listed = Eigen::VectorXd::Ones(m);
  update_dual_edge_weights(scanned, 7, alpha, rho, tau);
  update_dual_edge_weights(listed, 7, alpha, rho, tau, &alpha_support, &rho_support);
  for (int i = 0; i < m; ++i) CHECK(listed[i] == scanned[i]);
  // The pivot row's weight is ||rho||^2 / pivot^2.
  CHECK(listed[7] == doctest::Approx(rho.squaredNorm() / 4.0));
}

TEST_CASE("exact dual edge weights are the squared row norms of B^-1") {
  Eigen::MatrixXd B(3, 3);
  B << 2, 0, 1, 1, 3, 0, 0, -1, 4;
  BasisFactor factor;
  REQUIRE(factor.factor(B.sparseView(), nullptr).empty());
  Eigen::VectorXd weights(3);
  CHECK(exact_dual_edge_weights(factor, weights, nullptr));
  const Eigen::MatrixXd inverse = B.inverse();
  for (int i = 0; i < 3; ++i) CHECK(weights[i] == doctest::Approx(inverse.row(i).squaredNorm()));
  // A deadline already past: unit weights, and false.
  const milpsac::Deadline past(0.0);
  CHECK_FALSE(exact_dual_edge_weights(factor, weights, &past));
  CHECK(weights == Eigen::VectorXd::Ones(3));
}

TEST_CASE("a basis installed with exact start weights prices with them; unit weights otherwise") {
  // Rows 2x0 + x1 + x2 <= 4 and x0 + 3x1 <= 6; basic x0 and x1 (positions 0
  // and 1): B = [2 1; 1 3], B^-1 = [3 -1; -1 2] / 5, squared row norms 0.4 and 0.2.
  const double inf = kInfinity;
  const LinearProgram lp =
      milpsac::test::make_lp({{2, 1, 1}, {1, 3, 0}}, {-inf, -inf}, {4, 6}, {-1, -1, -1}, {0, 0, 0}, {inf, inf, inf});
  Basis basis;
  basis.cols = {VarStatus::kBasic, VarStatus::kBasic, VarStatus::kAtLower};
  basis.rows = {VarStatus::kAtUpper, VarStatus::kAtUpper};
  Basis slack;
  slack.cols = {VarStatus::kAtLower, VarStatus::kAtLower, VarStatus::kAtLower};
  slack.rows = {VarStatus::kBasic, VarStatus::kBasic};
  for (const bool exact : {false, true}) {
    CAPTURE(exact);
    SimplexSolver solver(lp, /*scale=*/false);
    solver.set_exact_weights_on_install(exact);
    solver.set_iteration_limit(0);  // the solve factors the basis, then stops
    REQUIRE(solver.set_basis(basis));
    solver.solve();
    const Eigen::VectorXd& w = solver.dual_edge_weights();
    REQUIRE(w.size() == 2);
    CHECK(w[0] == doctest::Approx(exact ? 0.4 : 1.0));
    CHECK(w[1] == doctest::Approx(exact ? 0.2 : 1.0));
    // Installed again (its kept factor): the same weights, not unit ones.
    REQUIRE(solver.set_basis(slack));
    REQUIRE(solver.set_basis(basis));
    solver.solve();
    CHECK(solver.dual_edge_weights()[0] == doctest::Approx(exact ? 0.4 : 1.0));
    CHECK(solver.dual_edge_weights()[1] == doctest::Approx(exact ? 0.2 : 1.0));
  }
}
