// Component tests of the search's parts: the node queue (best-first order,
// pruning), the pseudocosts (averages, unobserved columns, product score) and
// the incumbent check (a point that uses the tolerance is completed exactly).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "../lp/lp_builders.h"
#include "bnb/bound_changes.h"
#include "bnb/branching.h"
#include "bnb/continuous_completion.h"
#include "bnb/lp_relaxation.h"
#include "bnb/node_queue.h"
#include "bnb/pseudocost.h"
#include "bnb/reduced_cost_bounds.h"
#include "bnb/search_state.h"
#include "lp/simplex.h"
#include "lp/solution_check.h"

using namespace milpsac;

namespace {

bnb::Node node(double bound, int depth, long id) {
  bnb::Node n;
  n.bound = bound;
  n.depth = depth;
  n.id = id;
  return n;
}

}  // namespace

TEST_CASE("node queue: best bound first, then deeper, then older") {
  bnb::NodeQueue queue;
  CHECK(queue.empty());
  CHECK(queue.best_bound() == INFINITY);
  queue.push(node(5.0, 1, 0));
  queue.push(node(3.0, 1, 1));
  queue.push(node(3.0, 4, 2));
  queue.push(node(3.0, 4, 3));
  queue.push(node(7.0, 9, 4));
  CHECK(queue.size() == 5);
  CHECK(queue.best_bound() == 3.0);
  CHECK(queue.pop().id == 2);  // bound 3, deepest, older of the two
  CHECK(queue.pop().id == 3);
  CHECK(queue.pop().id == 1);
  CHECK(queue.pop().id == 0);
  CHECK(queue.pop().id == 4);
  CHECK(queue.empty());
}

TEST_CASE("node queue: prune drops nodes at or above the cutoff and reports the smallest dropped bound") {
  bnb::NodeQueue queue;
  for (long k = 0; k < 10; ++k) queue.push(node(static_cast<double>(k), 0, k));
  CHECK(queue.prune(100.0) == INFINITY);
  CHECK(queue.size() == 10);
  CHECK(queue.prune(6.0) == 6.0);
  CHECK(queue.size() == 6);
  CHECK(queue.best_bound() == 0.0);
  // The heap order survives the pruning.
  double last = -INFINITY;
  while (!queue.empty()) {
    const bnb::Node n = queue.pop();
    CHECK(n.bound >= last);
    CHECK(n.bound < 6.0);
    last = n.bound;
  }
}

TEST_CASE("pseudocosts: per-unit averages, borrowed averages, product score") {
  bnb::Pseudocosts pc(3);
  // Nothing observed: every per-unit gain is 1.
  CHECK(pc.per_unit(0, false) == 1.0);
  CHECK(pc.observations(0, true) == 0);
  pc.record(0, false, 0.5, 2.0);   // 4 per unit
  pc.record(0, false, 0.25, 0.5);  // 2 per unit
  pc.record(1, true, 0.5, 3.0);    // 6 per unit
  pc.record(2, true, 0.0, 9.0);    // zero distance: ignored
  pc.record(2, false, 1.0, -1.0);  // a negative gain counts as 0
  CHECK(pc.observations(0, false) == 2);
  CHECK(pc.observations(2, true) == 0);
  CHECK(pc.per_unit(0, false) == doctest::Approx(3.0));
  CHECK(pc.per_unit(1, true) == doctest::Approx(6.0));
  CHECK(pc.per_unit(2, false) == doctest::Approx(0.0));
  // Unobserved directions borrow the average over all observations of that direction.
  CHECK(pc.per_unit(1, false) == doctest::Approx((4.0 + 2.0 + 0.0) / 3.0));
  CHECK(pc.per_unit(0, true) == doctest::Approx(6.0));
  // Product score: down gain * f times up gain * (1 - f), each floored at 1e-6.
  CHECK(pc.score(0, 0.5) == doctest::Approx(3.0 * 0.5 * 6.0 * 0.5));
  CHECK(pc.score(2, 0.5) == doctest::Approx(1e-6 * 6.0 * 0.5));
  CHECK(pc.score(0, 0.5) > pc.score(2, 0.5));
}

TEST_CASE("incumbents: a point that buys objective with the check's tolerance is replaced by its exact completion") {
  // min y  s.t.  10000 x + y >= 15000.5,  x integer in [0, 10],  y >= 0.
  // With x = 1 the best y is 5000.5. Offered y values sit below it by less
  // than the check's tolerance (relative 1e-6 of the right-hand side, 0.015).
  lp::LinearProgram lp;
  lp.resize(1, 2);
  lp.set_coefficient(0, 0, 10000.0);
  lp.set_coefficient(0, 1, 1.0);
  lp.row_lower[0] = 15000.5;
  lp.row_upper[0] = lp::kInfinity;
  lp.col_upper[0] = 10.0;
  lp.col_upper[1] = lp::kInfinity;
  lp.is_integer[0] = 1;
  lp.c[1] = 1.0;
  bnb::MilpOptions options;
  {
    // 0.01 below: 2e-6 of the objective, more than kCompletionGain.
    bnb::SearchState state(lp, options);
    Eigen::VectorXd x(2);
    x << 1.0, 5000.49;
    REQUIRE(lp::is_feasible(lp, x, bnb::kFeasibilityCheck, true, bnb::kIntegrality));
    REQUIRE(state.offer_solution(x));
    CHECK(state.incumbent_value == doctest::Approx(5000.5).epsilon(1e-12));
    CHECK(lp::max_bound_violation(lp, state.incumbent) <= 1e-12);
  }
  {
    // 1e-5 below: 2e-9 of the objective, round-off the node LPs share; kept.
    bnb::SearchState state(lp, options);
    Eigen::VectorXd x(2);
    x << 1.0, 5000.5 - 1e-5;
    REQUIRE(state.offer_solution(x));
    CHECK(state.incumbent_value == doctest::Approx(5000.5 - 1e-5).epsilon(1e-15));
  }
}

TEST_CASE("incumbents: an integral point outside a row beyond the check is completed, not dropped") {
  // The same row: 10000 x + y >= 15000.5. y = 5000.4 is 0.1 short, beyond the
  // check (0.015): rejected as it is, but its integers (x = 1) with y re-solved
  // (5000.5) are a feasible point. A pure-integer model has nothing to re-solve.
  lp::LinearProgram lp;
  lp.resize(1, 2);
  lp.set_coefficient(0, 0, 10000.0);
  lp.set_coefficient(0, 1, 1.0);
  lp.row_lower[0] = 15000.5;
  lp.row_upper[0] = lp::kInfinity;
  lp.col_upper[0] = 10.0;
  lp.col_upper[1] = lp::kInfinity;
  lp.is_integer[0] = 1;
  lp.c[1] = 1.0;
  bnb::MilpOptions options;
  bnb::SearchState state(lp, options);
  Eigen::VectorXd x(2);
  x << 1.0, 5000.4;
  CHECK_FALSE(state.offer_solution(x));
  CHECK_FALSE(state.has_incumbent);
  REQUIRE(state.offer_completion(x));
  CHECK(state.incumbent_value == doctest::Approx(5000.5).epsilon(1e-12));
  CHECK(state.incumbent[0] == 1.0);
  CHECK(lp::max_bound_violation(lp, state.incumbent) <= 1e-12);

  lp::LinearProgram pure = lp;
  pure.is_integer[1] = 1;
  bnb::SearchState pure_state(pure, options);
  CHECK_FALSE(pure_state.offer_completion(x));
}

TEST_CASE("continuous completion: each warm completion is the fresh solve's optimum") {
  // A mixed model: 4 integer columns in [0, 3], 6 continuous in [0, 1], 5
  // rows l <= a x <= u with random coefficients. 40 integer points in a row
  // are completed by one ContinuousCompletion (each warm from the last one's
  // basis) and, independently, by the one-shot LP with the integers fixed:
  // the same verdict and optimum each time, the integers exactly the point's.
  std::mt19937 rng(20261130);
  std::uniform_real_distribution<double> coefficient(-3.0, 3.0), cost(0.5, 2.0);
  std::uniform_int_distribution<int> value(0, 3);
  const int rows = 5, integers = 4, cols = 10;
  lp::LinearProgram lp;
  lp.resize(rows, cols);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) lp.set_coefficient(i, j, coefficient(rng));
    lp.row_lower[i] = -4.0 + i;
    lp.row_upper[i] = 6.0 + i;
  }
  for (int j = 0; j < cols; ++j) {
    lp.col_upper[j] = j < integers ? 3.0 : 1.0;
    lp.is_integer[uz(j)] = j < integers;
    lp.c[j] = cost(rng) * (j % 3 == 0 ? -1.0 : 1.0);
  }
  const Deadline clock;
  bnb::ContinuousCompletion completion(lp, &clock);
  int feasible = 0;
  for (int trial = 0; trial < 40; ++trial) {
    Eigen::VectorXd point = Eigen::VectorXd::Zero(cols);
    for (int j = 0; j < integers; ++j) point[j] = value(rng) + 0.3 * coefficient(rng) / 3.0;  // off-integral
    lp::LinearProgram fixed = lp;
    for (int j = 0; j < integers; ++j) fixed.col_lower[j] = fixed.col_upper[j] = std::round(point[j]);
    const lp::LpSolution fresh = lp::solve_lp(fixed, lp::LpOptions{});
    const Eigen::VectorXd x = completion.complete(point, {});
    CAPTURE(trial);
    REQUIRE((fresh.status == lp::LpStatus::kOptimal) == (x.size() == cols));
    if (x.size() != cols) continue;
    ++feasible;
    for (int j = 0; j < integers; ++j) CHECK(x[j] == std::round(point[j]));
    CHECK(lp::max_bound_violation(lp, x) <= 1e-7);
    CHECK(lp::objective_value(lp, x) == doctest::Approx(fresh.objective).epsilon(1e-9));
  }
  // Both verdicts occur, so the warm path met both kinds of predecessor.
  CHECK(feasible >= 5);
  CHECK(feasible <= 35);
  // The warm solves settled every completion (none fell back to the one-shot LP).
  CHECK(completion.cold_solves() == 0);
}

TEST_CASE("bound-change chain: children read their parent's changes and their own") {
  using bnb::BoundChange;
  auto same = [](const std::vector<BoundChange>& a, const std::vector<BoundChange>& b) {
    if (a.size() != b.size()) return false;
    for (size_t k = 0; k < a.size(); ++k)
      if (a[k].column != b[k].column || a[k].lower != b[k].lower || a[k].upper != b[k].upper) return false;
    return true;
  };
  bnb::Node root;
  CHECK(bnb::node_changes(root).empty());
  // The root derived two changes; its children each add their branch.
  std::vector<BoundChange> at_root = {{0, 1, INFINITY}, {2, -INFINITY, 4}};
  const auto root_link = bnb::extend_path(root.path, at_root);
  REQUIRE(root_link != nullptr);
  CHECK(root_link->total == 2);
  bnb::Node down, up;
  down.path = up.path = root_link;
  down.changes = {{1, -INFINITY, 0}};
  up.changes = {{1, 1, INFINITY}};
  CHECK(same(bnb::node_changes(down), {{0, 1, INFINITY}, {2, -INFINITY, 4}, {1, -INFINITY, 0}}));
  CHECK(same(bnb::node_changes(up), {{0, 1, INFINITY}, {2, -INFINITY, 4}, {1, 1, INFINITY}}));
  // The up child derives one more change: its link holds only what is new,
  // and its child reads the whole path in order.
  std::vector<BoundChange> at_up = bnb::node_changes(up);
  at_up.push_back({3, 2, 2});
  const auto up_link = bnb::extend_path(up.path, at_up);
  CHECK(up_link->parent == root_link);
  CHECK(up_link->changes.size() == 2);
  CHECK(up_link->total == 4);
  bnb::Node grandchild;
  grandchild.path = up_link;
  grandchild.changes = {{2, 3, INFINITY}};
  CHECK(same(bnb::node_changes(grandchild),
             {{0, 1, INFINITY}, {2, -INFINITY, 4}, {1, 1, INFINITY}, {3, 2, 2}, {2, 3, INFINITY}}));
  // A node that added nothing passes its own link on.
  CHECK(bnb::extend_path(root_link, at_root) == root_link);
}

TEST_CASE("bound-change chain: compaction keeps the net bounds and the tail") {
  using bnb::BoundChange;
  // The net bounds a log gives over 4 columns, from [-inf, inf].
  auto net = [](const std::vector<BoundChange>& log) {
    std::vector<double> lower(4, -INFINITY), upper(4, INFINITY);
    for (const BoundChange& c : log) {
      lower[static_cast<size_t>(c.column)] = std::max(lower[static_cast<size_t>(c.column)], c.lower);
      upper[static_cast<size_t>(c.column)] = std::min(upper[static_cast<size_t>(c.column)], c.upper);
    }
    return std::make_pair(lower, upper);
  };
  std::vector<BoundChange> log = {{2, 1, INFINITY},  {0, -INFINITY, 5}, {2, 2, 9}, {0, -INFINITY, 4},
                                  {2, -INFINITY, 7}, {0, 1, INFINITY},  {3, 0, 0}};
  const auto before = net(log);
  // A prefix of 6 entries over 2 columns becomes 2; the seventh entry stays after them.
  size_t prefix = 6;
  REQUIRE(bnb::compact_bound_changes(log, prefix));
  CHECK(prefix == 2);
  REQUIRE(log.size() == 3);
  CHECK(log[0].column == 0);
  CHECK(log[0].lower == 1);
  CHECK(log[0].upper == 4);
  CHECK(log[1].column == 2);
  CHECK(log[1].lower == 2);
  CHECK(log[1].upper == 7);
  CHECK(log[2].column == 3);
  CHECK(net(log) == before);
  // At most twice as many entries as columns: left as it is.
  std::vector<BoundChange> short_log = {{1, 0, 1}, {2, 0, 3}, {1, 0, 0}};
  size_t short_prefix = 3;
  CHECK_FALSE(bnb::compact_bound_changes(short_log, short_prefix));
  CHECK(short_prefix == 3);
  CHECK(short_log.size() == 3);
}

namespace {

// Columns: binaries first (`binaries` of them), then continuous [0, 1] ones.
lp::LinearProgram branching_model(const std::vector<std::vector<double>>& rows, const std::vector<double>& lower,
                                  const std::vector<double>& upper, const std::vector<double>& cost, int binaries) {
  lp::LinearProgram lp;
  lp.resize(static_cast<int>(rows.size()), static_cast<int>(cost.size()));
  for (size_t i = 0; i < rows.size(); ++i) {
    for (size_t j = 0; j < cost.size(); ++j)
      if (rows[i][j] != 0.0) lp.set_coefficient(static_cast<int>(i), static_cast<int>(j), rows[i][j]);
    lp.row_lower[static_cast<int>(i)] = lower[i];
    lp.row_upper[static_cast<int>(i)] = upper[i];
  }
  for (size_t j = 0; j < cost.size(); ++j) {
    lp.c[static_cast<int>(j)] = cost[j];
    lp.col_upper[static_cast<int>(j)] = 1.0;
    lp.is_integer[j] = static_cast<char>(static_cast<int>(j) < binaries);
  }
  return lp;
}

// Appends two general integers g, h in [0, 5] at cost -0.1 each and the row
// g + h + a x <= rhs, so that a child whose binaries leave the row more room
// than the root's (a x smaller than at the root) stops at a fractional g or
// h: a child of the branching models' that would otherwise be integral (and
// become the incumbent, emptying its side) stays a plain child. At the root
// the row leaves g + h an integer, and g takes it.
lp::LinearProgram with_fraction_gadget(lp::LinearProgram lp, const std::vector<double>& a, double rhs) {
  const int n = lp.num_cols(), m = lp.num_rows();
  lp::LinearProgram out;
  out.resize(m + 1, n + 2);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j)
      if (lp.coefficient(i, j) != 0.0) out.set_coefficient(i, j, lp.coefficient(i, j));
    out.row_lower[i] = lp.row_lower[i];
    out.row_upper[i] = lp.row_upper[i];
  }
  for (int j = 0; j < n; ++j) {
    out.c[j] = lp.c[j];
    out.col_lower[j] = lp.col_lower[j];
    out.col_upper[j] = lp.col_upper[j];
    out.is_integer[uz(j)] = lp.is_integer[uz(j)];
    if (a[uz(j)] != 0.0) out.set_coefficient(m, j, a[uz(j)]);
  }
  for (int j : {n, n + 1}) {
    out.c[j] = -0.1;
    out.col_upper[j] = 5.0;
    out.is_integer[uz(j)] = 1;
    out.set_coefficient(m, j, 1.0);
  }
  out.row_lower[m] = -lp::kInfinity;
  out.row_upper[m] = rhs;
  return out;
}

// One branching decision by `rule` at the root of `model`, whose root LP has
// column 0 at 0.5. Probing is off: it would settle these tiny models first.
struct RootBranching {
  lp::LinearProgram lp;
  bnb::MilpOptions options;
  std::unique_ptr<bnb::SearchState> state;
  bnb::BranchingDecision decision;
  explicit RootBranching(lp::LinearProgram model, bnb::BranchingRule rule = bnb::BranchingRule::kBatch)
      : lp(std::move(model)) {
    options.probing = false;
    options.branching = rule;
    state = std::make_unique<bnb::SearchState>(lp, options);
    REQUIRE(state->solve_lp(nullptr) == lp::LpStatus::kOptimal);
    const Eigen::VectorXd x = state->relaxation.values();
    REQUIRE(x[0] == doctest::Approx(0.5));
    decision = bnb::choose_branching(*state, state->fractional_columns(x), x, state->relaxation.objective(), {});
  }
};

}  // namespace

TEST_CASE("branching: a strong-branching child that is infeasible fixes the other side (both rules)") {
  // min x, x binary, y and z in [0, 1]: y <= x, z <= x, y + z >= 1. No single
  // row fixes x (probing would, and is off); the root LP has x = 0.5, and the
  // child x = 0 is infeasible: the node keeps x = 1 and does not branch.
  // The batch rule solves both children; the per-child rule solves the down
  // child first, and the column leaves the candidates once it is empty.
  const double inf = lp::kInfinity;
  for (const bnb::BranchingRule rule : {bnb::BranchingRule::kBatch, bnb::BranchingRule::kPerChild}) {
    INFO("rule " << static_cast<int>(rule));
    const RootBranching root(with_fraction_gadget(branching_model({{-1, 1, 0}, {-1, 0, 1}, {0, 1, 1}}, {-inf, -inf, 1},
                                                                  {0, 0, inf}, {1, 0, 0}, 1),
                                                  {1, 0, 0}, 2.5),
                             rule);
    const bnb::BranchingDecision& decision = root.decision;
    CHECK(decision.column == -1);
    CHECK_FALSE(decision.improved);
    CHECK_FALSE(decision.settled);
    REQUIRE(decision.fixings.size() == 1);
    CHECK(decision.fixings[0].column == 0);
    CHECK(decision.fixings[0].lower == 1.0);
    CHECK(decision.children_solved == (rule == bnb::BranchingRule::kBatch ? 2 : 1));
    // The relaxation is back at the node's bounds.
    CHECK(root.state->relaxation.lower(0) == 0.0);
    CHECK(root.state->relaxation.upper(0) == 1.0);
  }
}

TEST_CASE("branching: strong-branching children solved to optimality give their bounds") {
  // min x + 3w, both binary: 2x + 2w >= 1, with the gadget (g + h <= 2.5 - x,
  // each at -0.1). Root LP: x = 0.5, g = 2 (0.3). Child x = 0 needs w = 0.5
  // by its LP alone and lets g + h reach 2.5 (1.25); child x = 1 costs 1 -
  // 0.15. The per-child rule propagates the child first (w >= 0.5, so w = 1
  // as an integer): its down child costs 3 - 0.25.
  const double inf = lp::kInfinity;
  for (const bnb::BranchingRule rule : {bnb::BranchingRule::kBatch, bnb::BranchingRule::kPerChild}) {
    INFO("rule " << static_cast<int>(rule));
    const RootBranching root(with_fraction_gadget(branching_model({{2, 2}}, {1}, {inf}, {1, 3}, 2), {1, 0}, 2.5), rule);
    const bnb::BranchingDecision& decision = root.decision;
    CHECK(decision.column == 0);
    CHECK(decision.fixings.empty());
    CHECK(decision.children_solved == 2);
    CHECK(decision.down_bound == doctest::Approx(rule == bnb::BranchingRule::kBatch ? 1.25 : 2.75));
    CHECK(decision.up_bound == doctest::Approx(0.85));
    CHECK_FALSE(root.state->has_incumbent);
    CHECK(root.state->strong_branching_iterations > 0);
  }
}

TEST_CASE("branching, per child: a child's solution bounds the gains of the columns it leaves at a side") {
  // max x0 + x1 + x2 over binaries with every pair summing to at most 1 (and
  // the gadget, g + h <= 3.5 - x0 - x1 - x2): the root LP is (0.5, 0.5, 0.5),
  // g = 2 at -1.7, and every child of it reaches -1.25 (gain 0.45). Child x0 = 0 stops at (0, 1, 0) or (0, 0, 1), child
  // x0 = 1 at (1, 0, 0): each leaves x1 and x2 at one of their sides, which can then gain at most 0.5. One of x1, x2
  // has both sides bounded so; the other's up side is still unknown and is solved (its down side stays bounded). Then
  // no column can outrank x0 (both its gains 0.5; ties keep the lower column): three children, not six, and one
  // observation for x1 and x2 together.
  const double inf = lp::kInfinity;
  const RootBranching root(with_fraction_gadget(branching_model({{1, 1, 0}, {1, 0, 1}, {0, 1, 1}}, {-inf, -inf, -inf},
                                                                {1, 1, 1}, {-1, -1, -1}, 3),
                                                {1, 1, 1}, 3.5),
                           bnb::BranchingRule::kPerChild);
  const bnb::BranchingDecision& decision = root.decision;
  CHECK(decision.column == 0);
  CHECK(decision.children_solved == 3);
  CHECK(decision.down_bound == doctest::Approx(-1.25));
  CHECK(decision.up_bound == doctest::Approx(-1.25));
  int observations = 0;
  for (int j : {1, 2})
    for (bool up : {false, true}) observations += root.state->pseudocosts.observations(j, up);
  CHECK(observations == 1);
}

TEST_CASE("branching: an integral strong-branching child becomes the incumbent and empties its side (both rules)") {
  // min x + 3w, both binary: 2x + 2w >= 1; root LP x = 0.5. The batch rule
  // solves x = 0 (w = 0.5, 1.5) and then x = 1, whose point (1, 0) is
  // integral: the incumbent at 1, so that side holds nothing better and the
  // node keeps x = 0. The per-child rule solves x = 0 first, propagated to
  // w = 1: the point (0, 1) is integral, the incumbent at 3, and the node
  // keeps x = 1. Either way the search learns a solution without a node.
  const double inf = lp::kInfinity;
  for (const bnb::BranchingRule rule : {bnb::BranchingRule::kBatch, bnb::BranchingRule::kPerChild}) {
    INFO("rule " << static_cast<int>(rule));
    const bool batch = rule == bnb::BranchingRule::kBatch;
    const RootBranching root(branching_model({{2, 2}}, {1}, {inf}, {1, 3}, 2), rule);
    const bnb::BranchingDecision& decision = root.decision;
    CHECK(decision.improved);
    REQUIRE(root.state->has_incumbent);
    CHECK(root.state->incumbent_value == doctest::Approx(batch ? 1.0 : 3.0));
    CHECK(root.state->incumbent[0] == (batch ? 1.0 : 0.0));
    CHECK(decision.column == -1);
    CHECK_FALSE(decision.settled);
    REQUIRE(decision.fixings.size() == 1);
    CHECK(decision.fixings[0].column == 0);
    CHECK(decision.fixings[0].lower == (batch ? -inf : 1.0));
    CHECK(decision.fixings[0].upper == (batch ? 0.0 : inf));
    CHECK(decision.children_solved == (batch ? 2 : 1));
  }
}

TEST_CASE("branching, per child: no child for a side evaluated at the node or observed pseudocost_reliability times") {
  // The model of the bounds test: the root's per-child choice solves both
  // children of x (one observation a side, below the 8 that make a side
  // reliable). Chosen again at the same node, as after fixings, x's sides
  // are known from those observations: no child is solved, x is still the
  // branching column, at the node's own bound. A new node starts afresh.
  const double inf = lp::kInfinity;
  RootBranching root(with_fraction_gadget(branching_model({{2, 2}}, {1}, {inf}, {1, 3}, 2), {1, 0}, 2.5),
                     bnb::BranchingRule::kPerChild);
  REQUIRE(root.decision.children_solved == 2);
  bnb::SearchState& state = *root.state;
  CHECK(state.evaluated_at_node.contains(0, false));
  CHECK(state.evaluated_at_node.contains(0, true));
  CHECK_FALSE(state.evaluated_at_node.contains(1, false));
  REQUIRE(state.solve_lp(nullptr) == lp::LpStatus::kOptimal);  // the node's optimum again
  const Eigen::VectorXd x = state.relaxation.values();
  REQUIRE(x[0] == doctest::Approx(0.5));
  const double objective = state.relaxation.objective();
  const long iterations = state.strong_branching_iterations;
  const bnb::BranchingDecision again = bnb::choose_branching(state, state.fractional_columns(x), x, objective, {});
  CHECK(again.children_solved == 0);
  CHECK(state.strong_branching_iterations == iterations);
  CHECK(again.column == 0);
  CHECK(again.down_bound == doctest::Approx(objective));
  state.evaluated_at_node.clear();
  CHECK_FALSE(state.evaluated_at_node.contains(0, false));
  const bnb::BranchingDecision fresh = bnb::choose_branching(state, state.fractional_columns(x), x, objective, {});
  CHECK(fresh.children_solved == 2);
  // Two observations a side now: with pseudocost_reliability 2 (as with 1,
  // the sub-MIPs' setting) a new node trusts them and solves no child.
  state.evaluated_at_node.clear();
  root.options.pseudocost_reliability = 2;
  const bnb::BranchingDecision trusted = bnb::choose_branching(state, state.fractional_columns(x), x, objective, {});
  CHECK(trusted.children_solved == 0);
  CHECK(trusted.column == 0);
}

TEST_CASE("branching, per child: past its iteration budget strong branching stops and pseudocosts choose") {
  // The model of the infeasible-child test, with the budget spent: no child
  // is looked at, so the empty side goes unseen and column 0 (the only
  // fractional one) is branched on with the node's own bound on both sides.
  const double inf = lp::kInfinity;
  const lp::LinearProgram lp =
      branching_model({{-1, 1, 0}, {-1, 0, 1}, {0, 1, 1}}, {-inf, -inf, 1}, {0, 0, inf}, {1, 0, 0}, 1);
  bnb::MilpOptions options;
  options.probing = false;
  options.branching = bnb::BranchingRule::kPerChild;
  bnb::SearchState state(lp, options);
  REQUIRE(state.solve_lp(nullptr) == lp::LpStatus::kOptimal);
  const Eigen::VectorXd x = state.relaxation.values();
  const double objective = state.relaxation.objective();
  state.strong_branching_iterations = 1000000000;
  const bnb::BranchingDecision decision = bnb::choose_branching(state, state.fractional_columns(x), x, objective, {});
  CHECK(decision.column == 0);
  CHECK(decision.children_solved == 0);
  CHECK(decision.fixings.empty());
  CHECK(decision.down_bound == doctest::Approx(objective));
  CHECK(decision.up_bound == doctest::Approx(objective));
}

TEST_CASE("bound-change chain: a very deep chain is released without recursion") {
  // 300,000 links, one change each: released link by link through the shared
  // pointers' destructors this would recurse 300,000 frames deep (beyond
  // the stack, and so a crash, under the sanitizers at least).
  std::shared_ptr<const bnb::ChangeLink> path;
  std::vector<bnb::BoundChange> all;
  for (int level = 0; level < 300000; ++level) {
    all.push_back({level % 7, 0.0, 1.0});
    path = bnb::extend_path(path, all);
  }
  bnb::Node leaf;
  leaf.path = path;
  CHECK(bnb::node_changes(leaf).size() == 300000);
  path.reset();
  leaf.path.reset();  // the whole chain goes here
  CHECK(leaf.path == nullptr);
}

TEST_CASE("reduced-cost bounds: the worked example") {
  // z = 10 at x = (0, 5, 3): column 0 at its lower bound with d = 2, column
  // 1 at its upper bound with d = -1, column 2 basic.
  bnb::LpOptimum lp;
  lp.objective = 10.0;
  lp.values = Eigen::Vector3d(0.0, 5.0, 3.0);
  lp.reduced_costs = Eigen::Vector3d(2.0, -1.0, 0.0);
  lp.lower = Eigen::Vector3d(0.0, 0.0, 0.0);
  lp.upper = Eigen::Vector3d(10.0, 5.0, 10.0);
  std::vector<bnb::ReducedCostBound> found;
  const auto collect = [&](const bnb::ReducedCostBound& b) { found.push_back(b); };
  bnb::reduced_cost_bounds(lp, {0, 1, 2}, 12.0, lp.lower, lp.upper, collect);
  REQUIRE(found.size() == 2);
  CHECK(found[0].column == 0);
  CHECK(found[0].upper);
  CHECK(found[0].bound == 1.0);           // 0 + floor(2 / 2)
  CHECK(found[0].removed_bound == 14.0);  // x0 >= 2 costs at least 10 + 2 * 2
  CHECK(found[1].column == 1);
  CHECK_FALSE(found[1].upper);
  CHECK(found[1].bound == 3.0);           // 5 - floor(2 / 1)
  CHECK(found[1].removed_bound == 13.0);  // x1 <= 2 costs at least 10 + 1 * 3
  // A box already tighter than the new bound: nothing; no cutoff: nothing.
  found.clear();
  Eigen::VectorXd upper = lp.upper;
  upper[0] = 1.0;
  bnb::reduced_cost_bounds(lp, {0}, 12.0, lp.lower, upper, collect);
  CHECK(found.empty());
  bnb::reduced_cost_bounds(lp, {0, 1}, INFINITY, lp.lower, lp.upper, collect);
  CHECK(found.empty());
}

TEST_CASE("reduced-cost bounds: every integer point that beats the cutoff keeps them (random models)") {
  // Three integer columns in [0, 4], two random rows; the LP optimum's
  // bounds against a cutoff between the LP and the integer optimum must keep
  // every integer point of the rows whose objective is below the cutoff, and
  // each removed point must cost at least its removed_bound.
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coef(-4, 4), cost(1, 9);
  int tightened = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<std::vector<double>> rows(2, std::vector<double>(3));
    for (auto& row : rows)
      for (double& a : row) a = coef(rng);
    std::vector<double> c(3);
    for (double& v : c) v = cost(rng) * (coef(rng) < 0 ? -1.0 : 1.0);
    lp::LinearProgram model = test::make_lp(rows, {-lp::kInfinity, 1.0}, {6.0, lp::kInfinity}, c, {0, 0, 0}, {4, 4, 4});
    model.is_integer = {1, 1, 1};
    Deadline no_limit;
    bnb::LpRelaxation relaxation(model, &no_limit);
    if (relaxation.resolve(nullptr, 1000) != lp::LpStatus::kOptimal) continue;
    bnb::LpOptimum lp;
    lp.objective = relaxation.objective();
    lp.values = relaxation.values();
    lp.reduced_costs = relaxation.reduced_costs();
    lp.lower = relaxation.lower();
    lp.upper = relaxation.upper();
    const double cutoff = lp.objective + 3.0;
    Eigen::VectorXd lower = lp.lower, upper = lp.upper;
    std::vector<bnb::ReducedCostBound> found;
    bnb::reduced_cost_bounds(lp, {0, 1, 2}, cutoff, lower, upper, [&](const bnb::ReducedCostBound& b) {
      found.push_back(b);
      (b.upper ? upper[b.column] : lower[b.column]) = b.bound;
    });
    tightened += found.empty() ? 0 : 1;
    for (int a = 0; a <= 4; ++a)
      for (int b = 0; b <= 4; ++b)
        for (int d = 0; d <= 4; ++d) {
          const Eigen::Vector3d x(a, b, d);
          bool feasible = true;
          for (int i = 0; i < 2; ++i) {
            double activity = 0;
            for (int j = 0; j < 3; ++j) activity += rows[i][j] * x[j];
            feasible = feasible && activity >= model.row_lower[i] && activity <= model.row_upper[i];
          }
          if (!feasible) continue;
          const double value = Eigen::Map<const Eigen::Vector3d>(c.data()).dot(x);
          const bool kept = (x.array() >= lower.array()).all() && (x.array() <= upper.array()).all();
          if (value < cutoff) CHECK(kept);
          for (const bnb::ReducedCostBound& r : found) {
            const bool removed = r.upper ? x[r.column] > r.bound : x[r.column] < r.bound;
            if (removed) CHECK(value >= r.removed_bound - 1e-9);
          }
        }
  }
  CHECK(tightened >= 20);  // the property was exercised
}
