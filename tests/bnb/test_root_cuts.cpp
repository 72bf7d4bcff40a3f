// The root cut loop inside the search (bnb/root_cuts.h): which models are
// cut, seen through the root bounds the search reports.
#include <doctest/doctest.h>

#include "../lp/lp_builders.h"
#include "bnb/branch_and_bound.h"
#include "lp/solution_check.h"

using namespace milpsac;
using lp::kInfinity;

namespace {

bnb::MilpOptions exact_without_presolve() {
  bnb::MilpOptions options;
  options.relative_gap = 0.0;
  options.presolve = false;  // keep the general-integer column as written
  return options;
}

}  // namespace

TEST_CASE("root cuts: a general-integer column does not turn the cover cuts off") {
  // max x1 + x2 + x3 + 0.1 z ; 3 x1 + 3 x2 + 3 x3 <= 5 ; z + x1 <= 3 ; x binary, z in [0, 3] integer.
  // Root LP: 5/3 + 0.3 (z = 3, x1 = 0); the cover x1 + x2 + x3 <= 1 brings it to 1.3,
  // which is the optimum (x2 = 1, z = 3). Before, the range of z kept the whole
  // model uncut (p2756 was left at its root LP bound that way: presolve merges
  // duplicate binaries into a column of range [0, 2]).
  auto lp = test::make_lp({{3, 3, 3, 0}, {1, 0, 0, 1}}, {-kInfinity, -kInfinity}, {5, 3}, {1, 1, 1, 0.1}, {0, 0, 0, 0},
                          {1, 1, 1, 3});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(4, 1);
  const bnb::MilpResult r = bnb::solve_milp(lp, exact_without_presolve());
  REQUIRE(r.status == bnb::MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(1.3));
  CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
  CHECK(r.root_lp_bound == doctest::Approx(5.0 / 3.0 + 0.3));
  CHECK(r.root_bound == doctest::Approx(1.3));
  CHECK(r.nodes <= 1);
}

TEST_CASE("root cuts: a general-integer column inside the knapsack is relaxed over its bounds") {
  // max x1 + x2 + x3 - 0.5 z ; 3 x1 + 3 x2 + 3 x3 - z <= 5 ; z in [0, 4] integer.
  // The cover separator relaxes z at its upper bound (capacity 9): no cover
  // exists at the root, so the cuts must not claim one; the optimum (x = 1, z = 4:
  // 1; or two x with z = 1: 1.5) is found and proven.
  auto lp = test::make_lp({{3, 3, 3, -1}}, {-kInfinity}, {5}, {1, 1, 1, -0.5}, {0, 0, 0, 0}, {1, 1, 1, 4});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(4, 1);
  const bnb::MilpResult r = bnb::solve_milp(lp, exact_without_presolve());
  REQUIRE(r.status == bnb::MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(1.5));
  CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
  CHECK(r.root_bound >= 1.5 - 1e-9);  // a cut never cuts the optimum off
}
