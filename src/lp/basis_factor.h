// BasisFactor: the inverse of the basis matrix B as B = L R^-1 U with a
// Forrest-Tomlin update: L fixed between refactorizations, U upper triangular
// in a pivot order that each basis change rearranges, R the row etas of
// those changes.
//
// Building. Bases of real LPs are mostly triangular (slack columns, staircase
// and bidiagonal structure). factor() finds iterated column singletons (a
// column with one entry in the rows still active: it pivots there; its other
// entries lie in rows pivoted before) and then iterated row singletons (a row
// with one entry in the columns still active). What is left, the bump, is
// factored by SparseLU (sparse_lu.h: Markowitz pivoting with threshold
// partial pivoting). A singleton whose entry is tiny against its column stays
// in the bump, where the LU pivots. The pivots are then laid out in one
// elimination order, column singletons, row singletons, the bump, as in
// HiGHS's factor:
//   - a column singleton's other entries are U entries (rows pivoted before);
//   - a row singleton's entries in column-singleton rows are U entries, the
//     others (rows of the bump and of later row singletons) its L column
//     (entry / pivot): eliminating it changes no other active entry, so the
//     bump needs no update;
//   - a bump pivot's entries in column-singleton rows and its U_K column are
//     U entries; the bump's L gives its L column.
//
// Solves. FTRAN (v := B^-1 v) applies L's columns in order, then the row
// etas R_1 .. R_k, then solves with U backwards over the pivot order. BTRAN
// solves with U^T forwards (each solved row pushes its value into the
// positions whose columns have an entry in it, a row-wise index of U), then
// the transposed row etas in reverse, then L^T (pushing along a row-wise copy
// of L, latest column first). Each part skips zero entries, so a sparse
// right-hand side costs little; the hyper-sparse solves (ftran_sparse,
// btran_sparse) also skip the pivots a short right-hand side cannot reach.
//
// Update (Forrest and Tomlin, 1972; Koberstein's thesis and HiGHS's HFactor
// describe the same). Column `position` of B, whose U pivot t sits in row r,
// is replaced by a. L^-1 then R applied to a gives the spike s (the entering
// column's FTRAN keeps it when asked; otherwise it is U times B^-1 a). U with
// column t replaced by s is upper triangular but for row r, whose entries in
// the columns of the pivots after t are eliminated by one row eta: with
// y = U^-T e_position (zero before t, 1/u_t at r), row r minus
// -u_t y_k times row r_k for every later pivot k. The new pivot goes to the
// end of the order with diagonal u_t * alpha_position (alpha = B^-1 a), its
// column being s off row r. The row eta, u_t y off row r, joins R. Compared
// with the product form (one eta B^-1 a per change, as dense as the FTRAN of
// the entering column) the file grows by the spike and a row eta, both
// usually sparser; refactorizations get rarer and the solves cheaper.
//
// needs_refactor() asks for a fresh factor once another pivot would raise the
// average cost per pivot since the last factor: the factor's own cost spread
// over the pivots, plus what the updates add to each pivot's solves (their
// nonzeros), measured as they grow. Within [kMinUpdates, kMaxUpdates], at
// once when the updates hold more than kEtaFillRatio times the nonzeros of
// the fresh factor, and at once when an update's two computations of its new
// diagonal disagree (tol::kUpdatePivotCheck).
//
// Rank: a bump column that the LU finds dependent (all its active entries
// below tol::kSingularPivot relative to the column) is reported with the bump
// rows left without a pivot, so the caller can swap in their logicals.
//
// Deadline: set_deadline() makes factor() poll it inside the bump LU; when it
// expires there, factor() stops, interrupted() is true, and the factor is
// unusable (solves return zeros) until the next complete factor().
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/deadline.h"
#include "lp/sparse_lu.h"
#include "lp/work_vector.h"

namespace milpsac::lp {

class BasisFactor {
 public:
  static constexpr int kMinUpdates = 20;
  static constexpr int kMaxUpdates = 200;
  // Past this many updates the simplex asks for larger pivots (tol::kPivotLongEtaFile).
  static constexpr int kLongEtaFile = 32;
  // Refactor once the updates hold this many times the fresh factor's nonzeros.
  static constexpr double kEtaFillRatio = 2.0;
  // FTRAN and BTRAN passes per pivot (the entering column, the pivot row, the
  // edge-weight column; bound flips add a fourth).
  static constexpr double kSolvesPerPivot = 3.0;
  // A refactorization costs more than its elimination count and a pass over
  // B: the simplex rebuilds B and recomputes primal and dual values with it.
  // Weighing the factor's count by 3 was best of 1, 3 and 10 on Netlib with
  // the product-form update, and of 1.5, 3, 6 and 12 with Forrest-Tomlin's
  // (dfl001, pilot87, pilot, d2q06c, fit2p, greenbea/b and the SAC LP
  // together; single models move by chance of the pivot path).
  static constexpr double kRefactorWeight = 3.0;

  // Poll this deadline (may be null) inside factor().
  void set_deadline(const Deadline* deadline) { deadline_ = deadline; }
  // The last factor() stopped at the deadline: the factor is unusable.
  bool interrupted() const { return interrupted_; }

  // Factor B (square, compressed columns). Returns the positions (columns of
  // B) that are linearly dependent on the others; empty when B is
  // nonsingular. When not empty, the factor is unusable until the caller
  // replaces those columns and factors again; the rows that the replacements
  // must cover are returned in uncovered_rows.
  std::vector<int> factor(const Eigen::SparseMatrix<double>& B, std::vector<int>* uncovered_rows);

  // v := B^-1 v. With keep_spike, the solve keeps its value after L and R
  // (the spike) for the next update(): pass it for the entering column.
  void ftran(Eigen::VectorXd& v, bool keep_spike = false) const;
  // v := B^-T v
  void btran(Eigen::VectorXd& v) const;
  // The same two solves for a right-hand side (work_vector.h) that is nonzero
  // only at the entries listed in its `support` (rows for FTRAN, positions for
  // BTRAN; a duplicate does no harm; `listed` is not read). On return
  // `support` lists, each once, where the result may be nonzero (positions
  // for FTRAN, rows for BTRAN), and `listed` says whether it does. The
  // triangular parts then visit only the pivots reachable from the list
  // (topological_reach.h) instead of testing all of them. A long list, or a
  // reach past m / kHyperSparseShare pivots, falls back to the walk over
  // every pivot; the result is the same either way, bit for bit (the reach
  // is taken in the walk's order).
  //
  // `history` is the running share of nonzeros in the results of this kind of
  // solve (each caller keeps one per kind: the entering column, a pivot row
  // and the edge-weight column differ, as in HiGHS). Above
  // kHyperSparseMaxShare the list is not tried.
  struct DensityHistory {
    double share = 0.0;
    long dense_solves = 0;  // solves that took the plain path (sampled for share)
  };
  //
  // Both set `listed` false, with `support` empty, when the plain solve ran:
  // the caller then scans the values (WorkVector::for_each_nonzero). They
  // return `listed`.
  bool ftran_sparse(WorkVector& v, DensityHistory& history, bool keep_spike = false) const;
  bool btran_sparse(WorkVector& v, DensityHistory& history) const;
  static constexpr size_t kHyperSparseShare = 10;
  static constexpr double kHyperSparseMaxShare = 0.1;
  // Column `position` of B was replaced; alpha = B_old^-1 a_new (the FTRAN of
  // the entering column, with keep_spike when it was the last FTRAN that
  // asked; otherwise the spike is computed as U alpha). alpha[position] must
  // be a valid pivot.
  void update(int position, const Eigen::VectorXd& alpha);

  int num_updates() const { return updates_; }
  bool needs_refactor() const {
    const int k = num_updates();
    if (unstable_ || k >= kMaxUpdates ||
        static_cast<double>(eta_nonzeros_) > kEtaFillRatio * static_cast<double>(factor_nonzeros_))
      return true;
    if (k < kMinUpdates) return false;
    // The next pivot's update cost against the average cost per pivot so far.
    return kSolvesPerPivot * static_cast<double>(eta_nonzeros_) * k > factor_cost_ + eta_work_;
  }
  int bump_size() const { return static_cast<int>(bump_positions_.size()); }
  // Nonzeros of the fresh factor (L, U and the diagonal).
  long factor_nonzeros() const { return factor_nonzeros_; }

 private:
  struct Entry {
    int row;
    double value;
  };
  // One singleton pivot found by factor(): column `position` of B pivots in
  // `row`; its other entries are triangular_entries_[begin, end).
  struct Pivot {
    int position;
    int row;
    double value;
    int begin, end;
  };
  // The steps of factor(): the counts of B's pattern (Counts, basis_factor.cpp);
  // column singletons (front_), then row singletons (back_); the bump
  // gathered for the sparse LU; then L and U laid out (lay_out_factors).
  struct Counts;
  void clear_factors();
  Pivot make_pivot(const Eigen::SparseMatrix<double>& B, int p, int pivot_row, double value);
  void pivot_column_singletons(const Eigen::SparseMatrix<double>& B, Counts& counts);
  void pivot_row_singletons(const Eigen::SparseMatrix<double>& B, Counts& counts);
  void gather_bump(const Eigen::SparseMatrix<double>& B, const Counts& counts);
  void lay_out_factors();
  // U: append a pivot (its column's entries come after with add_u_entry).
  void add_u_pivot(int row, int position, double diagonal);
  void add_u_entry(int row, double value);
  void drop_row_refs(int k);
  // L: open a column pivoting in `row`, then its multipliers.
  void add_l_column(int row);
  void index_l_by_row();

  // The parts of the solves (basis_factor_solves.cpp). v is indexed by row
  // before U's solve and by position after it (FTRAN), by position before
  // U^T's and by row after it (BTRAN). The *_sparse parts take and give the
  // support and return false, v untouched, when the reach is too large.
  void solve_l(Eigen::VectorXd& v) const;
  bool solve_l_sparse(Eigen::VectorXd& v, std::vector<int>& support) const;
  void apply_row_etas(Eigen::VectorXd& v, std::vector<int>* support) const;
  // One pivot k of U's solve, shared by the plain and hyper-sparse walks:
  // z = v[row] / diagonal into out[position], then v -= z * column. Returns
  // false (nothing done) when v[row] is zero.
  bool solve_u_pivot(size_t k, Eigen::VectorXd& v, Eigen::VectorXd& out) const;
  // The same for U^T: z = v[position] / diagonal into out[row], pushed along
  // the row's entries into the later pivots' positions.
  bool solve_u_transposed_pivot(size_t k, Eigen::VectorXd& v, Eigen::VectorXd& out) const;
  void solve_u(Eigen::VectorXd& v) const;
  bool solve_u_sparse(Eigen::VectorXd& v, std::vector<int>& support) const;
  void solve_u_transposed(Eigen::VectorXd& v) const;
  bool solve_u_transposed_sparse(Eigen::VectorXd& v, std::vector<int>& support) const;
  void apply_transposed_row_etas(Eigen::VectorXd& v, std::vector<int>* support) const;
  void solve_l_transposed(Eigen::VectorXd& v) const;
  bool solve_l_transposed_sparse(Eigen::VectorXd& v, std::vector<int>& support) const;
  void keep_spike(const Eigen::VectorXd& v, const std::vector<int>* support) const;
  unsigned next_stamp() const;
  // Whether a solve of this kind tries the list, and the history's update.
  static bool try_sparse(const DensityHistory& history) { return history.share <= kHyperSparseMaxShare; }
  void record_density(DensityHistory& history, size_t nonzeros) const;
  void record_dense_density(DensityHistory& history, const Eigen::VectorXd& v) const;

  int m_ = 0;
  // factor()'s singletons and bump (kept as scratch between factors).
  std::vector<Pivot> front_;  // column singletons, in pivot order
  std::vector<Pivot> back_;   // row singletons, in pick order
  std::vector<Entry> triangular_entries_;
  std::vector<int> bump_positions_, bump_rows_;
  // Bump column c's entries in front rows: coupling_entries_[coupling_start_[c], coupling_start_[c + 1]).
  std::vector<int> coupling_start_;
  std::vector<Entry> coupling_entries_;
  std::vector<int> work_row_start_, work_row_cols_;  // Counts' row-wise pattern
  std::vector<int> work_queue_;                      // the singleton searches' queue
  std::vector<std::vector<SparseLU::Entry>> work_kernel_;
  SparseLU bump_lu_;

  // L: column k pivots in l_row_[k]; its multipliers are
  // l_entries_[l_start_[k], l_start_[k + 1]), all in rows of later columns.
  // FTRAN: v[row] -= l * v[l_row_[k]], k ascending.
  std::vector<int> l_row_, l_start_;
  std::vector<Entry> l_entries_;
  // L's column pivoting in each row (-1: none), and L by rows: row i's
  // entries as (column k, l) in lt_entries_[lt_start_[i], lt_start_[i + 1]).
  std::vector<int> l_column_of_row_, lt_start_;
  struct ColumnRef {
    int column;
    double value;
  };
  std::vector<ColumnRef> lt_entries_;
  // The plain walks skip what does nothing: FTRAN the empty L columns (most
  // row singletons have their entries in column-singleton rows, which are
  // U's), L^T the rows without entries of other columns.
  std::vector<int> l_nonempty_columns_, l_pushing_columns_;

  // R: row eta j replaces v[r_row_[j]] by itself plus the sum of value *
  // v[row] over r_entries_[r_start_[j], r_start_[j + 1]).
  std::vector<int> r_row_, r_start_;
  std::vector<Entry> r_entries_;

  // U in pivot order 0 .. u_pivots_.size() - 1 (an update voids a pivot and
  // appends one): pivot k sits in `row`, column (position) `position`, with
  // `diagonal` and off-diagonal entries u_entries_[begin, end) in rows of
  // earlier pivots; one record per pivot, so that a walk over the pivots
  // reads one array (five parallel ones cost a tenth of misc07's search). An
  // entry eliminated by a row eta is set to 0 (and skipped).
  struct UPivot {
    int row, position, begin, end;
    double diagonal;
    bool live;
  };
  std::vector<UPivot> u_pivots_;
  std::vector<Entry> u_entries_;
  // The dense U solve in two loops: the pivots with column entries, from
  // the last to the first, then those without (a slack's or a column
  // singleton's: most of a MIP basis), without a branch on the input. Those
  // can go last: U is triangular in pivot order, so no pivot before k has an
  // entry in pivot k's row, and putting k after all others changes no sum. A
  // zero input then gives a signed zero (0 / -d), equal to zero everywhere it
  // is compared. Pivots are sorted into the lists when a solve first sees
  // them (a pivot has all its entries before any solve); voided ones are
  // skipped by their live flag. stein45: its dense U solves 17 % of the run,
  // 6.25 -> 5.95 s, the same pivots.
  struct ShortPivot {
    int k, row, position;
    double diagonal;
  };
  mutable std::vector<int> u_long_;          // pivots with column entries, in pivot order
  mutable std::vector<ShortPivot> u_short_;  // pivots without, in pivot order
  mutable size_t u_sorted_ = 0;              // pivots [0, u_sorted_) are in the lists
  // The live pivot of each row and of each position.
  std::vector<int> row_pivot_, position_pivot_;
  // U by rows: row i's entries of live pivots, in the order they were added,
  // each with its index in u_entries_ (for the elimination of row i) and a
  // copy of its column's position and value, so that U^T's push reads one
  // array per row instead of the pivot record and the entry (pilot87: the
  // three reads were most of its U^T solves). update() drops a voided
  // pivot's references and clears an eliminated row's, so every reference is
  // live and its value is the entry's.
  struct EntryRef {
    int index;
    int position;
    double value;
  };
  std::vector<std::vector<EntryRef>> u_row_refs_;
  // Where each entry of u_entries_ is referenced in its row's u_row_refs_,
  // -1 once it is not (eliminated row, voided pivot): drop_row_refs' index.
  std::vector<int> ref_slot_;

  // The spike kept by the last FTRAN that asked, valid while spike_version_
  // equals version_ (bumped by factor() and update()).
  mutable Eigen::VectorXd spike_;
  mutable std::vector<int> spike_support_;
  mutable bool spike_listed_ = false;
  mutable long spike_version_ = -1;
  long version_ = 0;

  // Scratch of the solves (one factor serves one solver at a time, never
  // concurrent solves): the output vector, visit and list marks (equal to
  // stamp_ when set), the seeds and reach of a search, the result's list.
  mutable Eigen::VectorXd solve_out_, update_row_;  // solve_out_: all zero between U solves
  Eigen::VectorXd& clean_solve_out() const;
  bool update_row_clean_ = false;  // update_row_ all zero (saves update()'s memset)
  mutable std::vector<unsigned> seen_, listed_;
  mutable unsigned stamp_ = 0;
  mutable std::vector<int> seeds_, order_, result_, update_support_;
  mutable std::vector<std::uint64_t> reach_bits_;  // sort_reach's bitmap: all zero between solves
  mutable std::vector<std::pair<int, int>> dfs_stack_;
  bool valid_ = false;  // a complete factor (else the solves return zeros)

  int updates_ = 0;
  bool unstable_ = false;
  long eta_nonzeros_ = 0;
  long factor_nonzeros_ = 0;
  // The cost of the last factor() (elimination work plus a pass over B) and
  // the updates' share of the solves since (kSolvesPerPivot * eta_nonzeros_
  // summed over the updates): what needs_refactor() weighs.
  double factor_cost_ = 0.0;
  double eta_work_ = 0.0;
  const Deadline* deadline_ = nullptr;
  bool interrupted_ = false;
};

}  // namespace milpsac::lp
