// bump_lu_compare: time the sparse Markowitz LU (lp/sparse_lu.h) against
// Eigen's dense partial-pivoting LU on random bump-like matrices, factor plus
// one solve and one transposed solve (what a refactor and a pivot need; the
// plain reference solves of tests/lp/lu_columns.h), for
// sizes 5..2000 and entries per column 2..full. Prints one TSV line per case:
//   size per_column sparse_us dense_us dense/sparse
// Fixed seeds; the best of several repetitions counts.
#include <Eigen/Dense>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "../../tests/lp/lu_columns.h"
#include "lp/sparse_lu.h"

namespace {

using Clock = std::chrono::steady_clock;

double best_microseconds(int repetitions, auto&& work) {
  double best = 1e300;
  for (int k = 0; k < repetitions; ++k) {
    const auto start = Clock::now();
    work();
    best = std::min(best, std::chrono::duration<double, std::micro>(Clock::now() - start).count());
  }
  return best;
}

}  // namespace

int main() {
  using milpsac::lp::SparseLU;
  std::printf("size\tper_column\tsparse_us\tdense_us\tdense/sparse\n");
  for (int n : {5, 10, 20, 50, 100, 200, 500, 1000, 2000}) {
    for (int per_column : {2, 4, 8, 1 << 20}) {
      const int k = std::min(per_column, n);
      if (per_column > n && per_column != (1 << 20)) continue;
      std::mt19937 rng(static_cast<unsigned>(n * 31 + k));
      std::uniform_real_distribution<double> value(-1.0, 1.0);
      std::uniform_int_distribution<int> index(0, n - 1);
      Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
      for (int j = 0; j < n; ++j) {
        A(j, j) = 1.0 + value(rng);
        for (int e = 0; e < k; ++e) A(k >= n ? e : index(rng), j) += value(rng);
      }
      std::vector<std::vector<SparseLU::Entry>> columns(static_cast<size_t>(n));
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          if (A(i, j) != 0.0) columns[static_cast<size_t>(j)].push_back({i, A(i, j)});
      const Eigen::VectorXd b = Eigen::VectorXd::LinSpaced(n, -1.0, 1.0);
      const int repetitions = n >= 1000 ? 2 : 5;
      double sink = 0.0;
      const double sparse_us = best_microseconds(repetitions, [&]() {
        SparseLU lu;
        std::vector<int> dependent, uncovered;
        lu.factor(n, columns, nullptr, dependent, uncovered);
        const Eigen::VectorXd z = milpsac::test::lu_solve(lu, b);
        const Eigen::VectorXd y = milpsac::test::lu_solve_transposed(lu, b);
        sink += z[0] + y[0];
      });
      const double dense_us = best_microseconds(repetitions, [&]() {
        Eigen::PartialPivLU<Eigen::MatrixXd> lu(A);
        const Eigen::VectorXd z = lu.solve(b);
        const Eigen::VectorXd y = lu.transpose().solve(b);
        sink += z[0] + y[0];
      });
      std::printf("%d\t%s\t%.1f\t%.1f\t%.2f\n", n, k >= n ? "full" : std::to_string(k).c_str(), sparse_us, dense_us,
                  dense_us / sparse_us);
      if (sink == 12345.678) std::printf("#\n");  // keeps the work observable
    }
  }
  return 0;
}
