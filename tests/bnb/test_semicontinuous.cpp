// Semi-continuous (SC) and semi-integer (SI) columns: the branch-and-bound
// against enumeration. Each model is also solved once per on/off choice of
// its semi-continuous columns (off: x = 0; on: l <= x <= u, flags cleared, so
// an ordinary LP or MILP); the best of those is the true optimum.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "../test_support.h"
#include "bnb/branch_and_bound.h"
#include "lp/mps/mps.h"
#include "lp/solution_check.h"

using milpsac::bnb::MilpOptions;
using milpsac::bnb::MilpResult;
using milpsac::bnb::MilpStatus;
using milpsac::bnb::solve_milp;
using milpsac::lp::LinearProgram;

namespace {

struct Enumerated {
  bool feasible = false;
  double objective = 0.0;
};

// The optimum over every on/off choice of the semi-continuous columns.
Enumerated enumerate(const LinearProgram& lp) {
  std::vector<int> semi;
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.is_semicontinuous_column(j)) semi.push_back(j);
  REQUIRE(semi.size() <= 12);
  const bool maximise = lp.sense == milpsac::lp::ObjectiveSense::kMaximize;
  Enumerated best;
  for (unsigned mask = 0; mask < (1u << semi.size()); ++mask) {
    LinearProgram choice = lp;
    choice.is_semicontinuous.clear();
    for (size_t k = 0; k < semi.size(); ++k)
      if (!(mask & (1u << k))) choice.col_lower[semi[k]] = choice.col_upper[semi[k]] = 0.0;
    MilpOptions options;
    options.relative_gap = 0.0;
    const MilpResult r = solve_milp(choice, options);
    REQUIRE(r.status != MilpStatus::kNumericalError);
    REQUIRE(r.status != MilpStatus::kUnbounded);  // the models here are bounded
    if (r.status != MilpStatus::kOptimal) continue;
    if (!best.feasible || (maximise ? r.objective > best.objective : r.objective < best.objective)) {
      best.feasible = true;
      best.objective = r.objective;
    }
  }
  return best;
}

// solve_milp (presolve on and off) against enumeration; the point is checked
// on the model, semi-continuous conditions included.
void check_against_enumeration(const LinearProgram& lp) {
  const Enumerated expected = enumerate(lp);
  for (bool presolve : {true, false}) {
    MilpOptions options;
    options.relative_gap = 0.0;
    options.presolve = presolve;
    const MilpResult r = solve_milp(lp, options);
    CAPTURE(presolve);
    if (!expected.feasible) {
      CHECK(r.status == MilpStatus::kInfeasible);
      continue;
    }
    REQUIRE(r.status == MilpStatus::kOptimal);
    CHECK(r.objective == doctest::Approx(expected.objective).epsilon(1e-6));
    CHECK(milpsac::lp::is_feasible(lp, r.x, 1e-6, true));
  }
}

LinearProgram fixture(const std::string& name) {
  return milpsac::lp::read_mps_file(milpsac::test::test_data_dir() + "/data/lp/extra_highs/" + name);
}

}  // namespace

TEST_CASE("the feasibility check accepts 0 or the bounds for a semi-continuous column") {
  LinearProgram lp;
  lp.resize(0, 1);
  lp.col_lower[0] = 2;
  lp.col_upper[0] = 5;
  lp.is_semicontinuous = {1};
  for (double v : {0.0, 2.0, 3.5, 5.0})
    CHECK(milpsac::lp::is_feasible(lp, Eigen::VectorXd::Constant(1, v), 1e-9, true));
  for (double v : {0.5, 1.9, 5.1, -0.1})
    CHECK_FALSE(milpsac::lp::is_feasible(lp, Eigen::VectorXd::Constant(1, v), 1e-9, true));
  lp.is_semicontinuous.clear();
  CHECK_FALSE(milpsac::lp::is_feasible(lp, Eigen::VectorXd::Constant(1, 0.0), 1e-9, true));
}

TEST_CASE("semi-continuous.mps and semi-integer.mps: optimum as enumerated") {
  for (const char* name : {"semi-continuous.mps", "semi-integer.mps"}) {
    CAPTURE(name);
    const LinearProgram lp = fixture(name);
    CHECK(lp.has_semicontinuous());
    check_against_enumeration(lp);
  }
}

TEST_CASE("one semi-continuous column: off, on, and neither side feasible") {
  // min x + c z  s.t. x - z >= r, z semi-continuous in [3, 5], x in [0, ux].
  LinearProgram lp;
  lp.resize(1, 2);
  lp.c << 1.0, -0.5;  // z pays: on at its upper bound
  lp.set_coefficient(0, 0, 1.0);
  lp.set_coefficient(0, 1, -1.0);
  lp.row_lower[0] = -1.0;
  lp.col_lower[1] = 3.0;
  lp.col_upper[1] = 5.0;
  lp.is_semicontinuous = {0, 1};
  check_against_enumeration(lp);
  lp.c[1] = 2.0;  // z costs: off
  check_against_enumeration(lp);
  lp.row_lower[0] = 1.0;  // x >= 1 + z but x <= 0.5: infeasible either way
  lp.col_upper[0] = 0.5;
  check_against_enumeration(lp);
}

TEST_CASE("random small semi-continuous and semi-integer models against enumeration") {
  std::mt19937 random(20261123);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 60; ++trial) {
    CAPTURE(trial);
    const int m = 2 + static_cast<int>(random() % 3), n = 3 + static_cast<int>(random() % 4);
    LinearProgram lp;
    lp.resize(m, n);
    lp.sense = trial % 2 ? milpsac::lp::ObjectiveSense::kMaximize : milpsac::lp::ObjectiveSense::kMinimize;
    for (int j = 0; j < n; ++j) {
      lp.c[j] = std::round(20 * unit(random) - 10) / 2;
      lp.col_upper[j] = 1 + std::round(8 * unit(random));
      for (int i = 0; i < m; ++i)
        if (unit(random) < 0.7) lp.set_coefficient(i, j, std::round(10 * unit(random) - 3));
      if (random() % 3 == 0) lp.is_integer[static_cast<size_t>(j)] = 1;
    }
    lp.is_semicontinuous.assign(static_cast<size_t>(n), 0);
    for (int j = 0; j < n; ++j)
      if (random() % 2 == 0) {
        lp.is_semicontinuous[static_cast<size_t>(j)] = 1;
        lp.col_lower[j] = 0.5 + std::round(2 * lp.col_upper[j] * unit(random)) / 4;  // may exceed the upper bound
      }
    for (int i = 0; i < m; ++i) {
      const double rhs = std::round(30 * unit(random));
      if (random() % 3 == 0)
        lp.row_lower[i] = rhs / 3;
      else
        lp.row_upper[i] = rhs;
    }
    check_against_enumeration(lp);
  }
}

// 3015.mps (866 rows, 78 semi-continuous columns): too many for enumeration.
// The answer is checked on the model, and its objective against the textbook
// reformulation (a binary z per column, l z <= x <= u z) solved as an
// ordinary MILP, with root presolve and cuts.
TEST_CASE("3015.mps: checked point, same optimum as the binary reformulation") {
  const LinearProgram lp = fixture("3015.mps");
  MilpOptions options;
  options.relative_gap = 0.0;
  const MilpResult r = solve_milp(lp, options);
  REQUIRE(r.status == MilpStatus::kOptimal);
  CHECK(milpsac::lp::is_feasible(lp, r.x, 1e-6, true));

  std::vector<int> semi;
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.is_semicontinuous_column(j)) semi.push_back(j);
  REQUIRE(semi.size() > 12);
  const int m = lp.num_rows(), n = lp.num_cols(), k = static_cast<int>(semi.size());
  LinearProgram big;
  big.resize(m + 2 * k, n + k);
  big.sense = lp.sense;
  big.offset = lp.offset;
  std::vector<Eigen::Triplet<double>> entries;
  for (int j = 0; j < n; ++j)
    for (milpsac::lp::SparseMatrix::InnerIterator it(lp.A, j); it; ++it) entries.emplace_back(it.row(), j, it.value());
  big.c.head(n) = lp.c;
  big.col_lower.head(n) = lp.col_lower;
  big.col_upper.head(n) = lp.col_upper;
  big.row_lower.head(m) = lp.row_lower;
  big.row_upper.head(m) = lp.row_upper;
  for (int j = 0; j < n; ++j) big.is_integer[static_cast<size_t>(j)] = lp.is_integer[static_cast<size_t>(j)];
  for (int t = 0; t < k; ++t) {
    const int j = semi[static_cast<size_t>(t)], z = n + t;
    REQUIRE(std::isfinite(lp.col_upper[j]));
    big.col_lower[j] = std::min(0.0, lp.col_lower[j]);
    big.col_lower[z] = 0.0;
    big.col_upper[z] = 1.0;
    big.is_integer[static_cast<size_t>(z)] = 1;
    entries.emplace_back(m + 2 * t, j, 1.0);  // x - u z <= 0
    entries.emplace_back(m + 2 * t, z, -lp.col_upper[j]);
    big.row_upper[m + 2 * t] = 0.0;
    entries.emplace_back(m + 2 * t + 1, j, 1.0);  // x - l z >= 0
    entries.emplace_back(m + 2 * t + 1, z, -lp.col_lower[j]);
    big.row_lower[m + 2 * t + 1] = 0.0;
  }
  big.A.setFromTriplets(entries.begin(), entries.end());
  const MilpResult reference = solve_milp(big, options);
  REQUIRE(reference.status == MilpStatus::kOptimal);
  CHECK(r.objective == doctest::Approx(reference.objective).epsilon(1e-6));
  options.presolve = false;
  const MilpResult unpresolved = solve_milp(lp, options);
  REQUIRE(unpresolved.status == MilpStatus::kOptimal);
  CHECK(unpresolved.objective == doctest::Approx(r.objective).epsilon(1e-6));
}
