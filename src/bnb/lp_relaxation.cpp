// LpRelaxation: the search's door to the checked LP engine, and growing the
// model by cut rows.
#include "bnb/lp_relaxation.h"

#include <string>

#include "common/index.h"

namespace milpsac::bnb {

LpRelaxation::LpRelaxation(const lp::LinearProgram& lp, const Deadline* deadline)
    : engine_(lp, deadline), original_rows_(lp.num_rows()) {}

lp::LpStatus LpRelaxation::resolve(const lp::Basis* basis, long iteration_budget) {
  if (basis != nullptr) engine_.set_basis(*basis);  // a basis that does not fit: the slack basis
  return last_status_ = engine_.solve(iteration_budget);
}

void LpRelaxation::add_rows(const std::vector<Eigen::VectorXd>& rows, const std::vector<double>& lower,
                            const std::vector<double>& upper) {
  if (rows.empty()) return;
  const lp::Basis basis = active().basis();
  const int m = num_rows(), k = static_cast<int>(rows.size());
  lp::LinearProgram next = model();
  next.append_dense_rows(rows, lower, upper);
  for (int r = 0; r < k; ++r) next.row_names.push_back("cut" + std::to_string(m + r - original_rows_));
  rebuild(std::move(next), basis);
}

void LpRelaxation::truncate_rows(int rows, const lp::Basis& basis) {
  if (rows >= num_rows() || rows < original_rows_) return;
  lp::LinearProgram next = model();
  next.A = lp::SparseMatrix(next.A.topRows(rows));
  next.row_lower.conservativeResize(rows);
  next.row_upper.conservativeResize(rows);
  next.row_names.resize(uz(rows));
  lp::Basis b = basis;
  b.rows.resize(uz(rows), lp::VarStatus::kBasic);
  rebuild(std::move(next), b);
  ++row_layout_;
}

int LpRelaxation::remove_slack_cuts(const std::vector<char>* among) {
  const lp::Basis basis = active().basis();
  std::vector<int> keep;
  for (int i = 0; i < num_rows(); ++i)
    if (i < original_rows_ || basis.rows[uz(i)] != lp::VarStatus::kBasic ||
        (among != nullptr && !(*among)[uz(i - original_rows_)]))
      keep.push_back(i);
  const int removed = num_rows() - static_cast<int>(keep.size());
  if (removed == 0) return 0;
  // Only rows whose logical is basic go: the basis keeps one basic variable
  // per remaining row, so the warm start stays well-formed.
  lp::Basis kept;
  kept.cols = basis.cols;
  // New row index of each old row (-1: removed), then A without those rows in one pass.
  std::vector<int> new_row(uz(num_rows()), -1);
  for (size_t r = 0; r < keep.size(); ++r) new_row[uz(keep[r])] = static_cast<int>(r);
  lp::LinearProgram next = model();
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(uz(next.A.nonZeros()));
  for (int j = 0; j < num_cols(); ++j)
    for (lp::SparseMatrix::InnerIterator it(next.A, j); it; ++it)
      if (const int r = new_row[uz(it.row())]; r >= 0) entries.emplace_back(r, j, it.value());
  const Eigen::VectorXd old_lower = next.row_lower, old_upper = next.row_upper;
  const std::vector<std::string> old_names = std::move(next.row_names);
  next.A.resize(static_cast<int>(keep.size()), num_cols());
  next.A.setFromTriplets(entries.begin(), entries.end());
  next.row_lower.resize(static_cast<int>(keep.size()));
  next.row_upper.resize(static_cast<int>(keep.size()));
  next.row_names.clear();
  for (size_t r = 0; r < keep.size(); ++r) {
    const int i = keep[r];
    next.row_lower[static_cast<int>(r)] = old_lower[i];
    next.row_upper[static_cast<int>(r)] = old_upper[i];
    next.row_names.push_back(old_names[uz(i)]);
    kept.rows.push_back(basis.rows[uz(i)]);
  }
  rebuild(std::move(next), kept);
  ++row_layout_;
  return removed;
}

}  // namespace milpsac::bnb
