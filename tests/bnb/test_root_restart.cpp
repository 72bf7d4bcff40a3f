// Component tests of the root restart (bnb/root_restart.h): the share of
// newly fixed integer columns, the restarted model (bounds, cut rows, the
// incumbent kept), how the two searches' answers merge, and a whole search
// that restarts on a MIPLIB model against the same search without restarts.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "../test_support.h"
#include "bnb/branch_and_bound.h"
#include "bnb/root_restart.h"
#include "lp/mps/mps.h"
#include "lp/solution_check.h"

using namespace milpsac;

namespace {

// Three binaries and a continuous column: x0 + x1 + x2 + y <= 2.5.
lp::LinearProgram small_model() {
  lp::LinearProgram lp;
  lp.resize(1, 4);
  for (int j = 0; j < 4; ++j) {
    lp.set_coefficient(0, j, 1.0);
    lp.col_upper[j] = 1.0;
    lp.is_integer[j] = j < 3;
    lp.c[j] = -1.0;
  }
  lp.row_lower[0] = -lp::kInfinity;
  lp.row_upper[0] = 2.5;
  return lp;
}

}  // namespace

TEST_CASE("restart: counts integer columns fixed now and free in the model; needs a share and a number") {
  lp::LinearProgram lp = small_model();
  lp.col_upper[2] = 0.0;  // fixed already: not counted
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  CHECK(bnb::newly_fixed(lp, {0, 1, 2}, lower, upper).count == 0);
  CHECK(bnb::newly_fixed(lp, {0, 1, 2}, lower, upper).share == 0.0);
  upper[0] = 0.0;
  CHECK(bnb::newly_fixed(lp, {0, 1, 2}, lower, upper).count == 1);
  CHECK(bnb::newly_fixed(lp, {0, 1, 2}, lower, upper).share == doctest::Approx(0.5));
  lower[1] = 1.0;
  CHECK(bnb::newly_fixed(lp, {0, 1, 2}, lower, upper).share == doctest::Approx(1.0));
  CHECK_FALSE(bnb::worth_a_restart({2, 1.0}));                            // all, but too few to repay a restart
  CHECK_FALSE(bnb::worth_a_restart({100, bnb::kRestartFixedShare / 2}));  // many, but too small a share
  CHECK(bnb::worth_a_restart({bnb::kRestartMinFixed, bnb::kRestartFixedShare}));
}

TEST_CASE("restart: the restarted model has the tightened bounds and the cuts as rows, and keeps the incumbent") {
  const lp::LinearProgram lp = small_model();
  Eigen::VectorXd lower = lp.col_lower, upper = lp.col_upper;
  upper[0] = 0.0;
  bnb::Cut cut;
  cut.a = Eigen::VectorXd::Zero(4);
  cut.a[1] = 1.0;
  cut.a[2] = 1.0;
  cut.upper = 1.0;
  Eigen::VectorXd incumbent(4);
  incumbent << 0.0, 1.0, 0.0, 0.5;
  const auto model = bnb::restarted_model(lp, {0, 1, 2}, lower, upper, {cut}, incumbent);
  REQUIRE(model);
  CHECK(model->num_rows() == 2);
  CHECK(model->num_cols() == 4);
  CHECK(model->col_upper[0] == 0.0);
  CHECK(model->col_upper[1] == 1.0);
  CHECK(model->coefficient(0, 3) == 1.0);
  CHECK(model->coefficient(1, 1) == 1.0);
  CHECK(model->coefficient(1, 2) == 1.0);
  CHECK(model->coefficient(1, 0) == 0.0);
  CHECK(model->row_upper[1] == 1.0);
  CHECK(std::isinf(model->row_lower[1]));
  CHECK(lp::is_feasible(*model, incumbent, 1e-9, true));
  // An incumbent with x0 = 1 is outside the tightened bound: no restart.
  incumbent << 1.0, 0.0, 0.0, 0.5;
  CHECK_FALSE(bnb::restarted_model(lp, {0, 1, 2}, lower, upper, {cut}, incumbent));
}

TEST_CASE("restart: merging keeps the better incumbent, bounds by what was dropped, adds the work") {
  // A search result with an incumbent (x all `value_of_x`), its bound and work.
  auto result = [](bnb::MilpStatus status, double objective, double value_of_x, double bound, long nodes,
                   long iterations, double root_lp_bound) {
    bnb::MilpResult r;
    r.status = status;
    r.has_solution = true;
    r.objective = objective;
    r.x = Eigen::VectorXd::Constant(2, value_of_x);
    r.bound = bound;
    r.nodes = nodes;
    r.lp_iterations = iterations;
    r.root_lp_bound = root_lp_bound;
    return r;
  };
  bnb::MilpResult first = result(bnb::MilpStatus::kNodeLimit, 15.0, 1.0, 10.0, 1, 100, 8.0);
  bnb::MilpResult second = result(bnb::MilpStatus::kOptimal, 12.0, 2.0, 12.0, 7, 50, 11.0);
  bnb::RestartPoint point;
  {
    const bnb::MilpResult r = bnb::merge_restart(first, second, point, lp::ObjectiveSense::kMinimize, 1e-4);
    CHECK(r.status == bnb::MilpStatus::kOptimal);
    CHECK(r.objective == 12.0);
    CHECK(r.x[0] == 2.0);
    CHECK(r.bound == 12.0);
    CHECK(r.nodes == 8);
    CHECK(r.lp_iterations == 150);
    CHECK(r.root_lp_bound == 8.0);
    CHECK(r.restarts == 1);
  }
  {
    // The first search dropped a node of bound 11.9995 within the gap: the
    // answer is no longer proven optimal, but within the gap.
    point.gap_pruned_bound = 11.9995;
    const bnb::MilpResult r = bnb::merge_restart(first, second, point, lp::ObjectiveSense::kMinimize, 1e-4);
    CHECK(r.status == bnb::MilpStatus::kGapLimit);
    CHECK(r.bound == 11.9995);
  }
  {
    // A maximisation: values in the model's sense; the first incumbent is
    // better there (15 > 12), so it stays.
    point.gap_pruned_bound = INFINITY;
    first.bound = 20.0;
    second.bound = 15.0;
    const bnb::MilpResult r = bnb::merge_restart(first, second, point, lp::ObjectiveSense::kMaximize, 1e-4);
    CHECK(r.objective == 15.0);
    CHECK(r.x[0] == 1.0);
    CHECK(r.bound == 15.0);
    CHECK(r.status == bnb::MilpStatus::kOptimal);
  }
  {
    // A time limit stays one; the bound never falls below the first search's.
    second.status = bnb::MilpStatus::kTimeLimit;
    second.bound = 9.0;
    first.bound = 10.0;
    const bnb::MilpResult r = bnb::merge_restart(first, second, point, lp::ObjectiveSense::kMinimize, 1e-4);
    CHECK(r.status == bnb::MilpStatus::kTimeLimit);
    CHECK(r.bound == 10.0);
    CHECK(r.gap == doctest::Approx(2.0 / 12.0));
  }
}

TEST_CASE("restart: lseu restarts at its root and ends at the same optimum as without restarts, twice the same") {
  const lp::LinearProgram model = lp::read_mps_file(test::instance_path("lp/miplib/lseu.mps.gz"));
  bnb::MilpOptions options;
  options.relative_gap = 0.0;
  const bnb::MilpResult restarted = bnb::solve_milp(model, options);
  options.root_restarts = 0;
  const bnb::MilpResult plain = bnb::solve_milp(model, options);
  REQUIRE(restarted.status == bnb::MilpStatus::kOptimal);
  REQUIRE(plain.status == bnb::MilpStatus::kOptimal);
  CHECK(restarted.restarts >= 1);
  CHECK(plain.restarts == 0);
  CHECK(restarted.objective == doctest::Approx(1120.0).epsilon(1e-9));
  CHECK(plain.objective == doctest::Approx(1120.0).epsilon(1e-9));
  CHECK(lp::is_feasible(model, restarted.x, 1e-6, true));
  options.root_restarts = bnb::MilpOptions{}.root_restarts;
  // The reports go on across the restart: nodes and bound never go back,
  // one final report, the handed-on incumbent not announced twice.
  std::vector<bnb::MilpProgress> reports;
  options.progress = [&](const bnb::MilpProgress& p) { reports.push_back(p); };
  options.progress_interval_seconds = 0.0;
  const bnb::MilpResult again = bnb::solve_milp(model, options);
  REQUIRE(reports.size() > 2);
  int finals = 0, incumbents = 0;
  for (size_t k = 0; k < reports.size(); ++k) {
    finals += reports[k].final_report;
    incumbents += reports[k].event == bnb::MilpEvent::kIncumbent;
    if (k == 0) continue;
    CHECK(reports[k].nodes >= reports[k - 1].nodes);
    CHECK(reports[k].bound >= reports[k - 1].bound);
    CHECK(reports[k].objective <= reports[k - 1].objective);
  }
  CHECK(finals == 1);
  CHECK(reports.back().final_report);
  CHECK(reports.back().nodes == again.nodes);
  CHECK(incumbents >= 1);
  CHECK(again.nodes == restarted.nodes);
  CHECK(again.lp_iterations == restarted.lp_iterations);
  CHECK(again.restarts == restarted.restarts);
}
