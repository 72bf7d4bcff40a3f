// BasisFactor: the inverse of the basis matrix B as a dense LU of its kernel
// plus a short product-form eta file.
//
// Most bases of real LPs hold many logical (slack) columns, each a singleton
// -e_i. Every singleton column p with its entry in row r(p) is eliminated
// exactly: with S the other positions and R the rows no singleton claims,
// only the kernel K = B[R, S] is factored (Eigen's partial-pivoting LU) and the
// coupling block C = B[rows of singletons, S] is kept for the back
// substitution. A solve then costs |S|^2 + k|S| instead of m^2.
//
// Each basis change (column r of B replaced by a) appends one eta column, so
// that B^-1 = E_k ... E_1 B0^-1. FTRAN applies the etas after the B0 solve,
// BTRAN applies their transposes in reverse before the transposed B0 solve.
// After kMaxUpdates etas the caller refactors: that bounds both the cost of a
// solve and the error the product form accumulates.
#pragma once

#include <Eigen/Dense>
#include <vector>

namespace milpsac::lp {

class BasisFactor {
 public:
  static constexpr int kMaxUpdates = 64;

  // Factor B. Returns the positions (columns of B) that are linearly dependent
  // on the others; empty when B is nonsingular. When not empty, the factor is
  // unusable until the caller replaces those columns and factors again; the
  // rows that the replacements must cover are returned in uncovered_rows.
  std::vector<int> factor(const Eigen::MatrixXd& B, std::vector<int>* uncovered_rows);

  // v := B^-1 v
  void ftran(Eigen::VectorXd& v) const;
  // v := B^-T v
  void btran(Eigen::VectorXd& v) const;
  // Column `position` of B was replaced; alpha = B_old^-1 a_new (the FTRAN of
  // the entering column). alpha[position] must be a valid pivot.
  void update(int position, const Eigen::VectorXd& alpha);

  int num_updates() const { return static_cast<int>(etas_.size()); }
  bool needs_refactor() const { return num_updates() >= kMaxUpdates; }

 private:
  struct Eta {
    int position;
    Eigen::VectorXd column;  // column `position` of E: pivot at position, -alpha_i/alpha_r elsewhere
  };
  void solve_initial(Eigen::VectorXd& v) const;            // v := B0^-1 v
  void solve_initial_transposed(Eigen::VectorXd& v) const; // v := B0^-T v

  int m_ = 0;
  std::vector<int> kernel_positions_, kernel_rows_;        // S and R
  std::vector<int> singleton_positions_, singleton_rows_;  // p and r(p)
  std::vector<double> singleton_values_;                   // B[r(p), p]
  Eigen::MatrixXd coupling_;                               // C = B[r(p) rows, S]
  Eigen::PartialPivLU<Eigen::MatrixXd> kernel_lu_;
  std::vector<Eta> etas_;
};

}  // namespace milpsac::lp
