#include "lp/basis_factor.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "common/index.h"
#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

using SparseIt = Eigen::SparseMatrix<double>::InnerIterator;

}  // namespace

// Row-wise pattern of B, active counts, and each column's largest entry: the
// state of the triangular search. The row-wise pattern is one compressed
// array (row i's columns, ascending, at row_cols[row_start[i], row_start[i + 1])),
// built by counting then filling: a vector per row cost a push_back per
// entry and m small allocations, and was 3 % of the SAC root LP's run (181
// factorizations of an 8,690-row basis that is mostly logicals).
struct BasisFactor::Counts {
  Counts(const Eigen::SparseMatrix<double>& B, std::vector<int>& row_start_storage, std::vector<int>& row_cols_storage)
      : m(uz(B.rows())),
        row_start(row_start_storage),
        row_cols(row_cols_storage),
        col_count(m, 0),
        row_count(m, 0),
        col_max(m, 0.0),
        col_active(m, 1),
        row_active(m, 1) {
    // Scratch reused between factorizations (overwritten, capacity kept).
    row_start.assign(m + 1, 0);
    for (int p = 0; p < static_cast<int>(m); ++p)
      for (SparseIt it(B, p); it; ++it) {
        if (it.value() == 0.0) continue;  // explicit zeros are no entries (structural test)
        ++col_count[uz(p)];
        ++row_count[uz(it.row())];
        col_max[uz(p)] = std::max(col_max[uz(p)], std::fabs(it.value()));
      }
    for (size_t i = 0; i < m; ++i) row_start[i + 1] = row_start[i] + row_count[i];
    row_cols.resize(uz(row_start[m]));
    std::vector<int> next(row_start.begin(), row_start.end() - 1);
    for (int p = 0; p < static_cast<int>(m); ++p)
      for (SparseIt it(B, p); it; ++it)
        if (it.value() != 0.0) row_cols[uz(next[uz(it.row())]++)] = p;
  }
  bool acceptable(int p, double value) const { return std::fabs(value) >= tol::kTriangularPivotRatio * col_max[uz(p)]; }
  // Row i's columns in ascending order.
  std::span<const int> row_columns(int i) const {
    return {row_cols.data() + row_start[uz(i)], row_cols.data() + row_start[uz(i) + 1]};
  }

  size_t m;
  std::vector<int>& row_start;
  std::vector<int>& row_cols;
  std::vector<int> col_count, row_count;
  std::vector<double> col_max;
  std::vector<char> col_active, row_active;
};

void BasisFactor::clear_factors() {
  valid_ = false;
  front_.clear();
  back_.clear();
  triangular_entries_.clear();
  bump_positions_.clear();
  bump_rows_.clear();
  coupling_start_.clear();
  coupling_entries_.clear();
  l_row_.clear();
  l_start_.assign(1, 0);
  l_entries_.clear();
  r_row_.clear();
  r_start_.assign(1, 0);
  r_entries_.clear();
  u_pivots_.clear();
  u_entries_.clear();
  ref_slot_.clear();
  u_long_.clear();
  u_short_.clear();
  u_sorted_ = 0;
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
  std::vector<int>& queue = work_queue_;  // first in, first out: read from the front, never popped
  queue.clear();
  for (int p = 0; p < m_; ++p)
    if (counts.col_count[uz(p)] == 1) queue.push_back(p);
  for (size_t head = 0; head < queue.size(); ++head) {
    const int p = queue[head];
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
    for (int q : counts.row_columns(row))
      if (counts.col_active[uz(q)] && --counts.col_count[uz(q)] == 1) queue.push_back(q);
  }
}

void BasisFactor::pivot_row_singletons(const Eigen::SparseMatrix<double>& B, Counts& counts) {
  // Row singletons among what is left: the pivot column's other entries lie in
  // rows still active (bump, later row singletons) or already pivoted.
  std::vector<int>& queue = work_queue_;  // first in, first out: read from the front, never popped
  queue.clear();
  for (int i = 0; i < m_; ++i) {
    if (!counts.row_active[uz(i)]) continue;
    int count = 0;
    for (int p : counts.row_columns(i)) count += counts.col_active[uz(p)];
    counts.row_count[uz(i)] = count;
    if (count == 1) queue.push_back(i);
  }
  for (size_t head = 0; head < queue.size(); ++head) {
    const int row = queue[head];
    if (!counts.row_active[uz(row)] || counts.row_count[uz(row)] != 1) continue;
    int p = -1;
    for (int q : counts.row_columns(row))
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

void BasisFactor::gather_bump(const Eigen::SparseMatrix<double>& B, const Counts& counts) {
  // The bump: active columns on active rows (as many of each: every singleton
  // pivot took one of both), into work_kernel_ for the sparse LU; their
  // entries in pivoted rows into the coupling block.
  std::vector<int> bump_index(counts.m, -1);
  for (int i = 0; i < m_; ++i)
    if (counts.row_active[uz(i)]) {
      bump_index[uz(i)] = static_cast<int>(bump_rows_.size());
      bump_rows_.push_back(i);
    }
  for (int p = 0; p < m_; ++p)
    if (counts.col_active[uz(p)]) bump_positions_.push_back(p);
  const int s = static_cast<int>(bump_positions_.size());
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
    }
  }
  coupling_start_[uz(s)] = static_cast<int>(coupling_entries_.size());
}

void BasisFactor::add_u_pivot(int row, int position, double diagonal) {
  const int k = static_cast<int>(u_pivots_.size());
  const int begin = static_cast<int>(u_entries_.size());
  u_pivots_.push_back({row, position, begin, begin, diagonal, true});
  row_pivot_[uz(row)] = k;
  position_pivot_[uz(position)] = k;
}

void BasisFactor::add_u_entry(int row, double value) {
  // An entry of the last pivot's column.
  const int k = static_cast<int>(u_pivots_.size()) - 1;
  std::vector<EntryRef>& refs = u_row_refs_[uz(row)];
  ref_slot_.push_back(static_cast<int>(refs.size()));
  refs.push_back({static_cast<int>(u_entries_.size()), u_pivots_[uz(k)].position, value});
  u_entries_.push_back({row, value});
  ++u_pivots_.back().end;
}

void BasisFactor::drop_row_refs(int k) {
  // Pivot k's column leaves U: its entries' references leave their rows (an
  // entry of an eliminated row has none left), each replaced by its row's
  // last. The order within a row changes no result: each reference of a row
  // pushes into a different position, and the hyper-sparse reach is sorted.
  const UPivot& pivot = u_pivots_[uz(k)];
  for (int e = pivot.begin; e < pivot.end; ++e) {
    const int slot = ref_slot_[uz(e)];
    if (slot < 0) continue;
    std::vector<EntryRef>& refs = u_row_refs_[uz(u_entries_[uz(e)].row)];
    refs[uz(slot)] = refs.back();
    ref_slot_[uz(refs[uz(slot)].index)] = slot;
    refs.pop_back();
    ref_slot_[uz(e)] = -1;
  }
}

void BasisFactor::add_l_column(int row) {
  l_row_.push_back(row);
  l_start_.push_back(l_start_.back());
}

void BasisFactor::lay_out_factors() {
  // One elimination order: column singletons, row singletons (pick order),
  // the bump (the LU's order). An entry in a row pivoted earlier is a U
  // entry; one in a row pivoted later is an L multiplier. Every row
  // singleton and bump pivot opens an L column, empty or not, so that every
  // row holding L entries pivots an L column (L^T's push needs it).
  const size_t m = uz(m_);
  row_pivot_.assign(m, -1);
  position_pivot_.assign(m, -1);
  if (u_row_refs_.size() < m) u_row_refs_.resize(m);
  for (size_t i = 0; i < m; ++i) u_row_refs_[i].clear();
  for (const Pivot& pivot : front_) {
    add_u_pivot(pivot.row, pivot.position, pivot.value);
    for (int k = pivot.begin; k < pivot.end; ++k)
      add_u_entry(triangular_entries_[uz(k)].row, triangular_entries_[uz(k)].value);
  }
  for (const Pivot& pivot : back_) {
    add_u_pivot(pivot.row, pivot.position, pivot.value);
    for (int k = pivot.begin; k < pivot.end; ++k) {
      const Entry& e = triangular_entries_[uz(k)];
      if (row_pivot_[uz(e.row)] >= 0) add_u_entry(e.row, e.value);
    }
    add_l_column(pivot.row);
    for (int k = pivot.begin; k < pivot.end; ++k) {
      const Entry& e = triangular_entries_[uz(k)];
      if (row_pivot_[uz(e.row)] < 0) l_entries_.push_back({e.row, e.value / pivot.value});
    }
    l_start_.back() = static_cast<int>(l_entries_.size());
  }
  const std::vector<SparseLU::Entry>& lu_l = bump_lu_.l_entries();
  const std::vector<SparseLU::Entry>& lu_u = bump_lu_.u_col_entries();
  for (int k = 0; k < bump_lu_.rank(); ++k) {
    const int c = bump_lu_.pivot_col(k);
    const int row = bump_rows_[uz(bump_lu_.pivot_row(k))];
    add_u_pivot(row, bump_positions_[uz(c)], bump_lu_.pivot_value(k));
    for (int e = coupling_start_[uz(c)]; e < coupling_start_[uz(c) + 1]; ++e)
      add_u_entry(coupling_entries_[uz(e)].row, coupling_entries_[uz(e)].value);
    for (int e = bump_lu_.u_col_begin(k); e < bump_lu_.u_col_begin(k + 1); ++e)
      add_u_entry(bump_rows_[uz(lu_u[uz(e)].index)], lu_u[uz(e)].value);
    add_l_column(row);
    for (int e = bump_lu_.l_begin(k); e < bump_lu_.l_begin(k + 1); ++e)
      l_entries_.push_back({bump_rows_[uz(lu_l[uz(e)].index)], lu_l[uz(e)].value});
    l_start_.back() = static_cast<int>(l_entries_.size());
  }
  index_l_by_row();
  const size_t nodes = m + uz(kMaxUpdates) + 1;
  if (seen_.size() < nodes) seen_.resize(nodes, 0);
  if (listed_.size() < m) listed_.resize(m, 0);
}

void BasisFactor::index_l_by_row() {
  const size_t m = uz(m_);
  l_column_of_row_.assign(m, -1);
  for (size_t k = 0; k < l_row_.size(); ++k) l_column_of_row_[uz(l_row_[k])] = static_cast<int>(k);
  lt_start_.assign(m + 1, 0);
  for (const Entry& e : l_entries_) ++lt_start_[uz(e.row) + 1];
  for (size_t i = 0; i < m; ++i) lt_start_[i + 1] += lt_start_[i];
  l_nonempty_columns_.clear();
  l_pushing_columns_.clear();
  for (size_t k = 0; k < l_row_.size(); ++k) {
    if (l_start_[k + 1] > l_start_[k]) l_nonempty_columns_.push_back(static_cast<int>(k));
    const size_t row = uz(l_row_[k]);
    if (lt_start_[row + 1] > lt_start_[row]) l_pushing_columns_.push_back(static_cast<int>(k));
  }
  lt_entries_.resize(l_entries_.size());
  std::vector<int> next(lt_start_.begin(), lt_start_.end() - 1);
  for (size_t k = 0; k < l_row_.size(); ++k)
    for (int e = l_start_[k]; e < l_start_[k + 1]; ++e) {
      const Entry& entry = l_entries_[uz(e)];
      lt_entries_[uz(next[uz(entry.row)]++)] = {static_cast<int>(k), entry.value};
    }
}

std::vector<int> BasisFactor::factor(const Eigen::SparseMatrix<double>& B, std::vector<int>* uncovered_rows) {
  ++version_;
  updates_ = 0;
  unstable_ = false;
  eta_nonzeros_ = 0;
  eta_work_ = 0.0;
  interrupted_ = false;
  clear_factors();
  m_ = static_cast<int>(B.rows());
  if (uncovered_rows) uncovered_rows->clear();
  if (m_ == 0) {
    valid_ = true;
    return {};
  }

  Counts counts(B, work_row_start_, work_row_cols_);
  pivot_column_singletons(B, counts);
  pivot_row_singletons(B, counts);
  gather_bump(B, counts);
  const int s = static_cast<int>(bump_positions_.size());
  std::vector<int> dependent_local, uncovered_local;
  if (bump_lu_.factor(s, work_kernel_, deadline_, dependent_local, uncovered_local) == SparseLU::Result::kInterrupted) {
    interrupted_ = true;  // unusable: the solves return zeros
    clear_factors();
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
  lay_out_factors();
  factor_nonzeros_ = static_cast<long>(l_entries_.size() + u_entries_.size()) + m_;
  factor_cost_ = kRefactorWeight * (bump_lu_.elimination_work() + static_cast<double>(B.nonZeros()));
  valid_ = true;
  return {};
}

void BasisFactor::update(int position, const Eigen::VectorXd& alpha) {
  if (!valid_) return;
  const int t = position_pivot_[uz(position)];
  const int r = u_pivots_[uz(t)].row;
  const double diagonal = u_pivots_[uz(t)].diagonal;
  // The spike L^-1 R a: kept by the entering column's FTRAN, else U alpha.
  Eigen::VectorXd& spike = spike_;
  bool spike_listed = spike_listed_;
  if (spike_version_ != version_) {
    spike.setZero(m_);
    for (size_t k = 0; k < u_pivots_.size(); ++k) {
      if (!u_pivots_[k].live) continue;
      const double x = alpha[u_pivots_[k].position];
      if (x == 0.0) continue;
      spike[u_pivots_[k].row] += u_pivots_[k].diagonal * x;
      for (int e = u_pivots_[k].begin; e < u_pivots_[k].end; ++e)
        spike[u_entries_[uz(e)].row] += u_entries_[uz(e)].value * x;
    }
    spike_listed = false;
  }
  // y = U^-T e_position: zero before pivot t, 1 / u_t in row r.
  // update_row_ is left zero by the last update when its y was listed.
  Eigen::VectorXd& y = update_row_;
  if (!update_row_clean_ || y.size() != m_) y.setZero(m_);
  update_row_clean_ = false;
  y[position] = 1.0;
  update_support_.assign(1, position);
  const bool y_listed = solve_u_transposed_sparse(y, update_support_);
  if (!y_listed) solve_u_transposed(y);
  // The new diagonal, from the column's pivot and from the spike: they must agree.
  const double new_diagonal = diagonal * alpha[position];
  auto row_eta_entry = [&](int i) {
    if (y[i] != 0.0 && i != r) r_entries_.push_back({i, diagonal * y[i]});
  };
  // In pivot order either way (the hyper-sparse solve lists its rows so):
  // the row eta's sums, and so the simplex's pivots, must not depend on
  // which path solved for y.
  if (y_listed) {
    for (int i : update_support_) row_eta_entry(i);
  } else {
    for (size_t k = uz(t); k < u_pivots_.size(); ++k)
      if (u_pivots_[k].live) row_eta_entry(u_pivots_[k].row);
  }
  r_row_.push_back(r);
  r_start_.push_back(static_cast<int>(r_entries_.size()));
  // Row r's entries in later columns are eliminated; pivot t is void; the
  // spike (off row r) is the column of the new last pivot.
  for (const EntryRef& ref : u_row_refs_[uz(r)]) {
    u_entries_[uz(ref.index)].value = 0.0;
    ref_slot_[uz(ref.index)] = -1;
  }
  u_row_refs_[uz(r)].clear();
  drop_row_refs(t);
  u_pivots_[uz(t)].live = false;
  const size_t before = u_entries_.size();
  add_u_pivot(r, position, new_diagonal);
  // The spike is read at its listed rows only (a kept list leaves the rest
  // of spike_ stale), so y . spike is summed here.
  double y_dot_spike = 0.0;
  auto spike_entry = [&](int i) {
    if (spike[i] == 0.0) return;
    y_dot_spike += y[i] * spike[i];
    if (i != r) add_u_entry(i, spike[i]);
  };
  if (spike_listed) {
    for (int i : spike_support_) spike_entry(i);
  } else {
    for (int i = 0; i < m_; ++i) spike_entry(i);
  }
  if (!(std::fabs(diagonal * y_dot_spike - new_diagonal) <= tol::kUpdatePivotCheck * (1.0 + std::fabs(new_diagonal))))
    unstable_ = true;
  if (y_listed) {
    for (int i : update_support_) y[i] = 0.0;
    update_row_clean_ = true;
  }
  ++updates_;
  ++version_;
  const long added =
      static_cast<long>(u_entries_.size() - before) + (r_start_.back() - r_start_[r_start_.size() - 2]) + 1;
  eta_nonzeros_ += added;
  eta_work_ += kSolvesPerPivot * static_cast<double>(eta_nonzeros_);
  if (seen_.size() < u_pivots_.size()) seen_.resize(u_pivots_.size(), 0);
}

}  // namespace milpsac::lp
