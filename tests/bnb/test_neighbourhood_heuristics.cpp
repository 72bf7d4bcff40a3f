// Component tests of the sub-MIP heuristics (bnb/heuristics.h): RENS keeps
// the columns integral at the point it is given and searches only between
// the floor and ceiling of the others; RINS fixes where the incumbent and the
// point agree. Answers are checked against a brute-force search of the same
// neighbourhood.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "bnb/heuristics.h"
#include "bnb/search_state.h"
#include "lp/solution_check.h"

using namespace milpsac;

namespace {

// min -sum v_j x_j  s.t.  sum w_j x_j <= capacity,  x_j integer in [0, upper_j].
struct Knapsack {
  std::vector<double> value, weight, upper;
  double capacity;

  lp::LinearProgram model() const {
    lp::LinearProgram lp;
    const int n = static_cast<int>(value.size());
    lp.resize(1, n);
    for (int j = 0; j < n; ++j) {
      lp.set_coefficient(0, j, weight[j]);
      lp.c[j] = -value[j];
      lp.col_upper[j] = upper[j];
      lp.is_integer[j] = 1;
    }
    lp.row_lower[0] = -lp::kInfinity;
    lp.row_upper[0] = capacity;
    return lp;
  }

  // The best objective over integer points with lower <= x <= upper.
  double best_within(const std::vector<double>& lower, const std::vector<double>& high) const {
    const size_t n = value.size();
    std::vector<double> x(lower);
    double best = INFINITY;
    while (true) {
      double w = 0.0, v = 0.0;
      for (size_t j = 0; j < n; ++j) {
        w += weight[j] * x[j];
        v -= value[j] * x[j];
      }
      if (w <= capacity) best = std::min(best, v);
      size_t j = 0;
      while (j < n && x[j] >= high[j]) x[j] = lower[j], ++j;
      if (j == n) return best;
      x[j] += 1.0;
    }
  }
};

const Knapsack kItems{{10, 13, 7, 8, 9, 4, 6, 5}, {5, 7, 4, 5, 6, 3, 4, 4}, {1, 1, 1, 2, 1, 3, 1, 1}, 19.0};

}  // namespace

TEST_CASE("RENS: fixes the integral columns, bounds the others by floor and ceiling, finds the best point there") {
  const lp::LinearProgram lp = kItems.model();
  bnb::MilpOptions options;
  bnb::SearchState state(lp, options);
  // Columns 0, 1, 2, 6, 7 integral (5 of 8), 3 and 5 fractional (general
  // integers), 4 fractional binary.
  Eigen::VectorXd x(8);
  x << 1.0, 1.0, 0.0, 0.5, 0.4, 1.6, 0.0, 0.0;
  REQUIRE(bnb::rens(state, x, 500, 1000000));
  REQUIRE(state.has_incumbent);
  for (int j : {0, 1, 2, 6, 7}) CHECK(state.incumbent[j] == x[j]);
  for (int j : {3, 4, 5}) {
    CHECK(state.incumbent[j] >= std::floor(x[j]));
    CHECK(state.incumbent[j] <= std::ceil(x[j]));
  }
  CHECK(lp::is_feasible(lp, state.incumbent, bnb::kFeasibilityCheck, true, bnb::kIntegrality));
  const std::vector<double> low{1, 1, 0, 0, 0, 1, 0, 0}, high{1, 1, 0, 1, 1, 2, 0, 0};
  CHECK(state.incumbent_value == doctest::Approx(kItems.best_within(low, high)));
  // The neighbourhood's best is worse than the model's: RENS searched only it.
  CHECK(kItems.best_within(std::vector<double>(8, 0.0), kItems.upper) < state.incumbent_value);
}

TEST_CASE("RENS: skipped when too few columns are integral at the point, or all are") {
  const lp::LinearProgram lp = kItems.model();
  bnb::MilpOptions options;
  {
    bnb::SearchState state(lp, options);
    Eigen::VectorXd x(8);
    x << 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1.0;  // one of eight integral: the sub-MIP would be the model
    CHECK_FALSE(bnb::rens(state, x, 500, 1000000));
    CHECK_FALSE(state.has_incumbent);
  }
  {
    bnb::SearchState state(lp, options);
    Eigen::VectorXd x = Eigen::VectorXd::Zero(8);  // all integral: a single point, left to rounding
    CHECK_FALSE(bnb::rens(state, x, 500, 1000000));
  }
  {
    bnb::MilpOptions off;
    off.rins = false;  // the sub-MIP heuristics' switch
    bnb::SearchState state(lp, off);
    Eigen::VectorXd x(8);
    x << 1.0, 1.0, 0.0, 0.5, 0.4, 1.6, 0.0, 0.0;
    CHECK_FALSE(bnb::rens(state, x, 500, 1000000));
  }
}

TEST_CASE("RINS: fixes where the incumbent and the point agree and improves within the rest") {
  const lp::LinearProgram lp = kItems.model();
  bnb::MilpOptions options;
  bnb::SearchState state(lp, options);
  Eigen::VectorXd start = Eigen::VectorXd::Zero(8);
  start[0] = 1.0;  // value 10, weight 5
  REQUIRE(state.offer_solution(start));
  Eigen::VectorXd x(8);
  x << 1.0, 0.7, 0.0, 0.0, 0.0, 0.3, 0.0, 0.0;  // agrees on 0, 2, 3, 4, 6, 7
  REQUIRE(bnb::rins(state, x, 500, 1000000));
  CHECK(state.incumbent[0] == 1.0);
  for (int j : {2, 3, 4, 6, 7}) CHECK(state.incumbent[j] == 0.0);
  const std::vector<double> low{1, 0, 0, 0, 0, 0, 0, 0}, high{1, 1, 0, 0, 0, 3, 0, 0};
  CHECK(state.incumbent_value == doctest::Approx(kItems.best_within(low, high)));
}
