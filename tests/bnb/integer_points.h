// Checks shared by the bound-tightening tests (propagation, probing): a
// tightened box must keep every integer point of the original box that
// satisfies the rows, and must not call a box with such a point infeasible.
// Enumerates the original box, so only for small models.
#pragma once

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <functional>

#include "lp/linear_program.h"
#include "lp/solution_check.h"

namespace milpsac::test {

inline void check_box_keeps_integer_points(const lp::LinearProgram& lp, const Eigen::VectorXd& lower,
                                           const Eigen::VectorXd& upper, bool called_infeasible) {
  const int n = lp.num_cols();
  Eigen::VectorXd x(n);
  std::function<void(int)> visit = [&](int j) {
    if (j == n) {
      if (!lp::is_feasible(lp, x, 1e-12, true)) return;
      REQUIRE_FALSE(called_infeasible);
      for (int k = 0; k < n; ++k) {
        CHECK(x[k] >= lower[k]);
        CHECK(x[k] <= upper[k]);
      }
      return;
    }
    for (double v = lp.col_lower[j]; v <= lp.col_upper[j]; v += 1.0) {
      x[j] = v;
      visit(j + 1);
    }
  };
  visit(0);
}

}  // namespace milpsac::test
