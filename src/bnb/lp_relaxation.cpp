// LpRelaxation: budgets per solve, the check on unscaled data, the fallbacks
// (slack basis, then unscaled), and growing the model by cut rows.
#include "bnb/lp_relaxation.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "lp/solution_check.h"
#include "lp/tolerances.h"

namespace milpsac::bnb {

LpRelaxation::LpRelaxation(const lp::LinearProgram& lp, const Deadline* deadline)
    : model_(lp), original_rows_(lp.num_rows()), deadline_(deadline) {
  scaled_ = std::make_unique<lp::SimplexSolver>(model_, true);
}

void LpRelaxation::set_bounds(int j, double lower, double upper) {
  if (model_.col_lower[j] == lower && model_.col_upper[j] == upper) return;
  model_.col_lower[j] = lower;
  model_.col_upper[j] = upper;
  scaled_->set_col_bounds(j, lower, upper);
  if (unscaled_) unscaled_->set_col_bounds(j, lower, upper);
}

long LpRelaxation::iterations() const {
  return retired_iterations_ + scaled_->iterations() + (unscaled_ ? unscaled_->iterations() : 0);
}

lp::Basis LpRelaxation::padded(const lp::Basis& basis) const {
  lp::Basis b = basis;
  if (static_cast<int>(b.rows.size()) < num_rows())
    b.rows.resize(static_cast<size_t>(num_rows()), lp::VarStatus::kBasic);
  return b;
}

void LpRelaxation::restore_basis(const lp::Basis& basis) {
  using_unscaled_ = false;
  scaled_->set_basis(padded(basis));
}

lp::LpStatus LpRelaxation::solve_with(lp::SimplexSolver& solver, long iteration_budget) {
  solver.set_objective_cutoff(cutoff_);
  solver.set_deadline(deadline_);
  const long start = solver.iterations();
  const long budget = std::max(0L, iteration_budget);
  solver.set_iteration_limit(budget >= LONG_MAX - start ? LONG_MAX : start + budget);
  lp::LpStatus status = solver.solve();
  if (status == lp::LpStatus::kOptimal && !passes_check(solver)) status = lp::LpStatus::kNumericalError;
  return status;
}

bool LpRelaxation::passes_check(const lp::SimplexSolver& solver) const {
  // The simplex confirmed its optimum on the scaled data; scaling can hide a
  // violation that is real in the user's units, so check those too (model_
  // holds the current bounds). A row's violation is measured against the
  // size of its terms (what floating point can resolve on that row), not only
  // its right-hand side: a row 1344 h - b <= 0 cannot be held to 1e-6 absolute.
  // Incumbents are checked separately, and strictly, on the user's model.
  const Eigen::VectorXd x = solver.primal_values();
  if (!x.allFinite()) return false;
  for (int j = 0; j < num_cols(); ++j) {
    const double l = model_.col_lower[j], u = model_.col_upper[j];
    if (x[j] < l - lp::tol::kPrimalCheck * (1.0 + std::fabs(l))) return false;
    if (x[j] > u + lp::tol::kPrimalCheck * (1.0 + std::fabs(u))) return false;
  }
  const Eigen::VectorXd activity = model_.A * x;
  Eigen::VectorXd magnitude = Eigen::VectorXd::Zero(num_rows());
  for (int j = 0; j < num_cols(); ++j)
    if (x[j] != 0.0)
      for (lp::SparseMatrix::InnerIterator it(model_.A, j); it; ++it)
        magnitude[it.row()] += std::fabs(it.value()) * std::fabs(x[j]);
  for (int i = 0; i < num_rows(); ++i) {
    const double l = model_.row_lower[i], u = model_.row_upper[i];
    const double scale = 1.0 + magnitude[i];
    if (activity[i] < l - lp::tol::kPrimalCheck * (scale + std::fabs(l))) return false;
    if (activity[i] > u + lp::tol::kPrimalCheck * (scale + std::fabs(u))) return false;
  }
  return lp::max_dual_violation(model_, x, solver.row_duals(), lp::tol::kPrimalCheck) <= lp::tol::kDualCheck;
}

lp::LpStatus LpRelaxation::resolve(const lp::Basis* basis, long iteration_budget) {
  if (basis != nullptr)
    scaled_->set_basis(padded(*basis));
  else if (using_unscaled_)
    scaled_->set_basis(unscaled_->basis());
  using_unscaled_ = false;
  lp::LpStatus status = solve_with(*scaled_, iteration_budget);
  if (status != lp::LpStatus::kNumericalError) return last_status_ = status;

  // The same basis on the unscaled problem first: scaling can leave a
  // violation of a few 1e-7 scaled units that is larger in the user's units,
  // and the unscaled simplex repairs it in a few pivots. Then from scratch:
  // the slack basis on the scaled problem, then on the unscaled one.
  ++fallbacks_;
  const lp::Basis warm = scaled_->basis();
  if (!unscaled_) unscaled_ = std::make_unique<lp::SimplexSolver>(model_, false);
  unscaled_->set_basis(warm);
  using_unscaled_ = true;
  status = solve_with(*unscaled_, iteration_budget);
  if (status != lp::LpStatus::kNumericalError) return last_status_ = status;
  using_unscaled_ = false;
  scaled_->reset_to_slack_basis();
  status = solve_with(*scaled_, iteration_budget);
  if (status != lp::LpStatus::kNumericalError) return last_status_ = status;
  unscaled_->reset_to_slack_basis();
  using_unscaled_ = true;
  status = solve_with(*unscaled_, iteration_budget);
  return last_status_ = status;
}

void LpRelaxation::rebuild(const lp::Basis& basis) {
  retired_iterations_ += scaled_->iterations() + (unscaled_ ? unscaled_->iterations() : 0);
  scaled_ = std::make_unique<lp::SimplexSolver>(model_, true);
  unscaled_.reset();
  using_unscaled_ = false;
  scaled_->set_basis(padded(basis));
}

void LpRelaxation::add_rows(const std::vector<Eigen::VectorXd>& rows, const std::vector<double>& lower,
                            const std::vector<double>& upper) {
  if (rows.empty()) return;
  const lp::Basis basis = active().basis();
  const int m = num_rows(), n = num_cols(), k = static_cast<int>(rows.size());
  // Rebuild A from its entries and the cuts' nonzeros: one pass over the nonzeros.
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<size_t>(model_.A.nonZeros()));
  for (int j = 0; j < n; ++j)
    for (lp::SparseMatrix::InnerIterator it(model_.A, j); it; ++it)
      entries.emplace_back(static_cast<int>(it.row()), j, it.value());
  for (int r = 0; r < k; ++r) {
    const Eigen::VectorXd& row = rows[static_cast<size_t>(r)];
    for (int j = 0; j < n; ++j)
      if (row[j] != 0.0) entries.emplace_back(m + r, j, row[j]);
  }
  model_.A.resize(m + k, n);
  model_.A.setFromTriplets(entries.begin(), entries.end());
  model_.row_lower.conservativeResize(m + k);
  model_.row_upper.conservativeResize(m + k);
  for (int r = 0; r < k; ++r) {
    model_.row_lower[m + r] = lower[static_cast<size_t>(r)];
    model_.row_upper[m + r] = upper[static_cast<size_t>(r)];
    model_.row_names.push_back("cut" + std::to_string(m + r - original_rows_));
  }
  rebuild(basis);
}

void LpRelaxation::truncate_rows(int rows, const lp::Basis& basis) {
  if (rows >= num_rows() || rows < original_rows_) return;
  model_.A = lp::SparseMatrix(model_.A.topRows(rows));
  model_.row_lower.conservativeResize(rows);
  model_.row_upper.conservativeResize(rows);
  model_.row_names.resize(static_cast<size_t>(rows));
  lp::Basis b = basis;
  b.rows.resize(static_cast<size_t>(rows), lp::VarStatus::kBasic);
  rebuild(b);
}

int LpRelaxation::remove_slack_cuts() {
  const lp::Basis basis = active().basis();
  std::vector<int> keep;
  for (int i = 0; i < num_rows(); ++i)
    if (i < original_rows_ || basis.rows[static_cast<size_t>(i)] != lp::VarStatus::kBasic) keep.push_back(i);
  const int removed = num_rows() - static_cast<int>(keep.size());
  if (removed == 0) return 0;
  // Only rows whose logical is basic go: the basis keeps one basic variable
  // per remaining row, so the warm start stays well-formed.
  lp::Basis kept;
  kept.cols = basis.cols;
  // New row index of each old row (-1: removed), then A without those rows in one pass.
  std::vector<int> new_row(static_cast<size_t>(num_rows()), -1);
  for (size_t r = 0; r < keep.size(); ++r) new_row[static_cast<size_t>(keep[r])] = static_cast<int>(r);
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<size_t>(model_.A.nonZeros()));
  for (int j = 0; j < num_cols(); ++j)
    for (lp::SparseMatrix::InnerIterator it(model_.A, j); it; ++it)
      if (const int r = new_row[static_cast<size_t>(it.row())]; r >= 0) entries.emplace_back(r, j, it.value());
  const Eigen::VectorXd old_lower = model_.row_lower, old_upper = model_.row_upper;
  const std::vector<std::string> old_names = std::move(model_.row_names);
  model_.A.resize(static_cast<int>(keep.size()), num_cols());
  model_.A.setFromTriplets(entries.begin(), entries.end());
  model_.row_lower.resize(static_cast<int>(keep.size()));
  model_.row_upper.resize(static_cast<int>(keep.size()));
  model_.row_names.clear();
  for (size_t r = 0; r < keep.size(); ++r) {
    const int i = keep[r];
    model_.row_lower[static_cast<int>(r)] = old_lower[i];
    model_.row_upper[static_cast<int>(r)] = old_upper[i];
    model_.row_names.push_back(old_names[static_cast<size_t>(i)]);
    kept.rows.push_back(basis.rows[static_cast<size_t>(i)]);
  }
  rebuild(kept);
  return removed;
}

}  // namespace milpsac::bnb
