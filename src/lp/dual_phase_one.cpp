// Dual phase 1 by an auxiliary problem (SimplexSolver::dual_phase_one).
//
// A cold start (the slack basis) is rarely dual feasible. Shifting the costs
// of the wrongly signed nonbasics makes it so, but the dual simplex then
// solves a different LP and primal phase 2 has to undo the shifts: on d2q06c
// that clean-up took 17,000 primal pivots after 2,100 dual ones.
//
// Instead the dual simplex first solves, from the current basis, the same
// costs over an auxiliary box in which every dual infeasibility can be cured
// by a bound flip: rows have right-hand side 0 and each variable v gets
//   boxed or fixed: [0, 0]      (its dual sign is always repairable by a flip)
//   lower bound only: [0, 1]
//   upper bound only: [-1, 0]
//   free: [-kFreeBox, kFreeBox]
// All variables are then boxed, so the basis is made dual feasible by placing
// each nonbasic at the bound its reduced cost asks for, and the dual simplex
// needs no cost shift. Its optimum minimises the weighted dual infeasibility
// of the one-sided and free variables; when that is zero the basis is dual
// feasible for the true bounds, and the dual simplex (phase 2) starts from it
// on the true costs, with nothing left for the primal to repair. Otherwise
// (a dual infeasible LP, or numerical trouble) the caller falls back to
// shifting costs. This is the auxiliary-problem method of dual phase 1 as
// described by Koberstein (2005) and used by HiGHS.
#include <algorithm>
#include <cmath>

#include "lp/simplex_solver.h"
#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

// The auxiliary box of a free variable: large, so that a free variable with a
// nonzero reduced cost weighs more than the one-sided ones.
constexpr double kFreeBox = 1000.0;
// The dual simplex perturbs its costs against degeneracy (and shifts them
// after drift), so its optimum can leave small true dual infeasibilities
// (pilot: 1e-4); a new round from that nearly dual feasible basis, on the
// true costs, removes them (pilot: three rounds, greenbeb: two).
constexpr int kMaxRounds = 4;
// Phase 1 gets at most this many pivots per variable (n + m), all rounds
// together; past that it gives way to cost shifting. On pilot87 (presolved,
// scaled) it once ran 35,000 pivots without reaching dual feasibility, where
// successful runs take 500-2,700 pivots on pilot, pilot87 and d2q06c.
constexpr double kPivotsPerVariable = 1.0;

}  // namespace

void SimplexSolver::place_nonbasics_by_reduced_cost() {
  for (int v = 0; v < num_vars(); ++v) {
    if (status_[v] == VarStatus::kBasic) continue;
    const bool has_lower = std::isfinite(lower_[v]), has_upper = std::isfinite(upper_[v]);
    if (has_lower && has_upper)
      status_[v] = d_[v] >= 0.0 ? VarStatus::kAtLower : VarStatus::kAtUpper;
    else if (has_lower)
      status_[v] = VarStatus::kAtLower;
    else if (has_upper)
      status_[v] = VarStatus::kAtUpper;
    else
      status_[v] = VarStatus::kAtZero;
    x_[v] = nonbasic_value(v);
  }
}

bool SimplexSolver::dual_phase_one() {
  const Eigen::VectorXd true_lower = lower_, true_upper = upper_;
  // The auxiliary objective bounds nothing: no cutoff while it runs.
  const double cutoff = cutoff_;
  const long iteration_limit = iteration_limit_;
  const long budget_end = iterations_ + static_cast<long>(kPivotsPerVariable * num_vars());
  bool dual_feasible = false;
  for (int round = 0; round < kMaxRounds && !dual_feasible; ++round) {
    set_auxiliary_box();
    work_cost_ = cost_;
    costs_shifted_ = false;
    cutoff_ = INFINITY;
    iteration_limit_ = std::min(iteration_limit, budget_end);
    place_nonbasics_by_reduced_cost();
    compute_primal();
    const Outcome outcome = run_dual();
    cutoff_ = cutoff;
    iteration_limit_ = iteration_limit;
    lower_ = true_lower;
    upper_ = true_upper;
    // run_dual may have perturbed or shifted the costs: the reduced costs
    // that decide the placement and the verdict are the true ones.
    work_cost_ = cost_;
    costs_shifted_ = false;
    if (factor_valid_) compute_duals(cost_);
    place_nonbasics_by_reduced_cost();
    if (!factor_valid_ || outcome != Outcome::kOptimal) return false;
    compute_primal();
    dual_feasible = max_dual_infeasibility() <= tolerances_.dual_feasibility;
  }
  return dual_feasible;
}

void SimplexSolver::set_auxiliary_box() {
  for (int v = 0; v < num_vars(); ++v) {
    const bool has_lower = std::isfinite(lower_[v]), has_upper = std::isfinite(upper_[v]);
    if (has_lower && has_upper) {
      lower_[v] = upper_[v] = 0.0;
    } else if (has_lower) {
      lower_[v] = 0.0;
      upper_[v] = 1.0;
    } else if (has_upper) {
      lower_[v] = -1.0;
      upper_[v] = 0.0;
    } else {
      lower_[v] = -kFreeBox;
      upper_[v] = kFreeBox;
    }
  }
}

}  // namespace milpsac::lp
