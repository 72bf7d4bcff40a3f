// Two settings of the simplex, one optimum: the bundled Netlib models
// (tests/data/instances/lp/netlib) solved from a cold start under each
// setting must reach an optimum certified on the model (bounds and reduced
// costs within 1e-6), and the same one. For the tests of cold-start
// choices (cost perturbation, artificial bounds, dual phase 1).
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "../test_support.h"
#include "lp/mps/mps.h"
#include "lp/simplex_solver.h"
#include "lp/solution_check.h"

namespace milpsac::test {

// configure(solver, setting) prepares the solver for setting 0 or 1.
template <class Configure>
void check_same_certified_optimum(Configure configure) {
  int solved = 0;
  for (const char* name : {"agg", "bandm", "capri", "degen2", "e226", "scorpion", "share1b", "stocfor1"}) {
    CAPTURE(name);
    const lp::LinearProgram lp = lp::read_mps_file(instance_path(std::string("lp/netlib/") + name + ".mps.gz"));
    double objective[2] = {0.0, 0.0};
    for (int setting = 0; setting < 2; ++setting) {
      lp::SimplexSolver solver(lp);
      configure(solver, setting);
      REQUIRE(solver.solve() == lp::LpStatus::kOptimal);
      const Eigen::VectorXd x = solver.primal_values();
      CHECK(lp::max_bound_violation(lp, x) <= 1e-6);
      CHECK(lp::max_dual_violation(lp, x, solver.row_duals(), 1e-6) <= 1e-6);
      objective[setting] = solver.objective();
    }
    CHECK(std::fabs(objective[0] - objective[1]) <= 1e-7 * (1.0 + std::fabs(objective[0])));
    ++solved;
  }
  CHECK(solved == 8);
}

}  // namespace milpsac::test
