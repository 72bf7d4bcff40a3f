// BasisFactor: the inverse of the basis matrix B as a dense LU plus a short
// product-form eta file.
//
// B0 = P^-1 L U is factored with Eigen's partial-pivoting LU; each basis change
// (column r of B replaced by a) appends one eta column, so that
// B^-1 = E_k ... E_1 B0^-1. FTRAN applies the etas after the LU solve, BTRAN
// applies their transposes in reverse before the transposed LU solve. After
// kMaxUpdates etas the caller refactors: that bounds both the cost of a solve
// and the error the product form accumulates.
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
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
  std::vector<Eta> etas_;
};

}  // namespace milpsac::lp
