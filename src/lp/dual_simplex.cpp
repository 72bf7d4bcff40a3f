// Dual simplex (phase 2) on the bounded computational form: the re-solve that
// branch-and-bound uses after it moves column bounds, starting from a basis that
// is still dual feasible.
//
// Each iteration: the leaving row is the basic with the largest squared bound
// violation over its dual steepest-edge weight (dual_edge_weights.h); its row
// of B^-1 [A -I] gives the candidates; the bound-flipping and Harris ratio test
// (dual_ratio_choice.h) picks the entering variable and the boxed ones to flip.
// Reduced costs are updated from the pivot row and recomputed whenever the
// basis is refactored.
//
// The objective of a dual feasible basis is a lower bound on the LP optimum,
// and it only grows: once it passes the cutoff the node can be pruned.
#include <algorithm>
#include <cmath>

#include "common/index.h"
#include "lp/dual_edge_weights.h"
#include "lp/dual_ratio_choice.h"
#include "lp/pivot_policy.h"
#include "lp/primal_infeasibilities.h"
#include "lp/simplex_solver.h"
#include "lp/tolerances.h"
#include "lp/work_vector.h"

namespace milpsac::lp {

SimplexSolver::Outcome SimplexSolver::run_dual() {
  const double tol_p = tolerances_.primal_feasibility;
  const double tol_d = tolerances_.dual_feasibility;
  const Eigen::VectorXd& rho = rho_.values;  // pivot_row's
  Eigen::VectorXd alpha_row;
  // The entering column, the flips' right-hand side and the edge-weight
  // column: each lists its support when its FTRAN did, and is then cleared
  // over that list, not by an m-long memset (three per pivot on a
  // hyper-sparse model).
  WorkVector alpha_col, flip_rhs, tau;
  alpha_col.resize(m_);
  flip_rhs.resize(m_);
  tau.resize(m_);
  // The basic variables' bound violations by position, for the leaving-row
  // choice: recomputed with the primal values, kept up to date wherever a
  // basic value moves.
  PrimalInfeasibilities infeasibilities;
  infeasibilities.reset(m_);
  auto refresh_violation = [&](int i) {
    const int v = head_[i];
    infeasibilities.set(i, std::max(lower_[v] - x_[v], x_[v] - upper_[v]), tol_p);
  };
  // The leaving-row choice keeps its best rows between pivots and must hear
  // of every position whose violation or weight moved: a listed support, or
  // (a dense column) possibly any.
  auto report_changed = [&](const WorkVector& moved) {
    if (moved.listed) {
      infeasibilities.changed(moved.support);
    } else {
      infeasibilities.invalidate();
    }
  };
  std::vector<DualCandidate> candidates;
  // Entering candidates refused this iteration because the row and column
  // views of their pivot disagree on a fresh factor (an ill-conditioned basis):
  // cleared after every pivot.
  std::vector<char> rejected(uz(num_vars()), 0);
  bool any_rejected = false;
  DegeneracyGuard degeneracy;
  // Cost shifts that repaired dual drift after a refactor, this run.
  constexpr int kMaxDriftRepairs = 50;
  int drift_repairs = 0;
  // Bounds do not move during the run: fixed variables never enter, so their
  // pivot-row entries and reduced costs are not kept up to date here (every
  // solve recomputes the reduced costs from fresh duals before it reports).
  collect_movable();
  for (int i = 0; i < m_; ++i) refresh_violation(i);
  while (true) {
    if (limits_reached()) return Outcome::kLimit;
    if (!factor_valid_ || factor_.needs_refactor()) {
      refactor();
      if (factor_.interrupted()) return Outcome::kLimit;
      compute_primal();
      for (int i = 0; i < m_; ++i) refresh_violation(i);
      infeasibilities.invalidate();  // refactor() may reset weights of swapped-in logicals
      compute_duals(work_cost_);
      if (max_dual_infeasibility() > tol::kDriftFactor * tol_d) {
        // Fresh reduced costs drifted out of dual feasibility (dano3mip: a
        // few 1e-6 after each refactor). Restarting the pass would throw the
        // basis away and meet the same drift again; shift the costs back into
        // feasibility instead and go on. solve() removes the shifts and
        // finishes with primal phase 2, so the optimum is the true one.
        if (++drift_repairs > kMaxDriftRepairs) return Outcome::kRestart;
        shift_costs_to_dual_feasibility();
      }
    }
    // With shifted costs the objective bounds nothing: no cutoff then.
    if (!costs_shifted_ && std::isfinite(cutoff_) && objective() > cutoff_) return Outcome::kCutoff;

    // Models with many zero costs (wood1p) are dual degenerate and Bland's
    // rule alone crawls through them: perturb the costs once.
    if (degeneracy.perturb_now() && !costs_shifted_) {
      shift_costs_to_dual_feasibility();
      degeneracy.restart();
    }
    // Leaving row: the largest violation (Bland: the lowest variable index).
    const bool bland = degeneracy.bland();
    const int r = bland ? infeasibilities.choose_lowest_variable(head_) : infeasibilities.choose(dse_weights_);
    if (r < 0) return Outcome::kOptimal;
    const int leaving = head_[r];
    const bool to_lower = x_[leaving] < lower_[leaving];
    const double target = to_lower ? lower_[leaving] : upper_[leaving];
    // x_leaving must move by `sign`; increasing x_j moves it by -alpha_j.
    const double sign = to_lower ? 1.0 : -1.0;
    // A hyper-sparse pivot row (the usual case on wide sparse models) is
    // walked over its support, not over every movable variable: on 80bau3b
    // these two walks were a quarter of the run. Fixed variables on the
    // support are skipped as the movable list skips them, and the support is
    // walked only when it is the shorter list (deep in a search most columns
    // of a wide model are fixed: nw04). The ratio test's choice does not
    // depend on the order of its candidates (a total order), so both walks
    // give the same pivots.
    const bool row_wise = pivot_row(r, alpha_row, true) && row_support_.size() < movable_vars_.size();
    const std::vector<int>& row_vars = row_wise ? row_support_ : movable_vars_;
    auto fixed = [&](int v) { return row_wise && !movable(v); };

    const double pivot_tol = factor_.num_updates() > BasisFactor::kLongEtaFile ? tol::kPivotLongEtaFile : tol::kPivot;
    candidates.clear();
    for (int v : row_vars) {
      // The entry first: most of a dense walk's entries are zero, and one
      // test rejects them before the status reads.
      const double a = alpha_row[v];
      if (std::fabs(a) <= pivot_tol) continue;
      if (status_[v] == VarStatus::kBasic || fixed(v)) continue;
      if (rejected[uz(v)]) continue;
      double dual;  // the reduced cost with the sign dual feasibility wants, clamped at 0
      if (status_[v] == VarStatus::kAtLower) {
        if (a * sign >= 0) continue;  // increasing it would move x_leaving the wrong way
        dual = std::max(d_[v], 0.0);
      } else if (status_[v] == VarStatus::kAtUpper) {
        if (a * sign <= 0) continue;
        dual = std::max(-d_[v], 0.0);
      } else {
        dual = std::fabs(d_[v]);
      }
      candidates.push_back({v, dual / std::fabs(a), std::fabs(a), upper_[v] - lower_[v]});
    }
    if (candidates.empty() && any_rejected) return Outcome::kRestart;  // not a ray: refused pivots
    if (candidates.empty()) {
      // A dual ray: the row cannot reach its bound. Confirm on fresh values.
      if (factor_.num_updates() > 0) {
        factor_valid_ = false;
        continue;
      }
      scaled_ray_ = rho;  // row r of B^-1 [A -I] is rho^T [A -I]: a Farkas ray
      return Outcome::kInfeasible;
    }
    const DualRatioChoice choice = choose_dual_ratio(candidates, std::fabs(x_[leaving] - target), tol_p, tol_d, bland);
    if (choice.infeasible) {
      // Flipping every candidate still leaves the row short: infeasible.
      if (factor_.num_updates() > 0) {
        factor_valid_ = false;
        continue;
      }
      scaled_ray_ = rho;
      return Outcome::kInfeasible;
    }
    const std::vector<int>& flips = choice.flips;
    const int q = choice.entering;

    alpha_col.clear();
    column(q, alpha_col.values, &alpha_col.support, /*out_is_zero=*/true);
    factor_.ftran_sparse(alpha_col, column_density_, /*keep_spike=*/true);
    // The pivot seen from the row and from the column must agree; if not, the
    // factor has drifted: refactor and try again. On a fresh factor the basis
    // itself is ill-conditioned: refuse this candidate and pick another.
    if (std::fabs(alpha_col.values[r] - alpha_row[q]) > tol::kPivotAgreement * (1.0 + std::fabs(alpha_row[q])) ||
        !(std::fabs(alpha_col.values[r]) > pivot_tol)) {
      if (factor_.num_updates() > 0) {
        factor_valid_ = false;
      } else {
        rejected[uz(q)] = 1;
        any_rejected = true;
      }
      continue;
    }

    // Dual step.
    const double theta = dual_step(d_[q], alpha_row[q], to_lower);
    degeneracy.record(theta);
    // A zero step or a zero entry leaves a reduced cost as it is: both are
    // skipped (degenerate pivots are common in a search's node LPs).
    if (theta != 0.0)
      for (int v : row_vars) {
        const double a = alpha_row[v];
        if (a != 0.0 && status_[v] != VarStatus::kBasic && !fixed(v)) d_[v] -= theta * a;
      }
    d_[q] = 0.0;
    d_[leaving] = -theta;

    // Primal step: flipped variables first, then the entering one.
    if (!flips.empty()) {
      flip_rhs.clear();
      for (int v : flips) {
        const double old_value = x_[v];
        status_[v] = status_[v] == VarStatus::kAtLower ? VarStatus::kAtUpper : VarStatus::kAtLower;
        x_[v] = nonbasic_value(v);
        const double change = x_[v] - old_value;
        if (v < n_) {
          for (Eigen::SparseMatrix<double>::InnerIterator it(A_sparse_, v); it; ++it)
            flip_rhs.add(static_cast<int>(it.row()), change * it.value());
        } else {
          flip_rhs.add(v - n_, -change);
        }
      }
      factor_.ftran_sparse(flip_rhs, flip_density_);
      flip_rhs.for_each_nonzero([&](int i) {
        x_[head_[i]] -= flip_rhs.values[i];
        refresh_violation(i);
      });
      report_changed(flip_rhs);
    }
    const double step = (x_[leaving] - target) / alpha_col.values[r];
    x_[q] += step;
    // Only the column's support moves x (a few dozen of thousands of
    // positions on a hyper-sparse model).
    alpha_col.for_each_nonzero([&](int i) {
      x_[head_[i]] -= step * alpha_col.values[i];
      refresh_violation(i);
    });
    report_changed(alpha_col);  // the edge weights below move there too
    ++iterations_;

    if (any_rejected) {
      std::fill(rejected.begin(), rejected.end(), 0);
      any_rejected = false;
    }
    status_[leaving] = to_lower ? VarStatus::kAtLower : VarStatus::kAtUpper;
    position_[leaving] = -1;
    x_[leaving] = target;
    head_[r] = q;
    position_[q] = r;
    status_[q] = VarStatus::kBasic;
    refresh_violation(r);
    infeasibilities.changed(r);
    // Dual steepest-edge weights (Forrest-Goldfarb update), with the exact
    // weight of the pivot row; tau = B^-1 rho uses the basis before the update.
    tau.clear();
    for (int i : rho_.support) tau.values[i] = rho[i];
    tau.support = rho_.support;
    factor_.ftran_sparse(tau, edge_weight_density_);
    update_dual_edge_weights(dse_weights_, r, alpha_col.values, rho, tau.values,
                             alpha_col.listed ? &alpha_col.support : nullptr, &rho_.support);
    // The Forrest-Tomlin update takes the spike kept by alpha_col's FTRAN.
    factor_.update(r, alpha_col.values);
  }
}

}  // namespace milpsac::lp
