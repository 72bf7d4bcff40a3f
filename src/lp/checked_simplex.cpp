// CheckedSimplex: the one fallback ladder and the one place an LP answer is
// checked before anyone sees it (see checked_simplex.h).
#include "lp/checked_simplex.h"

#include <algorithm>
#include <climits>
#include <utility>

#include "common/index.h"
#include "lp/lagrangian_bound.h"

namespace milpsac::lp {
namespace {

// Where a rung starts from.
enum class Start {
  kLive,     // the live basis (the caller's warm start)
  kCarried,  // the basis the failed rung ended on
  kSlack,    // the slack basis
};

struct Rung {
  bool unscaled;
  Start start;
  bool tightened;      // feasibility tolerances times tol::kRetryTightening
  const char* reason;  // why this rung runs (recorded as last_fallback_reason)
};

// The one fallback ladder (the order is explained in checked_simplex.h).
constexpr Rung kLadder[] = {
    {false, Start::kLive, false, ""},
    {true, Start::kCarried, false, "the answer failed its check: the same basis, unscaled"},
    {false, Start::kSlack, false, "the answer failed its check again: the slack basis"},
    {true, Start::kSlack, false, "the answer failed its check again: the slack basis, unscaled"},
    {true, Start::kSlack, true, "the answer failed its check again: the slack basis, unscaled, tighter tolerances"},
};

// The solver's current answer for `status`, checked on `lp` (verify_solution).
LpSolution read_answer(const LinearProgram& lp, const SimplexSolver& solver, LpStatus status,
                       const Tolerances& tolerances) {
  LpSolution result;
  result.status = status;
  switch (status) {
    case LpStatus::kOptimal:
      result.row_duals = solver.row_duals();
      result.reduced_costs = solver.reduced_costs();
      result.basis = solver.basis();
      [[fallthrough]];
    case LpStatus::kUnbounded:
      result.x = solver.primal_values();
      result.row_activity = lp.A * result.x;
      result.objective = objective_value(lp, result.x);
      break;
    default:
      break;
  }
  if (status == LpStatus::kInfeasible || status == LpStatus::kUnbounded) result.ray = solver.ray();
  return verify_solution(lp, std::move(result), tolerances);
}

double worst_residual(const LpSolution& s) { return std::fmax(s.primal_residual, s.dual_residual); }

}  // namespace

CheckedSimplex::CheckedSimplex(LinearProgram lp, const Deadline* deadline, CheckedSettings settings)
    : model_(std::move(lp)), deadline_(deadline), settings_(settings) {
  primary_ = std::make_unique<SimplexSolver>(model_, settings_.scale);
}

SimplexSolver& CheckedSimplex::unscaled() {
  if (!settings_.scale) return *primary_;
  if (!unscaled_) unscaled_ = std::make_unique<SimplexSolver>(model_, false);
  return *unscaled_;
}

void CheckedSimplex::set_col_bounds(int j, double lower, double upper) {
  if (model_.col_lower[j] == lower && model_.col_upper[j] == upper) return;
  model_.col_lower[j] = lower;
  model_.col_upper[j] = upper;
  primary_->set_col_bounds(j, lower, upper);
  if (unscaled_) unscaled_->set_col_bounds(j, lower, upper);
}

long CheckedSimplex::iterations() const {
  return retired_iterations_ + primary_->iterations() + (unscaled_ ? unscaled_->iterations() : 0);
}

Basis CheckedSimplex::padded(const Basis& basis) const {
  Basis b = basis;
  if (static_cast<int>(b.rows.size()) < model_.num_rows()) b.rows.resize(uz(model_.num_rows()), VarStatus::kBasic);
  return b;
}

bool CheckedSimplex::set_basis(const Basis& basis) {
  on_unscaled_ = false;
  if (primary_->set_basis(padded(basis))) {
    primary_at_slack_ = false;
    return true;
  }
  // The simplex left the slack basis; make that explicit and say so.
  primary_->reset_to_slack_basis();
  primary_at_slack_ = true;
  ++rejected_bases_;
  last_fallback_reason_ = "the warm basis does not fit the LP (sizes or number of basic variables): the slack basis";
  return false;
}

void CheckedSimplex::reset_to_slack_basis() {
  on_unscaled_ = false;
  primary_->reset_to_slack_basis();
  primary_at_slack_ = true;
}

void CheckedSimplex::replace_model(LinearProgram lp, const Basis& basis) {
  retired_iterations_ += primary_->iterations() + (unscaled_ ? unscaled_->iterations() : 0);
  model_ = std::move(lp);
  primary_ = std::make_unique<SimplexSolver>(model_, settings_.scale);
  unscaled_.reset();
  primary_at_slack_ = true;
  set_basis(basis);
}

LpStatus CheckedSimplex::checked(SimplexSolver& solver, LpStatus status) {
  if (settings_.use == CheckedUse::kReport) {
    answer_ = read_answer(model_, solver, status, settings_.tolerances);
    return answer_.status;
  }
  if (status != LpStatus::kOptimal) return status;
  const OptimumCheck check =
      check_optimum(model_, solver.primal_values(), solver.row_duals(), settings_.tolerances, RowMeasure::kTerms);
  return check.passed ? status : LpStatus::kNumericalError;
}

LpStatus CheckedSimplex::run_rung(SimplexSolver& solver, const Tolerances& tolerances, long iteration_budget) {
  solver.set_objective_cutoff(cutoff_);
  solver.set_exact_weights_on_install(exact_weights_on_install_);
  solver.set_deadline(deadline_);
  solver.set_tolerances(tolerances);
  solver.set_perturb_cold_start(settings_.use == CheckedUse::kReport);
  const long start = solver.iterations();
  const long budget = std::max(0L, iteration_budget);
  const long limit = budget >= LONG_MAX - start ? LONG_MAX : start + budget;
  solver.set_iteration_limit(limit);
  const LpStatus status = checked(solver, solver.solve());
  if (status == LpStatus::kOptimal && settings_.use == CheckedUse::kReport &&
      !(worst_residual(answer_) <= tol::kPolishResidual))
    polish(solver, tolerances, limit);
  return status;
}

void CheckedSimplex::polish(SimplexSolver& solver, const Tolerances& tolerances, long iteration_limit) {
  // The same basis re-solved with tighter feasibility tolerances, usually a
  // few pivots. On badly scaled models (pilot87) an answer within the scaled
  // tolerances was 2.5e-6 off in the objective. The polished answer replaces
  // the first only if it is optimal with smaller residuals.
  solver.set_tolerances(tolerances.tightened(tol::kRetryTightening));
  // A bounded polish: a basis that needs more than this is not a polish.
  const long polish_budget = std::max(1000L, static_cast<long>(model_.num_rows()) + model_.num_cols());
  solver.set_iteration_limit(std::min(iteration_limit, solver.iterations() + polish_budget));
  const LpStatus status = solver.solve();
  if (status != LpStatus::kOptimal) return;
  LpSolution polished = read_answer(model_, solver, status, settings_.tolerances);
  if (polished.status == LpStatus::kOptimal && worst_residual(polished) < worst_residual(answer_))
    answer_ = std::move(polished);
}

LpStatus CheckedSimplex::solve(long iteration_budget) {
  // Back to the primary simplex, from where the last answer left off.
  if (on_unscaled_) {
    const Basis carried = unscaled_->basis();
    set_basis(carried);
  }
  // Rungs that would repeat an earlier one in this solve are skipped: the
  // carried basis on the same simplex, or a simplex from the slack basis it
  // has already started from (index 0: the primary, 1: the unscaled one; an
  // unscaled primary is both).
  bool slack_done[2] = {primary_at_slack_, false};
  LpStatus status = LpStatus::kNumericalError;
  bool first = true, counted = false;
  for (const Rung& rung : kLadder) {
    SimplexSolver& solver = rung.unscaled ? unscaled() : *primary_;
    const bool on_primary = &solver == primary_.get();
    if (!first) {
      if (rung.start == Start::kCarried && on_primary) continue;
      if (rung.start == Start::kSlack && !rung.tightened) {
        bool& done = slack_done[on_primary ? 0 : 1];
        if (done) continue;
        done = true;
      }
    }
    if (deadline_ != nullptr && deadline_->expired()) {
      status = LpStatus::kTimeLimit;
      if (settings_.use == CheckedUse::kReport) {
        answer_ = LpSolution{};
        answer_.status = status;
      }
      break;
    }
    if (!first) {
      if (rung.start == Start::kCarried) {
        const Basis carried = active().basis();
        if (!solver.set_basis(carried)) solver.reset_to_slack_basis();
      } else {
        solver.reset_to_slack_basis();
      }
      if (!counted) ++fallbacks_;
      counted = true;
      last_fallback_reason_ = rung.reason;
    }
    on_unscaled_ = !on_primary;
    if (on_primary) primary_at_slack_ = false;
    const Tolerances tolerances =
        rung.tightened ? settings_.tolerances.tightened(tol::kRetryTightening) : settings_.tolerances;
    status = run_rung(solver, tolerances, iteration_budget);
    if (status != LpStatus::kNumericalError) break;
    first = false;
  }
  if (settings_.use == CheckedUse::kReport) answer_.iterations = iterations();
  return status;
}

double CheckedSimplex::limit_bound() const {
  // y = 0 is always a candidate: the bound of the columns' boxes alone, for a
  // solve stopped before its simplex had duals (a limit past at the start).
  double best =
      lagrangian_bound(model_, Eigen::VectorXd::Zero(model_.num_rows()), settings_.tolerances.dual_feasibility);
  for (const Eigen::VectorXd& y : active().bound_duals())
    best = std::max(best, lagrangian_bound(model_, y, settings_.tolerances.dual_feasibility));
  return best;
}

}  // namespace milpsac::lp
