// Numerically hard models: the simplex must end with a true status (optimal,
// or a limit) and never numerical_error while it still has a fallback. The
// family is dano3mip (tests/data/data/lp/miplib, see tests/data/README.md) and copies of it and of the
// bundled examples with extreme row and column scales, generated here.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "lp/mps/mps.h"
#include "lp/simplex.h"
#include "lp/simplex_solver.h"
#include "lp_transform.h"

using namespace milpsac;
using lp::LpStatus;

namespace {

std::string source_path(const std::string& relative) {
  const char* root = std::getenv("MILPSAC_SOURCE");
  REQUIRE_MESSAGE(root != nullptr, "MILPSAC_SOURCE is not set (run the tests through meson test)");
  return std::string(root) + "/" + relative;
}

// A copy with rows multiplied by 10^k and continuous columns by 10^-k (k up
// to `decades`, times a factor that is not a power of two): the optimum is
// unchanged, but the coefficients span up to 4 * decades more orders of
// magnitude than the original's.
lp::LinearProgram extreme_scales(const lp::LinearProgram& original, std::uint64_t seed, int decades) {
  lp::LinearProgram out = test::transformed_copy(original, seed);
  test::SeededSequence random(seed + 1000);
  const int m = out.num_rows(), n = out.num_cols();
  auto power = [&]() {
    const int k = static_cast<int>(random.next() % static_cast<std::uint64_t>(2 * decades + 1)) - decades;
    return std::pow(10.0, k) * 1.37;
  };
  Eigen::VectorXd row_factor(m), col_factor(n);
  for (int i = 0; i < m; ++i) row_factor[i] = power();
  for (int j = 0; j < n; ++j) col_factor[j] = out.is_integer[static_cast<size_t>(j)] ? 1.0 : power();
  for (int j = 0; j < n; ++j)
    for (lp::SparseMatrix::InnerIterator it(out.A, j); it; ++it) it.valueRef() *= row_factor[it.row()] * col_factor[j];
  for (int i = 0; i < m; ++i) test::scale_bounds(row_factor[i], out.row_lower[i], out.row_upper[i]);
  for (int j = 0; j < n; ++j) {
    out.c[j] *= col_factor[j];
    test::scale_bounds(1.0 / col_factor[j], out.col_lower[j], out.col_upper[j]);
  }
  return out;
}

// Status of the simplex on `model` (scaled or not) stopped after `iterations`.
LpStatus run_simplex(const lp::LinearProgram& model, bool scale, long iterations, long* used = nullptr) {
  lp::SimplexSolver solver(model, scale);
  solver.set_iteration_limit(iterations);
  const LpStatus status = solver.solve();
  if (used != nullptr) *used = solver.iterations();
  return status;
}

bool true_status(LpStatus s) { return s == LpStatus::kOptimal || s == LpStatus::kIterationLimit; }

}  // namespace

TEST_CASE("dano3mip: the simplex runs on to its limit, scaled and unscaled") {
  // Before the drift repair every pass restarted and the solve ended
  // numerical_error after about 1,200 (scaled) / 1,100 (unscaled) iterations.
  const lp::LinearProgram model = lp::read_mps_file(source_path("tests/data/data/lp/miplib/dano3mip.mps.gz"));
  REQUIRE(model.num_rows() == 3202);
  for (const bool scale : {true, false}) {
    CAPTURE(scale);
    long used = 0;
    const LpStatus status = run_simplex(model, scale, 3000, &used);
    CHECK_MESSAGE(true_status(status), lp::to_string(status));
    if (status == LpStatus::kIterationLimit) CHECK(used >= 3000);
  }
}

TEST_CASE("dano3mip with extreme scales: no numerical_error before the limit") {
  const lp::LinearProgram model = lp::read_mps_file(source_path("tests/data/data/lp/miplib/dano3mip.mps.gz"));
  for (const std::uint64_t seed : {1u, 2u}) {
    CAPTURE(seed);
    const lp::LinearProgram copy = extreme_scales(model, seed, 3);
    const LpStatus status = run_simplex(copy, true, 2000);
    CHECK_MESSAGE(true_status(status), lp::to_string(status));
  }
}

TEST_CASE("bundled LP with extreme scales: same optimum, through every entry") {
  const lp::LinearProgram model = lp::read_mps_file(source_path("examples/smalllp.mps"));
  const lp::LpSolution reference = lp::solve_lp(model);
  REQUIRE(reference.status == LpStatus::kOptimal);
  for (const std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    for (const int decades : {3, 6}) {
      CAPTURE(seed);
      CAPTURE(decades);
      const lp::LinearProgram copy = extreme_scales(model, seed, decades);
      for (const bool presolve : {true, false}) {
        for (const bool scale : {true, false}) {
          // Without scaling, entries spread over 1e+-12 (6 decades on rows
          // and on columns) are beyond absolute tolerances: the unscaled
          // solve is held to the milder copies only.
          if (!scale && decades > 3) continue;
          CAPTURE(presolve);
          CAPTURE(scale);
          lp::LpOptions options;
          options.presolve = presolve;
          options.scale = scale;
          const lp::LpSolution s = lp::solve_lp(copy, options);
          CHECK_MESSAGE(s.status == LpStatus::kOptimal, lp::to_string(s.status));
          if (s.status != LpStatus::kOptimal) continue;
          CHECK(std::fabs(s.objective - reference.objective) <= 1e-6 * (1.0 + std::fabs(reference.objective)));
        }
      }
    }
  }
}
