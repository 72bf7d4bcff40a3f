// Cut separation at tree nodes (bnb/node_cuts.h): the cuts made at a node
// with local bounds hold for every integer point of the whole model; the
// search with node cuts finds the known optima of MIPLIB 3 models, and does
// so the same way every run.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "../test_support.h"
#include "../tsv_table.h"
#include "bnb/branch_and_bound.h"
#include "bnb/cut_knapsack_cover.h"
#include "bnb/cut_mir.h"
#include "bnb/node_cuts.h"
#include "bnb/root_cuts.h"
#include "bnb/search_state.h"
#include "lp/mps/mps.h"
#include "lp/solution_check.h"

using namespace milpsac;

namespace {

// A small pure-integer model: binaries and two general integers in [0, 3],
// a few knapsack rows <= (some coefficients negative), a random objective.
lp::LinearProgram random_model(std::mt19937& rng) {
  std::uniform_int_distribution<int> size(7, 9), weight(-3, 12), cost(-9, 3);
  const int n = size(rng), m = 2 + static_cast<int>(rng() % 2);
  lp::LinearProgram lp;
  lp.resize(m, n);
  for (int j = 0; j < n; ++j) {
    lp.col_upper[j] = j < 2 ? 3.0 : 1.0;
    lp.is_integer[static_cast<size_t>(j)] = 1;
    lp.c[j] = cost(rng);
  }
  for (int i = 0; i < m; ++i) {
    double total = 0.0;
    for (int j = 0; j < n; ++j) {
      const int a = weight(rng);
      if (a == 0) continue;
      lp.set_coefficient(i, j, a);
      total += std::max(0, a) * lp.col_upper[j];
    }
    lp.row_lower[i] = -lp::kInfinity;
    lp.row_upper[i] = std::floor(0.45 * total);
  }
  return lp;
}

// Every integer point of the model's box that satisfies its rows.
std::vector<Eigen::VectorXd> integer_points(const lp::LinearProgram& lp) {
  std::vector<Eigen::VectorXd> points;
  Eigen::VectorXd x(lp.num_cols());
  std::function<void(int)> visit = [&](int j) {
    if (j == lp.num_cols()) {
      if (lp::is_feasible(lp, x, 1e-12, true)) points.push_back(x);
      return;
    }
    for (double v = lp.col_lower[j]; v <= lp.col_upper[j]; v += 1.0) {
      x[j] = v;
      visit(j + 1);
    }
  };
  visit(0);
  return points;
}

// How many of `points` the cut cuts off.
int cut_off(const bnb::Cut& cut, const std::vector<Eigen::VectorXd>& points) {
  int count = 0;
  for (const Eigen::VectorXd& x : points)
    count += bnb::cut_violation(cut, x) > 1e-7 * (1.0 + cut.a.cwiseAbs().dot(x.cwiseAbs()));
  return count;
}

bnb::MilpOptions with_node_cuts() {
  bnb::MilpOptions options;
  options.relative_gap = 0.0;
  options.node_cuts = true;
  return options;
}

}  // namespace

TEST_CASE("node cuts: cuts made at a node with local bounds hold for every integer point of the model") {
  std::mt19937 rng(45);
  long node_cuts_added = 0;
  int local_bound_cuts_invalid = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const lp::LinearProgram lp = random_model(rng);
    const std::vector<Eigen::VectorXd> points = integer_points(lp);
    if (points.empty()) continue;
    const bnb::MilpOptions options = with_node_cuts();
    bnb::SearchState state(lp, options);
    if (state.solve_lp(nullptr) != lp::LpStatus::kOptimal) continue;
    const bnb::RootCutResult root = bnb::run_root_cuts(state);
    if (!root.sources || state.relaxation.last_status() != lp::LpStatus::kOptimal) continue;
    bnb::NodeCuts node_cuts(root.sources);
    for (int node = 0; node < 6; ++node) {
      // A node: two columns fixed at a bound, the rest at the root's bounds.
      std::vector<bnb::BoundChange> changes;
      for (int k = 0; k < 2; ++k) {
        const int j = static_cast<int>(rng() % static_cast<unsigned>(lp.num_cols()));
        const double v = rng() % 2 ? state.root_upper[j] : state.root_lower[j];
        changes.push_back({j, v, v});
      }
      state.apply_bounds(changes);
      if (state.solve_lp(nullptr) != lp::LpStatus::kOptimal) continue;
      if (state.fractional_columns(state.relaxation.values()).empty()) continue;
      // What the separators would cut from the node's own bounds: valid at
      // the node, but not always for the model (this is what the test catches).
      bnb::CutPool local;
      const bnb::CutBounds node_bounds = bnb::current_bounds(state.relaxation);
      bnb::separate_knapsack_covers(state.relaxation, node_bounds, lp.is_integer, local);
      bnb::separate_mir(state.relaxation, node_bounds, lp.is_integer, local);
      for (const bnb::Cut& cut : local.select(state.relaxation.values(), local.size(), 0.0, 1.0))
        local_bound_cuts_invalid += cut_off(cut, points) > 0;
      node_cuts.separate(state);
      INFO("trial " << trial << " node " << node);
      for (const bnb::Cut& cut : bnb::cut_rows(state.relaxation)) CHECK(cut_off(cut, points) == 0);
    }
    node_cuts_added += node_cuts.cuts_added();
  }
  CHECK(node_cuts_added > 0);
  CHECK(local_bound_cuts_invalid > 0);
}

TEST_CASE("node cuts: the search finds the known optima of MIPLIB 3 models") {
  const test::TsvTable table = test::read_tsv(test::instance_path("lp/expected.tsv"));
  for (const std::string name : {"lseu", "p0201", "mod008", "bell3a", "egout", "p0033", "stein27", "gr4x6"}) {
    const test::TsvTable::Row* row = table.find("miplib", name);
    REQUIRE(row != nullptr);
    REQUIRE(table.cell(*row, "expected_status") == "optimal");
    const double expected = std::stod(table.cell(*row, "expected_objective"));
    const lp::LinearProgram model = lp::read_mps_file(test::instance_path("lp/" + table.cell(*row, "file")));
    const bnb::MilpResult r = bnb::solve_milp(model, with_node_cuts());
    INFO(name);
    REQUIRE(r.status == bnb::MilpStatus::kOptimal);
    CHECK(r.objective == doctest::Approx(expected).epsilon(1e-6));
    CHECK(lp::is_feasible(model, r.x, 1e-6, true));
  }
}

TEST_CASE("node cuts: the same model gives the same search twice") {
  for (const char* file : {"lp/miplib/p0201.mps.gz", "lp/miplib/lseu.mps.gz"}) {
    const lp::LinearProgram model = lp::read_mps_file(test::instance_path(file));
    const bnb::MilpResult a = bnb::solve_milp(model, with_node_cuts());
    const bnb::MilpResult b = bnb::solve_milp(model, with_node_cuts());
    INFO(file);
    REQUIRE(a.status == bnb::MilpStatus::kOptimal);
    CHECK(a.nodes == b.nodes);
    CHECK(a.lp_iterations == b.lp_iterations);
    CHECK(a.objective == b.objective);
    CHECK(a.x == b.x);
  }
}

TEST_CASE("node cuts: the tree separates only where the root's cuts paid (NodeCuts::pays_on)") {
  std::mt19937 rng(7);
  const lp::LinearProgram lp = random_model(rng);
  const bnb::MilpOptions options = with_node_cuts();
  bnb::SearchState state(lp, options);
  // Minimisation form: root LP bound 100, after the cuts 100 + lift.
  CHECK(bnb::NodeCuts::pays_on(100.0, 102.0, state));   // a 2 % lift
  CHECK(!bnb::NodeCuts::pays_on(100.0, 100.5, state));  // 0.5 %, no incumbent to weigh it against
  CHECK(!bnb::NodeCuts::pays_on(100.0, 99.0, state));
  state.has_incumbent = true;
  state.incumbent_value = 101.0;
  CHECK(bnb::NodeCuts::pays_on(100.0, 100.5, state));  // half the gap to the incumbent
  state.incumbent_value = 110.0;
  CHECK(!bnb::NodeCuts::pays_on(100.0, 100.5, state));  // 5 % of it
  CHECK(!bnb::NodeCuts::pays_on(100.0, 100.0, state));
  // Near zero the lift is measured against 1, not the bound's size.
  state.has_incumbent = false;
  CHECK(bnb::NodeCuts::pays_on(0.0, 0.02, state));
  CHECK(!bnb::NodeCuts::pays_on(0.0, 0.005, state));
}

TEST_CASE("node cuts: on where the root's cuts lift the bound, off (the same search) where they do not") {
  auto solve = [](const char* file, bool node_cuts) {
    bnb::MilpOptions options = with_node_cuts();
    options.node_cuts = node_cuts;
    return bnb::solve_milp(lp::read_mps_file(test::instance_path(file)), options);
  };
  // lseu: the root's cuts lift the bound by about 10 %; the tree's cuts
  // take the search from about 1,100 nodes to about 100.
  const bnb::MilpResult lseu_off = solve("lp/miplib/lseu.mps.gz", false);
  const bnb::MilpResult lseu_on = solve("lp/miplib/lseu.mps.gz", true);
  REQUIRE(lseu_off.status == bnb::MilpStatus::kOptimal);
  REQUIRE(lseu_on.status == bnb::MilpStatus::kOptimal);
  CHECK(lseu_on.objective == doctest::Approx(lseu_off.objective).epsilon(1e-9));
  CHECK(lseu_on.nodes * 3 < lseu_off.nodes);
  // stein27: the root's cuts lift nothing, and the tree does not separate.
  const bnb::MilpResult stein_off = solve("lp/miplib/stein27.mps.gz", false);
  const bnb::MilpResult stein_on = solve("lp/miplib/stein27.mps.gz", true);
  REQUIRE(stein_off.status == bnb::MilpStatus::kOptimal);
  CHECK(stein_on.nodes == stein_off.nodes);
  CHECK(stein_on.lp_iterations == stein_off.lp_iterations);
}
