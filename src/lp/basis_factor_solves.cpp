// The solves of BasisFactor (basis_factor.h): FTRAN = L, the row etas R, U;
// BTRAN = U^T, R^T, L^T; each plain (a walk over every pivot, skipping zero
// values) and hyper-sparse (a walk over the pivots reachable from a short
// list of nonzeros, found by topological_reach.h).
//
// The hyper-sparse walks take the reach in the plain walk's order (sorted by
// pivot), so every entry receives its updates in the same sequence and both
// paths give the same bits: the simplex's pivots never depend on which one
// ran (pilot took 3x the pivots on the rounding differences of a DFS order).
// sort_reach.h sorts a reach with a bitmap over its index range when that is
// short against r log r (pds-40: a reach of about 900 of 67,000 pivots; the
// comparison sort of the U solves' reaches was 3.8 % of its run).
#include <algorithm>

#include "common/index.h"
#include "lp/basis_factor.h"
#include "lp/sort_reach.h"
#include "lp/topological_reach.h"

namespace milpsac::lp {

unsigned BasisFactor::next_stamp() const {
  // Marks equal to the stamp are set; moving the stamp clears them all. At
  // wrap-around the arrays are cleared once for real.
  if (++stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0u);
    std::fill(listed_.begin(), listed_.end(), 0u);
    stamp_ = 1;
  }
  return stamp_;
}

// ---- L ----

void BasisFactor::solve_l(Eigen::VectorXd& v) const {
  const Entry* entries = l_entries_.data();
  for (int k : l_nonempty_columns_) {
    const double x = v[l_row_[uz(k)]];
    if (x == 0.0) continue;
    for (int e = l_start_[uz(k)]; e < l_start_[uz(k) + 1]; ++e) v[entries[e].row] -= entries[e].value * x;
  }
}

bool BasisFactor::solve_l_sparse(Eigen::VectorXd& v, std::vector<int>& support) const {
  // support: rows. On success it lists each row once where v may be nonzero.
  const size_t budget = uz(m_) / kHyperSparseShare;
  const unsigned stamp = next_stamp();
  seeds_.clear();
  result_.clear();
  for (int row : support) {
    if (listed_[uz(row)] == stamp) continue;
    listed_[uz(row)] = stamp;
    result_.push_back(row);
    if (l_column_of_row_[uz(row)] >= 0) seeds_.push_back(l_column_of_row_[uz(row)]);
  }
  const Entry* entries = l_entries_.data();
  const bool reached = topological_reach(
      seeds_, seen_, stamp, budget, dfs_stack_, order_, [&](int k) { return l_start_[uz(k)]; },
      [&](int k) { return l_start_[uz(k) + 1]; }, [&](int, int e) { return l_column_of_row_[uz(entries[e].row)]; });
  if (!reached) return false;
  sort_reach(order_, reach_bits_, NodeOrder::kIncreasing);
  for (int k : order_) {
    const double x = v[l_row_[uz(k)]];
    if (x == 0.0) continue;
    for (int e = l_start_[uz(k)]; e < l_start_[uz(k) + 1]; ++e) {
      const int row = entries[e].row;
      v[row] -= entries[e].value * x;
      if (listed_[uz(row)] != stamp) {
        listed_[uz(row)] = stamp;
        result_.push_back(row);
      }
    }
  }
  support.swap(result_);
  return true;
}

void BasisFactor::solve_l_transposed(Eigen::VectorXd& v) const {
  // Latest column first: row l_row_[k] is final once the later columns have
  // pushed into it; it then pushes into the earlier columns with an entry in it.
  for (auto it = l_pushing_columns_.rbegin(); it != l_pushing_columns_.rend(); ++it) {
    const int row = l_row_[uz(*it)];
    const double w = v[row];
    if (w == 0.0) continue;
    for (int e = lt_start_[uz(row)]; e < lt_start_[uz(row) + 1]; ++e)
      v[l_row_[uz(lt_entries_[uz(e)].column)]] -= lt_entries_[uz(e)].value * w;
  }
}

bool BasisFactor::solve_l_transposed_sparse(Eigen::VectorXd& v, std::vector<int>& support) const {
  // support: rows, each listed once (the earlier parts keep it so).
  const size_t budget = uz(m_) / kHyperSparseShare;
  const unsigned stamp = next_stamp();
  seeds_.clear();
  for (int row : support) {
    listed_[uz(row)] = stamp;
    if (l_column_of_row_[uz(row)] >= 0) seeds_.push_back(l_column_of_row_[uz(row)]);
  }
  const bool reached = topological_reach(
      seeds_, seen_, stamp, budget, dfs_stack_, order_, [&](int k) { return lt_start_[uz(l_row_[uz(k)])]; },
      [&](int k) { return lt_start_[uz(l_row_[uz(k)]) + 1]; }, [&](int, int e) { return lt_entries_[uz(e)].column; });
  if (!reached) return false;
  sort_reach(order_, reach_bits_, NodeOrder::kDecreasing);
  for (int k : order_) {
    const int row = l_row_[uz(k)];
    const double w = v[row];
    if (w == 0.0) continue;
    for (int e = lt_start_[uz(row)]; e < lt_start_[uz(row) + 1]; ++e) {
      const int target = l_row_[uz(lt_entries_[uz(e)].column)];
      v[target] -= lt_entries_[uz(e)].value * w;
      if (listed_[uz(target)] != stamp) {
        listed_[uz(target)] = stamp;
        support.push_back(target);
      }
    }
  }
  return true;
}

// ---- R ----

void BasisFactor::apply_row_etas(Eigen::VectorXd& v, std::vector<int>* support) const {
  // support (rows, each once) gains the rows the etas make nonzero.
  const unsigned stamp = support ? next_stamp() : 0;
  if (support)
    for (int row : *support) listed_[uz(row)] = stamp;
  const Entry* entries = r_entries_.data();
  for (size_t j = 0; j < r_row_.size(); ++j) {
    double sum = v[r_row_[j]];
    for (int e = r_start_[j]; e < r_start_[j + 1]; ++e) sum += entries[e].value * v[entries[e].row];
    v[r_row_[j]] = sum;
    if (support && sum != 0.0 && listed_[uz(r_row_[j])] != stamp) {
      listed_[uz(r_row_[j])] = stamp;
      support->push_back(r_row_[j]);
    }
  }
}

void BasisFactor::apply_transposed_row_etas(Eigen::VectorXd& v, std::vector<int>* support) const {
  const unsigned stamp = support ? next_stamp() : 0;
  if (support)
    for (int row : *support) listed_[uz(row)] = stamp;
  const Entry* entries = r_entries_.data();
  for (size_t j = r_row_.size(); j-- > 0;) {
    const double w = v[r_row_[j]];
    if (w == 0.0) continue;
    for (int e = r_start_[j]; e < r_start_[j + 1]; ++e) {
      v[entries[e].row] += entries[e].value * w;
      if (support && listed_[uz(entries[e].row)] != stamp) {
        listed_[uz(entries[e].row)] = stamp;
        support->push_back(entries[e].row);
      }
    }
  }
}

// ---- U ----

// The U solves write into solve_out_ and swap it with their input, which they
// consume (each pivot zeroes the entry it reads). Every row and position has
// one live pivot, and a hyper-sparse solve reaches every entry that is or
// becomes nonzero, so the input ends all zero and the next solve's output
// needs no clearing: an m-long memset per solve was 2 % of the SAC root LP.
Eigen::VectorXd& BasisFactor::clean_solve_out() const {
  if (solve_out_.size() != m_) solve_out_.setZero(m_);
  return solve_out_;
}

inline bool BasisFactor::solve_u_pivot(size_t k, Eigen::VectorXd& v, Eigen::VectorXd& out) const {
  const UPivot& pivot = u_pivots_[k];
  const double x = v[pivot.row];
  if (x == 0.0) return false;
  v[pivot.row] = 0.0;  // consumed: v ends all zero and becomes the next clean output
  const double z = x / pivot.diagonal;
  out[pivot.position] = z;
  const Entry* entries = u_entries_.data();
  for (int e = pivot.begin; e < pivot.end; ++e) v[entries[e].row] -= entries[e].value * z;
  return true;
}

void BasisFactor::solve_u(Eigen::VectorXd& v) const {
  // v by row on entry, by position on return (the two loops: see u_long_).
  for (; u_sorted_ < u_pivots_.size(); ++u_sorted_) {
    const UPivot& pivot = u_pivots_[u_sorted_];
    if (pivot.end > pivot.begin)
      u_long_.push_back(static_cast<int>(u_sorted_));
    else
      u_short_.push_back({static_cast<int>(u_sorted_), pivot.row, pivot.position, pivot.diagonal});
  }
  Eigen::VectorXd& out = clean_solve_out();
  for (size_t i = u_long_.size(); i-- > 0;) {
    const auto k = uz(u_long_[i]);
    if (u_pivots_[k].live) solve_u_pivot(k, v, out);
  }
  double* in = v.data();
  double* result = out.data();
  for (const ShortPivot& pivot : u_short_) {
    if (!u_pivots_[uz(pivot.k)].live) continue;
    const double x = in[pivot.row];
    in[pivot.row] = 0.0;  // consumed, as solve_u_pivot does
    result[pivot.position] = x / pivot.diagonal;
  }
  v.swap(out);
}

bool BasisFactor::solve_u_sparse(Eigen::VectorXd& v, std::vector<int>& support) const {
  // support: rows on entry, positions on return.
  const size_t budget = uz(m_) / kHyperSparseShare;
  if (support.size() > budget) return false;
  const unsigned stamp = next_stamp();
  seeds_.clear();
  for (int row : support) seeds_.push_back(row_pivot_[uz(row)]);
  const Entry* entries = u_entries_.data();
  const bool reached = topological_reach(
      seeds_, seen_, stamp, budget, dfs_stack_, order_, [&](int k) { return u_pivots_[uz(k)].begin; },
      [&](int k) { return u_pivots_[uz(k)].end; },
      [&](int, int e) { return entries[e].value != 0.0 ? row_pivot_[uz(entries[e].row)] : -1; });
  if (!reached) return false;
  sort_reach(order_, reach_bits_, NodeOrder::kDecreasing);
  Eigen::VectorXd& out = clean_solve_out();
  result_.clear();
  for (int k : order_)
    if (solve_u_pivot(uz(k), v, out)) result_.push_back(u_pivots_[uz(k)].position);
  v.swap(out);
  support.swap(result_);
  return true;
}

inline bool BasisFactor::solve_u_transposed_pivot(size_t k, Eigen::VectorXd& v, Eigen::VectorXd& out) const {
  const UPivot& pivot = u_pivots_[k];
  const double w = v[pivot.position];
  if (w == 0.0) return false;
  v[pivot.position] = 0.0;  // consumed: v ends all zero and becomes the next clean output
  const double z = w / pivot.diagonal;
  out[pivot.row] = z;
  for (const EntryRef& ref : u_row_refs_[uz(pivot.row)]) v[ref.position] -= ref.value * z;
  return true;
}

void BasisFactor::solve_u_transposed(Eigen::VectorXd& v) const {
  // v by position on entry, by row on return. A solved row pushes its value
  // into the positions of the later pivots whose columns have an entry in it.
  Eigen::VectorXd& out = clean_solve_out();
  for (size_t k = 0; k < u_pivots_.size(); ++k)
    if (u_pivots_[k].live) solve_u_transposed_pivot(k, v, out);
  v.swap(out);
}

bool BasisFactor::solve_u_transposed_sparse(Eigen::VectorXd& v, std::vector<int>& support) const {
  // support: positions on entry, rows on return.
  const size_t budget = uz(m_) / kHyperSparseShare;
  if (support.size() > budget) return false;
  const unsigned stamp = next_stamp();
  seeds_.clear();
  for (int position : support) seeds_.push_back(position_pivot_[uz(position)]);
  // The edges of a pivot are its row's references (all to later live pivots).
  auto refs = [&](int k) -> const std::vector<EntryRef>& { return u_row_refs_[uz(u_pivots_[uz(k)].row)]; };
  const bool reached = topological_reach(
      seeds_, seen_, stamp, budget, dfs_stack_, order_, [](int) { return 0; },
      [&](int k) { return static_cast<int>(refs(k).size()); },
      [&](int k, int e) {
        const EntryRef& ref = refs(k)[uz(e)];
        return ref.value != 0.0 ? position_pivot_[uz(ref.position)] : -1;
      });
  if (!reached) return false;
  sort_reach(order_, reach_bits_, NodeOrder::kIncreasing);
  Eigen::VectorXd& out = clean_solve_out();
  result_.clear();
  for (int k : order_)
    if (solve_u_transposed_pivot(uz(k), v, out)) result_.push_back(u_pivots_[uz(k)].row);
  v.swap(out);
  support.swap(result_);
  return true;
}

// ---- whole solves ----

void BasisFactor::keep_spike(const Eigen::VectorXd& v, const std::vector<int>* support) const {
  // A listed spike copies its listed entries only (update() reads no other).
  spike_listed_ = support != nullptr;
  if (support) {
    spike_support_ = *support;
    if (spike_.size() != m_) spike_.resize(m_);
    for (int i : *support) spike_[i] = v[i];
  } else {
    spike_ = v;
  }
  spike_version_ = version_;
}

void BasisFactor::ftran(Eigen::VectorXd& v, bool keep) const {
  if (v.size() == 0) return;
  if (!valid_) {
    v.setZero();
    return;
  }
  solve_l(v);
  apply_row_etas(v, nullptr);
  if (keep) keep_spike(v, nullptr);
  solve_u(v);
}

void BasisFactor::btran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  if (!valid_) {
    v.setZero();
    return;
  }
  solve_u_transposed(v);
  apply_transposed_row_etas(v, nullptr);
  solve_l_transposed(v);
}

void BasisFactor::record_density(DensityHistory& history, size_t nonzeros) const {
  // An exponential average over the last few dozen solves of the kind.
  constexpr double kWeight = 0.05;
  history.share += kWeight * (static_cast<double>(nonzeros) / static_cast<double>(m_) - history.share);
}

void BasisFactor::record_dense_density(DensityHistory& history, const Eigen::VectorXd& v) const {
  // Counting a dense result's nonzeros is a pass over m: done for one solve
  // in kDenseSample, enough for the history to notice the results thinning.
  constexpr int kDenseSample = 8;
  if (history.dense_solves++ % kDenseSample != 0) return;
  record_density(history, uz((v.array() != 0.0).count()));
}

bool BasisFactor::ftran_sparse(WorkVector& w, DensityHistory& history, bool keep) const {
  Eigen::VectorXd& v = w.values;
  std::vector<int>& support = w.support;
  w.listed = true;
  if (v.size() == 0) {
    support.clear();
    return true;
  }
  if (valid_ && try_sparse(history) && support.size() <= uz(m_) / kHyperSparseShare && solve_l_sparse(v, support)) {
    apply_row_etas(v, &support);
    if (keep) keep_spike(v, &support);
    if (solve_u_sparse(v, support)) {
      record_density(history, support.size());
      return true;
    }
    solve_u(v);
  } else {
    ftran(v, keep);
  }
  // A dense result: the caller scans v.
  support.clear();
  w.listed = false;
  record_dense_density(history, v);
  return false;
}

bool BasisFactor::btran_sparse(WorkVector& w, DensityHistory& history) const {
  Eigen::VectorXd& v = w.values;
  std::vector<int>& support = w.support;
  w.listed = true;
  if (v.size() == 0) {
    support.clear();
    return true;
  }
  if (valid_ && try_sparse(history) && solve_u_transposed_sparse(v, support)) {
    apply_transposed_row_etas(v, &support);
    if (solve_l_transposed_sparse(v, support)) {
      record_density(history, support.size());
      return true;
    }
    solve_l_transposed(v);
  } else {
    btran(v);
  }
  support.clear();
  w.listed = false;
  record_dense_density(history, v);
  return false;
}

}  // namespace milpsac::lp
