// BasisFactor: the inverse of the basis matrix B as a permuted triangular
// factorization with a sparse LU of the bump, plus a product-form eta file.
//
// Bases of real LPs are mostly triangular (slack columns, staircase and
// bidiagonal structure). factor() permutes B to block upper triangular form
//
//        [ U11  U12  U13 ]   rows: column-singleton pivots, bump, row-singleton pivots
//   PBQ = [  0   K   U23 ]   cols: column singletons, bump, row singletons (reversed)
//        [  0   0   U33 ]
//
// by iterated column singletons (a column with one entry in the rows still
// active: it pivots there; its other entries lie in rows pivoted before) and
// then iterated row singletons (a row with one entry in the columns still
// active). U11 and U33 are kept as sparse columns and never fill in. The bump
// K is factored by SparseLU (sparse_lu.h: Markowitz pivoting with threshold
// partial pivoting), whose L and U are sparse too. A singleton whose entry is
// tiny against its column stays in the bump, where the LU pivots. FTRAN and
// BTRAN walk every part skipping zero entries, so a sparse right-hand side
// costs little.
//
// Dense path, decided by measurement (bench/lp/bump_lu_compare, random
// bump-like matrices): a dense LU wins below about 50 columns at any density
// and on dense blocks at any size; the sparse LU wins from about 100 columns
// at 2-4 entries per column (10-100x at 500-2000). So SparseLU eliminates
// sparsely while the active block is large and sparse and finishes densely
// once it is small or dense (thresholds in sparse_lu.cpp).
//
// Rank: a bump column that the LU finds dependent (all its active entries
// below tol::kSingularPivot relative to the column) is reported with the bump
// rows left without a pivot, so the caller can swap in their logicals.
//
// Each basis change (column r of B replaced by a) appends one sparse eta
// column, so that B^-1 = E_k ... E_1 B0^-1. FTRAN applies the etas after the
// B0 solve, BTRAN their transposes in reverse before the transposed B0 solve.
// needs_refactor() asks for a fresh factor once another pivot would raise the
// average cost per pivot since the last factor: the factor's own cost spread
// over the pivots, plus what the growing eta file adds to each pivot's
// solves, measured as it grows (hyper-sparse models have etas of a few
// entries; the SAC LP refactored every 20 pivots when the interval assumed
// m / 4 entries per eta). Within [kMinUpdates, kMaxUpdates], so the product
// form's error stays bounded, and at once when the etas hold more than
// kEtaFillRatio times the nonzeros of the fresh factor (fill growth).
//
// Deadline: set_deadline() makes factor() poll it inside the bump LU; when it
// expires there, factor() stops, interrupted() is true, and the factor is
// unusable (solves return zeros) until the next complete factor().
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <utility>
#include <vector>

#include "common/deadline.h"
#include "lp/sparse_lu.h"

namespace milpsac::lp {

class BasisFactor {
 public:
  static constexpr int kMinUpdates = 20;
  static constexpr int kMaxUpdates = 200;
  // Past this many etas the simplex asks for larger pivots (tol::kPivotLongEtaFile).
  static constexpr int kLongEtaFile = 32;
  // Refactor once the eta file holds this many times the fresh factor's nonzeros.
  static constexpr double kEtaFillRatio = 2.0;
  // FTRAN and BTRAN passes over the eta file per pivot (the entering column,
  // the pivot row, the edge-weight column; bound flips add a fourth).
  static constexpr double kSolvesPerPivot = 3.0;
  // A refactorization costs more than its elimination count and a pass over
  // B: the simplex rebuilds B and recomputes primal and dual values with it,
  // and an eta entry is a cheaper unit (a sequential multiply-add). Weighing
  // the factor's count by 3 was best of 1, 3 and 10 on Netlib (total 21.6 ->
  // 21.0 s) and the SAC LP of 8,000 modules (1.10 -> 0.94 s).
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

  // v := B^-1 v
  void ftran(Eigen::VectorXd& v) const;
  // v := B^-T v
  void btran(Eigen::VectorXd& v) const;
  // The same two solves for a right-hand side that is nonzero only at the
  // entries listed in `support` (rows for FTRAN, positions for BTRAN; a
  // duplicate does no harm). On return `support` lists, each once, where the
  // result may be nonzero (positions for FTRAN, rows for BTRAN). The
  // triangular parts then visit only the pivots reachable from the list
  // (topological_reach.h) instead of testing all m: on hyper-sparse models
  // most of a solve's time went to those tests. A long list, or a reach past
  // m / kHyperSparseShare pivots, falls back to the walk over every pivot;
  // the result is the same either way up to the order of the sums.
  //
  // `history` is the running share of nonzeros in the results of this kind of
  // solve (each caller keeps one per kind: the entering column, a pivot row
  // and the edge-weight column differ, as in HiGHS). Above
  // kHyperSparseMaxShare the list is not tried: on dfl001, whose results are
  // dense, the reaches that ran past their budget cost 9 %.
  struct DensityHistory {
    double share = 0.0;
    long dense_solves = 0;  // solves that took the plain path (sampled for share)
  };
  //
  // Both return false, with `support` empty, when the history said the
  // result would be dense and the plain solve ran: the caller then scans v.
  bool ftran_sparse(Eigen::VectorXd& v, std::vector<int>& support, DensityHistory& history) const;
  bool btran_sparse(Eigen::VectorXd& v, std::vector<int>& support, DensityHistory& history) const;
  static constexpr size_t kHyperSparseShare = 10;
  static constexpr double kHyperSparseMaxShare = 0.1;
  // Column `position` of B was replaced; alpha = B_old^-1 a_new (the FTRAN of
  // the entering column). alpha[position] must be a valid pivot. With
  // `sorted_support` (ascending; every nonzero of alpha is there) the eta is
  // gathered from that list instead of a pass over m entries; the eta is the
  // same either way.
  void update(int position, const Eigen::VectorXd& alpha, const std::vector<int>* sorted_support = nullptr);

  int num_updates() const { return static_cast<int>(etas_.size()); }
  bool needs_refactor() const {
    const int k = num_updates();
    if (k >= kMaxUpdates || static_cast<double>(eta_nonzeros_) > kEtaFillRatio * static_cast<double>(factor_nonzeros_))
      return true;
    if (k < kMinUpdates) return false;
    // The next pivot's eta cost against the average cost per pivot so far.
    return kSolvesPerPivot * static_cast<double>(eta_nonzeros_) * k > factor_cost_ + eta_work_;
  }
  int bump_size() const { return static_cast<int>(bump_positions_.size()); }
  // Nonzeros of the fresh factor (triangular parts, coupling, L and U of the bump).
  long factor_nonzeros() const { return factor_nonzeros_; }

 private:
  struct Entry {
    int row;
    double value;
  };
  // One triangular pivot: column `position` of B pivots in `row`; its
  // remaining entries are triangular_entries_[begin, end). All entries live
  // in a few flat arrays: a factor is rebuilt every few dozen pivots, and one
  // small vector per column made allocation a tenth of the run time.
  struct Pivot {
    int position;
    int row;
    double value;
    int begin, end;
  };
  // Column `position` of E: 1/alpha_r at position, -alpha_i/alpha_r at the
  // other nonzeros of alpha (eta_entries_[begin, end)).
  struct Eta {
    int position;
    double inverse_pivot;
    int begin, end;
  };
  // The steps of factor(): the counts of B's pattern (Counts, basis_factor.cpp);
  // column singletons (front_), then row singletons (back_); the bump and its
  // coupling block gathered for the sparse LU (returns the nonzeros outside
  // it).
  struct Counts;
  void clear_factors();
  Pivot make_pivot(const Eigen::SparseMatrix<double>& B, int p, int pivot_row, double value);
  void pivot_column_singletons(const Eigen::SparseMatrix<double>& B, Counts& counts);
  void pivot_row_singletons(const Eigen::SparseMatrix<double>& B, Counts& counts);
  long gather_bump(const Eigen::SparseMatrix<double>& B, const Counts& counts);
  // The triangular entries again, grouped by row (index_triangular_by_row):
  // the transposed solve pushes each solved row's value into the positions
  // that use it, so a zero value costs one test instead of a pass over the
  // entries of every later pivot.
  void index_triangular_by_row();
  void solve_initial(Eigen::VectorXd& v) const;                                        // v := B0^-1 v
  void solve_initial_transposed(Eigen::VectorXd& v, std::vector<int>* support) const;  // v := B0^-T v
  // Which block each row and each position belongs to, and its index in
  // front_ or back_ (the graph of the hyper-sparse solves), built once per
  // factor by index_blocks(); blocks_valid_ is false while the factor is
  // unusable or not yet indexed.
  enum class Block : char { kFront, kBump, kBack };
  void index_blocks();
  // The hyper-sparse B0 solves (basis_factor_sparse_solves.cpp). They return
  // false, with v untouched, when the first block's reach is too large.
  bool solve_initial_sparse(Eigen::VectorXd& v, std::vector<int>& support) const;
  bool solve_initial_transposed_sparse(Eigen::VectorXd& v, std::vector<int>& support) const;
  unsigned next_stamp() const;
  // Parts shared by the dense and the hyper-sparse solves. touch() lists an
  // index once per stamp in touched_. The bump steps of FTRAN and BTRAN, and
  // BTRAN's push of a solved row into the positions that use it, append what
  // they write to `support` (when given) and, with `track`, touch the
  // entries they update outside the blocks already solved.
  void touch(int index) const;
  // `track` is also the solve's kind: the hyper-sparse solves track, the plain
  // ones (whose right-hand side is dense or expected so) skip the bump LU's
  // search for a reach.
  void ftran_bump(Eigen::VectorXd& v, Eigen::VectorXd& out, std::vector<int>* support, bool track) const;
  void btran_bump(Eigen::VectorXd& v, Eigen::VectorXd& out, std::vector<int>* support, bool track) const;
  void push_row(Eigen::VectorXd& v, int row, double z, std::vector<int>* support, bool track) const;
  // Whether a solve of this kind tries the list, and the history's update.
  static bool try_sparse(const DensityHistory& history) { return history.share <= kHyperSparseMaxShare; }
  void record_density(DensityHistory& history, size_t nonzeros) const;
  void record_dense_density(DensityHistory& history, const Eigen::VectorXd& v) const;
  // FTRAN's etas on v, adding to `support` each position they fill in.
  void apply_etas(Eigen::VectorXd& v, std::vector<int>& support) const;
  // BTRAN's transposed etas on v; with `support`, each position they make
  // nonzero is added to it once.
  void apply_transposed_etas(Eigen::VectorXd& v, std::vector<int>* support) const;

  int m_ = 0;
  std::vector<Pivot> front_;  // column singletons, in pivot order (U11)
  std::vector<Pivot> back_;   // row singletons, in pick order (U33 reversed)
  std::vector<Entry> triangular_entries_;
  // Row i's triangular entries as (position of the pivot whose column holds
  // it, value): row_targets_[row_target_start_[i], row_target_start_[i + 1]).
  struct Target {
    int position;
    double value;
  };
  std::vector<int> row_target_start_;
  std::vector<Target> row_targets_;
  std::vector<int> bump_positions_, bump_rows_;
  // Bump column c's entries in front rows (U12): coupling_entries_[coupling_start_[c], coupling_start_[c + 1]).
  std::vector<int> coupling_start_;
  std::vector<Entry> coupling_entries_;
  // Scratch of factor() kept between calls so that a refactor does not
  // allocate one vector per row and per bump column again.
  std::vector<std::vector<int>> work_row_columns_;
  std::vector<std::vector<SparseLU::Entry>> work_kernel_;
  std::vector<int> work_next_target_;
  SparseLU bump_lu_;
  std::vector<Eta> etas_;
  std::vector<Entry> eta_entries_;
  // Scratch of the solves (bump right-hand side and solution, the output):
  // one factor serves one solver at a time, never concurrent solves.
  mutable std::vector<double> bump_rhs_, bump_out_;
  mutable Eigen::VectorXd solve_out_;
  // Marks of the positions already in an FTRAN's support (all zero between solves).
  mutable std::vector<char> listed_;
  std::vector<Block> row_block_, position_block_;
  std::vector<int> row_pivot_, position_pivot_;
  // Rows of front_ that hold an entry of a bump column (coupling block).
  std::vector<char> row_has_coupling_;
  bool blocks_valid_ = false;
  // Scratch of the hyper-sparse solves: visit and touch marks (equal to
  // stamp_ when set), the seeds of a block, its reach in order, the entries
  // touched outside the block being solved, the result's list, the DFS stack.
  mutable std::vector<unsigned> seen_, touched_mark_;
  mutable unsigned stamp_ = 0;
  mutable std::vector<int> seeds_, order_, touched_, result_;
  mutable std::vector<std::pair<int, int>> dfs_stack_;
  long eta_nonzeros_ = 0;
  long factor_nonzeros_ = 0;
  // The cost of the last factor() (elimination work plus a pass over B) and
  // the etas' share of the solves since (kSolvesPerPivot * eta_nonzeros_
  // summed over the updates): what needs_refactor() weighs.
  double factor_cost_ = 0.0;
  double eta_work_ = 0.0;
  const Deadline* deadline_ = nullptr;
  bool interrupted_ = false;
};

}  // namespace milpsac::lp
