// SimplexSolver: a bounded-variable dense simplex that keeps its state between
// solves, so that branch-and-bound can change column bounds and re-solve warm.
//
// Computational form (on the scaled problem): every row i gets a logical
// variable s_i with A x - s = 0 and row_lower <= s <= row_upper, so structurals
// and logicals are alike: n + m variables, each with [lower, upper]. A
// nonbasic variable sits at a finite bound (or at zero when free); the m basic
// variables follow from B x_B = -N x_N.
//
// solve() picks the method from the current basis:
//   * primal feasible            -> primal simplex, phase 2
//   * dual feasible (after bound changes, the usual B&B case) -> dual simplex
//   * neither (a cold start)     -> dual phase 1 (dual_phase_one.cpp: the dual
//     simplex on an auxiliary box) makes the basis dual feasible, then the
//     dual simplex solves the LP. Should phase 1 fail, the costs of the
//     wrongly-signed nonbasics are
//     shifted so that the basis is dual feasible, the dual simplex reaches a
//     primal feasible basis (or proves infeasibility, which does not depend on
//     costs), the shifts are removed and primal phase 2 finishes. Primal phase 1
//     (sum of infeasibilities) remains the fallback.
// The dual simplex prices rows by dual steepest edge (weights ||e_r^T B^-1||^2,
// updated each pivot, 1 for a fresh or restored basis).
// Both use a Harris two-pass ratio test; the dual one also flips boxed
// variables past their breakpoints (bound-flipping ratio test). After a run of
// degenerate pivots both fall back to Bland's rule until progress resumes.
//
// All values crossing this interface are in the original (unscaled) space and
// in minimisation form (a maximisation LP has its costs negated here).
//
// Verdicts: kInfeasible is returned only with a Farkas ray and kUnbounded
// only with a primal ray from a feasible vertex, each checked (certificate.h)
// on the unscaled data (scale factors are powers of two, so unscaling is
// exact). A certificate that fails its check makes the answer
// kNumericalError, never the verdict; the retries are CheckedSimplex's one
// fallback ladder (kLadder in checked_simplex.cpp).
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <cstdint>
#include <vector>

#include "common/deadline.h"
#include "lp/basis_factor.h"
#include "lp/certificate.h"
#include "lp/linear_program.h"
#include "lp/scaling.h"
#include "lp/simplex.h"
#include "lp/tolerances.h"
#include "lp/work_vector.h"

namespace milpsac::lp {

class SimplexSolver {
 public:
  SimplexSolver(const LinearProgram& lp, bool scale = true);

  int num_rows() const { return m_; }
  int num_cols() const { return n_; }

  // --- the contract the search uses ---------------------------------------
  void set_col_bounds(int j, double lower, double upper);  // original space
  double col_lower(int j) const { return lower_[j] * col_scale(j); }
  double col_upper(int j) const { return upper_[j] * col_scale(j); }
  // Stop the dual simplex once the objective (minimisation form, offset
  // included) provably exceeds this value: status kCutoff.
  void set_objective_cutoff(double cutoff) { cutoff_ = cutoff; }
  void set_deadline(const Deadline* deadline) {
    deadline_ = deadline;
    factor_.set_deadline(deadline);
  }
  void set_iteration_limit(long limit) { iteration_limit_ = limit; }
  // Feasibility tolerances of the simplex (scaled problem); must be valid.
  void set_tolerances(const Tolerances& tolerances) { tolerances_ = tolerances; }
  // Perturb the costs as soon as the dual simplex starts from a cold basis
  // (after dual phase 1) instead of after a run of degenerate pivots: for a
  // one-shot solve. A search keeps the later trigger, whose root optima its
  // trees were measured on (see solve()).
  void set_perturb_cold_start(bool perturb) { perturb_cold_start_ = perturb; }
  // Start the dual simplex from the exact steepest-edge weights of a basis
  // installed by set_basis (exact_dual_edge_weights: m BTRANs, kept with the
  // kept factor, so once per basis) instead of unit weights. For strong
  // branching, whose children all start from their node's basis: pp08a's
  // children took 23,903 pivots with unit weights, 15,967 with exact ones.
  // Off by default: elsewhere the m solves did not pay (every node LP of
  // stein45 installs its parent's basis: 6.6 -> 11.4 s).
  void set_exact_weights_on_install(bool exact) { exact_weights_on_install_ = exact; }
  // Whether a solve's first cold dual start tries artificial bounds
  // (artificial_bounds.cpp) before dual phase 1; on by default. Off, every
  // cold start goes through phase 1 (the tests of phase 1 turn it off).
  void set_artificial_bounds_start(bool on) { artificial_bounds_start_ = on; }

  LpStatus solve();

  double objective() const;               // minimisation form, offset included
  Eigen::VectorXd primal_values() const;  // x (original columns)
  Eigen::VectorXd reduced_costs() const;  // d = c - A^T y (minimisation form)
  Eigen::VectorXd row_duals() const;      // y (minimisation form)
  Eigen::VectorXd row_activity() const;   // A x
  long iterations() const { return iterations_; }
  // Row multipliers for a bound of a solve that stopped at a limit
  // (lagrangian_bound.h), original space, minimisation form: y = B^-T c_B
  // for the true costs at the current basis when its factor is usable, and
  // the last duals the simplex computed (for its working costs, which may be
  // shifted); none, one or both.
  std::vector<Eigen::VectorXd> bound_duals() const;

  // The certificate behind the last kInfeasible (Farkas ray y, one entry per
  // row, minimisation form) or kUnbounded (primal ray d, one per column), in
  // the original space, and its check. Empty / invalid after other statuses.
  const Eigen::VectorXd& ray() const { return ray_; }
  const CertificateCheck& certificate() const { return certificate_; }

  Basis basis() const;
  // The dual steepest-edge weights the dual simplex prices with, by basis
  // position (scaled problem).
  const Eigen::VectorXd& dual_edge_weights() const { return dse_weights_; }
  // Install a basis. Returns false (and leaves the solver on the slack basis)
  // when the sizes do not match the LP or the number of basic variables is not
  // the number of rows; a singular basis is repaired on the next factorization.
  bool set_basis(const Basis& basis);
  void reset_to_slack_basis();

  // --- tableau access for cut separators (simplex_tableau.cpp) -----------
  // Variables are numbered as in a basis: columns 0..n-1, then the logical of
  // row i as n + i (its value is the row activity a_i x). Valid after solve()
  // returned kOptimal, until the next change of bounds or basis.
  int basic_variable(int position) const;  // the variable in basis position 0..m-1
  VarStatus variable_status(int v) const;  // kBasic or the bound a nonbasic sits at
  // Row `position` of the simplex tableau in the original (unscaled) space:
  // with b = basic_variable(position), x_b + sum_v row[v] * x_v = 0 over the
  // nonbasic v (n + m entries; basic ones are 0, except row[b] = 1).
  void tableau_row(int position, Eigen::VectorXd& row) const;

 private:
  enum class Phase { kOne, kTwo };
  enum class Outcome { kOptimal, kInfeasible, kUnbounded, kLimit, kCutoff, kRestart };

  double col_scale(int j) const { return scale_.col[j]; }
  int num_vars() const { return n_ + m_; }
  // Variable v's bounds differ (by more than tol::kZero): it can move. Fixed
  // variables never enter and have no dual sign to keep.
  bool movable(int v) const { return upper_[v] - lower_[v] > tol::kZero; }
  bool is_logical(int v) const { return v >= n_; }
  double nonbasic_value(int v) const;
  VarStatus default_nonbasic_status(int v) const;

  // Basis bookkeeping and fresh computation of values.
  void refactor();
  // The kept factor's exact dual edge weights (computed on first use) as the live ones.
  void install_exact_weights();
  void compute_primal();
  void compute_duals(const Eigen::VectorXd& cost);
  // a_v of [A -I]; with `rows`, also the rows where it is nonzero.
  // out_is_zero: the caller has cleared out (m long) already, so column()
  // skips its m-long clearing.
  void column(int v, Eigen::VectorXd& out, std::vector<int>* rows = nullptr, bool out_is_zero = false) const;
  // Row `position` of B^-1 [A -I]; rho = B^-T e_position. With
  // movable_only, only the entries of the columns in movable_cols_ (and of all
  // logicals) are computed and those of fixed structural columns are left 0;
  // entries of basic columns may be left 0 too: the dual simplex's use (see
  // run_dual), which reads nonbasic entries only. The primal simplex perturbs and
  // shifts bounds while it runs and needs every entry.
  //
  // Returns true when row_support_ lists every variable whose entry may be
  // nonzero (each once, logicals included), so that a sparse pivot row is
  // walked over its support rather than over all n + m variables: always
  // with movable_only, otherwise when it went row by row (rho sparse). With
  // movable_only and row by row, alpha_row is written at row_support_ alone
  // and holds stale values elsewhere: clearing n + m entries for a row of a
  // few dozen was a memset per pivot, and the dual reads the support only.
  //
  // rho_ (row `position` of B^-1) is left zero off rho_.support, which lists
  // its nonzeros in ascending order: the next call clears only those.
  bool pivot_row(int position, Eigen::VectorXd& alpha_row, bool movable_only);
  // The variables whose bounds differ (the only ones the dual ratio test and
  // the reduced-cost update look at), as a list and as a flag per variable,
  // and the structural part with its nonzeros; rebuilt at the start of
  // run_dual, as bounds only move between solves.
  void collect_movable();
  // Dual phase 1 (dual_phase_one.cpp): make the basis dual feasible for the
  // true costs by the dual simplex on an auxiliary box; true when it did (the
  // primal values are then fresh), false when the caller must shift costs.
  bool dual_phase_one();
  // lower_/upper_ := the auxiliary box of dual phase 1 (from the true ones).
  void set_auxiliary_box();
  // A cold dual start by artificial bounds (artificial_bounds.cpp): the
  // dual infeasible nonbasics lacking the bound their reduced cost wants get
  // an artificial one and sit on it (false when none needed one; the true
  // bounds are kept in saved_lower_/saved_upper_). The run then takes them
  // away: kOptimal only when no nonbasic rested on one, kLimit as it came,
  // else kRestart from the basis it reached.
  bool set_artificial_bounds();
  bool remove_artificial_bounds();  // true when a nonbasic moved off one
  Outcome run_dual_with_artificial_bounds();
  // Nonbasics to the bound their reduced cost d_ asks for (boxed), else to
  // their only finite bound or zero; sets x_ of the nonbasics.
  void place_nonbasics_by_reduced_cost();
  // Shift the working costs so that every nonbasic has the dual-feasible sign.
  void shift_costs_to_dual_feasibility();
  double max_primal_infeasibility() const;
  double max_dual_infeasibility() const;
  bool limits_reached();
  void set_nonbasic(int v, VarStatus status);
  // Check the ray the algorithms left in scaled_ray_ for `outcome`
  // (kInfeasible or kUnbounded); fills ray_ and certificate_.
  bool certify(Outcome outcome);

  // The two algorithms (primal_simplex.cpp, dual_simplex.cpp). run_primal
  // runs primal_loop and takes back any bound perturbation it made.
  Outcome run_primal(Phase phase);
  Outcome primal_loop(Phase phase);
  Outcome run_dual();
  // Shared by both: a fresh factor and the primal values from it (false when
  // the deadline interrupted the factorization: the run ends in kLimit); and
  // the basis change, q entering at position r and the leaving variable
  // nonbasic with `leaving_status` at that bound (the caller updates the
  // factor, after what it still needs from the old basis).
  bool refresh_factor();
  void change_basis(int r, int q, VarStatus leaving_status);
  // run_dual's iteration in named steps (dual_simplex.cpp), after HiGHS's
  // HEkkDual::iterate: DualRun holds what lives across iterations, DualPivot
  // this iteration's choices. A step that can end the iteration early says
  // how (kRetry: next iteration; kStop: the run ends with `stop`).
  struct DualRun;
  struct DualPivot;
  enum class DualStep { kGo, kRetry, kStop };
  bool dual_refactor(DualRun& run, Outcome& stop);   // false: the run ends with `stop`
  bool dual_choose_row(DualRun& run, DualPivot& p);  // false: no violated row, optimal
  void dual_collect_candidates(DualRun& run, DualPivot& p);
  DualStep dual_choose_column(DualRun& run, DualPivot& p, Outcome& stop);
  void dual_update_ftran(DualRun& run, const DualPivot& p);
  bool dual_verify_pivot(DualRun& run, const DualPivot& p);  // false: refused, next iteration
  void dual_update_duals(DualRun& run, const DualPivot& p);
  void dual_update_primals(DualRun& run, const DualPivot& p);
  void dual_change_basis(DualRun& run, const DualPivot& p);
  void dual_refresh_violation(DualRun& run, int i);
  void dual_report_changed(DualRun& run, const WorkVector& moved);
  // Widen the bounds of the basic variables by small distinct amounts (primal
  // degeneracy), and restore the user's bounds; see primal_simplex.cpp.
  void perturb_basic_bounds();
  void remove_bound_perturbation();
  void shift_bounds_to_basics();  // while perturbed: basics slightly out widen their bound

  int m_ = 0, n_ = 0;
  ScaleFactors scale_;
  // Scaled A in compressed columns: products with A and A^T (duals, pivot
  // rows, primal values) cost its nonzeros, not m*n.
  Eigen::SparseMatrix<double> A_sparse_;
  // The same scaled A in compressed rows: a pivot row rho^T A with a sparse
  // rho (the usual case after BTRAN of a unit vector) costs only the rows
  // where rho is nonzero.
  Eigen::SparseMatrix<double, Eigen::RowMajor> A_rows_;
  // How dense each kind of solve's results have been (BasisFactor::DensityHistory).
  BasisFactor::DensityHistory column_density_, row_density_, edge_weight_density_, flip_density_;
  WorkVector rho_;                            // pivot_row: row of B^-1, its support listed in ascending order
  Eigen::SparseMatrix<double> basis_matrix_;  // scratch of refactor: B in compressed columns
  std::vector<int> row_support_;              // scratch of pivot_row: the row's support when listed
  std::vector<double> support_values_;        // scratch of pivot_row: the row at row_support_
  std::vector<char> in_row_support_;          // scratch of pivot_row: membership in row_support_, all 0 between calls
  std::vector<std::uint64_t> support_bits_;   // scratch of pivot_row: sort_reach's bitmap, all 0 between calls
  std::vector<int> movable_vars_;             // n + m indexing, upper > lower
  std::vector<char> is_movable_;              // n + m: movable(v) when collect_movable ran (one byte to read)
  std::vector<int> movable_cols_;             // structural columns among them
  long movable_nonzeros_ = 0;                 // entries of A in movable_cols_
  Eigen::SparseMatrix<double> A_original_;    // unscaled, for the certificates
  Eigen::VectorXd cost_;                      // n + m, minimisation form, logicals 0
  Eigen::VectorXd work_cost_;                 // what the dual simplex prices with: cost_ plus any shifts
  bool costs_shifted_ = false;
  bool perturb_cold_start_ = false;
  bool exact_weights_on_install_ = false;
  bool artificial_bounds_start_ = true;
  Eigen::VectorXd dse_weights_;    // per basis position
  double offset_ = 0.0;            // minimisation form
  Eigen::VectorXd lower_, upper_;  // n + m, scaled
  // The bounds before perturb_basic_bounds (valid while bounds_perturbed_).
  Eigen::VectorXd unperturbed_lower_, unperturbed_upper_;
  bool bounds_perturbed_ = false;
  // The true bounds while set_artificial_bounds()'s are in place.
  Eigen::VectorXd saved_lower_, saved_upper_;

  std::vector<int> head_;      // basic variable in each position
  std::vector<int> position_;  // position in the basis, -1 when nonbasic
  std::vector<VarStatus> status_;
  Eigen::VectorXd x_;  // n + m values
  Eigen::VectorXd y_;  // duals of the current cost vector
  Eigen::VectorXd d_;  // reduced costs (n + m), basic entries 0
  BasisFactor factor_;
  bool factor_valid_ = false;
  // The fresh factor of the last basis installed by set_basis, kept so that
  // installing the same basis again costs a copy, not a factorization: strong
  // branching solves every child from its node's basis, and the node's first
  // child starts from it once more (pp08a, dcmulti: a fifth of the run was
  // factoring). The copy is the factor a new factorization would compute
  // (factor() depends on B alone), so results keep every bit.
  struct KeptFactor {
    std::vector<int> head;  // the basis it factors, by position; empty: none kept
    BasisFactor factor;
    Eigen::VectorXd weights;  // its exact dual edge weights once computed; empty before
  };
  KeptFactor kept_;
  bool basis_installed_ = false;  // set_basis changed the basis since the last refactor()

  Tolerances tolerances_;
  double cutoff_ = INFINITY;
  const Deadline* deadline_ = nullptr;
  long iteration_limit_ = kDefaultIterationLimit;
  long iterations_ = 0;
  // Set by run_primal / run_dual next to kInfeasible (Farkas ray, scaled row
  // space) or kUnbounded (primal ray, scaled column space).
  Eigen::VectorXd scaled_ray_;
  Eigen::VectorXd ray_;
  CertificateCheck certificate_;
  LpStatus last_status_ = LpStatus::kNumericalError;
};

}  // namespace milpsac::lp
