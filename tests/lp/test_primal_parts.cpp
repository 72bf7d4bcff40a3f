// Component tests of the primal simplex's parts: pricing (Dantzig, Devex,
// Bland), the Devex and reduced-cost update after a pivot, and the Harris
// two-pass ratio test.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "lp/primal_pricing.h"
#include "lp/primal_ratio_choice.h"

using namespace milpsac::lp;

namespace {
constexpr double kTol = 1e-7;

// Five variables: at lower, at upper, free at zero, basic, fixed.
struct PricingCase {
  std::vector<VarStatus> status = {VarStatus::kAtLower, VarStatus::kAtUpper, VarStatus::kAtZero, VarStatus::kBasic,
                                   VarStatus::kAtLower};
  Eigen::VectorXd lower{{0.0, 0.0, -INFINITY, 0.0, 1.0}};
  Eigen::VectorXd upper{{10.0, 10.0, INFINITY, 10.0, 1.0}};
  Eigen::VectorXd d{{-1.0, 3.0, -2.0, -100.0, -50.0}};
};
}  // namespace

TEST_CASE("primal pricing: Dantzig takes the largest |d| among the right signs; basic and fixed never enter") {
  const PricingCase c;
  CHECK(primal_entering(c.status, c.lower, c.upper, c.d, nullptr, kTol, false) == 1);
}

TEST_CASE("primal pricing: Devex divides d^2 by the reference weight") {
  const PricingCase c;
  const Eigen::VectorXd devex{{1.0, 9.0, 1.0, 1.0, 1.0}};  // scores 1, 1, 4
  CHECK(primal_entering(c.status, c.lower, c.upper, c.d, &devex, kTol, false) == 2);
}

TEST_CASE("primal pricing: Bland takes the first candidate by index") {
  const PricingCase c;
  CHECK(primal_entering(c.status, c.lower, c.upper, c.d, nullptr, kTol, true) == 0);
}

TEST_CASE("primal pricing: no candidate when every reduced cost has the optimal sign") {
  PricingCase c;
  c.d = Eigen::VectorXd{{1.0, -3.0, 0.5 * kTol, -100.0, -50.0}};
  CHECK(primal_entering(c.status, c.lower, c.upper, c.d, nullptr, kTol, false) == -1);
}

TEST_CASE("primal Devex update: reduced costs follow the pivot row, weights grow, the leaving one is reset") {
  const std::vector<VarStatus> status = {VarStatus::kAtLower, VarStatus::kBasic, VarStatus::kAtLower};
  const Eigen::VectorXd alpha_row{{2.0, 1.0, 4.0}};
  Eigen::VectorXd d{{-4.0, 0.0, 3.0}};
  Eigen::VectorXd devex = Eigen::VectorXd::Ones(3);
  update_primal_devex(status, alpha_row, 2.0, 0, 1, d, devex);  // theta_d = -2
  CHECK(d[0] == 0.0);
  CHECK(d[1] == doctest::Approx(2.0));
  CHECK(d[2] == doctest::Approx(11.0));
  CHECK(devex[0] == doctest::Approx(1.0));
  CHECK(devex[1] == doctest::Approx(1.0));  // max(1 / pivot^2, 1)
  CHECK(devex[2] == doctest::Approx(4.0));  // (alpha / pivot)^2 * weight of q
  // A weight past the reset threshold starts a new reference framework.
  Eigen::VectorXd big{{1e6, 1.0, 1.0}};
  Eigen::VectorXd d2{{-4.0, 0.0, 3.0}};
  update_primal_devex(status, alpha_row, 2.0, 0, 1, d2, big);
  CHECK(big == Eigen::VectorXd::Ones(3));
}

TEST_CASE("primal ratio test: Harris takes the largest |alpha| among rows blocking within the relaxed step") {
  // The entering variable increases; both basics decrease towards 0. Row 0
  // blocks first exactly (step 1), row 1 at 1.0005 but within theta_max.
  const double tol = 1e-3;
  const Eigen::VectorXd alpha{{0.5, 2.0}};
  const std::vector<int> head = {0, 1};
  const Eigen::VectorXd x{{0.5, 2.001}};
  const Eigen::VectorXd lower = Eigen::VectorXd::Zero(2);
  const Eigen::VectorXd upper = Eigen::VectorXd::Constant(2, INFINITY);
  PrimalRatioWork work;
  const PrimalRatioChoice harris =
      choose_primal_ratio(alpha, 1.0, head, x, lower, upper, 1e-9, tol, false, false, work);
  CHECK(harris.theta_max == doctest::Approx(1.001));
  CHECK(harris.row == 1);
  CHECK(harris.exact_step == doctest::Approx(1.0005));
  CHECK_FALSE(harris.to_upper);
  // Bland: exact steps, so only row 0 blocks.
  const PrimalRatioChoice bland = choose_primal_ratio(alpha, 1.0, head, x, lower, upper, 1e-9, tol, false, true, work);
  CHECK(bland.theta_max == doctest::Approx(1.0));
  CHECK(bland.row == 0);
  CHECK(bland.exact_step == doctest::Approx(1.0));
}

TEST_CASE("primal ratio test: in phase 1 a basic below its bound leaves at the bound it reaches first") {
  const Eigen::VectorXd alpha = Eigen::VectorXd::Constant(1, -1.0);  // increases with the entering variable
  const std::vector<int> head = {0};
  const Eigen::VectorXd x = Eigen::VectorXd::Constant(1, -1.0);
  const Eigen::VectorXd lower = Eigen::VectorXd::Zero(1);
  const Eigen::VectorXd upper = Eigen::VectorXd::Constant(1, 5.0);
  PrimalRatioWork work;
  const PrimalRatioChoice choice =
      choose_primal_ratio(alpha, 1.0, head, x, lower, upper, 1e-9, kTol, true, false, work);
  CHECK(choice.row == 0);
  CHECK(choice.exact_step == doctest::Approx(1.0));
  CHECK_FALSE(choice.to_upper);
  // In phase 2 the same basic would run to its upper bound.
  const PrimalRatioChoice two = choose_primal_ratio(alpha, 1.0, head, x, lower, upper, 1e-9, kTol, false, false, work);
  CHECK(two.to_upper);
  CHECK(two.exact_step == doctest::Approx(6.0));
}

TEST_CASE("primal ratio test: entries within the pivot tolerance or towards an infinite bound do not block") {
  const Eigen::VectorXd alpha{{1e-12, -1.0}};
  const std::vector<int> head = {0, 1};
  const Eigen::VectorXd x{{1.0, 1.0}}, lower{{0.0, 0.0}};
  const Eigen::VectorXd upper = Eigen::VectorXd::Constant(2, INFINITY);
  PrimalRatioWork work;
  const PrimalRatioChoice choice =
      choose_primal_ratio(alpha, 1.0, head, x, lower, upper, 1e-9, kTol, false, false, work);
  CHECK(choice.row == -1);
  CHECK(std::isinf(choice.theta_max));
}
