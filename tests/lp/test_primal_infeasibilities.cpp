// Component tests of the dual simplex's leaving-row choice
// (lp/primal_infeasibilities.h): the list and the scan agree, ties go to the
// lowest position, and positions leave the list when they become feasible.
#include <doctest/doctest.h>

#include <random>

#include "lp/primal_infeasibilities.h"

using namespace milpsac;

namespace {

// The reference: divide on every row, keep the first of the largest.
int choose_by_division(const std::vector<double>& violation, const Eigen::VectorXd& weights, double tol) {
  int r = -1;
  double best = 0.0;
  for (int i = 0; i < static_cast<int>(violation.size()); ++i) {
    const double v = violation[static_cast<size_t>(i)];
    if (!(v > tol)) continue;
    const double score = v * v / weights[i];
    if (score > best) {
      best = score;
      r = i;
    }
  }
  return r;
}

}  // namespace

TEST_CASE("primal infeasibilities: the choice is the largest violation squared over its weight") {
  lp::PrimalInfeasibilities infeasibilities;
  infeasibilities.reset(5);
  const Eigen::VectorXd weights = (Eigen::VectorXd(5) << 1.0, 4.0, 1.0, 0.25, 1.0).finished();
  CHECK(infeasibilities.choose(weights) == -1);  // all feasible
  infeasibilities.set(1, 3.0, 1e-9);             // 9 / 4
  infeasibilities.set(3, 1.0, 1e-9);             // 1 / 0.25 = 4: the best
  infeasibilities.set(4, 1e-12, 1e-9);           // within the tolerance: feasible
  CHECK(infeasibilities.num_violated() == 2);
  CHECK(infeasibilities.choose(weights) == 3);
  infeasibilities.set(3, -1.0, 1e-9);  // feasible again: leaves the list
  CHECK_FALSE(infeasibilities.violated(3));
  CHECK(infeasibilities.choose(weights) == 1);
  // Bland: the lowest variable index, whatever the scores.
  infeasibilities.set(0, 0.5, 1e-9);
  const std::vector<int> head = {7, 2, 5, 9, 1};
  CHECK(infeasibilities.choose_lowest_variable(head) == 1);
}

TEST_CASE("primal infeasibilities: ties go to the lowest position, in the list and in the scan") {
  for (const int violated : {2, 40}) {  // a short list (walked) and a long one (scanned)
    lp::PrimalInfeasibilities infeasibilities;
    const int m = 64;
    infeasibilities.reset(m);
    const Eigen::VectorXd weights = Eigen::VectorXd::Ones(m);
    // Equal scores, set from the highest position down so that the list's
    // order is the reverse of the positions'.
    for (int k = violated - 1; k >= 0; --k) infeasibilities.set(10 + k, 2.0, 1e-9);
    CHECK(infeasibilities.choose(weights) == 10);
  }
}

TEST_CASE("primal infeasibilities: random updates choose what dividing on every row chooses") {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int m = 200;
  const double tol = 1e-6;
  lp::PrimalInfeasibilities infeasibilities;
  infeasibilities.reset(m);
  std::vector<double> violation(static_cast<size_t>(m), -1.0);
  Eigen::VectorXd weights = Eigen::VectorXd::NullaryExpr(m, [&]() { return 0.1 + unit(rng); });
  for (int step = 0; step < 3000; ++step) {
    // Mostly feasible rows, a changing few violated; phases with many.
    const int i = static_cast<int>(rng() % m);
    const double share_violated = (step / 500) % 2 == 0 ? 0.05 : 0.6;
    const double v = unit(rng) < share_violated ? unit(rng) * 10.0 : -unit(rng);
    violation[static_cast<size_t>(i)] = v;
    infeasibilities.set(i, v, tol);
    if (step % 7 == 0) weights[static_cast<int>(rng() % m)] = 0.1 + unit(rng);
    REQUIRE(infeasibilities.choose(weights) == choose_by_division(violation, weights, tol));
  }
}
