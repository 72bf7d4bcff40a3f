// SimplexSolver: set-up, basis bookkeeping, fresh computation of primal and
// dual values, and the driver that chooses between primal and dual simplex.
#include "lp/simplex_solver.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <utility>

#include "common/index.h"
#include "lp/dual_edge_weights.h"
#include "lp/sort_reach.h"
#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

// pivot_row goes row-wise when the rows where rho is nonzero hold at most this
// share of A's nonzeros (the row-wise loop scatters, so it must save work).
constexpr double kRowWiseShare = 0.3;

double clean_bound(double v) {
  if (v >= tol::kInfiniteBound) return kInfinity;
  if (v <= -tol::kInfiniteBound) return -kInfinity;
  return v;
}

}  // namespace

SimplexSolver::SimplexSolver(const LinearProgram& lp, bool scale) : m_(lp.num_rows()), n_(lp.num_cols()) {
  A_original_ = lp.A;
  A_original_.prune(1.0, 0.0);  // drops stored zeros, keeps every nonzero however small; compressed
  scale_ =
      scale ? compute_scale_factors(A_original_) : ScaleFactors{Eigen::VectorXd::Ones(m_), Eigen::VectorXd::Ones(n_)};
  A_sparse_ = scale_.row.asDiagonal() * A_original_ * scale_.col.asDiagonal();
  A_rows_ = A_sparse_;
  const double sign = lp.sense == ObjectiveSense::kMaximize ? -1.0 : 1.0;
  cost_ = Eigen::VectorXd::Zero(num_vars());
  lower_.resize(num_vars());
  upper_.resize(num_vars());
  for (int j = 0; j < n_; ++j) {
    cost_[j] = sign * lp.c[j] * scale_.col[j];
    lower_[j] = clean_bound(lp.col_lower[j]) / scale_.col[j];
    upper_[j] = clean_bound(lp.col_upper[j]) / scale_.col[j];
  }
  for (int i = 0; i < m_; ++i) {
    lower_[n_ + i] = clean_bound(lp.row_lower[i]) * scale_.row[i];
    upper_[n_ + i] = clean_bound(lp.row_upper[i]) * scale_.row[i];
  }
  offset_ = sign * lp.offset;
  reset_to_slack_basis();
}

VarStatus SimplexSolver::default_nonbasic_status(int v) const {
  const bool has_lower = std::isfinite(lower_[v]), has_upper = std::isfinite(upper_[v]);
  if (has_lower && has_upper) return cost_[v] >= 0 ? VarStatus::kAtLower : VarStatus::kAtUpper;
  if (has_lower) return VarStatus::kAtLower;
  if (has_upper) return VarStatus::kAtUpper;
  return VarStatus::kAtZero;
}

double SimplexSolver::nonbasic_value(int v) const {
  switch (status_[v]) {
    case VarStatus::kAtLower:
      return lower_[v];
    case VarStatus::kAtUpper:
      return upper_[v];
    default:
      return 0.0;
  }
}

bool SimplexSolver::refresh_factor() {
  refactor();
  if (factor_.interrupted()) return false;
  compute_primal();
  return true;
}

void SimplexSolver::change_basis(int r, int q, VarStatus leaving_status) {
  const int leaving = head_[r];
  status_[leaving] = leaving_status;
  position_[leaving] = -1;
  x_[leaving] = nonbasic_value(leaving);
  head_[r] = q;
  position_[q] = r;
  status_[q] = VarStatus::kBasic;
}

void SimplexSolver::set_nonbasic(int v, VarStatus status) {
  // A status must point at a finite bound; fall back to the one that exists.
  if (status == VarStatus::kAtLower && !std::isfinite(lower_[v])) status = default_nonbasic_status(v);
  if (status == VarStatus::kAtUpper && !std::isfinite(upper_[v])) status = default_nonbasic_status(v);
  if (status == VarStatus::kAtZero && (std::isfinite(lower_[v]) || std::isfinite(upper_[v])))
    status = default_nonbasic_status(v);
  if (status == VarStatus::kBasic) status = default_nonbasic_status(v);
  status_[v] = status;
  position_[v] = -1;
  x_[v] = nonbasic_value(v);
}

void SimplexSolver::reset_to_slack_basis() {
  status_.assign(num_vars(), VarStatus::kAtLower);
  position_.assign(num_vars(), -1);
  head_.resize(m_);
  x_ = Eigen::VectorXd::Zero(num_vars());
  for (int j = 0; j < n_; ++j) set_nonbasic(j, default_nonbasic_status(j));
  for (int i = 0; i < m_; ++i) {
    head_[i] = n_ + i;
    position_[n_ + i] = i;
    status_[n_ + i] = VarStatus::kBasic;
  }
  dse_weights_ = Eigen::VectorXd::Ones(m_);  // exact for the slack basis
  factor_valid_ = false;
}

Basis SimplexSolver::basis() const {
  Basis b;
  b.cols.assign(status_.begin(), status_.begin() + n_);
  b.rows.assign(status_.begin() + n_, status_.end());
  return b;
}

bool SimplexSolver::set_basis(const Basis& basis) {
  if (static_cast<int>(basis.cols.size()) != n_ || static_cast<int>(basis.rows.size()) != m_) {
    reset_to_slack_basis();
    return false;
  }
  if (std::equal(basis.cols.begin(), basis.cols.end(), status_.begin()) &&
      std::equal(basis.rows.begin(), basis.rows.end(), status_.begin() + n_)) {
    // Same basis as the live one: only nonbasic values may need refreshing.
    for (int v = 0; v < num_vars(); ++v)
      if (status_[v] != VarStatus::kBasic) x_[v] = nonbasic_value(v);
    return true;
  }
  std::vector<int> basic;
  for (int v = 0; v < num_vars(); ++v) {
    VarStatus s = v < n_ ? basis.cols[v] : basis.rows[v - n_];
    if (s == VarStatus::kBasic) basic.push_back(v);
  }
  if (static_cast<int>(basic.size()) != m_) {
    reset_to_slack_basis();
    return false;
  }
  position_.assign(num_vars(), -1);
  for (int v = 0; v < num_vars(); ++v) {
    VarStatus s = v < n_ ? basis.cols[v] : basis.rows[v - n_];
    if (s != VarStatus::kBasic) set_nonbasic(v, s);
  }
  for (int i = 0; i < m_; ++i) {
    head_[i] = basic[i];
    position_[basic[i]] = i;
    status_[basic[i]] = VarStatus::kBasic;
  }
  dse_weights_ = Eigen::VectorXd::Ones(m_);
  factor_valid_ = false;
  basis_installed_ = true;
  return true;
}

void SimplexSolver::set_col_bounds(int j, double lower, double upper) {
  lower_[j] = clean_bound(lower) / scale_.col[j];
  upper_[j] = clean_bound(upper) / scale_.col[j];
  if (status_[j] != VarStatus::kBasic) set_nonbasic(j, status_[j]);
}

void SimplexSolver::column(int v, Eigen::VectorXd& out, std::vector<int>* rows, bool out_is_zero) const {
  if (!out_is_zero || out.size() != m_) out.setZero(m_);
  if (rows) rows->clear();
  if (v < n_) {
    for (Eigen::SparseMatrix<double>::InnerIterator it(A_sparse_, v); it; ++it) {
      out[it.row()] = it.value();
      if (rows) rows->push_back(static_cast<int>(it.row()));
    }
  } else {
    out[v - n_] = -1.0;
    if (rows) rows->push_back(v - n_);
  }
}

namespace {
// pivot_row sorts rho's support when it holds under m / kSortedSupportShare
// entries and scans rho otherwise (a sort of k entries costs about k log k).
constexpr size_t kSortedSupportShare = 64;
}  // namespace

void SimplexSolver::refactor() {
  // A basis installed again: the kept factor is the one factoring it would give.
  const bool installed = std::exchange(basis_installed_, false);
  if (installed && kept_.head == head_) {
    factor_ = kept_.factor;
    factor_.set_deadline(deadline_);
    factor_valid_ = true;
    if (exact_weights_on_install_) install_exact_weights();
    return;
  }
  // B in compressed columns: structural columns of the scaled A, -e_i for
  // logicals. Written column by column in order (A's columns are sorted by
  // row), into a member that keeps its storage: the B&B refactors at every node.
  Eigen::SparseMatrix<double>& B = basis_matrix_;
  auto build = [&]() {
    long nonzeros = 0;
    for (int i = 0; i < m_; ++i) {
      const int v = head_[i];
      nonzeros += v < n_ ? A_sparse_.outerIndexPtr()[v + 1] - A_sparse_.outerIndexPtr()[v] : 1;
    }
    B.resize(m_, m_);
    B.reserve(nonzeros);
    for (int i = 0; i < m_; ++i) {
      B.startVec(i);
      const int v = head_[i];
      if (v < n_) {
        for (Eigen::SparseMatrix<double>::InnerIterator it(A_sparse_, v); it; ++it)
          B.insertBack(static_cast<int>(it.row()), i) = it.value();
      } else {
        B.insertBack(v - n_, i) = -1.0;
      }
    }
    B.finalize();
  };
  for (int attempt = 0; attempt < 3; ++attempt) {
    build();
    std::vector<int> uncovered;
    std::vector<int> dependent = factor_.factor(B, &uncovered);
    if (factor_.interrupted()) {  // the deadline passed: callers stop with kLimit
      factor_valid_ = false;
      return;
    }
    if (dependent.empty()) {
      factor_valid_ = true;
      if (installed && attempt == 0) {
        kept_.head = head_;
        kept_.factor = factor_;
        kept_.weights.resize(0);
        if (exact_weights_on_install_) install_exact_weights();
      }
      return;
    }
    // Basis repair: swap each dependent column for the logical of a row that
    // the independent columns leave uncovered.
    for (size_t k = 0; k < dependent.size() && k < uncovered.size(); ++k) {
      const int position = dependent[k];
      const int leaving = head_[position];
      const int entering = n_ + uncovered[k];
      if (position_[entering] >= 0) continue;  // already basic: next attempt re-ranks
      set_nonbasic(leaving, status_[leaving]);
      head_[position] = entering;
      position_[entering] = position;
      status_[entering] = VarStatus::kBasic;
      dse_weights_[position] = 1.0;
    }
  }
  // Still singular after repairs: start over from the slack basis (always nonsingular).
  reset_to_slack_basis();
  build();
  factor_.factor(B, nullptr);
  factor_valid_ = true;
}

void SimplexSolver::install_exact_weights() {
  // The kept factor's basis is the live one here: its weights serve too.
  if (kept_.weights.size() != m_) {
    kept_.weights.resize(m_);
    // Past the deadline: unit weights, and none kept (the solve stops at
    // its next poll anyway).
    if (!exact_dual_edge_weights(factor_, kept_.weights, deadline_)) {
      dse_weights_.setOnes(m_);
      kept_.weights.resize(0);
      return;
    }
  }
  dse_weights_ = kept_.weights;
}

void SimplexSolver::compute_primal() {
  // x_B = B^-1 ( - sum over nonbasic a_v x_v ); logicals contribute +x_v e_i.
  Eigen::VectorXd nonbasic_x = Eigen::VectorXd::Zero(n_);
  for (int j = 0; j < n_; ++j)
    if (status_[j] != VarStatus::kBasic) nonbasic_x[j] = x_[j] = nonbasic_value(j);
  Eigen::VectorXd rhs = -(A_sparse_ * nonbasic_x);
  for (int i = 0; i < m_; ++i)
    if (status_[n_ + i] != VarStatus::kBasic) {
      x_[n_ + i] = nonbasic_value(n_ + i);
      rhs[i] += x_[n_ + i];
    }
  factor_.ftran(rhs);
  for (int i = 0; i < m_; ++i) x_[head_[i]] = rhs[i];
}

void SimplexSolver::compute_duals(const Eigen::VectorXd& cost) {
  y_.resize(m_);
  for (int i = 0; i < m_; ++i) y_[i] = cost[head_[i]];
  factor_.btran(y_);
  d_.resize(num_vars());
  d_.head(n_).noalias() = cost.head(n_) - A_sparse_.transpose() * y_;
  d_.tail(m_) = cost.tail(m_) + y_;
  for (int i = 0; i < m_; ++i) d_[head_[i]] = 0.0;
}

void SimplexSolver::collect_movable() {
  movable_vars_.clear();
  movable_cols_.clear();
  movable_nonzeros_ = 0;
  is_movable_.assign(uz(num_vars()), 0);
  const int* starts = A_sparse_.outerIndexPtr();
  for (int v = 0; v < num_vars(); ++v) {
    if (!movable(v)) continue;
    movable_vars_.push_back(v);
    is_movable_[uz(v)] = 1;
    if (v < n_) {
      movable_cols_.push_back(v);
      movable_nonzeros_ += starts[v + 1] - starts[v];
    }
  }
}

bool SimplexSolver::pivot_row(int position, Eigen::VectorXd& alpha_row, bool movable_only) {
  // The last row is zero off its listed nonzeros: clearing those replaces an
  // m-long memset per pivot (the SAC root LP's rows hold 1 % of its 8,700).
  Eigen::VectorXd& rho = rho_.values;
  std::vector<int>& rho_support = rho_.support;
  if (rho.size() != m_) {
    rho.setZero(m_);
  } else {
    for (int i : rho_support) rho[i] = 0.0;
  }
  rho[position] = 1.0;
  rho_support.assign(1, position);
  const bool listed = factor_.btran_sparse(rho_, row_density_);
  // Rows in ascending order, so that the row-wise sums below do not depend on
  // the order BTRAN found them in (pilot87 took 9,965 pivots in this order
  // and 14,320 in BTRAN's). A short list is sorted; a long one, or none, is
  // read off rho, which costs less than sorting it.
  if (listed && rho_support.size() * kSortedSupportShare < uz(m_)) {
    sort_reach(rho_support, support_bits_, NodeOrder::kIncreasing);  // BTRAN lists each row once
  } else {
    rho_support.clear();
    for (int i = 0; i < m_; ++i)
      if (rho[i] != 0.0) rho_support.push_back(i);
    rho_.listed = true;
  }
  // Row-wise when rho is sparse enough that its rows hold well under the
  // nonzeros of the movable columns; otherwise one dot product per movable
  // column (branch-and-bound fixes most columns of wide models: nw04 keeps a
  // few thousand of its 87,482 columns movable deep in the tree).
  long row_work = 0;
  for (int i : rho_support) row_work += A_rows_.outerIndexPtr()[i + 1] - A_rows_.outerIndexPtr()[i];
  const long column_work = movable_only ? movable_nonzeros_ : static_cast<long>(A_sparse_.nonZeros());
  const bool row_wise = static_cast<double>(row_work) <= kRowWiseShare * static_cast<double>(column_work);
  alpha_row.resize(num_vars());
  if (row_wise && movable_only) {
    for (int i : rho_support) alpha_row[n_ + i] = -rho[i];
  } else {
    alpha_row.tail(m_) = -rho;
    alpha_row.head(n_).setZero();
  }
  if (!row_wise) {
    if (movable_only) {
      // Only nonbasic columns: the dual reads no basic entry of the row, and
      // about m of the movable columns are basic. A plain loop over the
      // column arrays (the same sums in the same order as Eigen's dot) saves
      // the per-column block and iterator set-up that made these dot
      // products 12 % of dfl001's run.
      //
      // The nonzeros are listed as they are found (then the logicals of
      // rho's support), so that the dual walks them instead of every movable
      // variable: most entries of a node LP's pivot row are zero (rout: the
      // dual's two walks over the row were a fifth of the search).
      const int* starts = A_sparse_.outerIndexPtr();
      const int* rows = A_sparse_.innerIndexPtr();
      const double* values = A_sparse_.valuePtr();
      // Written without a branch on the sum (it was mispredicted often
      // enough to cost what the shorter walks saved).
      row_support_.resize(movable_cols_.size() + rho_support.size());
      size_t listed = 0;
      for (int j : movable_cols_) {
        if (status_[j] == VarStatus::kBasic) continue;
        double sum = 0.0;
        for (int k = starts[j]; k < starts[j + 1]; ++k) sum += values[k] * rho[rows[k]];
        alpha_row[j] = sum;
        row_support_[listed] = j;
        listed += sum != 0.0;
      }
      for (int i : rho_support) row_support_[listed++] = n_ + i;
      row_support_.resize(listed);
      return true;
    }
    alpha_row.head(n_).noalias() = A_sparse_.transpose() * rho;
    return false;
  }
  // Whether a column is new to the support is decided without a branch: on
  // pds-40 about 6 in 10 of the 19,000 entries per pivot are new, at random,
  // and the mispredicted test cost more than writing every column into the
  // list's next slot and moving on only for a new one. A new entry starts
  // from +0 (its value may be stale from an earlier row), as the branch did:
  // the same sums, bit for bit. The start is masked, not selected: GCC
  // turned a select back into a branch.
  in_row_support_.resize(uz(n_), 0);
  row_support_.resize(uz(row_work) + rho_support.size());
  const int* row_starts = A_rows_.outerIndexPtr();
  const int* cols = A_rows_.innerIndexPtr();
  const double* row_values = A_rows_.valuePtr();
  char* in_support = in_row_support_.data();
  double* alpha = alpha_row.data();
  int* support = row_support_.data();
  size_t found = 0;
  for (int i : rho_support) {
    const double r = rho[i];
    for (int k = row_starts[i], end = row_starts[i + 1]; k < end; ++k) {
      const int j = cols[k];
      const auto seen = static_cast<std::uint64_t>(in_support[j]);  // 0 or 1
      in_support[j] = 1;
      support[found] = j;
      found += 1 - seen;
      const std::uint64_t keep = std::uint64_t{0} - seen;  // all bits when seen, none when new
      const double start = std::bit_cast<double>(std::bit_cast<std::uint64_t>(alpha[j]) & keep);
      alpha[j] = start + r * row_values[k];
    }
  }
  row_support_.resize(found);
  for (int j : row_support_) in_row_support_[uz(j)] = 0;
  for (int i : rho_support) row_support_.push_back(n_ + i);
  if (movable_only && row_support_.size() >= movable_vars_.size()) {
    // The dual walks the movable list instead of so long a support, and
    // reads every movable entry: clear the stale ones, keeping the row.
    support_values_.clear();
    for (int v : row_support_) support_values_.push_back(alpha_row[v]);
    alpha_row.setZero();
    for (size_t k = 0; k < row_support_.size(); ++k) alpha_row[row_support_[k]] = support_values_[k];
  }
  return true;
}

double SimplexSolver::max_primal_infeasibility() const {
  double worst = 0.0;
  for (int i = 0; i < m_; ++i) {
    const int v = head_[i];
    worst = std::max({worst, lower_[v] - x_[v], x_[v] - upper_[v]});
  }
  return worst;
}

double SimplexSolver::max_dual_infeasibility() const {
  double worst = 0.0;
  for (int v = 0; v < num_vars(); ++v) {
    switch (status_[v]) {
      case VarStatus::kBasic:
        break;
      case VarStatus::kAtLower:
        if (movable(v)) worst = std::max(worst, -d_[v]);
        break;
      case VarStatus::kAtUpper:
        if (movable(v)) worst = std::max(worst, d_[v]);
        break;
      case VarStatus::kAtZero:
        worst = std::max(worst, std::fabs(d_[v]));
        break;
    }
  }
  return worst;
}

bool SimplexSolver::limits_reached() {
  if (iterations_ >= iteration_limit_) return true;
  // The clock costs tens of nanoseconds, a pivot at least microseconds: poll
  // every iteration so that a slow pivot on a large model cannot overrun.
  return deadline_ != nullptr && deadline_->expired();
}

LpStatus SimplexSolver::solve() {
  auto finish = [&](LpStatus s) { return last_status_ = s; };
  ray_.resize(0);
  certificate_ = CertificateCheck{};
  if (deadline_ != nullptr && deadline_->expired()) return finish(LpStatus::kTimeLimit);
  // Each pass starts from fresh values; a pass ends in a verdict or asks for a
  // restart (numerical trouble, the dual handing over to the primal). A
  // verdict whose certificate fails its check ends the solve in
  // kNumericalError: the retries from there (the same basis unscaled, the
  // slack basis, tighter tolerances) are CheckedSimplex's one ladder, kLadder.
  bool tried_artificial_bounds = false;
  for (int pass = 0; pass < 8; ++pass) {
    // A warm re-solve (same basis, moved bounds) keeps the live factor.
    if (pass > 0 || !factor_valid_) refactor();
    if (factor_.interrupted()) return finish(LpStatus::kTimeLimit);
    compute_primal();
    compute_duals(cost_);
    Outcome outcome;
    const bool primal_feasible = max_primal_infeasibility() <= tolerances_.primal_feasibility;
    work_cost_ = cost_;
    costs_shifted_ = false;
    if (primal_feasible) {
      outcome = run_primal(Phase::kTwo);
    } else if (pass < 4 || max_dual_infeasibility() <= tolerances_.dual_feasibility) {
      // The dual simplex; a basis that is not dual feasible goes through
      // dual phase 1 first, and on shifted costs only when that fails (the
      // dual also perturbs the costs against degeneracy itself).
      //
      // From a cold start a one-shot solve perturbs the costs before the dual
      // simplex proper, as HiGHS does, rather than waiting for a run of
      // degenerate pivots: Netlib 110,294 -> 106,434 pivots (dfl001 23,437
      // -> 20,147; on four permuted and rescaled copies -9 % on dfl001, -5 %
      // on pilot, +3 % on d2q06c). Not in a search: its root optimum moves,
      // and with it the tree (rout 40 -> over 60 s).
      //
      // The first cold start of a solve tries artificial bounds instead of
      // dual phase 1 (artificial_bounds.cpp); a later one, or one where no
      // column needs them, goes through phase 1.
      const bool cold = max_dual_infeasibility() > tolerances_.dual_feasibility;
      bool artificial = false;
      if (cold && artificial_bounds_start_ && !tried_artificial_bounds) {
        tried_artificial_bounds = true;
        artificial = set_artificial_bounds();
      }
      if (cold && !artificial && !dual_phase_one()) shift_costs_to_dual_feasibility();
      if (cold && perturb_cold_start_ && !costs_shifted_) shift_costs_to_dual_feasibility();
      outcome = artificial ? run_dual_with_artificial_bounds() : run_dual();
      if (costs_shifted_) {
        work_cost_ = cost_;
        costs_shifted_ = false;
        if (outcome == Outcome::kCutoff) outcome = Outcome::kRestart;  // never with shifted costs
        if (outcome == Outcome::kOptimal) {
          // Primal feasible now; the true costs finish with primal phase 2.
          compute_duals(cost_);
          outcome = run_primal(Phase::kTwo);
        }
      }
    } else {
      outcome = run_primal(Phase::kOne);
      if (outcome == Outcome::kOptimal) outcome = run_primal(Phase::kTwo);
    }
    switch (outcome) {
      case Outcome::kOptimal: {
        // Confirm on values recomputed from the factor before trusting the
        // verdict: the simplex updated x and d step by step. The factor
        // itself is renewed only when its own rule asks (a factor with a
        // few updates is as good as a fresh one): a node LP of a search
        // takes a few pivots, and refactoring after each was a tenth of
        // rout's search. Values that fail the tolerances go round again, and
        // the next pass starts from a fresh factor.
        if (factor_.needs_refactor()) refactor();
        if (factor_.interrupted()) return finish(LpStatus::kTimeLimit);
        compute_primal();
        compute_duals(cost_);
        if (max_primal_infeasibility() <= tolerances_.primal_feasibility &&
            max_dual_infeasibility() <= tolerances_.dual_feasibility)
          return finish(objective() > cutoff_ ? LpStatus::kCutoff : LpStatus::kOptimal);
        break;
      }
      case Outcome::kInfeasible:
      case Outcome::kUnbounded: {
        if (certify(outcome))
          return finish(outcome == Outcome::kInfeasible ? LpStatus::kInfeasible : LpStatus::kUnbounded);
        return finish(LpStatus::kNumericalError);  // an unchecked verdict: kLadder's next rung
      }
      case Outcome::kCutoff:
        return finish(LpStatus::kCutoff);
      case Outcome::kLimit:
        return finish(iterations_ >= iteration_limit_ ? LpStatus::kIterationLimit : LpStatus::kTimeLimit);
      case Outcome::kRestart:
        break;
    }
  }
  return finish(LpStatus::kNumericalError);
}

bool SimplexSolver::certify(Outcome outcome) {
  // The unscaled data: A_original_, and bounds and costs unscaled exactly.
  Eigen::VectorXd cost(n_), col_lower(n_), col_upper(n_), row_lower(m_), row_upper(m_);
  for (int j = 0; j < n_; ++j) {
    cost[j] = cost_[j] / scale_.col[j];
    col_lower[j] = lower_[j] * scale_.col[j];
    col_upper[j] = upper_[j] * scale_.col[j];
  }
  for (int i = 0; i < m_; ++i) {
    row_lower[i] = lower_[n_ + i] / scale_.row[i];
    row_upper[i] = upper_[n_ + i] / scale_.row[i];
  }
  const OriginalData data{A_original_, cost, col_lower, col_upper, row_lower, row_upper};
  if (outcome == Outcome::kInfeasible) {
    if (scaled_ray_.size() != m_) return false;
    ray_ = scaled_ray_.cwiseProduct(scale_.row);
    certificate_ = check_farkas_ray(data, ray_);
  } else {
    if (scaled_ray_.size() != n_) return false;
    ray_ = scaled_ray_.cwiseProduct(scale_.col);
    certificate_ = check_primal_ray(data, ray_);
    // A ray proves unboundedness only from a feasible point.
    compute_primal();
    if (max_primal_infeasibility() > tolerances_.primal_feasibility) certificate_.valid = false;
  }
  if (!certificate_.valid) ray_.resize(0);
  return certificate_.valid;
}

void SimplexSolver::shift_costs_to_dual_feasibility() {
  // d_j must be >= 0 at a lower bound, <= 0 at an upper bound, 0 when free.
  // Every boxed or one-sided nonbasic also gets a small random push into the
  // dual feasible side: distinct reduced costs break the ties that make a
  // cold dual simplex stall on degenerate vertices. The generator is a fixed
  // linear congruential sequence, so runs are reproducible bit for bit.
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next_uniform = [&state]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) * 0x1.0p-53;
  };
  const double base = tol::kCostPerturbation;
  // Shifts already in place (a repair during the dual simplex) stay: d_ was
  // computed from them and the new shift is on top.
  if (!costs_shifted_) work_cost_ = cost_;
  for (int v = 0; v < num_vars(); ++v) {
    const double push = base * (1.0 + std::fabs(cost_[v])) * (1.0 + next_uniform());
    double shift = 0.0;
    switch (status_[v]) {
      case VarStatus::kBasic:
        break;
      case VarStatus::kAtLower:
        if (movable(v)) shift = std::max(-d_[v], 0.0) + push;
        break;
      case VarStatus::kAtUpper:
        if (movable(v)) shift = std::min(-d_[v], 0.0) - push;
        break;
      case VarStatus::kAtZero:
        shift = -d_[v];
        break;
    }
    work_cost_[v] += shift;
    d_[v] += shift;
  }
  costs_shifted_ = true;
}

double SimplexSolver::objective() const { return cost_.dot(x_) + offset_; }

Eigen::VectorXd SimplexSolver::primal_values() const { return x_.head(n_).cwiseProduct(scale_.col); }

Eigen::VectorXd SimplexSolver::row_activity() const { return x_.tail(m_).cwiseQuotient(scale_.row); }

Eigen::VectorXd SimplexSolver::row_duals() const { return y_.cwiseProduct(scale_.row); }

Eigen::VectorXd SimplexSolver::reduced_costs() const { return d_.head(n_).cwiseQuotient(scale_.col); }

std::vector<Eigen::VectorXd> SimplexSolver::bound_duals() const {
  // y_ is refreshed at refactors only (the dual simplex updates d_ between
  // them) and holds the duals of the working costs, which drift repairs and
  // perturbation shift: on dano3mip after 10 s it left 7 reduced costs
  // pointing to infinite bounds, the true costs' duals of the current basis
  // hundreds. Any y gives a valid bound, so both are offered and the caller
  // keeps the better.
  std::vector<Eigen::VectorXd> candidates;
  if (factor_valid_ && !factor_.interrupted() && static_cast<int>(head_.size()) == m_) {
    Eigen::VectorXd y(m_);
    for (int i = 0; i < m_; ++i) y[i] = cost_[head_[i]];
    factor_.btran(y);
    candidates.push_back(y.cwiseProduct(scale_.row));
  }
  if (y_.size() == m_) candidates.push_back(row_duals());
  return candidates;
}

}  // namespace milpsac::lp
