// Small LPs built in code for the simplex tests.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::test {

// An LP with the given rows (dense coefficient lists), row bounds, costs and
// column bounds.
inline lp::LinearProgram make_lp(std::vector<std::vector<double>> rows, std::vector<double> row_lower,
                                 std::vector<double> row_upper, std::vector<double> cost, std::vector<double> col_lower,
                                 std::vector<double> col_upper) {
  lp::LinearProgram lp;
  const int m = static_cast<int>(rows.size());
  const int n = static_cast<int>(cost.size());
  lp.resize(m, n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (rows[i][j] != 0.0) lp.set_coefficient(i, j, rows[i][j]);  // store only nonzeros
  for (int i = 0; i < m; ++i) {
    lp.row_lower[i] = row_lower[i];
    lp.row_upper[i] = row_upper[i];
    lp.row_names[i] = std::string("r").append(std::to_string(i));  // not "r" + ...: GCC 12 -Wrestrict false positive
  }
  for (int j = 0; j < n; ++j) {
    lp.c[j] = cost[j];
    lp.col_lower[j] = col_lower[j];
    lp.col_upper[j] = col_upper[j];
    lp.col_names[j] = std::string("x").append(std::to_string(j));
  }
  return lp;
}

// A packing model: maximise c x subject to A x <= b and 0 <= x <= upper.
// Each c_j comes from draw(), then row by row each a_ij from draw() and b_i
// from rhs(sum of the row's a_ij); the calls keep that order, so a test's
// random stream gives the same model every run.
template <class Draw, class Rhs>
lp::LinearProgram random_packing(int m, int n, double upper, Draw&& draw, Rhs&& rhs) {
  lp::LinearProgram lp;
  lp.resize(m, n);
  lp.sense = lp::ObjectiveSense::kMaximize;
  for (int j = 0; j < n; ++j) {
    lp.c[j] = draw();
    lp.col_upper[j] = upper;
  }
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) lp.A.coeffRef(i, j) = draw();
    lp.row_upper[i] = rhs(lp.dense_row(i).sum());
  }
  return lp;
}

}  // namespace milpsac::test
