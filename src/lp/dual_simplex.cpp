// Dual simplex (phase 2) on the bounded computational form: the re-solve that
// branch-and-bound uses after it moves column bounds, starting from a basis that
// is still dual feasible.
//
// Each iteration, in named steps as HiGHS's HEkkDual::iterate: choose the row
// (the basic with the largest squared bound violation over its dual
// steepest-edge weight, dual_edge_weights.h); collect the candidates from its
// row of B^-1 [A -I]; choose the column (the bound-flipping and Harris ratio
// test, dual_ratio_choice.h: the entering variable and the boxed ones to
// flip); FTRAN the entering column; verify the pivot (row and column views
// agree); update the duals, then the primals; change the basis (with the
// edge weights and the factor). Reduced costs are updated from the pivot row
// and recomputed whenever the basis is refactored.
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

// What lives across the iterations of one run_dual.
struct SimplexSolver::DualRun {
  double tol_p = 0.0, tol_d = 0.0;
  Eigen::VectorXd alpha_row;
  // The entering column, the flips' right-hand side and the edge-weight
  // column: each lists its support when its FTRAN did, and is then cleared
  // over that list, not by an m-long memset (three per pivot on a
  // hyper-sparse model).
  WorkVector alpha_col, flip_rhs, tau;
  // The basic variables' bound violations by position, for the leaving-row
  // choice: recomputed with the primal values, kept up to date wherever a
  // basic value moves.
  PrimalInfeasibilities infeasibilities;
  std::vector<DualCandidate> candidates;
  // The pivot row's nonzeros at nonbasic movable variables, as the
  // candidates' walk meets them: the reduced-cost update walks this list
  // instead of the row again (pds-40: its second read of the status and the
  // bounds of 11,000 scattered variables per pivot was 9 % of the run).
  struct RowEntry {
    int v;
    double a;
  };
  std::vector<RowEntry> row_entries;
  // Entering candidates refused this iteration because the row and column
  // views of their pivot disagree on a fresh factor (an ill-conditioned basis):
  // cleared after every pivot.
  std::vector<char> rejected;
  bool any_rejected = false;
  DegeneracyGuard degeneracy;
  // Cost shifts that repaired dual drift after a refactor, this run.
  static constexpr int kMaxDriftRepairs = 50;
  int drift_repairs = 0;
};

// This iteration's choices, step by step.
struct SimplexSolver::DualPivot {
  bool bland = false;
  int r = -1;        // the leaving row's position
  int leaving = -1;  // its variable
  bool to_lower = false;
  double target = 0.0;  // the bound it leaves at
  double sign = 0.0;    // x_leaving must move by `sign`; increasing x_j moves it by -alpha_j
  bool row_wise = false;
  const std::vector<int>* row_vars = nullptr;  // the variables the pivot row is walked over
  double pivot_tol = 0.0;
  DualRatioChoice choice;  // the entering variable and the flips
  // A fixed variable met on the row's support (skipped, as the movable list
  // skips it). Bounds do not move during the run: collect_movable's flags hold.
  bool fixed(const SimplexSolver& s, int v) const { return row_wise && !s.is_movable_[uz(v)]; }
};

namespace {

// Position i's bound violation, for the leaving-row choice. Called for every
// entry of every column that moves x: a call per entry was 3 % of bandm's
// instructions, so it is inlined (dual_refresh_violation is its member form).
inline void refresh_violation(PrimalInfeasibilities& infeasibilities, const std::vector<int>& head,
                              const Eigen::VectorXd& x, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                              int i, double tol) {
  const int v = head[uz(i)];
  infeasibilities.set(i, std::max(lower[v] - x[v], x[v] - upper[v]), tol);
}

}  // namespace

void SimplexSolver::dual_refresh_violation(DualRun& run, int i) {
  refresh_violation(run.infeasibilities, head_, x_, lower_, upper_, i, run.tol_p);
}

void SimplexSolver::dual_report_changed(DualRun& run, const WorkVector& moved) {
  // The leaving-row choice keeps its best rows between pivots and must hear
  // of every position whose violation or weight moved: a listed support, or
  // (a dense column) possibly any.
  if (moved.listed) {
    run.infeasibilities.changed(moved.support);
  } else {
    run.infeasibilities.invalidate();
  }
}

bool SimplexSolver::dual_refactor(DualRun& run, Outcome& stop) {
  if (!refresh_factor()) {
    stop = Outcome::kLimit;
    return false;
  }
  for (int i = 0; i < m_; ++i) refresh_violation(run.infeasibilities, head_, x_, lower_, upper_, i, run.tol_p);
  run.infeasibilities.invalidate();  // refactor() may reset weights of swapped-in logicals
  compute_duals(work_cost_);
  if (max_dual_infeasibility() > tol::kDriftFactor * run.tol_d) {
    // Fresh reduced costs drifted out of dual feasibility (dano3mip: a
    // few 1e-6 after each refactor). Restarting the pass would throw the
    // basis away and meet the same drift again; shift the costs back into
    // feasibility instead and go on. solve() removes the shifts and
    // finishes with primal phase 2, so the optimum is the true one.
    if (++run.drift_repairs > DualRun::kMaxDriftRepairs) {
      stop = Outcome::kRestart;
      return false;
    }
    shift_costs_to_dual_feasibility();
  }
  return true;
}

bool SimplexSolver::dual_choose_row(DualRun& run, DualPivot& p) {
  // The largest violation (Bland: the lowest variable index).
  p.bland = run.degeneracy.bland();
  p.r = p.bland ? run.infeasibilities.choose_lowest_variable(head_) : run.infeasibilities.choose(dse_weights_);
  if (p.r < 0) return false;
  p.leaving = head_[p.r];
  p.to_lower = x_[p.leaving] < lower_[p.leaving];
  p.target = p.to_lower ? lower_[p.leaving] : upper_[p.leaving];
  p.sign = p.to_lower ? 1.0 : -1.0;
  return true;
}

void SimplexSolver::dual_collect_candidates(DualRun& run, DualPivot& p) {
  // A hyper-sparse pivot row (the usual case on wide sparse models) is
  // walked over its support, not over every movable variable: on 80bau3b
  // these two walks were a quarter of the run. Fixed variables on the
  // support are skipped as the movable list skips them, and the support is
  // walked only when it is the shorter list (deep in a search most columns
  // of a wide model are fixed: nw04). The ratio test's choice does not
  // depend on the order of its candidates (a total order), so both walks
  // give the same pivots.
  const Eigen::VectorXd& alpha_row = run.alpha_row;
  p.row_wise = pivot_row(p.r, run.alpha_row, true) && row_support_.size() < movable_vars_.size();
  p.row_vars = p.row_wise ? &row_support_ : &movable_vars_;
  p.pivot_tol = factor_.num_updates() > BasisFactor::kLongEtaFile ? tol::kPivotLongEtaFile : tol::kPivot;
  run.candidates.clear();
  run.row_entries.clear();
  for (int v : *p.row_vars) {
    // The entry first: most of a dense walk's entries are zero, and one
    // test rejects them before the status reads.
    const double a = alpha_row[v];
    if (a == 0.0) continue;
    if (status_[v] == VarStatus::kBasic || p.fixed(*this, v)) continue;
    run.row_entries.push_back({v, a});
    if (std::fabs(a) <= p.pivot_tol || run.rejected[uz(v)]) continue;
    double dual;  // the reduced cost with the sign dual feasibility wants, clamped at 0
    if (status_[v] == VarStatus::kAtLower) {
      if (a * p.sign >= 0) continue;  // increasing it would move x_leaving the wrong way
      dual = std::max(d_[v], 0.0);
    } else if (status_[v] == VarStatus::kAtUpper) {
      if (a * p.sign <= 0) continue;
      dual = std::max(-d_[v], 0.0);
    } else {
      dual = std::fabs(d_[v]);
    }
    run.candidates.push_back({v, dual / std::fabs(a), std::fabs(a), upper_[v] - lower_[v]});
  }
}

SimplexSolver::DualStep SimplexSolver::dual_choose_column(DualRun& run, DualPivot& p, Outcome& stop) {
  if (run.candidates.empty() && run.any_rejected) {
    stop = Outcome::kRestart;  // not a ray: refused pivots
    return DualStep::kStop;
  }
  // No candidate, or flipping every candidate still leaves the row short: a
  // dual ray, the row cannot reach its bound. Confirmed on fresh values.
  const bool ray =
      run.candidates.empty() ||
      (p.choice = choose_dual_ratio(run.candidates, std::fabs(x_[p.leaving] - p.target), run.tol_p, run.tol_d, p.bland))
          .infeasible;
  if (!ray) return DualStep::kGo;
  if (factor_.num_updates() > 0) {
    factor_valid_ = false;
    return DualStep::kRetry;
  }
  scaled_ray_ = rho_.values;  // row r of B^-1 [A -I] is rho^T [A -I]: a Farkas ray
  stop = Outcome::kInfeasible;
  return DualStep::kStop;
}

void SimplexSolver::dual_update_ftran(DualRun& run, const DualPivot& p) {
  run.alpha_col.clear();
  column(p.choice.entering, run.alpha_col.values, &run.alpha_col.support, /*out_is_zero=*/true);
  factor_.ftran_sparse(run.alpha_col, column_density_, /*keep_spike=*/true);
}

bool SimplexSolver::dual_verify_pivot(DualRun& run, const DualPivot& p) {
  // The pivot seen from the row and from the column must agree; if not, the
  // factor has drifted: refactor and try again. On a fresh factor the basis
  // itself is ill-conditioned: refuse this candidate and pick another.
  const int q = p.choice.entering;
  const double from_row = run.alpha_row[q], from_column = run.alpha_col.values[p.r];
  if (!(std::fabs(from_column - from_row) > tol::kPivotAgreement * (1.0 + std::fabs(from_row))) &&
      std::fabs(from_column) > p.pivot_tol)
    return true;
  if (factor_.num_updates() > 0) {
    factor_valid_ = false;
  } else {
    run.rejected[uz(q)] = 1;
    run.any_rejected = true;
  }
  return false;
}

void SimplexSolver::dual_update_duals(DualRun& run, const DualPivot& p) {
  const int q = p.choice.entering;
  const Eigen::VectorXd& alpha_row = run.alpha_row;
  const double theta = dual_step(d_[q], alpha_row[q], p.to_lower);
  run.degeneracy.record(theta);
  // A zero step or a zero entry leaves a reduced cost as it is: both are
  // skipped (degenerate pivots are common in a search's node LPs). The
  // collected entries are the row's nonzeros at nonbasic movable variables.
  if (theta != 0.0)
    for (const DualRun::RowEntry& e : run.row_entries) d_[e.v] -= theta * e.a;
  d_[q] = 0.0;
  d_[p.leaving] = -theta;
}

void SimplexSolver::dual_update_primals(DualRun& run, const DualPivot& p) {
  // Flipped variables first, then the entering one.
  WorkVector& flip_rhs = run.flip_rhs;
  if (!p.choice.flips.empty()) {
    flip_rhs.clear();
    for (int v : p.choice.flips) {
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
      refresh_violation(run.infeasibilities, head_, x_, lower_, upper_, i, run.tol_p);
    });
    dual_report_changed(run, flip_rhs);
  }
  const WorkVector& alpha_col = run.alpha_col;
  const double step = (x_[p.leaving] - p.target) / alpha_col.values[p.r];
  x_[p.choice.entering] += step;
  // Only the column's support moves x (a few dozen of thousands of
  // positions on a hyper-sparse model).
  alpha_col.for_each_nonzero([&](int i) {
    x_[head_[i]] -= step * alpha_col.values[i];
    refresh_violation(run.infeasibilities, head_, x_, lower_, upper_, i, run.tol_p);
  });
  dual_report_changed(run, alpha_col);  // the edge weights below move there too
}

void SimplexSolver::dual_change_basis(DualRun& run, const DualPivot& p) {
  if (run.any_rejected) {
    std::fill(run.rejected.begin(), run.rejected.end(), 0);
    run.any_rejected = false;
  }
  // x_leaving goes to p.target, the bound its new status names.
  change_basis(p.r, p.choice.entering, p.to_lower ? VarStatus::kAtLower : VarStatus::kAtUpper);
  dual_refresh_violation(run, p.r);
  run.infeasibilities.changed(p.r);
  // Dual steepest-edge weights (Forrest-Goldfarb update), with the exact
  // weight of the pivot row; tau = B^-1 rho uses the basis before the update.
  const Eigen::VectorXd& rho = rho_.values;
  WorkVector& tau = run.tau;
  tau.clear();
  for (int i : rho_.support) tau.values[i] = rho[i];
  tau.support = rho_.support;
  factor_.ftran_sparse(tau, edge_weight_density_);
  const WorkVector& alpha_col = run.alpha_col;
  update_dual_edge_weights(dse_weights_, p.r, alpha_col.values, rho, tau.values,
                           alpha_col.listed ? &alpha_col.support : nullptr, &rho_.support);
  // The Forrest-Tomlin update takes the spike kept by alpha_col's FTRAN.
  factor_.update(p.r, alpha_col.values);
}

SimplexSolver::Outcome SimplexSolver::run_dual() {
  DualRun run;
  run.tol_p = tolerances_.primal_feasibility;
  run.tol_d = tolerances_.dual_feasibility;
  run.alpha_col.resize(m_);
  run.flip_rhs.resize(m_);
  run.tau.resize(m_);
  run.infeasibilities.reset(m_);
  run.rejected.assign(uz(num_vars()), 0);
  // Bounds do not move during the run: fixed variables never enter, so their
  // pivot-row entries and reduced costs are not kept up to date here (every
  // solve recomputes the reduced costs from fresh duals before it reports).
  collect_movable();
  for (int i = 0; i < m_; ++i) dual_refresh_violation(run, i);
  Outcome stop = Outcome::kLimit;
  while (true) {
    if (limits_reached()) return Outcome::kLimit;
    if ((!factor_valid_ || factor_.needs_refactor()) && !dual_refactor(run, stop)) return stop;
    // With shifted costs the objective bounds nothing: no cutoff then.
    if (!costs_shifted_ && std::isfinite(cutoff_) && objective() > cutoff_) return Outcome::kCutoff;
    // Models with many zero costs (wood1p) are dual degenerate and Bland's
    // rule alone crawls through them: perturb the costs once.
    if (run.degeneracy.perturb_now() && !costs_shifted_) {
      shift_costs_to_dual_feasibility();
      run.degeneracy.restart();
    }
    DualPivot p;
    if (!dual_choose_row(run, p)) return Outcome::kOptimal;
    dual_collect_candidates(run, p);
    const DualStep column_step = dual_choose_column(run, p, stop);
    if (column_step == DualStep::kStop) return stop;
    if (column_step == DualStep::kRetry) continue;
    dual_update_ftran(run, p);
    if (!dual_verify_pivot(run, p)) continue;
    dual_update_duals(run, p);
    dual_update_primals(run, p);
    ++iterations_;
    dual_change_basis(run, p);
  }
}

}  // namespace milpsac::lp
