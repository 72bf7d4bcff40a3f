// The feasibility pump (bnb/feasibility_pump.h): finds points of models built
// with a known feasible point, every point it reports passes the check on the
// model, it finds nothing where nothing exists, and it is deterministic.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "../lp/lp_builders.h"
#include "bnb/branch_and_bound.h"
#include "bnb/feasibility_pump.h"
#include "bnb/search_state.h"
#include "lp/solution_check.h"

using namespace milpsac;
using lp::kInfinity;

namespace {

// Set partitioning with a planted partition: rows are elements, columns
// random subsets plus the blocks of a hidden partition (so a point exists);
// costs random. Deterministic from `seed`.
lp::LinearProgram planted_partitioning(unsigned seed, int elements, int extra_columns) {
  std::mt19937 rng(seed);
  std::vector<std::vector<int>> columns;
  std::vector<int> order(static_cast<size_t>(elements));
  for (int i = 0; i < elements; ++i) order[static_cast<size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (int start = 0; start < elements; start += 3) {
    std::vector<int> block;
    for (int k = start; k < std::min(elements, start + 3); ++k) block.push_back(order[static_cast<size_t>(k)]);
    columns.push_back(block);
  }
  for (int c = 0; c < extra_columns; ++c) {
    std::vector<int> subset;
    for (int i = 0; i < elements; ++i)
      if (rng() % 4 == 0) subset.push_back(i);
    if (!subset.empty()) columns.push_back(subset);
  }
  std::shuffle(columns.begin(), columns.end(), rng);
  lp::LinearProgram lp;
  lp.resize(elements, static_cast<int>(columns.size()));
  for (int j = 0; j < lp.num_cols(); ++j) {
    for (int i : columns[static_cast<size_t>(j)]) lp.A.coeffRef(i, j) = 1.0;
    lp.c[j] = 1.0 + static_cast<double>(rng() % 20);
    lp.col_upper[j] = 1.0;
    lp.is_integer[static_cast<size_t>(j)] = 1;
  }
  for (int i = 0; i < elements; ++i) lp.row_lower[i] = lp.row_upper[i] = 1.0;
  return lp;
}

struct PumpRun {
  bnb::PumpResult pump;
  bool has_incumbent = false;
  Eigen::VectorXd incumbent;
};

// Solve the root LP and run the pump there, as the search does.
PumpRun run_pump(const lp::LinearProgram& lp) {
  bnb::MilpOptions options;
  options.probing = false;  // probing alone fixes every column of the planted models: the pump would not run
  bnb::SearchState state(lp, options);
  PumpRun run;
  if (state.solve_lp(nullptr) != lp::LpStatus::kOptimal) return run;
  run.pump = bnb::feasibility_pump(state, {}, bnb::PumpLimits{});
  run.has_incumbent = state.has_incumbent;
  run.incumbent = state.incumbent;
  return run;
}

}  // namespace

TEST_CASE("pump: planted set partitioning models get a checked point") {
  int found = 0;
  for (unsigned seed = 1; seed <= 12; ++seed) {
    const lp::LinearProgram lp = planted_partitioning(seed, 24, 40);
    const PumpRun run = run_pump(lp);
    INFO("seed " << seed << " rounds " << run.pump.rounds);
    CHECK(run.pump.found == run.has_incumbent);
    if (run.has_incumbent) {
      ++found;
      CHECK(lp::is_feasible(lp, run.incumbent, 1e-9, true));
    }
  }
  CHECK(found >= 10);
}

TEST_CASE("pump: general integers and continuous columns") {
  // min x0 + x1 + x2 + 2 y ; 3 x0 + 5 x1 + 7 x2 + y = 40.5 ; x0 - x1 <= 2 ;
  // x in [0, 10] integer, y in [0, 1] (root propagation fixes none of them).
  auto lp = test::make_lp({{3, 5, 7, 1}, {1, -1, 0, 0}}, {40.5, -kInfinity}, {40.5, 2}, {1, 1, 1, 2}, {0, 0, 0, 0},
                          {10, 10, 10, 1});
  lp.is_integer = {1, 1, 1, 0};
  const PumpRun run = run_pump(lp);
  REQUIRE(run.has_incumbent);
  CHECK(lp::is_feasible(lp, run.incumbent, 1e-9, true));
  // The integer part must reach 40 exactly, so y = 0.5 whatever the integers are.
  CHECK(run.incumbent[3] == doctest::Approx(0.5));
}

TEST_CASE("pump: nothing found where no integer point exists") {
  // 2x + 2y = 3 has LP points but no integer one.
  auto lp = test::make_lp({{2, 2}}, {3}, {3}, {1, 1}, {0, 0}, {10, 10});
  lp.is_integer = {1, 1};
  const PumpRun run = run_pump(lp);
  CHECK_FALSE(run.pump.found);
  CHECK_FALSE(run.has_incumbent);
  CHECK(run.pump.rounds > 0);
}

TEST_CASE("pump: the stall rule ends a pump that cannot find a point before its round limit") {
  // 2 (x0 + ... + x5) = 7 with binaries: LP points everywhere, no integer point,
  // so the distance never reaches 0 and stops improving.
  auto lp = test::make_lp({{2, 2, 2, 2, 2, 2}}, {7}, {7}, {1, 2, 3, 4, 5, 6}, {0, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1});
  lp.is_integer.assign(6, 1);
  const PumpRun run = run_pump(lp);
  CHECK_FALSE(run.has_incumbent);
  CHECK(run.pump.stalled);
  CHECK(run.pump.stall_restarts == 1);
  CHECK(run.pump.rounds < bnb::PumpLimits{}.max_rounds);
}

TEST_CASE("pump: deterministic rounds and point") {
  const lp::LinearProgram lp = planted_partitioning(7, 30, 60);
  const PumpRun a = run_pump(lp), b = run_pump(lp);
  CHECK(a.pump.rounds == b.pump.rounds);
  CHECK(a.pump.lp_iterations == b.pump.lp_iterations);
  CHECK(a.pump.perturbations == b.pump.perturbations);
  CHECK(a.has_incumbent == b.has_incumbent);
  if (a.has_incumbent) CHECK(a.incumbent == b.incumbent);
}

TEST_CASE("search with the pump on and off: same optimum on planted partitioning models") {
  for (unsigned seed = 20; seed <= 25; ++seed) {
    const lp::LinearProgram lp = planted_partitioning(seed, 18, 30);
    bnb::MilpOptions on, off;
    on.relative_gap = off.relative_gap = 0.0;
    off.feasibility_pump = false;
    const bnb::MilpResult a = bnb::solve_milp(lp, on), b = bnb::solve_milp(lp, off);
    INFO("seed " << seed);
    REQUIRE(a.status == bnb::MilpStatus::kOptimal);
    REQUIRE(b.status == bnb::MilpStatus::kOptimal);
    CHECK(a.objective == doctest::Approx(b.objective));
    CHECK(lp::is_feasible(lp, a.x, 1e-9, true));
  }
}
