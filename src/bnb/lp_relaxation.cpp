// LpRelaxation: the search's door to the checked LP engine, and growing the
// model by cut rows.
#include "bnb/lp_relaxation.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

// Entries of removed cut rows kept for carry_basis: beyond this many, the
// rows removed first are forgotten (a node whose basis needs one starts
// from the live basis).
constexpr long kRemovedEntriesKept = 1L << 20;

}  // namespace

LpRelaxation::LpRelaxation(const lp::LinearProgram& lp, const Deadline* deadline)
    : engine_(lp, deadline), original_rows_(lp.num_rows()) {}

lp::LpStatus LpRelaxation::resolve(const lp::Basis* basis, long iteration_budget, StartWeights weights) {
  if (basis != nullptr) engine_.set_basis(*basis);  // a basis that does not fit: the slack basis
  engine_.set_exact_weights_on_install(weights == StartWeights::kExact);
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
  renumber_rows(nullptr, k);
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
  std::vector<char> removed(row_ids_->size(), 0);
  std::fill(removed.begin() + (rows - original_rows_), removed.end(), 1);
  remember_removed(removed);
  rebuild(std::move(next), b);
  renumber_rows(&removed, 0);
}

int LpRelaxation::remove_slack_cuts(const std::vector<char>* among) {
  const lp::Basis basis = active().basis();
  std::vector<int> keep;
  std::vector<char> removed(row_ids_->size(), 0);
  for (int i = 0; i < num_rows(); ++i) {
    if (i < original_rows_ || basis.rows[uz(i)] != lp::VarStatus::kBasic ||
        (among != nullptr && !(*among)[uz(i - original_rows_)]))
      keep.push_back(i);
    else
      removed[uz(i - original_rows_)] = 1;
  }
  if (keep.size() == uz(num_rows())) return 0;
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
  remember_removed(removed);
  rebuild(std::move(next), kept);
  renumber_rows(&removed, 0);
  return static_cast<int>(std::count(removed.begin(), removed.end(), 1));
}

void LpRelaxation::renumber_rows(const std::vector<char>* removed, int added) {
  auto ids = std::make_shared<RowIds>();
  for (size_t k = 0; k < row_ids_->size(); ++k)
    if (removed == nullptr || !(*removed)[k]) ids->push_back((*row_ids_)[k]);
  for (int r = 0; r < added; ++r) ids->push_back(next_row_id_++);
  row_ids_ = std::move(ids);
}

void LpRelaxation::remember_removed(const std::vector<char>& removed) {
  const lp::LinearProgram& lp = model();
  std::vector<long> row_id(uz(num_rows()), -1);
  for (size_t k = 0; k < removed.size(); ++k)
    if (removed[k]) row_id[uz(original_rows_) + k] = (*row_ids_)[k];
  for (int j = 0; j < num_cols(); ++j)
    for (lp::SparseMatrix::InnerIterator it(lp.A, j); it; ++it)
      if (const long id = row_id[uz(it.row())]; id >= 0) {
        RemovedRow& row = removed_rows_[id];
        row.cols.push_back(j);
        row.values.push_back(it.value());
        ++removed_entries_;
      }
  while (removed_entries_ > kRemovedEntriesKept && !removed_rows_.empty()) {
    removed_entries_ -= static_cast<long>(removed_rows_.begin()->second.cols.size());
    removed_rows_.erase(removed_rows_.begin());
  }
}

const lp::Basis* LpRelaxation::carry_basis(const lp::Basis& basis, const RowIds& ids, lp::Basis& scratch) const {
  const RowIds& now = *row_ids_;
  const size_t first = uz(original_rows_);
  if (basis.rows.size() != first + ids.size()) return nullptr;
  // Rows only appended since: set_basis gives them basic logicals.
  if (ids.size() <= now.size() && std::equal(ids.begin(), ids.end(), now.begin())) return &basis;
  // Stored row k is gone: it takes a basic logical with it, or else one of
  // its basic columns leaves the basis in `scratch` (one basic variable per
  // row must remain). False when neither can be done.
  scratch.cols = basis.cols;
  auto drop_stored_row = [&](size_t k) {
    if (basis.rows[first + k] == lp::VarStatus::kBasic) return true;
    const auto row = removed_rows_.find(ids[k]);
    if (row == removed_rows_.end()) return false;
    int leaving = -1;
    double largest = 0.0;
    for (size_t e = 0; e < row->second.cols.size(); ++e) {
      const int j = row->second.cols[e];
      const double size = std::fabs(row->second.values[e]);
      if (scratch.cols[uz(j)] == lp::VarStatus::kBasic && (std::isfinite(lower(j)) || std::isfinite(upper(j))) &&
          size > largest) {
        leaving = j;
        largest = size;
      }
    }
    if (leaving < 0) return false;
    scratch.cols[uz(leaving)] = std::isfinite(lower(leaving)) ? lp::VarStatus::kAtLower : lp::VarStatus::kAtUpper;
    return true;
  };
  scratch.rows.assign(basis.rows.begin(), basis.rows.begin() + static_cast<std::ptrdiff_t>(first));
  size_t old = 0;
  for (const long id : now) {
    for (; old < ids.size() && ids[old] < id; ++old)
      if (!drop_stored_row(old)) return nullptr;
    if (old < ids.size() && ids[old] == id)
      scratch.rows.push_back(basis.rows[first + old++]);
    else
      scratch.rows.push_back(lp::VarStatus::kBasic);
  }
  for (; old < ids.size(); ++old)
    if (!drop_stored_row(old)) return nullptr;
  return &scratch;
}

}  // namespace milpsac::bnb
