#include "lp/sparse_lu.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "common/index.h"
#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

// Lines (rows or columns) of the active submatrix in doubly linked lists by
// their count of active entries, so the pivot search visits them by count.
// Insertion is at the head: the visiting order follows the sequence of
// updates, which depends on the matrix only.
class CountLists {
 public:
  explicit CountLists(int n) : head_(uz(n) + 1, -1), next_(uz(n), -1), prev_(uz(n), -1), count_(uz(n), -1) {}

  void insert(int line, int count) {
    const size_t l = uz(line);
    count_[l] = count;
    prev_[l] = -1;
    next_[l] = head_[uz(count)];
    if (next_[l] >= 0) prev_[uz(next_[l])] = line;
    head_[uz(count)] = line;
  }
  void remove(int line) {
    const size_t l = uz(line);
    if (count_[l] < 0) return;
    if (prev_[l] >= 0)
      next_[uz(prev_[l])] = next_[l];
    else
      head_[uz(count_[l])] = next_[l];
    if (next_[l] >= 0) prev_[uz(next_[l])] = prev_[l];
    count_[l] = -1;
  }
  void move(int line, int count) {
    if (count_[uz(line)] == count) return;
    remove(line);
    insert(line, count);
  }
  int first(int count) const { return head_[uz(count)]; }
  int next(int line) const { return next_[uz(line)]; }

 private:
  std::vector<int> head_, next_, prev_, count_;
};

// Lines searched for a pivot once one candidate is known.
constexpr int kSearchLines = 4;
// Pivots between two looks at the deadline.
constexpr int kPivotsPerPoll = 8;
// The elimination switches to dense partial pivoting once the active
// submatrix has at most kDenseColumns columns or holds more than kDenseDensity
// of its entries. bench/lp/bump_lu_compare times the factorization alone (the
// dense kernel wins below about 50 columns at any density and above about
// 10 % density at any size), but a simplex solves with the factor about 60
// times per refactorization, and the dense kernel's partial pivoting ignores
// sparsity: on pilot87 the switch at 20 % left 213,000 nonzeros in L and U
// where Markowitz continued to 50 % leaves 140,000. Netlib at 0.2 / 0.3 /
// 0.4 / 0.5 / 0.6, time per pivot summed over the 91 models: 20.4 / 20.1 /
// 18.4 / 18.7 / 19.2 s (pilot87 0.58 -> 0.42 ms per pivot; the SAC root LP
// 5 % faster); beyond that the sparse search itself grows costly (at 1.0
// pilot87's elimination was half the run).
constexpr int kDenseColumns = 32;
constexpr double kDenseDensity = 0.5;
// A square dense block up to this many flops (size^3) goes to Eigen's blocked
// partial-pivoting LU, several times faster than the loop below; it cannot poll
// the deadline but finishes in tens of milliseconds. Larger blocks use the loop.
constexpr double kEigenBlockFlops = 400.0 * 400.0 * 400.0;

}  // namespace

// The active submatrix of factor(): columns of (row, value) and the row
// patterns of columns (entries of inactive columns are skipped, never
// removed), the counts, and the lines by count.
struct SparseLU::Active {
  Active(int n, const std::vector<std::vector<Entry>>& columns, std::vector<std::vector<Entry>>& col_storage,
         std::vector<std::vector<int>>& row_cols_storage, std::vector<int>& dependent)
      : col(col_storage),
        row_cols(row_cols_storage),
        row_count(uz(n), 0),
        drop_below(uz(n), 0.0),
        col_active(uz(n), 1),
        row_active(uz(n), 1),
        col_lists(n),
        row_lists(n),
        scatter(uz(n), -1),
        remaining(n),
        dependent_cols(dependent) {
    const size_t N = uz(n);
    // Reused between factorizations (the B&B refactors at every node): cleared
    // inner vectors keep their capacity, so a refactor allocates almost nothing.
    if (col.size() < N) col.resize(N);
    if (row_cols.size() < N) row_cols.resize(N);
    for (size_t c = 0; c < N; ++c) {
      col[c].clear();
      row_cols[c].clear();
    }
    for (size_t c = 0; c < N; ++c) {
      double largest = 0.0;
      for (const Entry& e : columns[c]) {
        if (e.value == 0.0) continue;  // explicit zeros are no entries
        col[c].push_back(e);
        row_cols[uz(e.index)].push_back(static_cast<int>(c));
        ++row_count[uz(e.index)];
        largest = std::max(largest, std::fabs(e.value));
      }
      drop_below[c] = tol::kSingularPivot * std::max(1.0, largest);
    }
    for (size_t c = 0; c < N; ++c) active_nonzeros += static_cast<long>(col[c].size());
    for (int c = n - 1; c >= 0; --c) col_lists.insert(c, static_cast<int>(col[uz(c)].size()));
    for (int r = n - 1; r >= 0; --r) row_lists.insert(r, row_count[uz(r)]);
  }

  double column_max(int c) const {
    double largest = 0.0;
    for (const Entry& e : col[uz(c)]) largest = std::max(largest, std::fabs(e.value));
    return largest;
  }
  // Column c depends on the pivoted ones: out of the active submatrix.
  void drop_column(int c) {
    const size_t cc = uz(c);
    col_active[cc] = 0;
    col_lists.remove(c);
    for (const Entry& e : col[cc]) {
      const size_t i = uz(e.index);
      row_lists.move(e.index, --row_count[i]);
    }
    active_nonzeros -= static_cast<long>(col[cc].size());
    col[cc].clear();
    dependent_cols.push_back(c);
    --remaining;
  }

  std::vector<std::vector<Entry>>& col;
  std::vector<std::vector<int>>& row_cols;
  std::vector<int> row_count;
  std::vector<double> drop_below;
  std::vector<char> col_active, row_active;
  long active_nonzeros = 0;
  CountLists col_lists, row_lists;
  std::vector<int> scatter;  // position of a row in the column being updated, else -1
  int remaining;             // active columns
  std::vector<int>& dependent_cols;
};

void SparseLU::clear(int n) {
  n_ = n;
  rows_.clear();
  cols_.clear();
  pivots_.clear();
  l_start_.assign(1, 0);
  l_entries_.clear();
  u_row_start_.assign(1, 0);
  u_row_entries_.clear();
  u_col_start_.clear();
  u_col_entries_.clear();
  nonzeros_ = 0;
  work_ = 0.0;
}

SparseLU::Result SparseLU::factor(int n, const std::vector<std::vector<Entry>>& columns, const Deadline* deadline,
                                  std::vector<int>& dependent_cols, std::vector<int>& uncovered_rows) {
  clear(n);
  dependent_cols.clear();
  uncovered_rows.clear();
  Active a(n, columns, work_col_, work_row_cols_, dependent_cols);

  int pivots_done = 0;
  while (a.remaining > 0) {
    if (deadline != nullptr && pivots_done % kPivotsPerPoll == 0 && deadline->expired()) return Result::kInterrupted;
    // Columns without active entries depend on the pivoted ones.
    for (int c = a.col_lists.first(0); c >= 0; c = a.col_lists.first(0)) a.drop_column(c);
    if (a.remaining == 0) break;
    const double active_rows = static_cast<double>(n - pivots_done);
    if (a.remaining <= kDenseColumns ||
        static_cast<double>(a.active_nonzeros) > kDenseDensity * active_rows * static_cast<double>(a.remaining)) {
      if (!eliminate_dense(a.col, a.col_active, a.row_active, a.drop_below, deadline, dependent_cols))
        return Result::kInterrupted;
      break;
    }
    const Pivot pivot = find_pivot(a);
    if (pivot.row < 0) break;  // every remaining column was dropped
    eliminate(a, pivot.row, pivot.col);
    ++pivots_done;
  }

  for (int i = 0; i < n; ++i)
    if (a.row_active[uz(i)]) uncovered_rows.push_back(i);
  std::sort(dependent_cols.begin(), dependent_cols.end());
  build_u_by_columns();
  nonzeros_ = static_cast<long>(l_entries_.size() + u_row_entries_.size() + rows_.size());
  return Result::kComplete;
}

SparseLU::Pivot SparseLU::find_pivot(Active& a) const {
  // Markowitz search over columns and rows of increasing count; columns whose
  // entries all fell below their drop threshold are dropped on the way.
  Pivot best;
  double best_cost = std::numeric_limits<double>::infinity(), best_abs = 0.0;
  int searched = 0;
  auto consider = [&](int r, int c, double value, double cost) {
    const double magnitude = std::fabs(value);
    if (cost < best_cost || (cost == best_cost && magnitude > best_abs)) {
      best_cost = cost;
      best_abs = magnitude;
      best = {r, c};
    }
  };
  for (int count = 1; count <= n_ && a.remaining > 0; ++count) {
    const double floor_cost = static_cast<double>(count - 1) * (count - 1);
    bool stop = false;
    for (int c = a.col_lists.first(count); c >= 0 && !stop;) {
      const int next = a.col_lists.next(c);
      const double largest = a.column_max(c);
      if (largest <= a.drop_below[uz(c)]) {
        a.drop_column(c);
        c = next;
        continue;
      }
      for (const Entry& e : a.col[uz(c)])
        if (std::fabs(e.value) >= tol::kMarkowitzThreshold * largest)
          consider(e.index, c, e.value, static_cast<double>(a.row_count[uz(e.index)] - 1) * (count - 1));
      ++searched;
      stop = best.row >= 0 && (searched >= kSearchLines || best_cost <= floor_cost);
      c = next;
    }
    for (int r = a.row_lists.first(count); r >= 0 && !stop; r = a.row_lists.next(r)) {
      for (int c : a.row_cols[uz(r)]) {
        if (!a.col_active[uz(c)]) continue;
        const std::vector<Entry>& entries = a.col[uz(c)];
        double value = 0.0, largest = 0.0;
        for (const Entry& e : entries) {
          largest = std::max(largest, std::fabs(e.value));
          if (e.index == r) value = e.value;
        }
        if (largest <= a.drop_below[uz(c)]) continue;  // dropped when its column is searched
        if (std::fabs(value) >= tol::kMarkowitzThreshold * largest)
          consider(r, c, value, static_cast<double>(count - 1) * (static_cast<double>(entries.size()) - 1));
      }
      ++searched;
      stop = best.row >= 0 && (searched >= kSearchLines || best_cost <= floor_cost);
    }
    if (stop) break;
  }
  return best;
}

void SparseLU::eliminate(Active& a, int r, int c) {
  // Pivot (r, c): column c's other entries become L's multipliers, row r's
  // entries in the other active columns become U's row, and the rank-one
  // update subtracts l u from the active columns that row r touches.
  const size_t rr = uz(r), cc = uz(c);
  double pivot = 0.0;
  for (const Entry& e : a.col[cc])
    if (e.index == r) pivot = e.value;
  const size_t l_begin = l_entries_.size();
  for (const Entry& e : a.col[cc])
    if (e.index != r) l_entries_.push_back({e.index, e.value / pivot});
  const size_t l_end = l_entries_.size();
  a.col_active[cc] = 0;
  a.col_lists.remove(c);
  a.active_nonzeros -= static_cast<long>(a.col[cc].size());
  a.col[cc].clear();
  a.row_active[rr] = 0;
  a.row_lists.remove(r);
  for (size_t k = l_begin; k < l_end; ++k) --a.row_count[uz(l_entries_[k].index)];
  for (int j : a.row_cols[rr]) {
    const size_t jj = uz(j);
    if (!a.col_active[jj]) continue;
    std::vector<Entry>& target = a.col[jj];
    double u = 0.0;
    for (size_t k = 0; k < target.size(); ++k)
      if (target[k].index == r) {
        u = target[k].value;
        target[k] = target.back();
        target.pop_back();
        --a.active_nonzeros;
        break;
      }
    u_row_entries_.push_back({j, u});
    if (l_end > l_begin && u != 0.0) {
      for (size_t k = 0; k < target.size(); ++k) a.scatter[uz(target[k].index)] = static_cast<int>(k);
      const size_t original = target.size();
      for (size_t k = l_begin; k < l_end; ++k) {
        const Entry& l = l_entries_[k];
        const size_t i = uz(l.index);
        if (a.scatter[i] >= 0) {
          target[uz(a.scatter[i])].value -= l.value * u;
        } else {
          target.push_back({l.index, -l.value * u});
          a.row_cols[i].push_back(j);
          ++a.row_count[i];
          ++a.active_nonzeros;
        }
      }
      for (size_t k = 0; k < original; ++k) a.scatter[uz(target[k].index)] = -1;
      work_ += static_cast<double>(l_end - l_begin);
    }
    a.col_lists.move(j, static_cast<int>(target.size()));
  }
  for (size_t k = l_begin; k < l_end; ++k) a.row_lists.move(l_entries_[k].index, a.row_count[uz(l_entries_[k].index)]);
  a.row_cols[rr].clear();
  l_start_.push_back(static_cast<int>(l_end));
  u_row_start_.push_back(static_cast<int>(u_row_entries_.size()));
  rows_.push_back(r);
  cols_.push_back(c);
  pivots_.push_back(pivot);
  work_ += static_cast<double>(l_end - l_begin) + 1.0;
  --a.remaining;
}

void SparseLU::build_u_by_columns() {
  // U by columns, from U by rows: entries of column cols_[k'] in pivot rows k < k'.
  const size_t rank = rows_.size();
  std::vector<int>& col_pivot = col_pivot_;
  col_pivot.assign(uz(n_), -1);
  for (size_t k = 0; k < rank; ++k) col_pivot[uz(cols_[k])] = static_cast<int>(k);
  u_col_start_.assign(rank + 1, 0);
  for (const Entry& e : u_row_entries_) {
    const int k = col_pivot[uz(e.index)];
    if (k >= 0) ++u_col_start_[uz(k) + 1];
  }
  for (size_t k = 0; k < rank; ++k) u_col_start_[k + 1] += u_col_start_[k];
  u_col_entries_.resize(uz(u_col_start_[rank]));
  std::vector<int> fill(u_col_start_.begin(), u_col_start_.end() - 1);
  for (size_t k = 0; k < rank; ++k)
    for (int p = u_row_start_[k]; p < u_row_start_[k + 1]; ++p) {
      const Entry& e = u_row_entries_[uz(p)];
      const int kk = col_pivot[uz(e.index)];
      if (kk < 0) continue;  // a dropped column: the factor is not used then
      u_col_entries_[uz(fill[uz(kk)]++)] = {rows_[k], e.value};
    }
}

bool SparseLU::eliminate_with_eigen(const std::vector<int>& rows, const std::vector<int>& cols,
                                    const std::vector<double>& dense, const std::vector<double>& drop_below) {
  const Eigen::Index s = static_cast<Eigen::Index>(cols.size());
  const Eigen::Map<const Eigen::MatrixXd> block(dense.data(), s, s);
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(block);
  const Eigen::MatrixXd& LU = lu.matrixLU();
  // A tiny pivot: leave the block to the loop, which reports dependent columns.
  for (Eigen::Index k = 0; k < s; ++k)
    if (!(std::fabs(LU(k, k)) > drop_below[uz(cols[uz(k)])])) return false;
  // P block = L U: slot k of P block is row row_of_slot[k] of the block.
  std::vector<int> row_of_slot(uz(s));
  const auto& indices = lu.permutationP().indices();
  for (Eigen::Index i = 0; i < s; ++i) row_of_slot[uz(indices[i])] = static_cast<int>(i);
  for (Eigen::Index k = 0; k < s; ++k) {
    for (Eigen::Index i = k + 1; i < s; ++i)
      if (LU(i, k) != 0.0) l_entries_.push_back({rows[uz(row_of_slot[uz(i)])], LU(i, k)});
    for (Eigen::Index j = k + 1; j < s; ++j)
      if (LU(k, j) != 0.0) u_row_entries_.push_back({cols[uz(j)], LU(k, j)});
    l_start_.push_back(static_cast<int>(l_entries_.size()));
    u_row_start_.push_back(static_cast<int>(u_row_entries_.size()));
    rows_.push_back(rows[uz(row_of_slot[uz(k)])]);
    cols_.push_back(cols[uz(k)]);
    pivots_.push_back(LU(k, k));
  }
  work_ += static_cast<double>(s) * static_cast<double>(s) * static_cast<double>(s) / 3.0;
  return true;
}

bool SparseLU::eliminate_dense(const std::vector<std::vector<Entry>>& col, std::vector<char>& col_active,
                               std::vector<char>& row_active, const std::vector<double>& drop_below,
                               const Deadline* deadline, std::vector<int>& dependent_cols) {
  // The active rows and columns in index order, copied into a dense
  // column-major block; then partial pivoting column by column.
  std::vector<int> rows, cols, local(uz(n_), -1);
  for (int i = 0; i < n_; ++i)
    if (row_active[uz(i)]) {
      local[uz(i)] = static_cast<int>(rows.size());
      rows.push_back(i);
    }
  for (int c = 0; c < n_; ++c)
    if (col_active[uz(c)]) cols.push_back(c);
  const size_t R = rows.size(), C = cols.size();
  std::vector<double> dense(R * C, 0.0);
  for (size_t t = 0; t < C; ++t)
    for (const Entry& e : col[uz(cols[t])]) dense[t * R + uz(local[uz(e.index)])] = e.value;
  if (R == C && static_cast<double>(R) * R * R <= kEigenBlockFlops &&
      eliminate_with_eigen(rows, cols, dense, drop_below)) {
    for (int c : cols) col_active[uz(c)] = 0;
    for (int r : rows) row_active[uz(r)] = 0;
    return true;
  }
  // Pivoted rows are swapped to the top (slot k after k pivots), as in an
  // unblocked LAPACK LU, so the open rows stay contiguous and the update
  // loop vectorizes; rows[slot] follows the swaps.
  size_t top = 0;
  for (size_t t = 0; t < C; ++t) {
    if (deadline != nullptr && t % kPivotsPerPoll == 0 && deadline->expired()) return false;
    const int c = cols[t];
    col_active[uz(c)] = 0;
    double* column = &dense[t * R];
    size_t best = R;
    double largest = 0.0;
    for (size_t i = top; i < R; ++i)
      if (std::fabs(column[i]) > largest) {
        largest = std::fabs(column[i]);
        best = i;
      }
    if (best == R || largest <= drop_below[uz(c)]) {
      dependent_cols.push_back(c);
      continue;
    }
    if (best != top) {
      for (size_t later = t; later < C; ++later) std::swap(dense[later * R + best], dense[later * R + top]);
      std::swap(rows[best], rows[top]);
    }
    const size_t pivot_row = top++;
    const double pivot = column[pivot_row];
    row_active[uz(rows[pivot_row])] = 0;
    for (size_t i = top; i < R; ++i) {
      column[i] /= pivot;
      if (column[i] != 0.0) l_entries_.push_back({rows[i], column[i]});
    }
    for (size_t later = t + 1; later < C; ++later) {
      double* target = &dense[later * R];
      const double u = target[pivot_row];
      if (u == 0.0) continue;
      u_row_entries_.push_back({cols[later], u});
      for (size_t i = top; i < R; ++i) target[i] -= column[i] * u;
      work_ += static_cast<double>(R - top);
    }
    l_start_.push_back(static_cast<int>(l_entries_.size()));
    u_row_start_.push_back(static_cast<int>(u_row_entries_.size()));
    rows_.push_back(rows[pivot_row]);
    cols_.push_back(c);
    pivots_.push_back(pivot);
  }
  return true;
}

}  // namespace milpsac::lp
