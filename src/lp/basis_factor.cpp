#include "lp/basis_factor.h"

#include <algorithm>
#include <cmath>
#include <deque>

#include "common/index.h"
#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

using SparseIt = Eigen::SparseMatrix<double>::InnerIterator;

}  // namespace

// Row-wise pattern of B, active counts, and each column's largest entry: the
// state of the triangular search.
struct BasisFactor::Counts {
  Counts(const Eigen::SparseMatrix<double>& B, std::vector<std::vector<int>>& row_columns_storage)
      : m(uz(B.rows())),
        row_columns(row_columns_storage),
        col_count(m, 0),
        row_count(m, 0),
        col_max(m, 0.0),
        col_active(m, 1),
        row_active(m, 1) {
    // Scratch reused between factorizations (cleared, capacity kept).
    if (row_columns.size() < m) row_columns.resize(m);
    for (size_t i = 0; i < m; ++i) row_columns[i].clear();
    for (int p = 0; p < static_cast<int>(m); ++p)
      for (SparseIt it(B, p); it; ++it) {
        if (it.value() == 0.0) continue;  // explicit zeros are no entries (structural test)
        row_columns[uz(it.row())].push_back(p);
        ++col_count[uz(p)];
        ++row_count[uz(it.row())];
        col_max[uz(p)] = std::max(col_max[uz(p)], std::fabs(it.value()));
      }
  }
  bool acceptable(int p, double value) const { return std::fabs(value) >= tol::kTriangularPivotRatio * col_max[uz(p)]; }

  size_t m;
  std::vector<std::vector<int>>& row_columns;
  std::vector<int> col_count, row_count;
  std::vector<double> col_max;
  std::vector<char> col_active, row_active;
};

void BasisFactor::clear_factors() {
  blocks_valid_ = false;
  front_.clear();
  back_.clear();
  triangular_entries_.clear();
  bump_positions_.clear();
  bump_rows_.clear();
  coupling_start_.clear();
  coupling_entries_.clear();
}

BasisFactor::Pivot BasisFactor::make_pivot(const Eigen::SparseMatrix<double>& B, int p, int pivot_row, double value) {
  // A pivot of column p in pivot_row, its other entries appended to triangular_entries_.
  Pivot pivot{p, pivot_row, value, static_cast<int>(triangular_entries_.size()), 0};
  for (SparseIt it(B, p); it; ++it)
    if (it.row() != pivot_row && it.value() != 0.0)
      triangular_entries_.push_back({static_cast<int>(it.row()), it.value()});
  pivot.end = static_cast<int>(triangular_entries_.size());
  return pivot;
}

void BasisFactor::pivot_column_singletons(const Eigen::SparseMatrix<double>& B, Counts& counts) {
  // Column singletons: their other entries lie in rows pivoted earlier.
  std::deque<int> queue;
  for (int p = 0; p < m_; ++p)
    if (counts.col_count[uz(p)] == 1) queue.push_back(p);
  while (!queue.empty()) {
    const int p = queue.front();
    queue.pop_front();
    if (!counts.col_active[uz(p)] || counts.col_count[uz(p)] != 1) continue;
    int row = -1;
    double value = 0.0;
    for (SparseIt it(B, p); it; ++it)
      if (it.value() != 0.0 && counts.row_active[uz(it.row())]) {
        row = static_cast<int>(it.row());
        value = it.value();
      }
    if (row < 0 || !counts.acceptable(p, value)) continue;
    counts.col_active[uz(p)] = 0;
    counts.row_active[uz(row)] = 0;
    front_.push_back(make_pivot(B, p, row, value));
    for (int q : counts.row_columns[uz(row)])
      if (counts.col_active[uz(q)] && --counts.col_count[uz(q)] == 1) queue.push_back(q);
  }
}

void BasisFactor::pivot_row_singletons(const Eigen::SparseMatrix<double>& B, Counts& counts) {
  // Row singletons among what is left: the pivot column's other entries lie in
  // rows still active (bump, later row singletons) or already pivoted.
  std::deque<int> queue;
  for (int i = 0; i < m_; ++i) {
    if (!counts.row_active[uz(i)]) continue;
    int count = 0;
    for (int p : counts.row_columns[uz(i)]) count += counts.col_active[uz(p)];
    counts.row_count[uz(i)] = count;
    if (count == 1) queue.push_back(i);
  }
  while (!queue.empty()) {
    const int row = queue.front();
    queue.pop_front();
    if (!counts.row_active[uz(row)] || counts.row_count[uz(row)] != 1) continue;
    int p = -1;
    for (int q : counts.row_columns[uz(row)])
      if (counts.col_active[uz(q)]) p = q;
    if (p < 0) continue;
    double value = 0.0;
    for (SparseIt it(B, p); it; ++it)
      if (it.row() == row) value = it.value();
    if (!counts.acceptable(p, value)) continue;
    counts.col_active[uz(p)] = 0;
    counts.row_active[uz(row)] = 0;
    back_.push_back(make_pivot(B, p, row, value));
    for (SparseIt it(B, p); it; ++it) {
      const size_t i = uz(it.row());
      if (it.value() != 0.0 && counts.row_active[i] && --counts.row_count[i] == 1) queue.push_back(static_cast<int>(i));
    }
  }
}

long BasisFactor::gather_bump(const Eigen::SparseMatrix<double>& B, const Counts& counts) {
  // The bump: active columns on active rows (as many of each: every singleton
  // pivot took one of both), into work_kernel_ for the sparse LU; their
  // entries in pivoted rows into the coupling block. Returns the nonzeros
  // outside the LU.
  std::vector<int> bump_index(counts.m, -1);
  for (int i = 0; i < m_; ++i)
    if (counts.row_active[uz(i)]) {
      bump_index[uz(i)] = static_cast<int>(bump_rows_.size());
      bump_rows_.push_back(i);
    }
  for (int p = 0; p < m_; ++p)
    if (counts.col_active[uz(p)]) bump_positions_.push_back(p);
  const int s = static_cast<int>(bump_positions_.size());
  long triangular_nonzeros = static_cast<long>(front_.size() + back_.size() + triangular_entries_.size());
  std::vector<std::vector<SparseLU::Entry>>& kernel = work_kernel_;
  if (kernel.size() < uz(s)) kernel.resize(uz(s));
  for (int c = 0; c < s; ++c) kernel[uz(c)].clear();
  coupling_start_.assign(uz(s) + 1, 0);
  for (int c = 0; c < s; ++c) {
    const int p = bump_positions_[uz(c)];
    coupling_start_[uz(c)] = static_cast<int>(coupling_entries_.size());
    for (SparseIt it(B, p); it; ++it) {
      if (it.value() == 0.0) continue;
      const int k = bump_index[uz(it.row())];
      if (k >= 0)
        kernel[uz(c)].push_back({k, it.value()});
      else
        coupling_entries_.push_back({static_cast<int>(it.row()), it.value()});
      ++triangular_nonzeros;
    }
  }
  coupling_start_[uz(s)] = static_cast<int>(coupling_entries_.size());
  return triangular_nonzeros;
}

std::vector<int> BasisFactor::factor(const Eigen::SparseMatrix<double>& B, std::vector<int>* uncovered_rows) {
  etas_.clear();
  eta_entries_.clear();
  eta_nonzeros_ = 0;
  eta_work_ = 0.0;
  interrupted_ = false;
  clear_factors();
  m_ = static_cast<int>(B.rows());
  if (uncovered_rows) uncovered_rows->clear();
  if (m_ == 0) return {};

  Counts counts(B, work_row_columns_);
  pivot_column_singletons(B, counts);
  pivot_row_singletons(B, counts);
  const long triangular_nonzeros = gather_bump(B, counts);
  const int s = static_cast<int>(bump_positions_.size());
  std::vector<int> dependent_local, uncovered_local;
  if (bump_lu_.factor(s, work_kernel_, deadline_, dependent_local, uncovered_local) == SparseLU::Result::kInterrupted) {
    // Unusable: leave a state whose solves are harmless (all zero).
    interrupted_ = true;
    clear_factors();
    std::vector<int> unused_cols, unused_rows;
    bump_lu_.factor(0, {}, nullptr, unused_cols, unused_rows);
    return {};
  }
  if (!dependent_local.empty()) {
    std::vector<int> dependent;
    for (int c : dependent_local) dependent.push_back(bump_positions_[uz(c)]);
    if (uncovered_rows)
      for (int r : uncovered_local) uncovered_rows->push_back(bump_rows_[uz(r)]);
    std::sort(dependent.begin(), dependent.end());
    return dependent;
  }
  index_triangular_by_row();
  index_blocks();
  factor_nonzeros_ = triangular_nonzeros + bump_lu_.nonzeros() + m_;
  factor_cost_ = kRefactorWeight * (bump_lu_.elimination_work() + static_cast<double>(B.nonZeros()));
  return {};
}

void BasisFactor::index_triangular_by_row() {
  row_target_start_.assign(uz(m_) + 1, 0);
  for (const Entry& e : triangular_entries_) ++row_target_start_[uz(e.row) + 1];
  for (int i = 0; i < m_; ++i) row_target_start_[uz(i) + 1] += row_target_start_[uz(i)];
  row_targets_.resize(triangular_entries_.size());
  // Filled in pivot order (column singletons, then row singletons), so the
  // order within a row, and the sums of the transposed solve, are fixed.
  std::vector<int>& next = work_next_target_;
  next.assign(row_target_start_.begin(), row_target_start_.end() - 1);
  for (const std::vector<Pivot>* pivots : {&front_, &back_})
    for (const Pivot& pivot : *pivots)
      for (int k = pivot.begin; k < pivot.end; ++k) {
        const Entry& e = triangular_entries_[uz(k)];
        row_targets_[uz(next[uz(e.row)]++)] = {pivot.position, e.value};
      }
}

void BasisFactor::touch(int index) const {
  if (touched_mark_[uz(index)] == stamp_) return;
  touched_mark_[uz(index)] = stamp_;
  touched_.push_back(index);
}

void BasisFactor::ftran_bump(Eigen::VectorXd& v, Eigen::VectorXd& out, std::vector<int>* support, bool track) const {
  const size_t s = bump_positions_.size();
  bump_rhs_.resize(s);
  bump_out_.resize(s);
  for (size_t r = 0; r < s; ++r) bump_rhs_[r] = v[bump_rows_[r]];
  bump_lu_.solve(bump_rhs_.data(), bump_out_.data(), /*dense_expected=*/!track);
  for (size_t c = 0; c < s; ++c) {
    const double value = bump_out_[c];
    if (value == 0.0) continue;  // out is zero there already
    out[bump_positions_[c]] = value;
    if (support) support->push_back(bump_positions_[c]);
    for (int k = coupling_start_[c]; k < coupling_start_[c + 1]; ++k) {
      v[coupling_entries_[uz(k)].row] -= coupling_entries_[uz(k)].value * value;
      if (track) touch(coupling_entries_[uz(k)].row);
    }
  }
}

void BasisFactor::push_row(Eigen::VectorXd& v, int row, double z, std::vector<int>* support, bool track) const {
  if (support) support->push_back(row);
  for (int k = row_target_start_[uz(row)]; k < row_target_start_[uz(row) + 1]; ++k) {
    const int target = row_targets_[uz(k)].position;
    v[target] -= row_targets_[uz(k)].value * z;
    if (track && position_block_[uz(target)] != Block::kFront) touch(target);
  }
}

void BasisFactor::btran_bump(Eigen::VectorXd& v, Eigen::VectorXd& out, std::vector<int>* support, bool track) const {
  const size_t s = bump_positions_.size();
  bump_rhs_.resize(s);
  bump_out_.resize(s);
  for (size_t c = 0; c < s; ++c) {
    double sum = v[bump_positions_[c]];
    for (int k = coupling_start_[c]; k < coupling_start_[c + 1]; ++k)
      sum -= coupling_entries_[uz(k)].value * out[coupling_entries_[uz(k)].row];
    bump_rhs_[c] = sum;
  }
  bump_lu_.solve_transposed(bump_rhs_.data(), bump_out_.data(), /*dense_expected=*/!track);
  for (size_t r = 0; r < s; ++r) {
    const double z = bump_out_[r];
    if (z == 0.0) continue;  // out is zero there already
    out[bump_rows_[r]] = z;
    push_row(v, bump_rows_[r], z, support, track);
  }
}

void BasisFactor::solve_initial(Eigen::VectorXd& v) const {
  // v is indexed by row on entry; out by position. Back substitution in the
  // block order: row singletons (in pick order), the bump, column singletons
  // (in reverse pivot order).
  Eigen::VectorXd& out = solve_out_;
  out.setZero(m_);
  const Entry* entries = triangular_entries_.data();
  // A zero entry of a sparse right-hand side is skipped before its division
  // (out is already zero there): most of the m pivots of an FTRAN on a
  // hyper-sparse model meet a zero.
  for (const Pivot& pivot : back_) {
    if (v[pivot.row] == 0.0) continue;
    const double z = v[pivot.row] / pivot.value;
    out[pivot.position] = z;
    for (int k = pivot.begin; k < pivot.end; ++k) v[entries[k].row] -= entries[k].value * z;
  }
  if (!bump_positions_.empty()) ftran_bump(v, out, nullptr, false);
  for (auto it = front_.rbegin(); it != front_.rend(); ++it) {
    if (v[it->row] == 0.0) continue;
    const double z = v[it->row] / it->value;
    out[it->position] = z;
    for (int k = it->begin; k < it->end; ++k) v[entries[k].row] -= entries[k].value * z;
  }
  v.swap(out);
}

void BasisFactor::solve_initial_transposed(Eigen::VectorXd& v, std::vector<int>* support) const {
  // v is indexed by position on entry; out by row. Forward substitution with
  // the transposed blocks: column singletons in pivot order, the bump, row
  // singletons in reverse pick order. Each solved row pushes its value into
  // the positions whose columns have an entry in it (row_targets_), so v
  // holds at each position the right-hand side minus what is known; a
  // position still at zero when its turn comes solves to zero at the cost of
  // one test (a BTRAN of a unit vector meets mostly zeros).
  Eigen::VectorXd& out = solve_out_;
  out.setZero(m_);
  if (support) support->clear();
  auto push = [&](int row, double z) { push_row(v, row, z, support, false); };
  for (const Pivot& pivot : front_) {
    if (v[pivot.position] == 0.0) continue;
    const double z = v[pivot.position] / pivot.value;
    out[pivot.row] = z;
    push(pivot.row, z);
  }
  if (!bump_positions_.empty()) btran_bump(v, out, support, false);
  for (auto it = back_.rbegin(); it != back_.rend(); ++it) {
    if (v[it->position] == 0.0) continue;
    const double z = v[it->position] / it->value;
    out[it->row] = z;
    push(it->row, z);
  }
  v.swap(out);
}

void BasisFactor::ftran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  solve_initial(v);
  const Entry* entries = eta_entries_.data();
  for (const Eta& eta : etas_) {
    const double pivot_value = v[eta.position];
    if (pivot_value == 0.0) continue;  // the eta leaves v unchanged
    for (int k = eta.begin; k < eta.end; ++k) v[entries[k].row] += pivot_value * entries[k].value;
    v[eta.position] = pivot_value * eta.inverse_pivot;
  }
}

void BasisFactor::apply_etas(Eigen::VectorXd& v, std::vector<int>& support) const {
  // The etas of FTRAN, listing each position they fill in. A listed entry may
  // cancel to zero and be filled again later: the marks keep it listed once.
  const Entry* entries = eta_entries_.data();
  listed_.resize(uz(m_), 0);
  for (int p : support) listed_[uz(p)] = 1;
  for (const Eta& eta : etas_) {
    const double pivot_value = v[eta.position];
    if (pivot_value == 0.0) continue;
    for (int k = eta.begin; k < eta.end; ++k) {
      const int row = entries[k].row;
      v[row] += pivot_value * entries[k].value;
      if (!listed_[uz(row)]) {
        listed_[uz(row)] = 1;
        support.push_back(row);
      }
    }
    v[eta.position] = pivot_value * eta.inverse_pivot;
  }
  for (int p : support) listed_[uz(p)] = 0;
}

void BasisFactor::btran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  apply_transposed_etas(v, nullptr);
  solve_initial_transposed(v, nullptr);
}

void BasisFactor::apply_transposed_etas(Eigen::VectorXd& v, std::vector<int>* support) const {
  // (E^T v)[r] = eta . v ; other entries unchanged.
  const unsigned stamp = support ? next_stamp() : 0;
  if (support)
    for (int position : *support) touched_mark_[uz(position)] = stamp;
  const Entry* entries = eta_entries_.data();
  for (auto it = etas_.rbegin(); it != etas_.rend(); ++it) {
    double sum = it->inverse_pivot * v[it->position];
    for (int k = it->begin; k < it->end; ++k) sum += entries[k].value * v[entries[k].row];
    v[it->position] = sum;
    if (support && sum != 0.0 && touched_mark_[uz(it->position)] != stamp) {
      touched_mark_[uz(it->position)] = stamp;
      support->push_back(it->position);
    }
  }
}

void BasisFactor::update(int position, const Eigen::VectorXd& alpha, const std::vector<int>* sorted_support) {
  const double pivot = alpha[position];
  Eta eta{position, 1.0 / pivot, static_cast<int>(eta_entries_.size()), 0};
  if (sorted_support) {
    for (int i : *sorted_support)
      if (i != position && alpha[i] != 0.0) eta_entries_.push_back({i, -alpha[i] / pivot});
  } else {
    for (int i = 0; i < m_; ++i)
      if (i != position && alpha[i] != 0.0) eta_entries_.push_back({i, -alpha[i] / pivot});
  }
  eta.end = static_cast<int>(eta_entries_.size());
  eta_nonzeros_ += 1 + eta.end - eta.begin;
  eta_work_ += kSolvesPerPivot * static_cast<double>(eta_nonzeros_);
  etas_.push_back(eta);
}

}  // namespace milpsac::lp
