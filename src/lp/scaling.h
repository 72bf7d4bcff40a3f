// Scaling of an LP before the simplex sees it.
//
// Geometric scaling (a few alternating row/column passes towards
// max|a|*min|a| = 1) followed by column equilibration (largest entry 1).
// Factors are rounded to powers of two, so scaling and unscaling are exact in
// floating point and never change the problem being solved.
//
// With row factors r and column factors s: A' = R A S, x = S x', slack' = R slack,
// c' = S c, column bounds / s, row bounds * r, duals y = R y', reduced costs d = d' / s.
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>

namespace milpsac::lp {

struct ScaleFactors {
  Eigen::VectorXd row;  // r_i
  Eigen::VectorXd col;  // s_j
};

// Factors for A (all ones when scaling would not help or A is empty). The work
// is proportional to the nonzeros of A.
ScaleFactors compute_scale_factors(const Eigen::SparseMatrix<double>& A);
ScaleFactors compute_scale_factors(const Eigen::MatrixXd& A);

}  // namespace milpsac::lp
