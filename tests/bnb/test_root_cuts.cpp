// The root cut loop inside the search (bnb/root_cuts.h): which models are
// cut, seen through the root bounds the search reports.
#include <doctest/doctest.h>

#include <cmath>

#include "../lp/lp_builders.h"
#include "bnb/branch_and_bound.h"
#include "bnb/root_cuts.h"
#include "bnb/search_state.h"
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

namespace {

// max x1 + x2 + x3 + 0.1 z + w ; 3 x1 + 3 x2 + 3 x3 <= 5 ; z + x1 <= 3 ; x binary,
// z in [0, 3] integer, w fixed at 1000 (an objective offset). Root LP
// 1001.967; the cover x1 + x2 + x3 <= 1 brings it to 1001.3, the optimum
// (x2 = 1, z = 3): a gain of 0.07 % of the bound, but all of the gap.
lp::LinearProgram offset_knapsack() {
  auto lp = test::make_lp({{3, 3, 3, 0, 0}, {1, 0, 0, 1, 0}}, {-kInfinity, -kInfinity}, {5, 3}, {1, 1, 1, 0.1, 1},
                          {0, 0, 0, 0, 1000}, {1, 1, 1, 3, 1000});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(5, 1);
  return lp;
}

}  // namespace

TEST_CASE("root cuts: weak cuts on a general-integer model are undone unless they close the incumbent's gap") {
  // undo_weak_cuts read in minimisation form: root LP -1001.967, cut LP -1001.3.
  const lp::LinearProgram lp = offset_knapsack();
  const bnb::MilpOptions options = exact_without_presolve();
  for (const double incumbent : {std::nan(""), -1001.3, -1001.0, -1000.0}) {
    CAPTURE(incumbent);
    bnb::SearchState state(lp, options);
    REQUIRE(state.solve_lp(nullptr) == lp::LpStatus::kOptimal);
    const double root_lp = state.relaxation.objective();
    CHECK(root_lp == doctest::Approx(-(1000.0 + 5.0 / 3.0 + 0.3)));
    const bnb::RootCutResult cuts = bnb::run_root_cuts(state);
    REQUIRE(cuts.general_integers);
    REQUIRE(cuts.cuts_added > 0);
    const double cut_lp = state.relaxation.objective();
    REQUIRE(cut_lp == doctest::Approx(-1001.3));
    if (!std::isnan(incumbent)) {
      state.has_incumbent = true;
      state.incumbent_value = incumbent;
    }
    // Gap closed (cut_lp - root_lp) / (incumbent - root_lp): 100 %, 69 % and 34 %.
    const bool closes_half = !std::isnan(incumbent) && cut_lp - root_lp >= 0.5 * (incumbent - root_lp);
    CHECK(bnb::undo_weak_cuts(state, cuts) == !closes_half);
    CHECK((state.relaxation.num_rows() > state.relaxation.num_original_rows()) == closes_half);
    CHECK(state.relaxation.last_status() == lp::LpStatus::kOptimal);
    CHECK(state.relaxation.objective() == doctest::Approx(closes_half ? cut_lp : root_lp));
  }
}

TEST_CASE("root cuts: an objective offset does not make the search throw its cuts away") {
  // The root's heuristics find an incumbent; the cover closes the whole gap
  // to it, so it stays and the root is solved without branching.
  const lp::LinearProgram lp = offset_knapsack();
  const bnb::MilpResult r = bnb::solve_milp(lp, exact_without_presolve());
  REQUIRE(r.status == bnb::MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(1001.3));
  CHECK(lp::is_feasible(lp, r.x, 1e-9, true));
  CHECK(r.root_bound == doctest::Approx(1001.3));
  CHECK(r.cuts > 0);
  CHECK(r.nodes <= 1);
}

TEST_CASE("root cuts: the round limit of MilpOptions holds (sub-MIPs run 5)") {
  // The offset knapsack's cover comes in the first round: no round, no cut;
  // one round, the cover and nothing after it.
  const lp::LinearProgram lp = offset_knapsack();
  for (const int limit : {0, 1, 25}) {
    CAPTURE(limit);
    bnb::MilpOptions options = exact_without_presolve();
    options.root_cut_rounds = limit;
    bnb::SearchState state(lp, options);
    REQUIRE(state.solve_lp(nullptr) == lp::LpStatus::kOptimal);
    const bnb::RootCutResult cuts = bnb::run_root_cuts(state);
    CHECK(cuts.rounds <= limit);
    CHECK((cuts.cuts_added > 0) == (limit > 0));
    if (limit > 0) CHECK(state.relaxation.objective() == doctest::Approx(-1001.3));
  }
}
