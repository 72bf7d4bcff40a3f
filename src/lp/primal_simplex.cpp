// Primal simplex, phases 1 and 2, on the bounded computational form.
//
// Phase 1 minimises the sum of infeasibilities of the basic variables: its cost
// is -1 on a basic below its lower bound, +1 above its upper bound, 0 otherwise,
// recomputed every iteration. Its ratio test lets an infeasible basic leave at
// the bound it reaches first, so the sum never increases.
//
// Pricing: phase 1 uses Dantzig's rule on duals recomputed every iteration
// (its costs change with the basic infeasibilities). Phase 2 uses Devex
// (approximate steepest edge: the score is d_j^2 / w_j with reference weights
// w_j, 1 on the reference framework, updated from the pivot row) and updates
// the reduced costs from that same row instead of recomputing them; both are
// recomputed fresh after every refactorization. On degenerate models Dantzig's
// rule took several times the pivots (modszk1: 13,000 on 687 rows).
// Degeneracy: after a run of degenerate pivots in phase 2 the bounds of the
// basic variables are widened once by small distinct amounts (a deterministic
// sequence), so that ties in the ratio test break and steps are positive;
// the bounds are restored when the loop ends, and a basis that is then
// slightly infeasible goes back to the driver (while perturbed, a basic found
// slightly past its bound after a refactorization shifts that bound too), whose dual simplex (the basis
// is dual feasible) cleans it up. Before this, degenerate models crawled
// under Bland's rule.
// The pricing (primal_pricing.h) and the ratio test (primal_ratio_choice.h,
// Harris's two passes) are parts of their own; when the entering variable
// reaches its own opposite bound first, it just flips.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "lp/pivot_policy.h"
#include "lp/primal_pricing.h"
#include "lp/primal_ratio_choice.h"
#include "lp/simplex_solver.h"
#include "lp/tolerances.h"

namespace milpsac::lp {

SimplexSolver::Outcome SimplexSolver::run_primal(Phase phase) {
  const Outcome outcome = primal_loop(phase);
  remove_bound_perturbation();
  return outcome;
}

void SimplexSolver::perturb_basic_bounds() {
  std::uint64_t state = 0xD1B54A32D192ED03ull;
  auto next_uniform = [&state]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) * 0x1.0p-53;
  };
  unperturbed_lower_ = lower_;
  unperturbed_upper_ = upper_;
  for (int i = 0; i < m_; ++i) {
    const int v = head_[i];
    const double u = next_uniform();
    if (!movable(v)) continue;  // fixed: stays fixed
    if (std::isfinite(lower_[v])) lower_[v] -= tol::kBoundPerturbation * (1.0 + std::fabs(lower_[v])) * (1.0 + u);
    if (std::isfinite(upper_[v])) upper_[v] += tol::kBoundPerturbation * (1.0 + std::fabs(upper_[v])) * (1.0 + u);
  }
  bounds_perturbed_ = true;
}

void SimplexSolver::shift_bounds_to_basics() {
  for (int i = 0; i < m_; ++i) {
    const int v = head_[i];
    const double limit = tol::kBoundShiftLimit * (1.0 + std::fabs(x_[v]));
    if (x_[v] < lower_[v] && lower_[v] - x_[v] <= limit) lower_[v] = x_[v];
    if (x_[v] > upper_[v] && x_[v] - upper_[v] <= limit) upper_[v] = x_[v];
  }
}

void SimplexSolver::remove_bound_perturbation() {
  if (!bounds_perturbed_) return;
  lower_ = unperturbed_lower_;
  upper_ = unperturbed_upper_;
  bounds_perturbed_ = false;
  // Nonbasics that left the basis at a widened bound go back to the true one.
  for (int v = 0; v < num_vars(); ++v)
    if (status_[v] != VarStatus::kBasic) x_[v] = nonbasic_value(v);
}

SimplexSolver::Outcome SimplexSolver::primal_loop(Phase phase) {
  const double tol_p = tolerances_.primal_feasibility;
  const double tol_d = tolerances_.dual_feasibility;
  Eigen::VectorXd phase_cost, alpha, alpha_row;
  // Devex reference weights (phase 2), one per variable; basic entries unused.
  Eigen::VectorXd devex = Eigen::VectorXd::Ones(num_vars());
  bool duals_fresh = false;  // d_ holds the phase-2 reduced costs of the current basis
  PrimalRatioWork ratio_work;
  DegeneracyGuard degeneracy;
  while (true) {
    if (limits_reached()) return Outcome::kLimit;
    if (!factor_valid_ || factor_.needs_refactor()) {
      if (!refresh_factor()) return Outcome::kLimit;
      duals_fresh = false;
      // Perturbed bounds may shift further: a basic slightly past its bound
      // moves the bound instead of ending the pass (all undone at the end).
      if (phase == Phase::kTwo && bounds_perturbed_) shift_bounds_to_basics();
      if (phase == Phase::kTwo && max_primal_infeasibility() > tol::kDriftFactor * tol_p) return Outcome::kRestart;
    }
    const Eigen::VectorXd* cost = &cost_;
    if (phase == Phase::kOne) {
      phase_cost.setZero(num_vars());
      bool infeasible = false;
      for (int i = 0; i < m_; ++i) {
        const int v = head_[i];
        if (x_[v] < lower_[v] - tol_p) {
          phase_cost[v] = -1.0;
          infeasible = true;
        }
        if (x_[v] > upper_[v] + tol_p) {
          phase_cost[v] = 1.0;
          infeasible = true;
        }
      }
      if (!infeasible) return Outcome::kOptimal;
      cost = &phase_cost;
    }
    if (phase == Phase::kOne || !duals_fresh) {
      compute_duals(*cost);
      duals_fresh = phase == Phase::kTwo;
    }

    if (phase == Phase::kTwo && degeneracy.perturb_now() && !bounds_perturbed_) {
      perturb_basic_bounds();
      degeneracy.restart();
    }
    const bool bland = degeneracy.bland();
    const int q = primal_entering(status_, lower_, upper_, d_, phase == Phase::kTwo ? &devex : nullptr, tol_d, bland);
    if (q < 0) {
      if (phase == Phase::kTwo) {
        // Updated reduced costs drift: confirm optimality on fresh ones.
        if (factor_.num_updates() > 0) {
          if (!refresh_factor()) return Outcome::kLimit;
          duals_fresh = false;
          if (max_primal_infeasibility() > tol::kDriftFactor * tol_p) return Outcome::kRestart;
          compute_duals(cost_);
          duals_fresh = true;
          if (max_dual_infeasibility() > tol_d) continue;
        }
        return Outcome::kOptimal;
      }
      // No improving column while infeasible: confirm on fresh values first.
      if (factor_.num_updates() > 0) {
        if (!refresh_factor()) return Outcome::kLimit;
        continue;
      }
      // The phase-1 duals separate the rows from the box: a Farkas ray.
      scaled_ray_ = y_;
      return Outcome::kInfeasible;
    }
    const double dir = d_[q] < 0 ? 1.0 : -1.0;
    column(q, alpha);
    factor_.ftran(alpha, /*keep_spike=*/true);

    const double pivot_tol = factor_.num_updates() > BasisFactor::kLongEtaFile ? tol::kPivotLongEtaFile : tol::kPivot;
    const PrimalRatioChoice ratio = choose_primal_ratio(alpha, dir, head_, x_, lower_, upper_, pivot_tol, tol_p,
                                                        phase == Phase::kOne, bland, ratio_work);
    const double theta_max = ratio.theta_max;
    const double range = upper_[q] - lower_[q];
    if (!std::isfinite(theta_max) && !std::isfinite(range)) {
      if (phase == Phase::kTwo) {
        if (factor_.num_updates() > 0) {
          if (!refresh_factor()) return Outcome::kLimit;
          continue;
        }
        // The primal ray: x_q moves by dir, each basic by -dir * alpha_i.
        scaled_ray_.setZero(n_);
        if (q < n_) scaled_ray_[q] = dir;
        for (int i = 0; i < m_; ++i)
          if (head_[i] < n_) scaled_ray_[head_[i]] = -dir * alpha[i];
        return Outcome::kUnbounded;
      }
      return Outcome::kRestart;  // phase 1 cannot be unbounded: numerical trouble
    }
    const int r = ratio.row;
    double step;
    const bool flip = std::isfinite(range) && (r < 0 || range <= (bland ? ratio.exact_step : theta_max));
    // No blocking row and no flip (only NaN or inf values get here): the
    // values are not trustworthy; start the pass again from a fresh factor.
    if (!flip && r < 0) return Outcome::kRestart;
    if (!flip && phase == Phase::kTwo) {
      // The pivot row updates the reduced costs and the Devex weights. Its
      // pivot must agree with the column's; if not, the factor has drifted.
      pivot_row(r, alpha_row, false);
      const double pivot = alpha[r];
      if (std::fabs(alpha_row[q] - pivot) > tol::kPivotAgreement * (1.0 + std::fabs(pivot)) &&
          factor_.num_updates() > 0) {
        factor_valid_ = false;
        continue;
      }
      update_primal_devex(status_, alpha_row, pivot, q, head_[r], d_, devex);
    }
    step = flip ? range : ratio.exact_step;
    degeneracy.record(step);

    x_[q] += dir * step;
    for (int i = 0; i < m_; ++i) x_[head_[i]] -= dir * step * alpha[i];
    ++iterations_;
    if (flip) {
      status_[q] = dir > 0 ? VarStatus::kAtUpper : VarStatus::kAtLower;
      x_[q] = nonbasic_value(q);
      continue;
    }
    change_basis(r, q, ratio.to_upper ? VarStatus::kAtUpper : VarStatus::kAtLower);
    factor_.update(r, alpha);
  }
}

}  // namespace milpsac::lp
