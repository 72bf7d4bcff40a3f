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
// U is kept by rows (for the transposed solve) and by columns (for the forward
// solve), so both solves skip the work of zero entries of a sparse right-hand
// side. Only meaningful when factor() reported full rank.
//
// Hyper-sparse solves (Gilbert & Peierls): when the right-hand side has few
// nonzeros, each triangular solve first finds the pivots its nonzeros can
// reach (a depth-first search over the factor's columns) and touches only
// those, in pivot order, so that the result is bit for bit the plain loop's;
// when the reach grows past a fraction of the rank the search stops and the
// plain loop over all pivots runs instead (thresholds in sparse_lu.cpp). The
// L^T solve stays a plain loop (it pulls along L's columns; a push along a row
// copy of L would sum in another order and change the simplex's path).
//
// The deadline (optional) is polled every few pivots; an expired deadline
// stops the elimination and factor() returns kInterrupted (factors unusable).
#pragma once

#include <vector>

#include "common/deadline.h"

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

  // K z = b: `b` indexed by row on entry (it is overwritten), `z` by column.
  // With `dense_expected` the plain loop runs at once: the caller's history
  // says the result will be dense, and the search for the reach would only
  // run past its limit (4 % of dfl001's run). Same bits either way.
  void solve(double* b, double* z, bool dense_expected = false) const;
  // K^T y = d: `d` indexed by column on entry (overwritten), `y` by row.
  void solve_transposed(double* d, double* y, bool dense_expected = false) const;

  // Which loop the solves use: kAuto picks by the right-hand side's density;
  // the others force one path (component tests compare them).
  enum class SolvePath { kAuto, kPlain, kHyperSparse };
  void set_solve_path(SolvePath path) { solve_path_ = path; }

  int size() const { return n_; }
  // The factors in pivot order, for a caller that keeps them in its own form
  // (BasisFactor's updatable L and U): pivot k is (pivot_row(k), pivot_col(k))
  // with value pivot_value(k); its L multipliers (row, l) are
  // l_entries()[l_begin(k), l_begin(k + 1)) and its U column's entries (row,
  // u) over rows pivoted earlier are u_col_entries()[u_col_begin(k),
  // u_col_begin(k + 1)).
  int rank() const { return static_cast<int>(rows_.size()); }
  int pivot_row(int k) const { return rows_[static_cast<size_t>(k)]; }
  int pivot_col(int k) const { return cols_[static_cast<size_t>(k)]; }
  double pivot_value(int k) const { return pivots_[static_cast<size_t>(k)]; }
  int l_begin(int k) const { return l_start_[static_cast<size_t>(k)]; }
  const std::vector<Entry>& l_entries() const { return l_entries_; }
  int u_col_begin(int k) const { return u_col_start_[static_cast<size_t>(k)]; }
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
  // Pivots reachable from `seeds` (pivot indices) in the graph whose edges
  // leave pivot k through entries [start[k], start[k + 1]) of `entries`,
  // mapped to pivots by `pivot_of` (of their index). On return reach_ holds
  // them in ascending pivot order; false (reach_ unusable)
  // once more than `limit` are found.
  bool find_reach(const std::vector<int>& seeds, const std::vector<int>& start, const std::vector<Entry>& entries,
                  const std::vector<int>& pivot_of, size_t limit) const;
  // The hyper-sparse solves; false (nothing changed) when the reach is too large.
  bool solve_hypersparse(double* b, double* z) const;
  bool solve_transposed_hypersparse(double* d, double* y) const;
  // Whether a solve tries the hyper-sparse path (a forced path wins over the hint).
  bool try_hypersparse(bool dense_expected) const {
    return solve_path_ == SolvePath::kHyperSparse || (solve_path_ == SolvePath::kAuto && !dense_expected);
  }
  // The plain U solve (backward over all pivots) and L^T solve, shared by both paths.
  void solve_u(double* b, double* z) const;
  void solve_l_transposed(double* y) const;
  // Seeds of a solve: the pivots k with rhs[index_of[k]] != 0; false when more than `limit`.
  bool find_seeds(const double* rhs, const std::vector<int>& index_of, size_t limit) const;
  size_t reach_limit() const;
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
  // Pivot of each row and of each column (-1: none).
  std::vector<int> row_pivot_, col_pivot_;
  long nonzeros_ = 0;
  double work_ = 0.0;
  SolvePath solve_path_ = SolvePath::kAuto;
  // Scratch of the hyper-sparse solves (one solve at a time, as BasisFactor's).
  mutable std::vector<int> seeds_, reach_, dfs_stack_, dfs_next_;
  mutable std::vector<char> visited_;
  // Scratch of factor(): the active columns and the row patterns, indexed up
  // to n (possibly longer from an earlier, larger factorization).
  std::vector<std::vector<Entry>> work_col_;
  std::vector<std::vector<int>> work_row_cols_;
};

}  // namespace milpsac::lp
