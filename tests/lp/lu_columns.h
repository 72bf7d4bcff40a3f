// A dense test matrix as the column lists SparseLU::factor takes (the exact
// zeros left out), for the LU tests.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <vector>

#include "lp/sparse_lu.h"

namespace milpsac::test {

inline std::vector<std::vector<lp::SparseLU::Entry>> columns_of(const Eigen::MatrixXd& A) {
  std::vector<std::vector<lp::SparseLU::Entry>> columns(static_cast<std::size_t>(A.cols()));
  for (int j = 0; j < A.cols(); ++j)
    for (int i = 0; i < A.rows(); ++i)
      if (A(i, j) != 0.0) columns[static_cast<std::size_t>(j)].push_back({i, A(i, j)});
  return columns;
}

}  // namespace milpsac::test
