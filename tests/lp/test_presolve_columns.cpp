// MIP presolve on columns: duplicate (parallel) columns merged into one or
// fixed by dominance, and implied integers marked. Each rule on small models
// built for it (what it must and must not do), the split of a merged value
// back into the two columns, and postsolved points checked on the original.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "lp/presolve/postsolve_stack.h"
#include "lp/presolve/presolve.h"
#include "lp/solution_check.h"
#include "lp_builders.h"

using namespace milpsac;
using lp::kInfinity;
using lp::presolve::PresolveOptions;
using lp::presolve::PresolveResult;
using lp::presolve::PresolveStatus;
using test::make_lp;

namespace {

constexpr double inf = kInfinity;

// MIP mode with only the column rules (and nothing that would remove the
// columns they look at first).
PresolveOptions column_rules_only() {
  PresolveOptions o;
  o.keep_integrality = true;
  o.empty_rows = o.empty_columns = o.singleton_rows = o.fixed_columns = false;
  o.forcing_rows = o.doubleton_equations = o.dominated_columns = false;
  o.free_column_singletons = o.slack_columns = o.free_column_substitution = false;
  o.parallel_rows = o.bound_tightening = o.coefficient_tightening = false;
  return o;
}

// Reduced column of original column j, -1 when it was removed.
int reduced_index(const PresolveResult& pre, int j) {
  for (size_t c = 0; c < pre.stack.col_map.size(); ++c)
    if (pre.stack.col_map[c] == j) return static_cast<int>(c);
  return -1;
}

// Largest violation of the column bounds by x (the rows are not looked at:
// the points below set only the columns of interest).
double column_bound_violation(const lp::LinearProgram& model, const Eigen::VectorXd& x) {
  double worst = 0.0;
  for (int j = 0; j < model.num_cols(); ++j)
    worst = std::max({worst, model.col_lower[j] - x[j], x[j] - model.col_upper[j]});
  return worst;
}

}  // namespace

TEST_CASE("two identical integer columns with equal costs merge into their sum") {
  // x0 and x1 have the same entries and cost; x2 is different.
  auto model = make_lp({{2, 2, 1}, {1, 1, -1}}, {-inf, 1}, {9, inf}, {3, 3, -1}, {0, 1, 0}, {2, 4, 5});
  model.is_integer = {1, 1, 1};
  const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
  REQUIRE(pre.status == PresolveStatus::kReduced);
  CHECK(pre.stats.duplicate_columns == 1);
  REQUIRE(pre.reduced.num_cols() == 2);
  const int z = reduced_index(pre, 0);
  REQUIRE(z >= 0);
  CHECK(reduced_index(pre, 1) == -1);
  CHECK(pre.reduced.col_lower[z] == 1);  // 0 + 1
  CHECK(pre.reduced.col_upper[z] == 6);  // 2 + 4
  CHECK(pre.reduced.is_integer[static_cast<size_t>(z)]);
  // Every integer value of z splits into integers within both columns' bounds,
  // with the same row activities and objective.
  for (int value = 1; value <= 6; ++value) {
    Eigen::VectorXd point = Eigen::VectorXd::Zero(2);
    point[z] = value;
    const Eigen::VectorXd x = lp::presolve::postsolve_primal(pre, point);
    REQUIRE(x.size() == 3);
    CHECK(x[0] + x[1] == value);
    CHECK(column_bound_violation(model, x) == 0.0);
    CHECK(lp::max_integrality_violation(model, x) == 0.0);
    CHECK(lp::objective_value(model, x) == doctest::Approx(3.0 * value));
  }
  // Outside MIP mode the rule does nothing (the LP path needs duals).
  PresolveOptions lp_mode = column_rules_only();
  lp_mode.keep_integrality = false;
  CHECK(lp::presolve::presolve(model, lp_mode).stats.duplicate_columns == 0);
}

TEST_CASE("an integer column that is the negative of another merges into their difference") {
  auto model = make_lp({{1, -1, 1}, {3, -3, 0}}, {0, -inf}, {inf, 6}, {2, -2, 1}, {0, -1, 0}, {3, 2, 1});
  model.is_integer = {1, 1, 0};
  const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
  CHECK(pre.stats.duplicate_columns == 1);
  const int z = reduced_index(pre, 0);
  REQUIRE(z >= 0);
  CHECK(pre.reduced.col_lower[z] == -2);  // 0 - 2
  CHECK(pre.reduced.col_upper[z] == 4);   // 3 + 1
  for (int value = -2; value <= 4; ++value) {
    Eigen::VectorXd point = Eigen::VectorXd::Zero(pre.reduced.num_cols());
    point[z] = value;
    const Eigen::VectorXd x = lp::presolve::postsolve_primal(pre, point);
    CHECK(x[0] - x[1] == value);
    CHECK(column_bound_violation(model, x) == 0.0);
    CHECK(lp::max_integrality_violation(model, x) == 0.0);
  }
}

TEST_CASE("continuous parallel columns with proportional costs merge for any factor") {
  // a_1 = -2 a_0 and c_1 = -2 c_0: z = x0 - 2 x1 in [-1 - 2*3, 4 - 2*0] = [-7, 4].
  auto model = make_lp({{1, -2, 1}, {0.5, -1, 0}}, {1, -inf}, {inf, 2}, {1.5, -3, 1}, {-1, 0, 0}, {4, 3, inf});
  model.is_integer = {0, 0, 1};
  const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
  CHECK(pre.stats.duplicate_columns == 1);
  const int z = reduced_index(pre, 0);
  REQUIRE(z >= 0);
  CHECK(pre.reduced.col_lower[z] == doctest::Approx(-7));
  CHECK(pre.reduced.col_upper[z] == doctest::Approx(4));
  CHECK_FALSE(pre.reduced.is_integer[static_cast<size_t>(z)]);
  for (double value : {-7.0, -6.5, -1.0, 0.0, 2.25, 4.0}) {
    Eigen::VectorXd point = Eigen::VectorXd::Zero(pre.reduced.num_cols());
    point[z] = value;
    const Eigen::VectorXd x = lp::presolve::postsolve_primal(pre, point);
    CHECK(x[0] - 2 * x[1] == doctest::Approx(value));
    CHECK(column_bound_violation(model, x) <= 1e-12);
  }
}

TEST_CASE("pairs the merge must leave alone") {
  SUBCASE("integer columns with a factor 2") {
    auto model = make_lp({{1, 2}}, {1}, {5}, {1, 2}, {0, 0}, {3, 3});
    model.is_integer = {1, 1};
    CHECK(lp::presolve::presolve(model, column_rules_only()).stats.duplicate_columns == 0);
  }
  SUBCASE("an integer and a continuous column") {
    auto model = make_lp({{1, 1}}, {1}, {5}, {1, 1}, {0, 0}, {3, 3});
    model.is_integer = {1, 0};
    const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
    CHECK(pre.stats.duplicate_columns == 0);
    CHECK(pre.stats.dominated_duplicate_columns == 0);
  }
  SUBCASE("same entries in different rows") {
    auto model = make_lp({{1, 0}, {0, 1}}, {1, 1}, {5, 5}, {1, 1}, {0, 0}, {3, 3});
    model.is_integer = {1, 1};
    CHECK(lp::presolve::presolve(model, column_rules_only()).stats.duplicate_columns == 0);
  }
  SUBCASE("integer columns with different costs and finite bounds: no dominance either") {
    auto model = make_lp({{1, 1}}, {1}, {5}, {1, 2}, {0, 0}, {3, 3});
    model.is_integer = {1, 1};
    const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
    CHECK(pre.stats.duplicate_columns == 0);
    CHECK(pre.stats.dominated_duplicate_columns == 0);
  }
}

TEST_CASE("a dominated parallel column is fixed at the bound the cheaper one makes reachable") {
  // x1 = 2 x0 in the rows, c_1 = 1 < 2 * c_0 = 4: moving x1 up and x0 down
  // never hurts. x1 has no upper bound, so x0 goes to its lower bound 1.
  auto model = make_lp({{1, 2, 1}, {-1, -2, 3}}, {4, -inf}, {inf, 6}, {2, 1, 1}, {1, 0, 0}, {5, inf, 4});
  const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
  CHECK(pre.stats.dominated_duplicate_columns == 1);
  CHECK(reduced_index(pre, 0) == -1);
  const Eigen::VectorXd x = lp::presolve::postsolve_primal(pre, Eigen::VectorXd::Zero(pre.reduced.num_cols()));
  CHECK(x[0] == 1.0);

  // Mirror image: x0 has no lower bound, so x1 goes to its upper bound 3
  // (and x2, also parallel to x0 in the one row, to its upper bound 4).
  auto mirror = make_lp({{1, 2, 1}}, {4}, {inf}, {2, 1, 1}, {-inf, 0, 0}, {5, 3, 4});
  const PresolveResult m = lp::presolve::presolve(mirror, column_rules_only());
  CHECK(m.stats.dominated_duplicate_columns == 2);
  CHECK(reduced_index(m, 1) == -1);
  CHECK(reduced_index(m, 0) >= 0);
  CHECK(lp::presolve::postsolve_primal(m, Eigen::VectorXd::Zero(m.reduced.num_cols()))[1] == 3.0);

  // Integer columns, factor 1, c_1 > c_0 and x1 unbounded below: x0 at its
  // upper bound; then x1 and x2 (equal costs) merge.
  auto integer = make_lp({{1, 1, 1}}, {-inf}, {7}, {-2, 1, 1}, {0, -inf, 0}, {4, 5, 4});
  integer.is_integer = {1, 1, 1};
  const PresolveResult i = lp::presolve::presolve(integer, column_rules_only());
  CHECK(i.stats.dominated_duplicate_columns == 1);
  CHECK(i.stats.duplicate_columns == 1);
  CHECK(lp::presolve::postsolve_primal(i, Eigen::VectorXd::Zero(i.reduced.num_cols()))[0] == 4.0);
}

TEST_CASE("the split of a merged value stays within both columns' bounds") {
  // Every combination of finite and infinite bounds, factors of both signs,
  // values spread over the merged interval (clipped to a finite window).
  const std::vector<std::pair<double, double>> bounds = {{0, 3}, {-2, inf}, {-inf, 4}, {-inf, inf}, {1, 1}};
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int checked = 0;
  for (const auto& [lj, uj] : bounds)
    for (const auto& [lk, uk] : bounds)
      for (double s : {1.0, -1.0, 2.5, -0.5}) {
        const double lower = lj + (s > 0 ? s * lk : s * uk), upper = uj + (s > 0 ? s * uk : s * lk);
        const double from = std::isfinite(lower) ? lower : -50.0, to = std::isfinite(upper) ? upper : 50.0;
        const lp::presolve::DuplicateColumn d{0, 1, s, lj, uj, lk, uk, false};
        for (int t = 0; t < 20; ++t) {
          const double z = t == 0 ? from : t == 1 ? to : from + (to - from) * unit(rng);
          const lp::presolve::SplitValue v = lp::presolve::split_merged_value(d, z);
          CAPTURE(lj);
          CAPTURE(uj);
          CAPTURE(lk);
          CAPTURE(uk);
          CAPTURE(s);
          CAPTURE(z);
          CHECK(v.kept + s * v.removed == doctest::Approx(z).epsilon(1e-12));
          CHECK(v.kept >= lj);
          CHECK(v.kept <= uj);
          CHECK(v.removed >= lk - 1e-9);
          CHECK(v.removed <= uk + 1e-9);
          ++checked;
        }
      }
  CHECK(checked == 5 * 5 * 4 * 20);
}

TEST_CASE("implied integers: a continuous column of an all-integer equation with integral ratios") {
  // Row 0: 2 x0 + 4 x1 - 2 x2 = 6 with x0, x1 integer: x2 = x0 + 2 x1 - 3.
  // Row 1: x3 + 0.5 x0 = 1: x3 = 1 - x0/2 is not integral.
  // Row 2: x4 - x2 <= 3 (an inequality): x4 not implied.
  // Row 3: x5 + x2 - x1 = 0: integral once x2 is known to be (second round).
  auto model =
      make_lp({{2, 4, -2, 0, 0, 0}, {0.5, 0, 0, 1, 0, 0}, {0, 0, -1, 0, 1, 0}, {0, -1, 1, 0, 0, 1}}, {6, 1, -inf, 0},
              {6, 1, 3, 0}, {1, 1, 1, 1, 1, 1}, {0, 0, -10, -10, -10, -10}, {5, 5, 10, 10, 10, 10});
  model.is_integer = {1, 1, 0, 0, 0, 0};
  const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
  REQUIRE(pre.status == PresolveStatus::kReduced);
  REQUIRE(pre.implied_integer.size() == static_cast<size_t>(pre.reduced.num_cols()));
  std::vector<int> implied;
  for (size_t c = 0; c < pre.implied_integer.size(); ++c)
    if (pre.implied_integer[c]) implied.push_back(pre.stack.col_map[c]);
  CHECK(implied == std::vector<int>{2, 5});
  CHECK(pre.stats.implied_integers == 2);
  // The flag changes nothing in the model: the columns stay continuous.
  for (int j : implied) CHECK_FALSE(pre.reduced.is_integer[static_cast<size_t>(reduced_index(pre, j))]);
  // The claim itself: at every integer point of x0, x1 the equations make x2 and x5 integers.
  for (int x0 = 0; x0 <= 5; ++x0)
    for (int x1 = 0; x1 <= 5; ++x1) {
      const double x2 = (6.0 - 2.0 * x0 - 4.0 * x1) / -2.0, x5 = x1 - x2;
      CHECK(x2 == std::round(x2));
      CHECK(x5 == std::round(x5));
    }
  // Off, or outside MIP mode: nothing marked.
  PresolveOptions off = column_rules_only();
  off.implied_integers = false;
  CHECK(lp::presolve::presolve(model, off).stats.implied_integers == 0);
  PresolveOptions lp_mode = column_rules_only();
  lp_mode.keep_integrality = false;
  const PresolveResult l = lp::presolve::presolve(model, lp_mode);
  CHECK(l.stats.implied_integers == 0);
  CHECK(l.implied_integer.empty());
}

TEST_CASE("implied integers get integral bounds (the cut separators complement by them)") {
  // x0 + x1 + x2 = 3, x2 in [-1.5, 2.7] -> [-1, 2]. x0 + x3 = 1 would make
  // x3 one too, but [0.2, 0.8] holds no integer: left unmarked with its bounds.
  auto model = make_lp({{1, 1, 1, 0}, {1, 0, 0, 1}}, {3, 1}, {3, 1}, {1, 1, 1, 1}, {0, 0, -1.5, 0.2}, {5, 5, 2.7, 0.8});
  model.is_integer = {1, 1, 0, 0};
  const PresolveResult pre = lp::presolve::presolve(model, column_rules_only());
  REQUIRE(pre.status == PresolveStatus::kReduced);
  CHECK(pre.stats.implied_integers == 1);
  const int c2 = reduced_index(pre, 2), c3 = reduced_index(pre, 3);
  REQUIRE(c2 >= 0);
  REQUIRE(c3 >= 0);
  CHECK(pre.implied_integer[static_cast<size_t>(c2)]);
  CHECK_FALSE(pre.implied_integer[static_cast<size_t>(c3)]);
  CHECK(pre.reduced.col_lower[c2] == -1);
  CHECK(pre.reduced.col_upper[c2] == 2);
  CHECK(pre.reduced.col_lower[c3] == 0.2);
  CHECK(pre.reduced.col_upper[c3] == 0.8);
  CHECK(pre.stats.tightened_bounds >= 2);
}

TEST_CASE("implied integers need an integral right-hand side") {
  auto model = make_lp({{1, 1, 1}}, {2.5}, {2.5}, {1, 1, 1}, {0, 0, 0}, {5, 5, 5});
  model.is_integer = {1, 1, 0};
  CHECK(lp::presolve::presolve(model, column_rules_only()).stats.implied_integers == 0);
  model.row_lower[0] = model.row_upper[0] = 3;
  CHECK(lp::presolve::presolve(model, column_rules_only()).stats.implied_integers == 1);
}
