// The rows of the optimal simplex tableau that tableau cuts start from (GMI,
// cut_gomory.cpp; c-MIR on tableau rows, cut_mir.cpp): one shared choice, so
// both separators read the same rows in the same order; and the two
// arithmetic rules both separators round by.
#pragma once

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <Eigen/Core>

#include "common/index.h"
#include "lp/simplex_solver.h"

namespace milpsac::bnb {

// v - floor(v): in [0, 1), the part of v a cut on an integer column rounds away.
inline double fractional_part(double v) { return v - std::floor(v); }

// A coefficient or bound this close to an integer (relative, at least 1) is integral.
constexpr double kIntegral = 1e-9;
inline bool is_integral(double v) { return std::fabs(v - std::round(v)) <= kIntegral * std::max(1.0, std::fabs(v)); }

// The positions r < rows whose basic variable is an integer column (index <
// n, is_integer) at a value x whose fractional part f lies in [min_fraction,
// 1 - min_fraction]: most fractional first (ties in row order, a stable sort,
// so the choice is deterministic), at most max_rows of them.
inline std::vector<int> most_fractional_rows(const lp::SimplexSolver& simplex, int rows, int n,
                                             const std::vector<char>& is_integer, const Eigen::VectorXd& x,
                                             double min_fraction, int max_rows) {
  std::vector<int> positions;
  std::vector<double> fractionality;
  for (int r = 0; r < rows; ++r) {
    const int b = simplex.basic_variable(r);
    if (b >= n || !is_integer[uz(b)]) continue;
    const double f = fractional_part(x[b]);
    if (f < min_fraction || f > 1.0 - min_fraction) continue;
    positions.push_back(r);
    fractionality.push_back(std::min(f, 1.0 - f));
  }
  std::vector<size_t> order(positions.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t p, size_t q) { return fractionality[p] > fractionality[q]; });
  if (order.size() > uz(std::max(max_rows, 0))) order.resize(uz(std::max(max_rows, 0)));
  std::vector<int> chosen;
  chosen.reserve(order.size());
  for (size_t k : order) chosen.push_back(positions[k]);
  return chosen;
}

}  // namespace milpsac::bnb
