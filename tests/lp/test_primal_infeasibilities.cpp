// Component tests of the dual simplex's leaving-row choice
// (lp/primal_infeasibilities.h): the list and the scan agree, ties go to the
// lowest position, positions leave the list when they become feasible, and
// the best rows kept between full passes choose what a full pass would.
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
  infeasibilities.changed(std::vector<int>{1, 3, 4});
  CHECK(infeasibilities.num_violated() == 2);
  CHECK(infeasibilities.choose(weights) == 3);
  infeasibilities.set(3, -1.0, 1e-9);  // feasible again: leaves the list
  infeasibilities.changed(3);
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
    infeasibilities.changed(i);
    if (step % 7 == 0) {
      // A weight changes, and the change is reported.
      const int j = static_cast<int>(rng() % m);
      weights[j] = 0.1 + unit(rng);
      infeasibilities.changed(std::vector<int>{j});
    }
    REQUIRE(infeasibilities.choose(weights) == choose_by_division(violation, weights, tol));
  }
}

TEST_CASE("primal infeasibilities: the kept candidates give the full choice between full passes") {
  // m large against the few positions each step sets, so that most choices
  // come from the candidates and the set positions, not from a full pass;
  // many equal scores test the ties on that path too.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int m = 2000;
  const double tol = 1e-6;
  lp::PrimalInfeasibilities infeasibilities;
  infeasibilities.reset(m);
  std::vector<double> violation(static_cast<size_t>(m), -1.0);
  Eigen::VectorXd weights = Eigen::VectorXd::Ones(m);
  for (int i = 0; i < m; ++i) {
    violation[static_cast<size_t>(i)] = unit(rng) < 0.5 ? static_cast<double>(1 + rng() % 5) : -1.0;
    infeasibilities.set(i, violation[static_cast<size_t>(i)], tol);
  }
  for (int step = 0; step < 4000; ++step) {
    const int r = infeasibilities.choose(weights);
    REQUIRE(r == choose_by_division(violation, weights, tol));
    if (r < 0) break;
    // The chosen row becomes feasible; a few others move, as a pivot's
    // column moves them, with their weights.
    violation[static_cast<size_t>(r)] = -1.0;
    infeasibilities.set(r, -1.0, tol);
    infeasibilities.changed(r);
    std::vector<int> moved;
    for (int k = 0; k < 3; ++k) {
      const int i = static_cast<int>(rng() % m);
      violation[static_cast<size_t>(i)] = unit(rng) < 0.6 ? static_cast<double>(1 + rng() % 5) : -1.0;
      weights[i] = unit(rng) < 0.5 ? 1.0 : 0.5 + unit(rng);
      infeasibilities.set(i, violation[static_cast<size_t>(i)], tol);
      moved.push_back(i);
    }
    infeasibilities.changed(moved);
    if (step % 500 == 499) {
      // Every weight changes: invalidate() says so.
      for (int i = 0; i < m; ++i) weights[i] = 0.5 + unit(rng);
      infeasibilities.invalidate();
    }
  }
}
