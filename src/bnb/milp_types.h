// The public MILP types: options, status, result, and the relative gap.
//
// Kept apart from the driver (branch_and_bound.h) so that the search's own
// headers can use them without seeing the entry point. Relative gap (see
// docs/): (ub - lb) / max(|ub|, 1e-9), and 0 when ub - lb <= 1e-9.
#pragma once

#include <Eigen/Dense>
#include <atomic>
#include <climits>
#include <cmath>
#include <functional>
#include <vector>

#include "common/deadline.h"
#include "common/options.h"

namespace milpsac::bnb {

enum class MilpStatus {
  kOptimal,    // gap closed (<= 1e-9 absolute or relative gap 0 reached)
  kGapLimit,   // stopped at the requested relative gap
  kTimeLimit,  // with or without incumbent: see has_solution
  kNodeLimit,  // with or without incumbent: see has_solution
  kInfeasible,
  kUnbounded,
  kNumericalError,
};
const char* to_string(MilpStatus status);

// What a progress report is about, so a log can read as CBC's and HiGHS's do:
//   kSearch     the periodic snapshot (every progress_interval_seconds once
//               the root node is done, and once at the end);
//   kRootLp     the root LP is solved: bound is its value;
//   kCutRound   a root cut round ended: cut_round, cuts_added, cut_rows, and
//               bound is the LP value with them;
//   kIncumbent  a better solution was found: objective, and found_by names
//               the heuristic (or "node LP").
// Only kSearch is paced by the interval; the others come as they happen
// (a few dozen per solve at most: one root LP, up to the round limit of cut
// rounds, one per improvement).
enum class MilpEvent { kSearch, kRootLp, kCutRound, kIncumbent };

// How the branching column is chosen (bnb/branching.h). On the 53 MIPLIB
// models at 30 s (two runs at a time), kPerChild against kBatch: nodes x0.73,
// CPU x1.06 (geometric means over the 48 both prove); the median node ratio
// to HiGHS 1.15.1 (nodes as HiGHS counts them) 4.24 -> 1.84, the median time
// ratio 0.53 -> 0.69; bell5 139,208 -> 5,383 nodes (3.3 -> 0.2 s), 10teams
// 1,155 -> 266, but misc07 33,418 -> 103,878 (8.3 -> 25.3 s), l152lav 2.9 ->
// 5.1 s. docs/milp-highs.md, round 12.
enum class BranchingRule {
  // Up to 8 columns whose pseudocosts are not reliable (2 observations a
  // side) are strong-branched, both children with 60 dual iterations each;
  // the best pseudocost score wins. Cheaper nodes, larger trees.
  kBatch,
  // HiGHS's rule: every unreliable column (8 observations a side) is looked
  // at, one child at a time, re-ranked after each; children are propagated
  // first and solved whole, and their solutions bound other columns' gains;
  // a budget of iterations ends it.
  kPerChild,
};

const char* to_string(MilpEvent event);

// A snapshot of the search, handed to MilpOptions::progress. Values are in
// the model's own sense; objective is +-inf without an incumbent. bound is
// the best bound proven so far: it never gets worse from one report to the
// next (a cut round's bound holds after the cut loop drops rows, and an
// interrupted root keeps it).
struct MilpProgress {
  long nodes = 0;
  long open_nodes = 0;
  double objective = INFINITY;
  double bound = -INFINITY;
  double gap = INFINITY;
  double seconds = 0.0;
  long lp_iterations = 0;
  MilpEvent event = MilpEvent::kSearch;
  int cut_round = 0;          // kCutRound: 1, 2, ...
  int cuts_added = 0;         // kCutRound: cuts this round added to the LP
  int cut_rows = 0;           // kCutRound: cut rows in the LP after the round
  const char* found_by = "";  // kIncumbent: a static name, e.g. "diving"
  bool final_report = false;  // kSearch: the last report, as the search ends
};

struct MilpOptions {
  double relative_gap = options::kSolveGap.default_value;
  // The caller's clock (not owned; null: no limit; the seconds live at the
  // front doors, api/solve_door.h, which build it): the search ends no later
  // than it and stops within a few milliseconds of work once its interrupt
  // flag is raised (presolve, cuts, heuristics, LP, LU).
  const Deadline* deadline = nullptr;
  long node_limit = LONG_MAX;
  // The search stops as at the node limit once its LP iterations (root and
  // nodes) reach this, checked between nodes: a work budget that, unlike the
  // clock, gives the same result on every run (RINS sub-MIPs use it).
  long lp_iteration_limit = LONG_MAX;
  // A known solution (original columns), offered as the first incumbent and
  // cutoff when it passes the incumbent check; empty: none.
  Eigen::VectorXd initial_solution;
  // Called with the root events as they happen, then every
  // progress_interval_seconds (and once at the end) when set (MilpEvent);
  // the library itself never prints.
  std::function<void(const MilpProgress&)> progress;
  double progress_interval_seconds = 5.0;
  // Called with each better solution (its kIncumbent report and x over the
  // model's columns, checked on them) when set; after root presolve, x is
  // the postsolved point (a point that fails the check there is not passed on).
  std::function<void(const MilpProgress&, const Eigen::VectorXd&)> incumbent;
  // The RINS sub-MIP heuristic (off inside its own sub-MIPs).
  bool rins = true;
  // MIP presolve at the root (bnb/root_presolve.h): the search runs on the
  // reduced model, its incumbent is postsolved and checked on the original.
  bool presolve = true;
  // The feasibility pump (bnb/feasibility_pump.h) at the root when rounding
  // and diving found no incumbent; off inside RINS sub-MIPs.
  bool feasibility_pump = true;
  // Feasibility Jump (bnb/feasibility_jump.h) at the root when no heuristic
  // before it found an incumbent; off inside RINS and RENS sub-MIPs.
  bool feasibility_jump = true;
  // Probing on binaries at the root (bnb/probing.h), for as long as it finds
  // fixings: it closes mitre's root (3,677 fixings; no solution in 60 s
  // without it, proven in 4 s with it).
  bool probing = true;
  // Root restarts (bnb/root_restart.h) allowed: when the root has fixed
  // kRestartFixedShare of the integer columns, the search starts again on
  // the model those fixings and the root's cuts make (presolved again, when
  // presolve is on). 0 turns them off (RINS and RENS sub-MIPs run without).
  int root_restarts = 3;
  // Flow cover cuts (bnb/cut_flow_cover.h) in the root cut loop.
  bool flow_covers = true;
  // c-MIR on simplex tableau rows (bnb/cut_mir.h, separate_tableau_mir) in
  // the root cut loop, where GMI runs.
  bool tableau_mir = true;
  // Zero-half cuts (bnb/cut_zero_half.h) in the root cut loop, every round
  // after the cliques. Off: on the 53 MIPLIB models at 60 s they lift root
  // bounds (misc07 1,425 -> 1,510, misc03 2,185 -> 2,307, p0201 7,385 ->
  // 7,416, lseu 1,048.7 -> 1,053.0) and prove air05, 10teams 1,167 -> 443
  // nodes, but the node geometric mean grows (x1.065 over the 47 both prove:
  // 6 better, 9 worse: p2756 7 -> 142, fiber 97 -> 253, misc07 33,453 ->
  // 88,349); running them only to fill short rounds (x1.058) or only after a
  // stall (x1.131) did not help either.
  bool zero_half = false;
  // Cut separation at the nodes taken from the queue (bnb/node_cuts.h),
  // with the root loop's separators (but GMI and the tableau c-MIR) and
  // pool, on models where the root's cuts paid (NodeCuts::pays_on). On the
  // 53 MIPLIB models at 30 s: node geometric mean x0.77 over the 47 both
  // prove (lseu 1,102 -> 164, p0201 428 -> 142, vpm2 5,190 -> 634), CPU
  // x1.02, the same models proven. Ungated it cost x1.26 the CPU and 5
  // models (docs/milp-highs.md, issue 45 rounds 6 and 7).
  bool node_cuts = true;
  // The branching rule (BranchingRule).
  BranchingRule branching = BranchingRule::kPerChild;
  // Observations of a side of a column (its children's gains) before the
  // per-child rule trusts the column's pseudocost there instead of solving
  // a strong-branching child (HiGHS's mip_pscost_minreliable, 8). RENS and
  // RINS sub-MIPs use 1: each side is solved once, then pseudocosts choose.
  // On the 53 MIPLIB models at 30 s against 8 in the sub-MIPs: the same
  // trees, CPU x0.973 (pp08a 1.01 -> 0.92 s, vpm2 1.70 -> 1.60, dcmulti
  // 0.58 -> 0.54). HiGHS's sub-MIPs use 0 (no strong branching): bell5
  // 5,373 -> 9,126 nodes on a worse sub-MIP point.
  int pseudocost_reliability = 8;
  // Cut rounds at the root at most (the loop also stops when the bound
  // stalls). RENS and RINS sub-MIPs run 5, as HiGHS's sub-MIPs do.
  int root_cut_rounds = 25;
  // Columns the cut separators may treat as integer, over the model's
  // columns: the integer columns plus continuous ones that are integral at
  // every integer-feasible point (implied integers: the root presolve sets
  // this for the reduced model). A promise by the caller. Branching, the
  // incumbent check and the heuristics read lp.is_integer only. Empty (or
  // not of the model's size): lp.is_integer (SearchState::cut_integrality).
  std::vector<char> cut_integrality;
};

// Where a search's LP iterations went, as HiGHS's solving report splits
// them (statistics only: nothing decides on them). The first three are part
// of MilpResult::lp_iterations; the last is not (a sub-MIP has an LP of its
// own).
struct LpIterationShares {
  long strong_branching = 0;  // strong-branching children
  long separation = 0;        // re-solves in the root and node cut loops
  long heuristics = 0;        // diving, the feasibility pump, the re-solve after them
  long sub_mips = 0;          // every LP iteration inside RENS and RINS sub-MIPs (theirs in full)

  LpIterationShares& operator+=(const LpIterationShares& other) {
    strong_branching += other.strong_branching;
    separation += other.separation;
    heuristics += other.heuristics;
    sub_mips += other.sub_mips;
    return *this;
  }
};

struct MilpResult {
  MilpStatus status = MilpStatus::kNumericalError;
  bool has_solution = false;
  double objective = INFINITY;  // incumbent value in the LP's own sense (offset included)
  double bound = -INFINITY;     // proven bound in the LP's own sense
  double gap = INFINITY;        // relative gap (see relative_gap)
  long nodes = 0;
  // Of `nodes`, the passes that solved a node again at once inside bound
  // changes it found itself (strong-branching fixings, reduced-cost fixings
  // that cut its LP point): HiGHS re-evaluates a node so within the same
  // node and counts none (HighsSearch::evaluateNode, branch).
  long resolves = 0;
  double seconds = 0.0;
  Eigen::VectorXd x;  // incumbent (original columns), empty without one
  // Search statistics (model's own sense; +-inf when not reached).
  double root_lp_bound = -INFINITY;  // the root LP relaxation's value
  double root_bound = -INFINITY;     // the root bound after propagation and cuts
  long lp_iterations = 0;
  LpIterationShares iterations_by;  // of lp_iterations (and the sub-MIPs')
  long cuts = 0;                    // cuts in the LP at the end of the root
  long lp_fallbacks = 0;            // LP solves repeated from scratch (see LpRelaxation)
  // A pure LP (solved by lp::solve_lp): how well the answer holds on the
  // original data (lp::LpSolution's residuals; NaN where they do not apply).
  double primal_residual = NAN;
  double dual_residual = NAN;
  double ray_residual = NAN;
  // A pure LP's optimum: the row duals and reduced costs in the model's own
  // sense (d objective / d rhs, d objective / d column bound), as HiGHS and
  // CBC report them; empty otherwise (a MILP has no duals).
  Eigen::VectorXd row_duals;
  Eigen::VectorXd reduced_costs;
  // MIP presolve at the root: rows and columns it removed, and whether the
  // original model had to be searched after all (a presolve hint of
  // infeasibility, a verdict or a failed postsolve check on the reduced model).
  int presolve_removed_rows = 0;
  int presolve_removed_cols = 0;
  bool presolve_fallback = false;
  // When the first incumbent was accepted (seconds; NaN without one), and the
  // feasibility pump's rounds at the root (0 when it did not run) and whether
  // it found the incumbent. Statistics only: nothing decides on them.
  double first_incumbent_seconds = NAN;
  int pump_rounds = 0;
  bool pump_found = false;
  // Root restarts (bnb/root_restart.h): nodes and LP iterations above count
  // every run, root_lp_bound is the first root's LP and root_bound the last
  // root's bound after its cuts.
  int restarts = 0;
};

// Relative gap (both values in minimisation sense).
double relative_gap(double upper, double lower);

// The result of a search the time limit stopped before its first node (the
// limit passed while reading or presolving): no incumbent, no node, and the
// trivial bound in the model's own sense (-inf, or +inf when maximizing).
MilpResult time_limit_before_search(bool maximize);

}  // namespace milpsac::bnb
