// Helpers of the LU tests: a dense test matrix as the column lists
// SparseLU::factor takes (the exact zeros left out), and plain reference
// solves with a complete factor's public pivots, L and U (the library solves
// with its copy inside BasisFactor, which the simplex uses; SparseLU itself
// only factors).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <vector>

#include "common/index.h"
#include "lp/sparse_lu.h"

namespace milpsac::test {

inline std::vector<std::vector<lp::SparseLU::Entry>> columns_of(const Eigen::MatrixXd& A) {
  std::vector<std::vector<lp::SparseLU::Entry>> columns(uz(A.cols()));
  for (int j = 0; j < A.cols(); ++j)
    for (int i = 0; i < A.rows(); ++i)
      if (A(i, j) != 0.0) columns[uz(j)].push_back({i, A(i, j)});
  return columns;
}

// K z = b with K = P^T L U Q^T of a full-rank factor: L's etas in pivot order,
// then U backward along its columns. `b` indexed by row, the result by column.
inline Eigen::VectorXd lu_solve(const lp::SparseLU& lu, Eigen::VectorXd b) {
  Eigen::VectorXd z = Eigen::VectorXd::Zero(lu.size());
  const auto& l = lu.l_entries();
  const auto& u = lu.u_col_entries();
  for (int k = 0; k < lu.rank(); ++k) {
    const double x = b[lu.pivot_row(k)];
    for (int p = lu.l_begin(k); p < lu.l_begin(k + 1); ++p) b[l[uz(p)].index] -= l[uz(p)].value * x;
  }
  for (int k = lu.rank() - 1; k >= 0; --k) {
    const double x = b[lu.pivot_row(k)] / lu.pivot_value(k);
    z[lu.pivot_col(k)] = x;
    for (int p = lu.u_col_begin(k); p < lu.u_col_begin(k + 1); ++p) b[u[uz(p)].index] -= u[uz(p)].value * x;
  }
  return z;
}

// K^T y = d: U^T forward (each U column pulls the rows pivoted before it),
// then L^T backward. `d` indexed by column, the result by row.
inline Eigen::VectorXd lu_solve_transposed(const lp::SparseLU& lu, const Eigen::VectorXd& d) {
  Eigen::VectorXd y = Eigen::VectorXd::Zero(lu.size());
  const auto& l = lu.l_entries();
  const auto& u = lu.u_col_entries();
  for (int k = 0; k < lu.rank(); ++k) {
    double sum = d[lu.pivot_col(k)];
    for (int p = lu.u_col_begin(k); p < lu.u_col_begin(k + 1); ++p) sum -= u[uz(p)].value * y[u[uz(p)].index];
    y[lu.pivot_row(k)] = sum / lu.pivot_value(k);
  }
  for (int k = lu.rank() - 1; k >= 0; --k) {
    double sum = y[lu.pivot_row(k)];
    for (int p = lu.l_begin(k); p < lu.l_begin(k + 1); ++p) sum -= l[uz(p)].value * y[l[uz(p)].index];
    y[lu.pivot_row(k)] = sum;
  }
  return y;
}

}  // namespace milpsac::test
