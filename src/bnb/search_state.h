// SearchState: what the branch-and-bound driver, the branching rule and the
// heuristics share: the LP solver, the root bounds, the incumbent and the
// cutoffs derived from it. Internal to src/bnb/.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "bnb/branch_and_bound.h"
#include "bnb/node.h"
#include "bnb/pseudocost.h"
#include "common/deadline.h"
#include "lp/simplex_solver.h"

namespace milpsac::bnb {

inline constexpr double kIntegrality = 1e-6;       // |x - round(x)| accepted as integral
inline constexpr double kFeasibilityCheck = 1e-6;  // relative row/bound violation of incumbents

struct SearchState {
  SearchState(const lp::LinearProgram& lp, const MilpOptions& options);

  const lp::LinearProgram& lp;
  const MilpOptions& options;
  Deadline deadline;
  lp::SimplexSolver solver;
  double sign;            // +1 minimise, -1 maximise: internal values are sign * objective
  double step;            // objective grid (0 when none)
  std::vector<int> integer_cols;
  Eigen::VectorXd root_lower, root_upper;  // global bounds (tightened by root fixing)
  Eigen::VectorXd cur_lower, cur_upper;    // what the solver holds now
  Pseudocosts pseudocosts;

  bool has_incumbent = false;
  double incumbent_value = INFINITY;  // minimisation form
  Eigen::VectorXd incumbent;
  long lp_iterations_at_root = 0;

  // Nodes with a bound at or above this cannot hold a better solution.
  double exact_cutoff() const;
  // Nodes at or above this may still improve, but by less than the requested gap.
  double gap_cutoff() const;
  double cutoff() const { return std::min(exact_cutoff(), gap_cutoff()); }

  // Set the solver's column bounds to root + changes (only what differs).
  void apply_bounds(const std::vector<BoundChange>& changes);
  void set_bounds(int col, double lower, double upper);
  // Integer columns whose value is fractional at x.
  std::vector<int> fractional_columns(const Eigen::VectorXd& x) const;
  // Check x against the original rows, bounds and integrality (integer columns
  // rounded first); make it the incumbent if it is better. True if accepted.
  bool offer_solution(const Eigen::VectorXd& x);
  // Solve the LP at the current bounds from `basis` (when given), retrying once
  // from the slack basis on numerical trouble.
  lp::LpStatus solve_lp(const lp::Basis* basis);
};

}  // namespace milpsac::bnb
