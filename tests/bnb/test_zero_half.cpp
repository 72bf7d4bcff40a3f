// Zero-half cuts: the odd cycle's cut is found, no cut removes an integer
// point (small models by enumeration, MIPLIB models at their optimum), and
// the same LP point gives the same cuts.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <random>

#include "../lp/lp_builders.h"
#include "../test_support.h"
#include "bnb/branch_and_bound.h"
#include "bnb/cut_zero_half.h"
#include "lp/mps/mps.h"
#include "lp/solution_check.h"

using namespace milpsac;
using lp::kInfinity;

namespace {

// The LP optimum of `lp` with its integer columns' bounds rounded inward.
bnb::LpRelaxation solved_relaxation(const lp::LinearProgram& lp, const Deadline& clock) {
  bnb::LpRelaxation relaxation(lp, &clock);
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.is_integer[static_cast<size_t>(j)])
      relaxation.set_bounds(j, std::ceil(lp.col_lower[j] - 1e-9), std::floor(lp.col_upper[j] + 1e-9));
  REQUIRE(relaxation.resolve(nullptr, 1000000) == lp::LpStatus::kOptimal);
  return relaxation;
}

// `rounds` rounds of zero-half separation, each adding every cut found to the
// LP and re-solving; every cut found, in order.
std::vector<bnb::Cut> zero_half_rounds(const lp::LinearProgram& lp, int rounds) {
  Deadline no_limit;
  bnb::LpRelaxation relaxation = solved_relaxation(lp, no_limit);
  std::vector<bnb::Cut> all;
  for (int round = 0; round < rounds; ++round) {
    bnb::CutPool pool;
    if (bnb::separate_zero_half(relaxation, lp.is_integer, pool) == 0) break;
    const auto cuts = pool.select(relaxation.values(), pool.size(), 0.0, 1.0);
    all.insert(all.end(), cuts.begin(), cuts.end());
    const bnb::CutRows added = bnb::as_rows(cuts);
    relaxation.add_rows(added.rows, added.lower, added.upper);
    if (relaxation.resolve(nullptr, 1000000) != lp::LpStatus::kOptimal) break;
  }
  return all;
}

// max c^T x over three rows `rows` x <= `sides`, three integer columns in
// [0, upper]: the triangles of the cases below.
lp::LinearProgram triangle(std::vector<std::vector<double>> rows, std::vector<double> sides, std::vector<double> c,
                           double upper) {
  auto lp = test::make_lp(std::move(rows), {-kInfinity, -kInfinity, -kInfinity}, std::move(sides), std::move(c),
                          {0, 0, 0}, {upper, upper, upper});
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.is_integer.assign(3, 1);
  return lp;
}

// One round of zero-half separation at the LP optimum of `lp`: the LP point,
// how many cuts the separator reported, and the most efficacious one.
struct FirstCut {
  Eigen::VectorXd x;
  int found = 0;
  bnb::Cut cut;
};
FirstCut first_cut(const lp::LinearProgram& lp) {
  Deadline no_limit;
  bnb::LpRelaxation relaxation = solved_relaxation(lp, no_limit);
  FirstCut result;
  result.x = relaxation.values();
  bnb::CutPool pool;
  result.found = bnb::separate_zero_half(relaxation, lp.is_integer, pool);
  const auto cuts = pool.select(result.x, 1, 0.0, 1.0);
  REQUIRE(cuts.size() == 1);
  result.cut = cuts[0];
  return result;
}

bool keeps(const bnb::Cut& cut, const Eigen::VectorXd& x) {
  return bnb::cut_violation(cut, x) <= 1e-7 * (1.0 + cut.a.cwiseAbs().dot(x.cwiseAbs()));
}

}  // namespace

TEST_CASE("zero-half: the odd cycle x1 + x2 <= 1, x2 + x3 <= 1, x1 + x3 <= 1 gives x1 + x2 + x3 <= 1") {
  const FirstCut first = first_cut(triangle({{1, 1, 0}, {0, 1, 1}, {1, 0, 1}}, {1, 1, 1}, {1, 1, 1}, 1));
  REQUIRE(first.x.isApprox(Eigen::Vector3d(0.5, 0.5, 0.5)));
  REQUIRE(first.found == 1);
  CHECK(first.cut.a.isApprox(Eigen::Vector3d(1, 1, 1)));
  CHECK(first.cut.upper == 1.0);
}

TEST_CASE("zero-half: general integers 0..3, x1 + x2 <= 3 around a triangle, give x1 + x2 + x3 <= 4") {
  const FirstCut first = first_cut(triangle({{1, 1, 0}, {0, 1, 1}, {1, 0, 1}}, {3, 3, 3}, {1, 1, 1}, 3));
  REQUIRE(first.found >= 1);
  CHECK(first.cut.a.isApprox(Eigen::Vector3d(1, 1, 1)));
  CHECK(first.cut.upper == 4.0);
}

TEST_CASE("zero-half: complemented columns, x1 >= x2 written as 1 - x1 + x2 <= 1 on a triangle") {
  // y1 + y2 <= 1, y2 + y3 <= 1, y1 + y3 <= 1 with y1 = 1 - x1: -x1 + x2 <= 0,
  // x2 + x3 <= 1, -x1 + x3 <= 0; max -x1 + x2 + x3 (= y1 + y2 + y3 - 1). The
  // cut y1 + y2 + y3 <= 1 reads -x1 + x2 + x3 <= 0.
  const FirstCut first = first_cut(triangle({{-1, 1, 0}, {0, 1, 1}, {-1, 0, 1}}, {0, 1, 0}, {-1, 1, 1}, 1));
  REQUIRE(first.found >= 1);
  CHECK(first.cut.a.isApprox(Eigen::Vector3d(-1, 1, 1)));
  CHECK(std::fabs(first.cut.upper) < 1e-12);
}

TEST_CASE("zero-half on random small integer models: no cut removes an integer-feasible point") {
  std::mt19937 rng(2024);
  std::uniform_int_distribution<int> coef(-3, 3), size(3, 7), box(1, 3);
  int total_cuts = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = size(rng), m = 2 + trial % 5;
    lp::LinearProgram lp;
    lp.resize(m, n);
    lp.sense = lp::ObjectiveSense::kMaximize;
    for (int j = 0; j < n; ++j) {
      lp.c[j] = 1 + coef(rng) * (trial % 2);
      // Shifted boxes in every other trial (complementing at a nonzero bound).
      lp.col_lower[j] = trial % 2 == 0 ? 0 : -coef(rng);
      lp.col_upper[j] = lp.col_lower[j] + (trial % 3 == 0 ? 1 : box(rng));
    }
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j)
        if (const int a = coef(rng); a != 0) lp.set_coefficient(i, j, a);
      const Eigen::VectorXd row = lp.dense_row(i);
      const double total = row.cwiseMax(0).dot(lp.col_upper) + row.cwiseMin(0).dot(lp.col_lower);
      if ((trial + i) % 3 == 0) {
        lp.row_lower[i] = lp.row_upper[i] = std::floor(total * 0.4);  // an equality
      } else if ((trial + i) % 3 == 1) {
        lp.row_upper[i] = std::floor(total * 0.5) + 0.5 * (trial % 4 == 0);  // fractional sides too
      } else {
        lp.row_lower[i] = std::floor(total * 0.2);
        lp.row_upper[i] = std::floor(total * 0.7);
      }
    }
    lp.is_integer.assign(static_cast<size_t>(n), 1);
    // Only models whose LP is feasible and bounded.
    Deadline no_limit;
    bnb::LpRelaxation probe(lp, &no_limit);
    if (probe.resolve(nullptr, 100000) != lp::LpStatus::kOptimal) continue;
    const auto cuts = zero_half_rounds(lp, 4);
    total_cuts += static_cast<int>(cuts.size());
    Eigen::VectorXd x(n);
    std::function<void(int)> visit = [&](int j) {
      if (j == n) {
        if (!lp::is_feasible(lp, x, 1e-12, true)) return;
        for (const bnb::Cut& cut : cuts) {
          INFO("trial " << trial);
          CHECK(keeps(cut, x));
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
  CHECK(total_cuts > 50);
}

TEST_CASE("zero-half on lseu and p0201: the optimum is kept, and the same rounds give the same cuts") {
  for (const char* name : {"lseu", "p0201"}) {
    const lp::LinearProgram lp = lp::read_mps_file(test::instance_path("lp/miplib/" + std::string(name) + ".mps.gz"));
    bnb::MilpOptions options;
    options.relative_gap = 0;
    const bnb::MilpResult solved = bnb::solve_milp(lp, options);
    REQUIRE(solved.has_solution);
    Eigen::VectorXd optimum = solved.x;
    for (int j = 0; j < lp.num_cols(); ++j)
      if (lp.is_integer[static_cast<size_t>(j)]) optimum[j] = std::round(optimum[j]);
    const auto cuts = zero_half_rounds(lp, 5);
    INFO(name << ": " << cuts.size() << " cuts");
    for (const bnb::Cut& cut : cuts) CHECK(keeps(cut, optimum));
    const auto again = zero_half_rounds(lp, 5);
    REQUIRE(again.size() == cuts.size());
    for (size_t k = 0; k < cuts.size(); ++k) {
      CHECK(again[k].a == cuts[k].a);  // bit for bit
      CHECK(again[k].upper == cuts[k].upper);
    }
  }
}
