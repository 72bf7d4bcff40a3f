// SparseLU: LU factorization of a square sparse matrix K (the bump of a basis)
// with Markowitz pivoting and threshold partial pivoting, L and U kept sparse.
//
// Right-looking elimination on an active submatrix stored by columns (row,
// value) with row patterns beside it. Each step picks the pivot (r, c) of
// smallest Markowitz cost (count(r) - 1) * (count(c) - 1) among the entries
// with |a_rc| >= tol::kMarkowitzThreshold * max_i |a_ic| (stability), looking
// at columns and rows of increasing count and stopping after a few candidates
// (Suhl & Suhl's search). Ties go to the larger |a_rc|, then to the first one
// met; every list is visited in a fixed order, so the pivot sequence depends on
// the matrix only (never on timing or addresses).
//
// Rank: a column whose active entries are all below tol::kSingularPivot times
// max(1, its largest original entry) is dependent on the columns pivoted
// before it; it is dropped, and the rows left without a pivot at the end are
// the uncovered ones (as many as the dropped columns).
//
// When the active submatrix gets small or dense (see sparse_lu.cpp for the
// thresholds, measured with bench/lp/bump_lu_compare) the rest is eliminated
// densely with partial pivoting in column order, into the same sparse L and U.
//
// The factors: K = P^T L U Q^T in pivot order k = 0..rank-1 with pivot
// (rows_[k], cols_[k]); L is a sequence of column etas (row r_k's multipliers),
// U is built by rows during the elimination and handed out by columns. Only
// meaningful when factor() reported full rank. SparseLU only factors: the
// solves with these factors are BasisFactor's (basis_factor_solves.cpp), which
// copies them into its updatable L and U (tests/lp/lu_columns.h has plain
// reference solves for the component tests).
//
// The deadline (optional) is polled every few pivots; an expired deadline
// stops the elimination and factor() returns kInterrupted (factors unusable).
#pragma once

#include <vector>

#include "common/deadline.h"
#include "common/index.h"

namespace milpsac::lp {

class SparseLU {
 public:
  struct Entry {
    int index;
    double value;
  };
  enum class Result { kComplete, kInterrupted };

  // Factor the n x n matrix given by its columns (entries: row, value; no
  // duplicate rows within a column). dependent_cols and uncovered_rows get
  // the columns dropped as dependent and the rows left without a pivot (both
  // sorted, same length; empty when K is nonsingular).
  Result factor(int n, const std::vector<std::vector<Entry>>& columns, const Deadline* deadline,
                std::vector<int>& dependent_cols, std::vector<int>& uncovered_rows);

  int size() const { return n_; }
  // The factors in pivot order, for a caller that keeps them in its own form
  // (BasisFactor's updatable L and U): pivot k is (pivot_row(k), pivot_col(k))
  // with value pivot_value(k); its L multipliers (row, l) are
  // l_entries()[l_begin(k), l_begin(k + 1)) and its U column's entries (row,
  // u) over rows pivoted earlier are u_col_entries()[u_col_begin(k),
  // u_col_begin(k + 1)).
  int rank() const { return static_cast<int>(rows_.size()); }
  int pivot_row(int k) const { return rows_[uz(k)]; }
  int pivot_col(int k) const { return cols_[uz(k)]; }
  double pivot_value(int k) const { return pivots_[uz(k)]; }
  int l_begin(int k) const { return l_start_[uz(k)]; }
  const std::vector<Entry>& l_entries() const { return l_entries_; }
  int u_col_begin(int k) const { return u_col_start_[uz(k)]; }
  const std::vector<Entry>& u_col_entries() const { return u_col_entries_; }
  // Nonzeros of L and U (with the diagonal), and the floating point
  // operations of the elimination: the cost model of refactoring.
  long nonzeros() const { return nonzeros_; }
  double elimination_work() const { return work_; }

 private:
  // The steps of factor(): reset the factors; the active submatrix (built
  // from the columns); the Markowitz pivot search (row -1: no pivot left);
  // one elimination step; U by columns once U by rows is complete.
  struct Active;
  struct Pivot {
    int row = -1, col = -1;
  };
  void clear(int n);
  Pivot find_pivot(Active& active) const;
  void eliminate(Active& active, int r, int c);
  void build_u_by_columns();
  // Finish the elimination densely on the active rows and columns (partial
  // pivoting in column order). False when the deadline expired.
  bool eliminate_dense(const std::vector<std::vector<Entry>>& col, std::vector<char>& col_active,
                       std::vector<char>& row_active, const std::vector<double>& drop_below, const Deadline* deadline,
                       std::vector<int>& dependent_cols);

  // The same with Eigen's dense LU for a square block; false (nothing
  // stored) when a pivot is tiny, then eliminate_dense's loop takes over.
  bool eliminate_with_eigen(const std::vector<int>& rows, const std::vector<int>& cols,
                            const std::vector<double>& dense, const std::vector<double>& drop_below);

  int n_ = 0;
  std::vector<int> rows_, cols_;  // pivot k: (rows_[k], cols_[k])
  std::vector<double> pivots_;
  // L: multipliers of pivot k, entries (row, l) in l_entries_[l_start_[k] .. l_start_[k+1]).
  std::vector<int> l_start_;
  std::vector<Entry> l_entries_;
  // U without its diagonal, by pivot row k: entries (column, u) over columns pivoted later.
  std::vector<int> u_row_start_;
  std::vector<Entry> u_row_entries_;
  // The same U by pivot column k: entries (row, u) over rows pivoted earlier.
  std::vector<int> u_col_start_;
  std::vector<Entry> u_col_entries_;
  // Scratch of build_u_by_columns(): the pivot of each column (-1: none).
  std::vector<int> col_pivot_;
  long nonzeros_ = 0;
  double work_ = 0.0;
  // Scratch of factor(): the active columns and the row patterns, indexed up
  // to n (possibly longer from an earlier, larger factorization).
  std::vector<std::vector<Entry>> work_col_;
  std::vector<std::vector<int>> work_row_cols_;
};

}  // namespace milpsac::lp
