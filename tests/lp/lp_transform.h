// Transformed copies of an LP that must keep its optimum: the test family of
// "the answer must not depend on row order, names or units".
//
//   * every row is multiplied by a factor that is not a power of two (so
//     scaling cannot undo it exactly); about a third of the factors are
//     negative, which swaps the row's bounds (<= becomes >=);
//   * every continuous column is rescaled, x = f x' (f not a power of two,
//     sometimes negative, which swaps the column's bounds); integer columns
//     keep their unit so integrality means the same;
//   * rows and columns are permuted and renamed.
// c^T x, and so the objective and the status, are unchanged. The generator is
// a fixed linear congruential sequence: same seed, same copy, on every
// platform.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::test {

class SeededSequence {
 public:
  explicit SeededSequence(std::uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  std::uint64_t next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return state_ >> 11;
  }
  double uniform() { return static_cast<double>(next()) * 0x1.0p-53; }  // [0, 1)
  // A factor in [0.3, 3.3) that is not a power of two, negative with
  // probability `negative`.
  double factor(double negative) {
    double f = 0.3 + 3.0 * uniform();
    if (f > 0.9 && f < 1.1) f = 1.37;  // keep away from 1
    if (f > 1.9 && f < 2.1) f = 2.71;  // and from 2
    return uniform() < negative ? -f : f;
  }
  // A random permutation of 0..n-1 (Fisher-Yates).
  std::vector<int> permutation(int n) {
    std::vector<int> p(static_cast<size_t>(n));
    std::iota(p.begin(), p.end(), 0);
    for (int i = n - 1; i > 0; --i) std::swap(p[static_cast<size_t>(i)], p[next() % static_cast<std::uint64_t>(i + 1)]);
    return p;
  }

 private:
  std::uint64_t state_;
};

// Bounds [lower, upper] of v after v' = v * f.
inline void scale_bounds(double f, double& lower, double& upper) {
  const double a = lower * f, b = upper * f;
  lower = f > 0 ? a : b;
  upper = f > 0 ? b : a;
}

inline lp::LinearProgram transformed_copy(const lp::LinearProgram& lp, std::uint64_t seed) {
  SeededSequence random(seed);
  const int m = lp.num_rows(), n = lp.num_cols();
  std::vector<double> row_factor(static_cast<size_t>(m)), col_factor(static_cast<size_t>(n));
  for (double& f : row_factor) f = random.factor(0.3);
  for (int j = 0; j < n; ++j)
    col_factor[static_cast<size_t>(j)] = lp.is_integer[static_cast<size_t>(j)] ? 1.0 : random.factor(0.2);
  const std::vector<int> row_order = random.permutation(m), col_order = random.permutation(n);

  lp::LinearProgram out;
  out.resize(m, n);
  out.name = std::string(lp.name).append("-t").append(std::to_string(seed));
  out.sense = lp.sense;
  out.offset = lp.offset;
  // New row k is old row row_order[k]; new column l is old column col_order[l]
  // with x_old = f x_new.
  for (int l = 0; l < n; ++l) {
    const int j = col_order[static_cast<size_t>(l)];
    const double f = col_factor[static_cast<size_t>(j)];
    out.c[l] = lp.c[j] * f;
    double lower = lp.col_lower[j], upper = lp.col_upper[j];
    scale_bounds(1.0 / f, lower, upper);
    out.col_lower[l] = lower;
    out.col_upper[l] = upper;
    out.is_integer[static_cast<size_t>(l)] = lp.is_integer[static_cast<size_t>(j)];
    out.col_names[static_cast<size_t>(l)] = std::string("C").append(std::to_string(l));
  }
  for (int k = 0; k < m; ++k) {
    const int i = row_order[static_cast<size_t>(k)];
    const double g = row_factor[static_cast<size_t>(i)];
    double lower = lp.row_lower[i], upper = lp.row_upper[i];
    scale_bounds(g, lower, upper);
    out.row_lower[k] = lower;
    out.row_upper[k] = upper;
    out.row_names[static_cast<size_t>(k)] = std::string("R").append(std::to_string(k));
  }
  // A over its nonzeros only (a dense m x n pass is 600 MB of work on dfl001):
  // new entry (k, l) = old (i, j) * g_i * f_j with k, l the inverse orders.
  std::vector<int> new_row(static_cast<size_t>(m)), new_col(static_cast<size_t>(n));
  for (int k = 0; k < m; ++k) new_row[static_cast<size_t>(row_order[static_cast<size_t>(k)])] = k;
  for (int l = 0; l < n; ++l) new_col[static_cast<size_t>(col_order[static_cast<size_t>(l)])] = l;
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<size_t>(lp.A.nonZeros()));
  for (int j = 0; j < n; ++j)
    for (lp::SparseMatrix::InnerIterator it(lp.A, j); it; ++it) {
      const int i = static_cast<int>(it.row());
      entries.emplace_back(new_row[static_cast<size_t>(i)], new_col[static_cast<size_t>(j)],
                           it.value() * row_factor[static_cast<size_t>(i)] * col_factor[static_cast<size_t>(j)]);
    }
  out.A.setFromTriplets(entries.begin(), entries.end());
  return out;
}

}  // namespace milpsac::test
