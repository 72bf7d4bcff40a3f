// The branch-and-bound driver: root solve and heuristics, then best-first
// search with plunging (a node's preferred child is solved right away, on the
// live factorisation, while its bound stays close to the best open bound).
//
// Pruning: a node whose bound reaches exact_cutoff() cannot improve on the
// incumbent; one between gap_cutoff() and exact_cutoff() could, by less than
// the requested gap: it is dropped too, and its bound is remembered so the
// reported bound and gap stay honest. A node is pruned as infeasible only on
// the LP's kInfeasible verdict; a node whose LP cannot be solved (after the
// relaxation's own fallbacks) keeps its bound as "unresolved", so the search
// never ends with a verdict it has not proven. A time limit reached anywhere
// (also inside an LP) ends the search as time_limit with incumbent and bound.
//
// A model without integer columns is an LP: it goes through lp::solve_lp,
// the checked LP path (unscaled retry, dual check). A MILP is presolved first
// (bnb/root_presolve.h) unless MilpOptions::presolve is off.
//
// Semi-continuous columns (x = 0 or l <= x <= u) make a model a MILP too: the
// LP relaxes them to [min(0, l), max(0, u)], and a node whose point has one
// strictly between is branched into x = 0 and l <= x <= u, before any
// fractional integer column. Such models skip root presolve and root cuts.
#include "bnb/branch_and_bound.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>

#include "bnb/bound_changes.h"
#include "bnb/branching.h"
#include "bnb/feasibility_pump.h"
#include "bnb/heuristics.h"
#include "bnb/node_cuts.h"
#include "bnb/node_queue.h"
#include "bnb/reduced_cost_bounds.h"
#include "bnb/root_cuts.h"
#include "bnb/root_presolve.h"
#include "bnb/root_restart.h"
#include "bnb/search_state.h"
#include "common/index.h"
#include "lp/simplex.h"
#include "lp/solution_check.h"
#include "lp/tolerances.h"

namespace milpsac::bnb {

namespace {

enum class Stop { kNone, kTime, kNodes, kGap, kNumerical, kRestart };

constexpr long kRinsNodes = 500;  // node budget of one RINS sub-MIP
// And its LP iteration budget: the search's own iterations so far, at least
// kRinsMinIterations. The node budget alone let cod105's first RINS run
// for over 100 s (its sub-MIP nodes strong-branch on a dense LP of seconds),
// so the search never got past node 1 in 120 s. A floor of 2,000 cut short
// the sub-MIPs that find fixnet6's, dsbmip's and gesa2_o's solutions (135 ->
// 310, 1 -> 26, 5,128 -> 5,431 nodes); at 50,000 they are as before.
constexpr long kRinsMinIterations = 50000;
// The feasibility pump at the root: an LP iteration budget of a multiple of
// the root LP's iterations, and no share of the time: a time share (10 % of
// what was left) made the search depend on the machine's load (10teams
// proved in 14 s at a 30 s limit on an idle machine and not at all beside
// another run, its pump cut short), and air04's pump, cut at 10 %, found
// nothing in 30 s. Without it, the same 47 of the 53 proven at 30 s, the same
// trees, and air04 proves at 60 s (its pump: 12 rounds, 33,218 iterations,
// 14 s). The pumps that find a point do so within 12x the root's iterations
// (10teams 11.8x, misc03 4.7x, misc07 3.3x, the others under 1.5x).
constexpr long kPumpIterationsPerRootIteration = 25;
constexpr long kPumpMinIterations = 100000;

class Search {
 public:
  // `node_cuts_pay`: NodeCuts::pays_on as a restarted search's first root
  // decided it (RestartPoint::node_cuts_pay); unset: decided at this root.
  Search(const lp::LinearProgram& lp, const MilpOptions& options, std::optional<bool> node_cuts_pay = std::nullopt)
      : state_(lp, options), node_cuts_pay_(node_cuts_pay) {}
  MilpResult run();
  // Set when the search stopped at its root to restart (root_restart.h).
  const std::optional<RestartPoint>& restart() const { return restart_; }

 private:
  // Solve one node (`plunge_start`: taken from the queue, not plunged
  // into); returns the child to plunge into, if any. Its steps follow; a
  // step that settles the node returns false and leaves what process
  // returns in `settled` (nothing, or the node kept open on a stop).
  std::optional<Node> process(Node node, bool plunge_start);
  // The node's LP point and the columns that keep it from being a solution.
  struct NodePoint {
    Eigen::VectorXd x;
    std::vector<int> fractional;
    std::vector<int> semicontinuous;
    bool integral() const { return fractional.empty() && semicontinuous.empty(); }
  };
  NodePoint read_point() const;
  // The node's first LP: true when it is optimal.
  bool solve_node_lp(Node& node, std::optional<Node>& settled);
  // Node separation (node_cuts.h) at a plunge's first node: true when the
  // node goes on (`objective` and `point` re-read after the cuts).
  bool cut_node(Node& node, double& objective, NodePoint& point, std::optional<Node>& settled);
  // The node's stored basis carried to the LP's current rows, or null (the
  // live one) when it cannot be.
  const lp::Basis* fitting_basis(const Node& node) {
    if (!node.basis || !node.basis_rows) return nullptr;
    return state_.relaxation.carry_basis(*node.basis, *node.basis_rows, carried_basis_);
  }
  // The LP point is a solution of the relaxation's integrality: offer it.
  void settle_integral(const Eigen::VectorXd& x, double objective);
  // Diving and (at the root) the feasibility pump, then the node's LP again
  // (the dive moved it): true when the node goes on to branching.
  bool dive_and_pump(Node& node, const std::vector<BoundChange>& changes, double objective, NodePoint& point,
                     std::optional<Node>& settled);
  // RINS at the root and then at geometrically spaced node counts: true when
  // the node goes on to branching.
  bool run_rins(const Eigen::VectorXd& x, double objective);
  // RENS once, at the root (after diving and the pump): true when the root
  // goes on.
  bool run_rens(const Eigen::VectorXd& x, double objective);
  // Feasibility Jump at the root when nothing before it found an incumbent
  // (jump_for_incumbent); false when the node is settled by what it found.
  bool run_feasibility_jump(double objective);
  // After a sub-MIP heuristic (`found`: it improved the incumbent): prune
  // the queue, report the incumbent as `name`'s, and settle the node in hand
  // (false) when the new cutoff reaches its bound `objective`.
  bool after_sub_mip(bool found, const char* name, double objective);
  // The LP iteration budget of a RINS or RENS sub-MIP.
  long sub_mip_iterations() const { return std::max(kRinsMinIterations, state_.relaxation.iterations()); }
  // Branch on the node's point: returns the child to plunge into, if any.
  // `changes` are all the node's changes (node_changes and what propagation
  // appended), the first `propagated` of them at a propagation fixed point.
  std::optional<Node> branch(const Node& node, std::vector<BoundChange> changes, size_t propagated,
                             const NodePoint& point, double objective);
  void push(Node node) { queue_.push(std::move(node)); }
  void record_pruned(double bound) {
    if (bound < state_.exact_cutoff()) gap_pruned_bound_ = std::min(gap_pruned_bound_, bound);
  }
  void prune_queue() { record_pruned(queue_.prune(state_.cutoff())); }
  // Append the bound changes the reduced costs at the node's LP optimum
  // (value `objective`) imply for nodes that are to beat `cutoff`.
  void reduced_cost_fixing(std::vector<BoundChange>& changes, double objective, double cutoff);
  // The live LP optimum (value `objective`) as reduced_cost_bounds reads it.
  LpOptimum live_optimum(double objective) const;
  // Keep the root's final LP optimum and tighten the global bounds by it
  // (reduced_cost_bounds.h); tighten_by_root_costs() again for each better
  // incumbent.
  void keep_root_optimum(double objective);
  void tighten_by_root_costs();
  // At the root, before branching: when the root's fixings with reduced-cost
  // fixing against the incumbent's value fix enough of the free integer
  // columns (worth_a_restart), keep the node open, set restart_ and
  // stop (true).
  bool restart_root(Node& node, const std::vector<BoundChange>& changes, double objective);
  // The root after its heuristics, which may have found an incumbent: weak
  // cuts are undone (undo_weak_cuts decides with that incumbent's gap). True
  // when the root goes on to branching (`objective` and `point` re-read).
  bool finish_root(double& objective, NodePoint& point);
  void report_cut_round(const RootCutRound& round);
  double lower_bound() const { return std::min({queue_.best_bound(), gap_pruned_bound_, unresolved_bound_}); }
  MilpResult finish(MilpStatus status);
  // The node LP's optimum x (value `objective`) is integral but fails the
  // check on the original rows.
  void settle_rejected_point(const Eigen::VectorXd& x, double objective);
  // The time limit struck while `node` was being processed: keep it open (its
  // bound stays in the reported lower bound) and stop.
  std::optional<Node> stop_for_time(Node node) {
    stop_ = Stop::kTime;
    push(std::move(node));
    return std::nullopt;
  }
  // Branch on semi-continuous column j (neither 0 nor on at x): children
  // x_j = 0 and x_j in its on interval, each only where the node's bounds
  // allow it. Returns the child to plunge into, if any.
  std::optional<Node> branch_semicontinuous(const Node& node, const std::shared_ptr<const ChangeLink>& path,
                                            size_t propagated, int j, const Eigen::VectorXd& x, double objective);
  // Park `other` (if any) and return `next` to plunge into while its bound
  // stays close to the best open bound, else park it too.
  std::optional<Node> plunge_or_park(std::optional<Node> next, std::optional<Node> other);
  void report_progress(bool force);
  // The snapshot every report starts from.
  MilpProgress snapshot();
  // The best bound proven so far (minimisation sense): `lower` or an earlier
  // one, whichever is higher. Every bound the search ever proved stays
  // proven (a cut round's LP value holds after the cut loop drops rows), so
  // reports never show a bound going down. The search decides on
  // lower_bound(), as before; this one is also the bound of a root stopped
  // before it was queued (finish_unsettled_root).
  double proven_lower(double lower) {
    proven_lower_ = std::max(proven_lower_, lower);
    return proven_lower_;
  }
  // The search stops before its root node is queued (time ran out in the
  // root LP or its cut loop, or the loop failed): the root is still open
  // with the best bound proven so far. Without this the bound of an empty
  // queue (+inf) was capped at the incumbent: h80x6320d's restarted root,
  // stopped in its cut loop at 6,361.3, reported 6,382.1 and a gap of 0.
  MilpResult finish_unsettled_root(MilpStatus status) {
    unresolved_bound_ = std::min(unresolved_bound_, proven_lower_);
    return finish(status);
  }
  // A root event (MilpEvent), reported whatever the interval.
  void report_event(MilpProgress p) const {
    if (state_.options.progress) state_.options.progress(p);
  }
  // After a step that may have found a better solution: report it, named.
  void note_incumbent(const char* found_by) {
    if (state_.incumbent_updates == reported_incumbents_) return;
    reported_incumbents_ = state_.incumbent_updates;
    tighten_by_root_costs();
    MilpProgress p = snapshot();
    p.event = MilpEvent::kIncumbent;
    p.found_by = found_by;
    report_event(p);
    if (state_.options.incumbent) state_.options.incumbent(p, state_.incumbent);
  }
  void polish_incumbent();
  PumpLimits pump_limits() const {
    PumpLimits limits;
    limits.max_lp_iterations =
        std::max(kPumpMinIterations, kPumpIterationsPerRootIteration * state_.relaxation.iterations());
    // A distance LP may need as many iterations as the root's LPs so far
    // (air05: every distance LP failed at 5,000 and the pump gave up).
    limits.max_iterations_per_lp = std::max(limits.max_iterations_per_lp, state_.relaxation.iterations());
    return limits;
  }

  SearchState state_;
  NodeQueue queue_;
  long next_id_ = 0;
  lp::Basis carried_basis_;  // fitting_basis's result when the rows changed
  long nodes_ = 0;
  long resolves_ = 0;  // of nodes_, MilpResult::resolves
  double gap_pruned_bound_ = INFINITY;
  double unresolved_bound_ = INFINITY;
  double root_bound_ = -INFINITY;     // root node bound after its LP (and root tightening)
  double root_lp_bound_ = -INFINITY;  // the first root LP, before anything else
  double next_report_ = 0.0;
  long reported_incumbents_ = 0;  // state_.incumbent_updates already reported
  // The bound of the node in hand (being processed, or the child plunged
  // into), which is in no queue: reports take it into their bound.
  double in_hand_bound_ = INFINITY;
  double proven_lower_ = -INFINITY;  // see proven_lower
  long next_rins_ = 0;               // RINS runs at the first node past this count
  Stop stop_ = Stop::kNone;
  int pump_rounds_ = 0;
  bool pump_found_ = false;
  RootCutResult root_cuts_;            // the root cut loop's, for undo_weak_cuts
  std::optional<NodeCuts> node_cuts_;  // when MilpOptions::node_cuts and the root loop ran
  std::optional<bool> node_cuts_pay_;  // NodeCuts::pays_on, once decided
  std::optional<RestartPoint> restart_;
  std::optional<LpOptimum> root_optimum_;  // keep_root_optimum
};

LpOptimum Search::live_optimum(double objective) const {
  LpOptimum lp;
  lp.objective = objective;
  lp.values = state_.relaxation.values();
  lp.reduced_costs = state_.relaxation.reduced_costs();
  lp.lower = state_.relaxation.lower();
  lp.upper = state_.relaxation.upper();
  return lp;
}

void Search::reduced_cost_fixing(std::vector<BoundChange>& changes, double objective, double cutoff) {
  const LpOptimum lp = live_optimum(objective);
  reduced_cost_bounds(lp, state_.integer_cols, cutoff, lp.lower, lp.upper, [&](const ReducedCostBound& b) {
    changes.push_back(b.upper ? BoundChange{b.column, -INFINITY, b.bound} : BoundChange{b.column, b.bound, INFINITY});
    record_pruned(b.removed_bound);
  });
}

void Search::keep_root_optimum(double objective) {
  // Semi-continuous columns' root bounds are their relaxation's, not their
  // domains: left alone, as the pump and restarts leave them.
  if (!state_.semicontinuous_cols.empty() || root_optimum_) return;
  root_optimum_ = live_optimum(objective);
  tighten_by_root_costs();
}

void Search::tighten_by_root_costs() {
  if (!root_optimum_ || !state_.has_incumbent) return;
  reduced_cost_bounds(*root_optimum_, state_.integer_cols, state_.cutoff(), state_.root_lower, state_.root_upper,
                      [&](const ReducedCostBound& b) {
                        const int j = b.column;
                        // A bound past the other one would leave no point better
                        // than the cutoff at all; the search proves that itself.
                        if (b.upper ? b.bound < state_.root_lower[j] : b.bound > state_.root_upper[j]) return;
                        (b.upper ? state_.root_upper[j] : state_.root_lower[j]) = b.bound;
                        record_pruned(b.removed_bound);
                      });
}

void Search::report_cut_round(const RootCutRound& round) {
  in_hand_bound_ = std::max(in_hand_bound_, round.bound);
  MilpProgress p = snapshot();
  p.event = MilpEvent::kCutRound;
  p.cut_round = round.round;
  p.cuts_added = round.cuts_added;
  p.cut_rows = round.cut_rows;
  p.bound = state_.sign * std::min(proven_lower(round.bound), state_.has_incumbent ? state_.incumbent_value : INFINITY);
  report_event(p);
}

bool Search::finish_root(double& objective, NodePoint& point) {
  if (!node_cuts_pay_) node_cuts_pay_ = NodeCuts::pays_on(root_lp_bound_, objective, state_);
  if (!*node_cuts_pay_) node_cuts_.reset();
  if (!undo_weak_cuts(state_, root_cuts_)) return true;
  // The root's cuts did not pay on this model: the tree goes without too.
  node_cuts_.reset();
  switch (state_.relaxation.last_status()) {
    case lp::LpStatus::kOptimal:
      break;
    case lp::LpStatus::kCutoff:
      record_pruned(state_.relaxation.objective());
      return false;
    default:
      if (!state_.time_up) unresolved_bound_ = std::min(unresolved_bound_, objective);
      return false;
  }
  // Without the cuts the LP value is lower again; the root bound the search
  // reports keeps the cut one, which the cuts proved.
  objective = state_.relaxation.objective();
  point = read_point();
  if (point.integral()) {
    settle_integral(point.x, objective);
    return false;
  }
  return true;
}

std::optional<Node> Search::process(Node node, bool plunge_start) {
  ++nodes_;
  if (node.resolve) ++resolves_;
  // A resolve straight from its own first pass keeps what that pass's strong
  // branching evaluated (search_state.h); any other node starts afresh.
  if (!node.resolve || plunge_start) state_.evaluated_at_node.clear();
  in_hand_bound_ = node.bound;
  // Propagate the branching (and reduced-cost) bounds on the rows first: a
  // contradiction settles the node without an LP.
  std::vector<BoundChange> changes = node_changes(node);
  // The global bounds may have moved since the node was made (the root's
  // reduced costs against a better incumbent): a node they leave empty holds
  // nothing better, and what they removed was recorded then.
  if (!state_.within_root_bounds(changes)) return std::nullopt;
  if (!state_.propagate(changes, node.propagated)) {
    record_pruned(INFINITY);
    return std::nullopt;
  }
  const size_t propagated = changes.size();
  state_.apply_bounds(changes);
  std::optional<Node> settled;
  if (!solve_node_lp(node, settled)) return settled;
  double objective = state_.relaxation.objective();
  if (node_cuts_) node_cuts_->note_optimum(state_.relaxation);
  if (node.depth == 0) root_bound_ = objective;
  if (node.branch_column >= 0)
    state_.pseudocosts.record(node.branch_column, node.branch_up, node.branch_distance,
                              objective - node.parent_objective);
  if (objective >= state_.cutoff()) {
    record_pruned(objective);
    return std::nullopt;
  }
  NodePoint point = read_point();
  if (point.integral()) {
    settle_integral(point.x, objective);
    return std::nullopt;
  }
  if (plunge_start && !cut_node(node, objective, point, settled)) return settled;
  if (simple_rounding(state_, point.x)) prune_queue();
  note_incumbent("rounding");
  if (node.depth == 0 || (!state_.has_incumbent && node.depth % 8 == 0))
    if (!dive_and_pump(node, changes, objective, point, settled)) return settled;
  if (node.depth == 0 && !run_rens(point.x, objective)) return std::nullopt;
  if (node.depth == 0 && !run_feasibility_jump(objective)) return std::nullopt;
  if (!run_rins(point.x, objective)) return std::nullopt;
  if (node.depth == 0 && !finish_root(objective, point)) {
    if (state_.time_up) return stop_for_time(std::move(node));
    return std::nullopt;
  }
  if (node.depth == 0) keep_root_optimum(objective);
  if (node.depth == 0 && restart_root(node, changes, objective)) return std::nullopt;
  return branch(node, std::move(changes), propagated, point, objective);
}

Search::NodePoint Search::read_point() const {
  NodePoint point;
  point.x = state_.relaxation.values();
  point.fractional = state_.fractional_columns(point.x);
  point.semicontinuous = state_.semicontinuous_violations(point.x);
  return point;
}

bool Search::solve_node_lp(Node& node, std::optional<Node>& settled) {
  switch (state_.solve_lp(fitting_basis(node))) {
    case lp::LpStatus::kOptimal:
      return true;
    case lp::LpStatus::kInfeasible:
      break;
    case lp::LpStatus::kCutoff:
      record_pruned(state_.relaxation.objective());
      break;
    case lp::LpStatus::kTimeLimit:
      settled = stop_for_time(std::move(node));
      break;
    default:
      // The LP failed every rung of the engine's ladder: keep its bound so
      // the result says the search is incomplete, never that it is optimal.
      unresolved_bound_ = std::min(unresolved_bound_, node.bound);
      break;
  }
  return false;
}

bool Search::cut_node(Node& node, double& objective, NodePoint& point, std::optional<Node>& settled) {
  if (!node_cuts_) return true;
  lp::LpStatus status;
  {
    const IterationTally tally(state_.relaxation, state_.separation_iterations);
    status = node_cuts_->separate(state_);
  }
  switch (status) {
    case lp::LpStatus::kOptimal:
      break;
    case lp::LpStatus::kInfeasible:  // the cuts are valid for the whole model
      return false;
    case lp::LpStatus::kCutoff:
      record_pruned(state_.relaxation.objective());
      return false;
    case lp::LpStatus::kTimeLimit:
      settled = stop_for_time(std::move(node));
      return false;
    default:
      unresolved_bound_ = std::min(unresolved_bound_, objective);
      return false;
  }
  objective = state_.relaxation.objective();
  in_hand_bound_ = std::max(in_hand_bound_, objective);
  if (objective >= state_.cutoff()) {
    record_pruned(objective);
    return false;
  }
  point = read_point();
  if (point.integral()) {
    settle_integral(point.x, objective);
    return false;
  }
  return true;
}

void Search::settle_integral(const Eigen::VectorXd& x, double objective) {
  if (state_.offer_solution(x))
    prune_queue();
  else if (!state_.has_incumbent || objective < state_.incumbent_value)
    settle_rejected_point(x, objective);
  note_incumbent("node LP");
}

bool Search::dive_and_pump(Node& node, const std::vector<BoundChange>& changes, double objective, NodePoint& point,
                           std::optional<Node>& settled) {
  const IterationTally tally(state_.relaxation, state_.heuristic_iterations);
  const long budget = std::max(200L, 2 * state_.relaxation.iterations());
  if (fractional_dive(state_, changes, budget)) prune_queue();
  note_incumbent("diving");
  if (state_.time_up) {
    settled = stop_for_time(std::move(node));
    return false;
  }
  // The pump rounds within the model's column bounds, which are not bounds
  // of a semi-continuous column: such models go without it.
  if (node.depth == 0 && !state_.has_incumbent && state_.options.feasibility_pump &&
      state_.semicontinuous_cols.empty()) {
    const PumpResult pump = feasibility_pump(state_, changes, pump_limits());
    pump_rounds_ = pump.rounds;
    pump_found_ = pump.found;
    if (pump.found) prune_queue();
    note_incumbent("feasibility pump");
    if (state_.time_up) {
      settled = stop_for_time(std::move(node));
      return false;
    }
  }
  // The dive moved the LP; restore this node's optimum. With the new
  // incumbent's cutoff the node may now be pruned instead.
  const lp::LpStatus again = state_.solve_lp(nullptr);
  if (again == lp::LpStatus::kTimeLimit) {
    settled = stop_for_time(std::move(node));
    return false;
  }
  if (again == lp::LpStatus::kCutoff) {
    record_pruned(objective);
    return false;
  }
  if (again != lp::LpStatus::kOptimal) {
    unresolved_bound_ = std::min(unresolved_bound_, objective);
    return false;
  }
  point = read_point();
  if (point.integral()) {
    settle_integral(point.x, state_.relaxation.objective());
    return false;
  }
  if (objective >= state_.cutoff()) {
    record_pruned(objective);
    return false;
  }
  return true;
}

bool Search::run_rins(const Eigen::VectorXd& x, double objective) {
  if (!state_.has_incumbent || nodes_ < next_rins_ || state_.deadline.expired()) return true;
  next_rins_ = std::max(2 * nodes_, 100L);
  return after_sub_mip(rins(state_, x, kRinsNodes, sub_mip_iterations()), "RINS", objective);
}

bool Search::after_sub_mip(bool found, const char* name, double objective) {
  if (found) prune_queue();
  note_incumbent(name);
  if (objective >= state_.cutoff()) {
    record_pruned(objective);
    return false;
  }
  return true;
}

bool Search::restart_root(Node& node, const std::vector<BoundChange>& changes, double objective) {
  if (state_.options.root_restarts <= 0 || !state_.has_incumbent || !state_.semicontinuous_cols.empty() ||
      state_.time_up || state_.deadline.expired())
    return false;
  // Against the incumbent's own value (not the gap cutoff): the restarted
  // model then keeps every point better than the incumbent, and the
  // incumbent itself (root_restart.h).
  std::vector<BoundChange> fixings = changes;
  reduced_cost_fixing(fixings, objective, state_.incumbent_value);
  Eigen::VectorXd lower = state_.relaxation.lower(), upper = state_.relaxation.upper();
  for (size_t k = changes.size(); k < fixings.size(); ++k) {
    const BoundChange& c = fixings[k];
    lower[c.column] = std::max(lower[c.column], c.lower);
    upper[c.column] = std::min(upper[c.column], c.upper);
  }
  if (!worth_a_restart(newly_fixed(state_.lp, state_.integer_cols, lower, upper))) return false;
  std::optional<lp::LinearProgram> model =
      restarted_model(state_.lp, state_.integer_cols, lower, upper, cut_rows(state_.relaxation), state_.incumbent);
  if (!model) return false;
  restart_ = RestartPoint{std::move(*model), gap_pruned_bound_, node_cuts_pay_.value_or(false)};
  stop_ = Stop::kRestart;
  push(std::move(node));  // its bound stays in the result's bound
  return true;
}

bool Search::run_rens(const Eigen::VectorXd& x, double objective) {
  if (state_.deadline.expired()) return true;
  const bool found = rens(state_, x, kRinsNodes, sub_mip_iterations());
  // RINS at the root would search a part of RENS's neighbourhood again (the
  // columns where RENS's point and x agree include every column RENS fixed):
  // it waits for the tree (rentacar: 0.8 s of a 2 s run).
  if (found) next_rins_ = std::max(next_rins_, 100L);
  return after_sub_mip(found, "RENS", objective);
}

bool Search::run_feasibility_jump(double objective) {
  // The pump's reason holds here too: semi-continuous columns' model bounds
  // are not their domains.
  if (!state_.options.feasibility_jump || state_.has_incumbent || !state_.semicontinuous_cols.empty() ||
      state_.deadline.expired())
    return true;
  return after_sub_mip(jump_for_incumbent(state_), "feasibility jump", objective);
}

std::optional<Node> Search::branch(const Node& node, std::vector<BoundChange> changes, size_t propagated,
                                   const NodePoint& point, double objective) {
  const Eigen::VectorXd& x = point.x;
  const size_t before_fixing = changes.size();
  reduced_cost_fixing(changes, objective, state_.cutoff());
  // Reduced-cost fixings that, propagated on the rows, cut the node's own LP
  // point off: the node is solved again inside them before it branches (as
  // HiGHS re-evaluates a node whose domain its reduced costs changed).
  bool solve_again = false;
  if (changes.size() > before_fixing) {
    std::vector<BoundChange> tightened = changes;
    if (!state_.propagate(tightened, before_fixing)) return std::nullopt;  // what was removed is recorded
    for (size_t k = before_fixing; k < tightened.size() && !solve_again; ++k) {
      const BoundChange& c = tightened[k];
      solve_again = x[c.column] < c.lower - kIntegrality || x[c.column] > c.upper + kIntegrality;
    }
  }
  // The children share one link: what this node added to its path (or, once
  // the path repeats its columns too often, the path compacted).
  const std::shared_ptr<const ChangeLink> path =
      compact_bound_changes(changes, propagated) ? extend_path(nullptr, changes) : extend_path(node.path, changes);
  // The node solved again at once inside `fixings` (on top of `path`), from
  // its own basis: what reduced costs or strong branching removed is gone.
  auto solve_again_within = [&](std::vector<BoundChange> fixings) {
    Node again{objective,
               node.depth + 1,
               next_id_++,
               path,
               std::move(fixings),
               std::make_shared<const lp::Basis>(state_.relaxation.basis()),
               -1,
               false,
               0.0,
               objective};
    again.propagated = propagated;
    again.basis_rows = state_.relaxation.row_ids();
    again.resolve = true;
    return again;
  };
  if (solve_again) return solve_again_within({});
  if (!point.semicontinuous.empty())
    return branch_semicontinuous(node, path, propagated, point.semicontinuous.front(), x, objective);
  const BranchingDecision decision = choose_branching(state_, point.fractional, x, objective, changes);
  if (decision.improved) prune_queue();
  note_incumbent("strong branching");
  if (state_.time_up) return stop_for_time(node);
  if (decision.settled || !decision.fixings.empty()) {
    // Strong branching proved sides of the node empty: they are pruned
    // (recorded, as a gap cutoff may have done it), and the node is solved
    // again with the sides that remain, right away.
    record_pruned(decision.pruned_bound);
    if (decision.settled) return std::nullopt;
    return solve_again_within(decision.fixings);
  }
  auto basis = std::make_shared<const lp::Basis>(state_.relaxation.basis());
  const int j = decision.column;
  Node down{
      decision.down_bound,     node.depth + 1, next_id_++, path, {{j, -INFINITY, std::floor(x[j])}}, basis, j, false,
      x[j] - std::floor(x[j]), objective};
  down.propagated = propagated;
  down.basis_rows = state_.relaxation.row_ids();
  Node up{decision.up_bound,      node.depth + 1, next_id_++, path, {{j, std::ceil(x[j]), INFINITY}}, basis, j, true,
          std::ceil(x[j]) - x[j], objective};
  up.propagated = propagated;
  up.basis_rows = state_.relaxation.row_ids();
  // Plunge into the child the LP leans towards; park the other.
  const bool prefer_up = x[j] - std::floor(x[j]) >= 0.5;
  return prefer_up ? plunge_or_park(std::move(up), std::move(down)) : plunge_or_park(std::move(down), std::move(up));
}

std::optional<Node> Search::branch_semicontinuous(const Node& node, const std::shared_ptr<const ChangeLink>& path,
                                                  size_t propagated, int j, const Eigen::VectorXd& x,
                                                  double objective) {
  const double lower = state_.relaxation.lower(j), upper = state_.relaxation.upper(j);
  const double on_lower = std::max(lower, state_.on_lower[j]), on_upper = std::min(upper, state_.on_upper[j]);
  auto basis = std::make_shared<const lp::Basis>(state_.relaxation.basis());
  auto child = [&](double child_lower, double child_upper) {
    Node n{objective, node.depth + 1, next_id_++, path,     {{j, child_lower, child_upper}}, basis,
           -1,        false,          0.0,        objective};
    n.propagated = propagated;
    n.basis_rows = state_.relaxation.row_ids();
    return n;
  };
  std::optional<Node> off, on;
  if (lower <= 0.0 && 0.0 <= upper) off = child(0.0, 0.0);
  if (on_lower <= on_upper) on = child(on_lower, on_upper);
  // Plunge towards the side the LP value is nearer to.
  const bool prefer_on =
      std::fabs(x[j]) > std::min(std::fabs(x[j] - state_.on_lower[j]), std::fabs(x[j] - state_.on_upper[j]));
  return prefer_on ? plunge_or_park(std::move(on), std::move(off)) : plunge_or_park(std::move(off), std::move(on));
}

std::optional<Node> Search::plunge_or_park(std::optional<Node> next, std::optional<Node> other) {
  if (!next) std::swap(next, other);
  if (!next) return std::nullopt;  // neither side fits the node's bounds
  if (other) push(std::move(*other));
  const double best = queue_.best_bound();
  const double window = state_.has_incumbent ? 0.25 * (state_.incumbent_value - best) : INFINITY;
  // The parent's bound, not the child's: a child that strong branching
  // showed to be worse is still worth the plunge (misc07: 31,708 nodes
  // against 60,310 with the child's bound).
  if (next->parent_objective <= best + std::max(window, lp::tol::kSearchRoundOff * std::fabs(best))) return next;
  push(std::move(*next));
  return std::nullopt;
}

MilpResult Search::run() {
  if (state_.lp.num_cols() > 0 && (state_.root_lower.array() > state_.root_upper.array()).any())
    return finish(MilpStatus::kInfeasible);
  for (int i = 0; i < state_.lp.num_rows(); ++i)
    if (state_.lp.row_lower[i] > state_.lp.row_upper[i]) return finish(MilpStatus::kInfeasible);

  if (state_.options.initial_solution.size() == state_.lp.num_cols())
    state_.offer_solution(state_.options.initial_solution);
  note_incumbent("initial solution");
  // Root: solved on its own so that its status can speak for the whole model.
  const lp::LpStatus root = state_.solve_lp(nullptr);
  if (root == lp::LpStatus::kInfeasible) return finish(MilpStatus::kInfeasible);
  if (root == lp::LpStatus::kUnbounded) return finish(MilpStatus::kUnbounded);
  if (root == lp::LpStatus::kTimeLimit) {
    // The root LP did not finish (dano3mip, fast0507 at 60 s): its dual
    // simplex's current duals still bound the LP, hence the model, from
    // below (lagrangian_bound.h); -inf when they give none.
    proven_lower(state_.relaxation.limit_bound());
    return finish_unsettled_root(MilpStatus::kTimeLimit);
  }
  if (root == lp::LpStatus::kCutoff) {  // the initial solution is within the cutoff of the root bound
    record_pruned(state_.relaxation.objective());
    const double gap = relative_gap(state_.incumbent_value, std::min(lower_bound(), state_.incumbent_value));
    return finish(gap <= 0.0 ? MilpStatus::kOptimal : MilpStatus::kGapLimit);
  }
  if (root != lp::LpStatus::kOptimal) return finish(MilpStatus::kNumericalError);
  root_lp_bound_ = state_.relaxation.objective();
  in_hand_bound_ = root_lp_bound_;
  {
    MilpProgress p = snapshot();
    p.event = MilpEvent::kRootLp;
    p.bound = state_.sign * proven_lower(root_lp_bound_);
    report_event(p);
  }
  {
    const IterationTally tally(state_.relaxation, state_.separation_iterations);
    root_cuts_ = run_root_cuts(state_, [this](const RootCutRound& round) { report_cut_round(round); });
  }
  const RootCutResult& cuts = root_cuts_;
  if (state_.time_up) return finish_unsettled_root(MilpStatus::kTimeLimit);
  if (cuts.status != lp::LpStatus::kOptimal && cuts.status != lp::LpStatus::kCutoff) {
    // The cut loop undoes a round whose LP fails; if even that re-solve
    // fails, the root is not settled.
    return finish_unsettled_root(MilpStatus::kNumericalError);
  }

  Node root_node;
  root_node.id = next_id_++;
  root_node.bound = state_.relaxation.objective();
  root_node.basis = std::make_shared<const lp::Basis>(state_.relaxation.basis());
  root_node.basis_rows = state_.relaxation.row_ids();
  if (state_.options.node_cuts && cuts.sources) node_cuts_.emplace(cuts.sources);
  std::optional<Node> current = std::move(root_node);
  bool plunge_start = false;  // `current` came from the queue (the root did not)
  while (true) {
    while (current) {
      if (state_.deadline.expired()) {
        stop_ = Stop::kTime;
        push(std::move(*current));
        current.reset();
        break;
      }
      if (nodes_ >= state_.options.node_limit || state_.relaxation.iterations() >= state_.options.lp_iteration_limit) {
        stop_ = Stop::kNodes;
        push(std::move(*current));
        current.reset();
        break;
      }
      current = process(std::move(*current), plunge_start);
      plunge_start = false;
      in_hand_bound_ = current ? current->bound : INFINITY;
      report_progress(false);
    }
    if (stop_ != Stop::kNone || queue_.empty()) break;
    if (state_.has_incumbent && relative_gap(state_.incumbent_value, lower_bound()) <= state_.options.relative_gap) {
      stop_ = Stop::kGap;
      break;
    }
    Node next = queue_.pop();
    if (next.bound >= state_.cutoff()) {
      record_pruned(next.bound);
      continue;
    }
    current = std::move(next);
    plunge_start = true;
  }
  switch (stop_) {
    case Stop::kTime:
      return finish(MilpStatus::kTimeLimit);
    case Stop::kNodes:
    case Stop::kRestart:  // the caller restarts (restart_)
      return finish(MilpStatus::kNodeLimit);
    default:
      break;
  }
  if (!state_.has_incumbent)
    return finish(std::isfinite(unresolved_bound_) ? MilpStatus::kNumericalError : MilpStatus::kInfeasible);
  const double gap = relative_gap(state_.incumbent_value, std::min(lower_bound(), state_.incumbent_value));
  if (gap <= 0.0) return finish(MilpStatus::kOptimal);
  return finish(gap <= state_.options.relative_gap ? MilpStatus::kGapLimit : MilpStatus::kNumericalError);
}

void Search::settle_rejected_point(const Eigen::VectorXd& x, double objective) {
  // The integers of x with exactly re-solved continuous columns (vpm1 after
  // cuts: a node LP point 1.4e-6 outside a row) may pass. The node is settled
  // when that point is as good as the node's bound up to LP round-off;
  // otherwise (or with no completion) its bound stays in the lower bound, so
  // the search never ends with a verdict it has not proven (never a false
  // "infeasible" or "optimal").
  if (state_.offer_completion(x)) prune_queue();
  const double slack = kSettledRoundOff * std::max(1.0, std::fabs(objective));
  if (!state_.has_incumbent || state_.incumbent_value > objective + slack)
    unresolved_bound_ = std::min(unresolved_bound_, objective);
}

MilpProgress Search::snapshot() {
  MilpProgress p;
  p.nodes = nodes_;
  p.open_nodes = static_cast<long>(queue_.size());
  // Before the root LP (an initial solution's report) no bound is known yet:
  // the incumbent is not one, so the gap stays open (infinite).
  const bool bound_known = std::isfinite(root_lp_bound_) || nodes_ > 0 || std::isfinite(lower_bound());
  const double incumbent = state_.has_incumbent ? state_.incumbent_value : INFINITY;
  double lower = bound_known ? std::min({lower_bound(), in_hand_bound_, incumbent}) : -INFINITY;
  if (!std::isfinite(lower)) lower = root_lp_bound_;
  if (bound_known) lower = std::min(proven_lower(lower), incumbent);
  p.bound = state_.sign * lower;
  if (state_.has_incumbent) {
    p.objective = state_.sign * state_.incumbent_value;
    p.gap = relative_gap(state_.incumbent_value, std::min(lower, state_.incumbent_value));
  } else {
    p.objective = state_.sign * INFINITY;
  }
  p.seconds = state_.deadline.elapsed_seconds();
  p.lp_iterations = state_.relaxation.iterations();
  return p;
}

void Search::report_progress(bool force) {
  if (!state_.options.progress) return;
  const double now = state_.deadline.elapsed_seconds();
  if (!force && now < next_report_) return;
  next_report_ = now + std::max(state_.options.progress_interval_seconds, 0.0);
  MilpProgress p = snapshot();
  p.final_report = force;
  state_.options.progress(p);
}

// The incumbent's continuous columns come from the LP point it was found at,
// where integer columns may sit within the LP's tolerance of integral; after
// rounding, a big-M row can be off by M times that and the continuous part
// exploits it (a seed SAC big-M model with root c-MIR cuts: 8.5e-7 on a row
// with M = 100, objective 2e-7 below the optimum; the LP with the cut rows
// kept that point even with the integers fixed, so they are dropped first).
// Re-solving the LP with every integer column fixed at its
// incumbent value (the fixed columns then sit exactly at their bounds) gives
// the continuous columns their best values for that assignment; the polished
// point replaces the incumbent when it passes the check and is not worse by
// more than kPolishTolerance (relative).
void Search::polish_incumbent() {
  constexpr double kPolishTolerance = 1e-6;
  constexpr double kPolishViolation = 1e-9;
  if (!state_.has_incumbent || state_.time_up || state_.deadline.expired()) return;
  if (state_.integer_cols.size() == uz(state_.lp.num_cols())) return;
  // A point that meets every row and bound to kPolishViolation needs no polish
  // (and skipping it keeps small repeated solves, as in the SAC sweeps, cheap).
  if (lp::max_bound_violation(state_.lp, state_.incumbent) <= kPolishViolation) return;
  std::vector<BoundChange> fixed;
  for (int j : state_.integer_cols) fixed.push_back({j, state_.incumbent[j], state_.incumbent[j]});
  for (const BoundChange& c : state_.semicontinuous_pattern(state_.incumbent)) fixed.push_back(c);
  // The cuts are not needed any more, and they are what moves the vertex: drop them.
  if (state_.relaxation.num_rows() > state_.relaxation.num_original_rows())
    state_.relaxation.truncate_rows(state_.relaxation.num_original_rows(), state_.relaxation.basis());
  state_.apply_bounds(fixed);
  state_.relaxation.set_cutoff(INFINITY);  // the incumbent's own value is at the cutoff
  if (state_.relaxation.resolve(nullptr, kNodeIterationBudget) != lp::LpStatus::kOptimal) return;
  Eigen::VectorXd x = state_.relaxation.values();
  for (int j : state_.integer_cols) x[j] = state_.incumbent[j];
  if (!lp::is_feasible(state_.lp, x, kFeasibilityCheck, true, kIntegrality)) return;
  const double value = state_.sign * lp::objective_value(state_.lp, x);
  if (value > state_.incumbent_value + kPolishTolerance * std::max(1.0, std::fabs(state_.incumbent_value))) return;
  state_.incumbent = x;
  state_.incumbent_value = value;
}

MilpResult Search::finish(MilpStatus status) {
  if (stop_ != Stop::kRestart) report_progress(true);  // a restart's search goes on reporting
  MilpResult r;
  r.status = status;
  r.nodes = nodes_;
  r.resolves = resolves_;
  r.seconds = state_.deadline.elapsed_seconds();
  r.has_solution = state_.has_incumbent;
  double lower = std::min(lower_bound(), state_.has_incumbent ? state_.incumbent_value : INFINITY);
  if (status == MilpStatus::kInfeasible) lower = INFINITY;
  if (status == MilpStatus::kUnbounded) lower = -INFINITY;
  // +inf would claim infeasibility: without any open node or root bound, nothing is proven.
  if (lower == INFINITY && status != MilpStatus::kInfeasible)
    lower = std::isfinite(root_bound_) ? root_bound_ : (std::isfinite(root_lp_bound_) ? root_lp_bound_ : -INFINITY);
  // The best bound ever proven (a cut round's, when the root was
  // interrupted in the cut loop), as the reports show it.
  if (status != MilpStatus::kInfeasible && status != MilpStatus::kUnbounded)
    lower = std::min(std::max(lower, proven_lower_), state_.has_incumbent ? state_.incumbent_value : INFINITY);
  r.bound = state_.sign * lower;
  r.root_lp_bound = state_.sign * root_lp_bound_;
  r.root_bound = state_.sign * root_bound_;
  r.lp_iterations = state_.relaxation.iterations();
  r.iterations_by = {state_.strong_branching_iterations, state_.separation_iterations, state_.heuristic_iterations,
                     state_.sub_mip_iterations};
  r.lp_fallbacks = state_.relaxation.fallbacks();
  r.cuts = state_.relaxation.num_rows() - state_.relaxation.num_original_rows();
  polish_incumbent();  // after the statistics: it drops the cut rows
  r.first_incumbent_seconds = state_.first_incumbent_seconds;
  r.pump_rounds = pump_rounds_;
  r.pump_found = pump_found_;
  if (state_.has_incumbent) {
    r.objective = state_.sign * state_.incumbent_value;
    r.x = state_.incumbent;
    r.gap = relative_gap(state_.incumbent_value, std::min(lower, state_.incumbent_value));
  }
  return r;
}

}  // namespace

namespace {

// The checked LP path for a model without integer columns.
MilpResult solve_as_lp(const lp::LinearProgram& lp, const MilpOptions& options) {
  const Deadline clock = Deadline::of_caller(options.deadline);
  lp::LpOptions lp_options;
  lp_options.deadline = &clock;
  const lp::LpSolution solution = lp::solve_lp(lp, lp_options);
  // The simplex solves min c^T x; a maximisation is min -c^T x, so its duals
  // and bounds in the model's sense are negated.
  const double sign = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  MilpResult r;
  r.nodes = 1;
  r.lp_iterations = solution.iterations;
  r.primal_residual = solution.primal_residual;
  r.dual_residual = solution.dual_residual;
  r.ray_residual = solution.ray_residual;
  switch (solution.status) {
    case lp::LpStatus::kOptimal:
      r.status = MilpStatus::kOptimal;
      r.has_solution = true;
      r.objective = r.bound = r.root_lp_bound = r.root_bound = solution.objective;
      r.gap = 0.0;
      r.x = solution.x;
      r.row_duals = sign * solution.row_duals;
      r.reduced_costs = sign * solution.reduced_costs;
      break;
    case lp::LpStatus::kInfeasible:
      r.status = MilpStatus::kInfeasible;
      r.bound = lp.sense == lp::ObjectiveSense::kMaximize ? -INFINITY : INFINITY;
      break;
    case lp::LpStatus::kUnbounded:
      r.status = MilpStatus::kUnbounded;
      r.bound = lp.sense == lp::ObjectiveSense::kMaximize ? INFINITY : -INFINITY;
      break;
    case lp::LpStatus::kTimeLimit:
      r.status = MilpStatus::kTimeLimit;
      break;
    default:
      r.status = MilpStatus::kNumericalError;
      break;
  }
  if (r.status == MilpStatus::kTimeLimit) {
    // The stopped simplex's duals still bound the LP (lp::LpSolution::
    // limit_bound, minimisation form; -inf: none), as a MILP's stopped root
    // LP does: the same answer through both paths.
    r.bound = sign * solution.limit_bound;
  } else if (r.status != MilpStatus::kOptimal && r.status != MilpStatus::kInfeasible &&
             r.status != MilpStatus::kUnbounded) {
    r.bound = lp.sense == lp::ObjectiveSense::kMaximize ? INFINITY : -INFINITY;
  }
  r.seconds = clock.elapsed_seconds();
  return r;
}

}  // namespace

namespace {

// The search without root presolve (an LP goes through the checked LP path).
MilpResult search_without_presolve(const lp::LinearProgram& lp, const MilpOptions& options,
                                   std::optional<bool> node_cuts_pay = std::nullopt);

// The search that stopped at its root to restart (`first`) goes on as a
// search of the restarted model (presolved again when presolve is on), with
// first's incumbent as its initial solution and the budgets that are left.
// A restarted search that ends without a usable answer (numerical_error, or
// a verdict the incumbent contradicts) sends the original model through the
// search again without restarts, so no verdict rests on the restart.
MilpResult continue_after_restart(const lp::LinearProgram& lp, const MilpOptions& options, const MilpResult& first,
                                  const RestartPoint& point, const Deadline& clock) {
  MilpOptions next = options;
  next.deadline = &clock;
  next.root_restarts = options.root_restarts - 1;
  next.node_limit = std::max(0L, options.node_limit - first.nodes);
  next.lp_iteration_limit = std::max(0L, options.lp_iteration_limit - first.lp_iterations);
  next.initial_solution = first.x;
  // Reports go on from where the first search stopped: its work counted in,
  // its bound kept (a report never shows the bound going down), and the
  // incumbent it hands on not announced again.
  const double seconds_before = clock.elapsed_seconds();
  const double sign = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  auto go_on = [&first, seconds_before, sign](MilpProgress p) {
    p.nodes += first.nodes;
    p.lp_iterations += first.lp_iterations;
    p.seconds += seconds_before;
    p.bound = sign * std::max(sign * p.bound, sign * first.bound);
    return p;
  };
  auto handed_on = [](const MilpProgress& p) {
    return p.event == MilpEvent::kIncumbent && !std::strcmp(p.found_by, "initial solution");
  };
  if (options.progress)
    next.progress = [&](const MilpProgress& p) {
      if (!handed_on(p)) options.progress(go_on(p));
    };
  if (options.incumbent)
    next.incumbent = [&](const MilpProgress& p, const Eigen::VectorXd& x) {
      if (!handed_on(p)) options.incumbent(go_on(p), x);
    };
  const MilpSearch restarted = [&point](const lp::LinearProgram& model, const MilpOptions& o) {
    return search_without_presolve(model, o, point.node_cuts_pay);
  };
  MilpResult second =
      options.presolve ? solve_with_root_presolve(point.model, next, restarted) : restarted(point.model, next);
  switch (second.status) {
    case MilpStatus::kOptimal:
    case MilpStatus::kGapLimit:
    case MilpStatus::kTimeLimit:
    case MilpStatus::kNodeLimit:
      return merge_restart(first, std::move(second), point, lp.sense, options.relative_gap);
    default:
      break;
  }
  next.root_restarts = 0;
  next.node_limit = std::max(0L, next.node_limit - second.nodes);
  next.lp_iteration_limit = std::max(0L, next.lp_iteration_limit - second.lp_iterations);
  Search again(lp, next);
  MilpResult r = again.run();
  r.nodes += first.nodes + second.nodes;
  r.resolves += first.resolves + second.resolves;
  r.lp_iterations += first.lp_iterations + second.lp_iterations;
  r.iterations_by += first.iterations_by;
  r.iterations_by += second.iterations_by;
  return r;
}

MilpResult search_without_presolve(const lp::LinearProgram& lp, const MilpOptions& options,
                                   std::optional<bool> node_cuts_pay) {
  if (!lp.needs_search()) return solve_as_lp(lp, options);
  const Deadline clock = Deadline::of_caller(options.deadline);
  MilpOptions own = options;
  own.deadline = &clock;
  Search search(lp, own, node_cuts_pay);
  MilpResult first = search.run();
  if (!search.restart()) return first;
  MilpResult r = continue_after_restart(lp, options, first, *search.restart(), clock);
  r.seconds = clock.elapsed_seconds();
  return r;
}

}  // namespace

// Models with semi-continuous columns skip the root presolve: its reductions
// read the column bounds as bounds, which such a column may leave for 0.
MilpResult solve_milp(const lp::LinearProgram& lp, const MilpOptions& options) {
  if (!lp.needs_search()) return solve_as_lp(lp, options);
  if (options.presolve && !lp.has_semicontinuous())
    return solve_with_root_presolve(lp, options, [](const lp::LinearProgram& model, const MilpOptions& o) {
      return search_without_presolve(model, o);
    });
  return search_without_presolve(lp, options);
}

}  // namespace milpsac::bnb
