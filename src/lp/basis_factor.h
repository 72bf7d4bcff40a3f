// BasisFactor: the inverse of the basis matrix B as a permuted triangular
// factorization with a dense LU of the bump, plus a short product-form eta file.
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
// active). U11 and U33 are kept as sparse columns and never fill in; only the
// bump K is factored densely (Eigen's partial-pivoting LU). A singleton whose
// entry is tiny against its column stays in the bump, where the LU pivots.
// FTRAN and BTRAN walk the triangular parts column by column and skip zeros,
// so a sparse right-hand side costs little there.
//
// Each basis change (column r of B replaced by a) appends one eta column, so
// that B^-1 = E_k ... E_1 B0^-1. FTRAN applies the etas after the B0 solve,
// BTRAN applies their transposes in reverse before the transposed B0 solve.
// The caller refactors after refactor_interval() etas, chosen at each
// factorization to balance the cost of factoring (the bump's s^3/3 plus the
// triangular nonzeros) against the growing cost of the eta file (m per eta
// and solve, about three solves per pivot): k = sqrt(2 F / (3 m)), clamped to
// [kMinUpdates, kMaxUpdates] so that the product form's error stays bounded.
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <vector>

namespace milpsac::lp {

class BasisFactor {
 public:
  static constexpr int kMinUpdates = 20;
  static constexpr int kMaxUpdates = 200;
  // Past this many etas the simplex asks for larger pivots (tol::kPivotLongEtaFile).
  static constexpr int kLongEtaFile = 32;

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
  // Column `position` of B was replaced; alpha = B_old^-1 a_new (the FTRAN of
  // the entering column). alpha[position] must be a valid pivot.
  void update(int position, const Eigen::VectorXd& alpha);

  int num_updates() const { return static_cast<int>(etas_.size()); }
  bool needs_refactor() const { return num_updates() >= refactor_interval_; }
  int refactor_interval() const { return refactor_interval_; }
  int bump_size() const { return static_cast<int>(bump_positions_.size()); }

 private:
  struct Entry {
    int row;
    double value;
  };
  // One triangular pivot: column `position` of B pivots in `row`; `others`
  // are its remaining entries.
  struct Pivot {
    int position;
    int row;
    double value;
    std::vector<Entry> others;
  };
  struct Eta {
    int position;
    Eigen::VectorXd column;  // column `position` of E: pivot at position, -alpha_i/alpha_r elsewhere
  };
  void solve_initial(Eigen::VectorXd& v) const;             // v := B0^-1 v
  void solve_initial_transposed(Eigen::VectorXd& v) const;  // v := B0^-T v

  int m_ = 0;
  std::vector<Pivot> front_;  // column singletons, in pivot order (U11)
  std::vector<Pivot> back_;   // row singletons, in pick order (U33 reversed)
  std::vector<int> bump_positions_, bump_rows_;
  std::vector<std::vector<Entry>> bump_coupling_;  // per bump column: its entries in front rows (U12)
  Eigen::PartialPivLU<Eigen::MatrixXd> bump_lu_;
  std::vector<Eta> etas_;
  int refactor_interval_ = kMinUpdates;
};

}  // namespace milpsac::lp
