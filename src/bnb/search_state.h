// SearchState: what the branch-and-bound driver, the branching rule, the
// heuristics, propagation and the cut loop share: the LP relaxation (the one
// door to the simplex), the root bounds, the incumbent and the cutoffs derived
// from it. Internal to src/bnb/.
//
// Semi-continuous columns (x = 0 or l <= x <= u, lp::LinearProgram) are
// relaxed to [min(0, l), max(0, u)] in root_lower/root_upper and in the LP; a
// point that is neither 0 nor in [l, u] is branched on with the children
// "off" (x = 0) and "on" (l <= x <= u), see semicontinuous_violations.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "bnb/continuous_completion.h"
#include "bnb/evaluated_sides.h"
#include "bnb/implied_bound.h"
#include "bnb/lp_relaxation.h"
#include "bnb/milp_types.h"
#include "bnb/node.h"
#include "bnb/propagation.h"
#include "bnb/pseudocost.h"
#include "common/deadline.h"

namespace milpsac::bnb {

inline constexpr double kIntegrality = 1e-6;       // |x - round(x)| accepted as integral
inline constexpr double kFeasibilityCheck = 1e-6;  // relative row/bound violation of incumbents
// An incumbent whose exact continuous completion is worse by more than this
// (relative objective) is replaced by the completion (see offer_solution).
inline constexpr double kCompletionGain = 1e-7;
// An incumbent this close (relative) to a node's LP bound settles a node whose
// integral LP point failed the check (Search::settle_rejected_point).
inline constexpr double kSettledRoundOff = 1e-9;
// Simplex iterations allowed for one node LP (per solve, not cumulative).
inline constexpr long kNodeIterationBudget = lp::kDefaultIterationLimit;

// Adds to `share` the simplex iterations the relaxation spends while this
// lives, on every way out of the scope (the shares of
// MilpResult::iterations_by are counted so).
class IterationTally {
 public:
  IterationTally(const LpRelaxation& relaxation, long& share)
      : relaxation_(relaxation), share_(share), start_(relaxation.iterations()) {}
  ~IterationTally() { share_ += relaxation_.iterations() - start_; }
  IterationTally(const IterationTally&) = delete;
  IterationTally& operator=(const IterationTally&) = delete;

 private:
  const LpRelaxation& relaxation_;
  long& share_;
  long start_;
};

struct SearchState {
  SearchState(const lp::LinearProgram& lp, const MilpOptions& options);

  const lp::LinearProgram& lp;  // the user's model: incumbents are checked on it
  const MilpOptions& options;
  Deadline deadline;
  LpRelaxation relaxation;
  double sign;        // +1 minimise, -1 maximise: internal values are sign * objective
  double step = 0.0;  // objective grid (0 when none): objective_step over the integral columns
  std::vector<int> integer_cols;
  // The integrality the cut separators may assume (one flag per column):
  // options.cut_integrality when it has the model's size, else lp.is_integer.
  // Implied integers are in it but never in integer_cols (no branching on them).
  std::vector<char> cut_integrality;
  std::vector<int> semicontinuous_cols;
  // The "on" interval [l, u] of each semi-continuous column (integer columns:
  // rounded inward); unused entries for the other columns.
  Eigen::VectorXd on_lower, on_upper;
  Eigen::VectorXd root_lower, root_upper;  // global bounds (tightened at the root)
  Pseudocosts pseudocosts;
  // Simplex iterations spent on strong-branching children
  // (solve_strong_branching_child counts them; the per-child rule's budget
  // is measured against the others).
  long strong_branching_iterations = 0;
  // The other shares of MilpResult::iterations_by (strong branching's is the
  // counter above), kept by whoever spends them.
  long separation_iterations = 0;
  long heuristic_iterations = 0;
  long sub_mip_iterations = 0;
  // Sides strong-branched at the node in hand (the per-child rule marks
  // them; Search::process clears them for every node that is not the same
  // node solved again).
  EvaluatedSides evaluated_at_node;
  RowPropagator propagator;         // on the original rows
  ContinuousCompletion completion;  // of points that hold the rows only to the LP's tolerance
  // What root probing found a binary to imply for continuous columns, for the
  // root cut loop's implied-bound cuts (probing.h).
  std::vector<ImpliedBound> probing_implications;
  // What it found a binary to imply for the activity of inequality rows
  // (sorted and unique: cut_row_implication.h).
  std::vector<RowImpliedBound> probing_row_implications;

  bool has_incumbent = false;
  double incumbent_value = INFINITY;  // minimisation form
  Eigen::VectorXd incumbent;
  double first_incumbent_seconds = NAN;  // statistics only
  long incumbent_updates = 0;            // accepted by offer_solution: the search reports who found each
  // Set when an LP stopped at the time limit: every loop unwinds and the
  // search ends as time_limit with what it has.
  bool time_up = false;

  // Nodes with a bound at or above this cannot hold a better solution.
  double exact_cutoff() const;
  // Nodes at or above this may still improve, but by less than the requested gap.
  double gap_cutoff() const;
  double cutoff() const { return std::min(exact_cutoff(), gap_cutoff()); }

  // False when a change lies wholly outside the root (global) bounds of its
  // column: the box root + changes is empty.
  bool within_root_bounds(const std::vector<BoundChange>& changes) const;
  // Set the relaxation's integer column bounds to root + changes.
  void apply_bounds(const std::vector<BoundChange>& changes);
  // Bounds root + changes, propagated on the rows starting from the columns
  // of changes[from...]; every tightening is appended to `changes`. False
  // when the rows cannot be satisfied within these bounds.
  bool propagate(std::vector<BoundChange>& changes, size_t from);
  // Integer columns whose value is fractional at x.
  std::vector<int> fractional_columns(const Eigen::VectorXd& x) const;
  // Semi-continuous columns that are neither 0 nor in their on interval at x
  // (beyond kFeasibilityCheck, as the incumbent check measures it), the most
  // violated first (ties: lower index first).
  std::vector<int> semicontinuous_violations(const Eigen::VectorXd& x) const;
  // The bound changes that fix every semi-continuous column to the side of
  // x it is nearer to: [0, 0] or its on interval.
  std::vector<BoundChange> semicontinuous_pattern(const Eigen::VectorXd& x) const;
  // Check x against the original rows, bounds and integrality (integer columns
  // rounded first); make it the incumbent if it is better. True if accepted.
  bool offer_solution(const Eigen::VectorXd& x);
  // For an LP point that is integral but fails the check (the LP's own
  // tolerances let its continuous columns drift out of a row): re-solve the
  // continuous columns with the integers fixed at x and offer that point.
  // True if it became the incumbent; false at once on a pure-integer model.
  bool offer_completion(const Eigen::VectorXd& x);
  // Solve the relaxation at the current bounds from `basis` (the live one when
  // null) within `iteration_budget`; notes a time limit in time_up.
  lp::LpStatus solve_lp(const lp::Basis* basis, long iteration_budget = kNodeIterationBudget,
                        LpRelaxation::StartWeights weights = LpRelaxation::StartWeights::kUnit);
};

}  // namespace milpsac::bnb
