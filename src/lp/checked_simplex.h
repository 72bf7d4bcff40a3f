// CheckedSimplex: the one checked LP engine. Every LP the library solves goes
// through it: the one-shot solve_lp, the search's LpRelaxation and the
// feasibility pump's distance LPs.
//
// It owns the model (the check must see the current bounds), a simplex on the
// scaled problem and, built on first need, one on the unscaled problem. A
// solve runs the simplex and checks the answer on the model (check_optimum in
// solution_check.h; certificates in certificate.h). An answer that fails, or
// a simplex that ends in kNumericalError, climbs the one fallback ladder
// (kLadder in checked_simplex.cpp):
//   1. the current basis, scaled (the caller's warm start);
//   2. the same basis on the unscaled problem: scaling can leave a violation
//      of a few 1e-7 scaled units that is larger in the user's units, and the
//      unscaled simplex repairs it in a few pivots;
//   3. the slack basis, scaled;
//   4. the slack basis, unscaled;
//   5. the slack basis, unscaled, feasibility tolerances tightened by
//      tol::kRetryTightening.
// A rung that would repeat an earlier one (the same simplex from the same
// basis) is skipped. Only then is kNumericalError returned.
//
// HiGHS is the model: its pump and its MIP search work on copies of one LP
// wrapper, which wraps the same solver object users call.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>

#include "common/deadline.h"
#include "lp/linear_program.h"
#include "lp/simplex.h"
#include "lp/simplex_solver.h"
#include "lp/solution_check.h"
#include "lp/tolerances.h"

namespace milpsac::lp {

// What the caller needs from a solve; both use the same ladder and check.
enum class CheckedUse {
  // solve_lp: every verdict is re-checked on the model (rays too), rows are
  // measured against their bounds (RowMeasure::kBound), the residuals are
  // kept for the report (answer()), and an optimum with residuals above
  // tol::kPolishResidual is polished.
  kReport,
  // The search and its heuristics: optima are checked with RowMeasure::kTerms
  // (their incumbents get the strict check on the user's model); rays rest on
  // the simplex's own certificate check.
  kSearch,
};

struct CheckedSettings {
  CheckedUse use = CheckedUse::kSearch;
  bool scale = true;  // rung 1 on the scaled problem (false: every rung unscaled)
  Tolerances tolerances;
};

class CheckedSimplex {
 public:
  // `deadline` is not owned; null means none.
  CheckedSimplex(LinearProgram lp, const Deadline* deadline, CheckedSettings settings = {});

  const LinearProgram& model() const { return model_; }
  void set_col_bounds(int j, double lower, double upper);
  // Dual simplex stops with kCutoff once the objective provably exceeds this.
  void set_cutoff(double cutoff) { cutoff_ = cutoff; }
  // SimplexSolver::set_exact_weights_on_install for the solves that follow.
  void set_exact_weights_on_install(bool exact) { exact_weights_on_install_ = exact; }

  // Make `basis` the live one; rows it lacks (cuts added since) get basic
  // slacks. A basis the simplex refuses (sizes or number of basic variables
  // wrong) leaves the slack basis: returns false and says why in
  // last_fallback_reason().
  bool set_basis(const Basis& basis);
  void reset_to_slack_basis();

  // Solve at the current bounds from the live basis with at most
  // `iteration_budget` simplex iterations per rung of the ladder.
  LpStatus solve(long iteration_budget);

  // Replace the model by one with the same columns (rows appended or removed)
  // and warm-start from `basis`.
  void replace_model(LinearProgram lp, const Basis& basis);

  // The simplex that produced the last answer (values, basis, tableau).
  const SimplexSolver& active() const { return on_unscaled_ ? *unscaled_ : *primary_; }
  // A lower bound (minimisation form, offset included) after a solve that
  // stopped at a time or iteration limit: the Lagrangian bound
  // (lagrangian_bound.h) of the active simplex's current duals on the model
  // at its current bounds; -inf when they give none. Valid whatever the
  // status (any multipliers bound the LP), but only meant for the limits.
  double limit_bound() const;

  // kReport: the last answer, checked on the model, residuals filled.
  const LpSolution& answer() const { return answer_; }

  // Simplex iterations of every solve (solvers replaced by replace_model too).
  long iterations() const;
  // How many solves needed a rung beyond the first, and how many warm bases
  // were refused; the reason of the latest of either.
  long fallbacks() const { return fallbacks_; }
  long rejected_bases() const { return rejected_bases_; }
  const std::string& last_fallback_reason() const { return last_fallback_reason_; }

 private:
  SimplexSolver& unscaled();
  LpStatus run_rung(SimplexSolver& solver, const Tolerances& tolerances, long iteration_budget);
  LpStatus checked(SimplexSolver& solver, LpStatus status);
  void polish(SimplexSolver& solver, const Tolerances& tolerances, long iteration_limit);
  Basis padded(const Basis& basis) const;

  LinearProgram model_;
  const Deadline* deadline_;
  CheckedSettings settings_;
  double cutoff_ = INFINITY;
  bool exact_weights_on_install_ = false;
  std::unique_ptr<SimplexSolver> primary_;   // scaled unless settings_.scale is false
  std::unique_ptr<SimplexSolver> unscaled_;  // built on first need (the primary when unscaled)
  bool on_unscaled_ = false;                 // the last answer came from unscaled_
  bool primary_at_slack_ = true;             // primary_ holds the slack basis, untouched
  long retired_iterations_ = 0;              // of solvers replaced by replace_model
  long fallbacks_ = 0;
  long rejected_bases_ = 0;
  std::string last_fallback_reason_;
  LpSolution answer_;
};

}  // namespace milpsac::lp
