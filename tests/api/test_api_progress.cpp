// The C++ API's events and callbacks (api/progress.h, api/solve.h): one event
// per line, start first and finish last, no duplicates for a one-node solve;
// no incumbent before the first solution (NaN, never -inf for a
// maximisation); the incumbent callback's x in the model's columns; a MIP
// start used as the first incumbent, or ignored with a warning when
// infeasible; no -0 among duals; the bound never gets worse (bell5, and the
// bound of a search interrupted in its root cut rounds).
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "../test_support.h"
#include "api/model_io.h"
#include "api/solve.h"
#include "bnb/branch_and_bound.h"
#include "common/input_error.h"
#include "lp/mps/mps.h"

using namespace milpsac;

namespace {

// maximise 3x + 2y  s.t.  x + y <= 4,  x + 3y <= 6,  0 <= x <= 3, x, y integer: 11 at (3, 1).
api::Model small_max_mip() {
  api::Model m;
  m.sense = api::ObjectiveSense::kMaximize;
  const int x = api::add_col(m, 3.0, 0.0, 3.0, true, "x");
  const int y = api::add_col(m, 2.0, 0.0, options::kNone, true, "y");
  api::add_row(m, -options::kNone, 4.0, {x, y}, {1.0, 1.0}, "c1");
  api::add_row(m, -options::kNone, 6.0, {x, y}, {1.0, 3.0}, "c2");
  return m;
}

struct Recorded {
  std::vector<api::Progress> events;
  std::vector<std::string> lines;
  std::vector<std::vector<double>> points;
  std::vector<double> point_objectives;
};

api::SolveOptions recording(Recorded& r) {
  api::SolveOptions o;
  o.progress = [&r](const api::Progress& p) { r.events.push_back(p); };
  o.log = [&r](const std::string& line) { r.lines.push_back(line); };
  o.incumbent = [&r](const api::Progress& p, const std::vector<double>& x) {
    r.points.push_back(x);
    r.point_objectives.push_back(p.incumbent);
  };
  return o;
}

// The best bound of each event is never worse than an earlier one.
void check_monotone(const std::vector<api::Progress>& events, bool maximize) {
  double best = NAN;
  for (const api::Progress& p : events) {
    if (std::isnan(p.bound)) continue;
    CAPTURE(api::to_string(p));
    if (!std::isnan(best)) CHECK((maximize ? p.bound <= best : p.bound >= best));
    best = p.bound;
  }
}

}  // namespace

TEST_CASE("a small MILP: start first, finish last, one line per event, no duplicates, x in the model's columns") {
  Recorded r;
  const api::Solution s = api::solve(small_max_mip(), recording(r));
  REQUIRE(s.status == api::Status::kOptimal);
  CHECK(s.status_text() == "optimal");
  CHECK(s.objective == doctest::Approx(11.0));
  CHECK(s.nodes >= 1);
  CHECK(s.iterations >= 1);
  CHECK(s.seconds >= 0.0);
  REQUIRE(r.events.size() >= 3);
  CHECK(r.events.size() == r.lines.size());
  CHECK(r.events.front().event == api::Event::kStart);
  CHECK(r.events.front().cols == 2);
  CHECK(r.events.back().event == api::Event::kFinish);
  CHECK(r.events.back().status == api::Status::kOptimal);
  CHECK(r.events.back().incumbent == doctest::Approx(11.0));
  for (size_t k = 0; k < r.events.size(); ++k) {
    const api::Progress& p = r.events[k];
    CAPTURE(r.lines[k]);
    CHECK(r.lines[k] == api::to_string(p));
    CHECK(r.lines[k].find("inf") == std::string::npos);  // unknown values print as "-"
    if (k > 0 && k + 1 < r.events.size()) CHECK(p.event != api::Event::kStart);
    if (k + 1 < r.events.size()) CHECK(p.event != api::Event::kFinish);
    // A maximisation has no incumbent before its first solution: NaN, not -inf.
    if (p.has_incumbent()) CHECK(std::isfinite(p.incumbent));
    if (k > 0) CHECK(r.lines[k].substr(r.lines[k].find("  ")) != r.lines[k - 1].substr(r.lines[k - 1].find("  ")));
  }
  CHECK(!r.events.front().has_incumbent());
  check_monotone(r.events, true);
  // Every incumbent reached the callback, over the model's two columns, feasible.
  REQUIRE(!r.points.empty());
  for (size_t k = 0; k < r.points.size(); ++k) {
    REQUIRE(r.points[k].size() == 2);
    const double x = r.points[k][0], y = r.points[k][1];
    CHECK(x + y <= 4.0 + 1e-9);
    CHECK(x + 3 * y <= 6.0 + 1e-9);
    CHECK(3 * x + 2 * y == doctest::Approx(r.point_objectives[k]));
  }
  CHECK(r.point_objectives.back() == doctest::Approx(11.0));
}

TEST_CASE("an LP: start and finish only; duals are never -0") {
  // min x + y, x + y >= 0 (degenerate: duals 0 or 1 either way), x, y in [0, 5]; max flips signs.
  for (const api::ObjectiveSense sense : {api::ObjectiveSense::kMinimize, api::ObjectiveSense::kMaximize}) {
    api::Model m;
    m.sense = sense;
    api::add_col(m, 0.0, 0.0, 5.0);
    api::add_col(m, 0.0, 0.0, 5.0);
    api::add_row(m, 0.0, options::kNone, {0, 1}, {1.0, 1.0});
    Recorded r;
    const api::Solution s = api::solve(m, recording(r));
    REQUIRE(s.status == api::Status::kOptimal);
    REQUIRE(r.events.size() == 2);
    CHECK(r.events[0].event == api::Event::kStart);
    CHECK(r.events[1].event == api::Event::kFinish);
    for (double v : s.row_duals) CHECK(!std::signbit(v == 0.0 ? v : 1.0));
    for (double v : s.reduced_costs) CHECK(!std::signbit(v == 0.0 ? v : 1.0));
  }
}

TEST_CASE("a MIP start: used as the first incumbent when feasible, ignored with a warning when not") {
  api::Model m = small_max_mip();
  Recorded r;
  api::SolveOptions o = recording(r);
  o.initial_solution = {2.0, 1.0};  // feasible, objective 8
  const api::Solution s = api::solve(m, o);
  CHECK(s.status == api::Status::kOptimal);
  CHECK(s.warnings.empty());
  REQUIRE(!r.points.empty());
  CHECK(r.points.front() == std::vector<double>{2.0, 1.0});
  const auto first = std::find_if(r.events.begin(), r.events.end(),
                                  [](const api::Progress& p) { return p.event == api::Event::kIncumbent; });
  REQUIRE(first != r.events.end());
  CHECK(first->found_by == "initial solution");
  CHECK(first->incumbent == doctest::Approx(8.0));

  o.initial_solution = {3.0, 3.0};  // breaks c2: 3 + 9 > 6
  const api::Solution ignored = api::solve(m, o);
  CHECK(ignored.status == api::Status::kOptimal);
  REQUIRE(ignored.warnings.size() == 1);
  CHECK(ignored.warnings[0] == "initial_solution: row 'c2' is 12, above its upper bound 6; ignored");

  o.initial_solution = {1.0};
  CHECK_THROWS_WITH_AS(api::solve(m, o), "initial_solution: 1 values for 2 columns", InputError);
  o.initial_solution = {1.0, NAN};
  CHECK_THROWS_WITH_AS(api::solve(m, o), "initial_solution: column 'y' is not a finite number", InputError);
}

TEST_CASE("write_mps and read_model give the model back; an LP file reads too") {
  const api::Model m = small_max_mip();
  const std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/api_write_" +
                           std::to_string(reinterpret_cast<std::uintptr_t>(&m)) + ".mps";
  api::write_mps(m, path);
  const api::Model back = api::read_model(path);
  std::remove(path.c_str());
  CHECK(back.num_cols() == 2);
  CHECK(back.num_rows() == 2);
  CHECK(back.sense == api::ObjectiveSense::kMaximize);
  CHECK(api::solve(back).objective == doctest::Approx(11.0));
  const api::Model knapsack = api::read_model(test::instance_path("lp/pulp/knapsack.lp"));
  CHECK(knapsack.num_cols() == 8);
  CHECK(api::solve(knapsack).status == api::Status::kOptimal);
  CHECK_THROWS_AS(api::write_mps(m, "/nonexistent/dir/m.mps"), InputError);
}

TEST_CASE("bell5: the reported bound never goes down, through the cut rounds and the search") {
  const api::Model bell5 = api::read_model(test::instance_path("lp/miplib/bell5.mps.gz"));
  Recorded r;
  api::SolveOptions o = recording(r);
  o.log_interval_seconds = 0.0;  // every node log
  // Enough nodes for an incumbent (the search finds its first one after 300 to
  // 600 nodes since the root cut changes), so the bound is checked beside it.
  o.node_limit = 1500;
  const api::Solution s = api::solve(bell5, o);
  CHECK(s.has_solution);
  int cut_rounds = 0;
  for (const api::Progress& p : r.events) cut_rounds += p.event == api::Event::kCutRound ? 1 : 0;
  CHECK(cut_rounds >= 1);
  check_monotone(r.events, false);
  CHECK(s.bound >= r.events[r.events.size() - 2].bound);
}

TEST_CASE("a search interrupted in its root cut rounds reports the best cut round's bound, not the root LP's") {
  const lp::LinearProgram bell5 = lp::read_mps_file(test::instance_path("lp/miplib/bell5.mps.gz"));
  std::atomic<bool> stop{false};
  const Deadline clock(options::kNone, &stop);
  bnb::MilpOptions o;
  o.deadline = &clock;
  o.presolve = false;
  double root_lp = NAN, best_round = -INFINITY;
  o.progress = [&](const bnb::MilpProgress& p) {
    if (p.event == bnb::MilpEvent::kRootLp) root_lp = p.bound;
    if (p.event == bnb::MilpEvent::kCutRound) {
      best_round = std::max(best_round, p.bound);
      if (p.cut_round >= 2) stop = true;
    }
  };
  const bnb::MilpResult r = bnb::solve_milp(bell5, o);
  REQUIRE(std::isfinite(root_lp));
  REQUIRE(best_round > root_lp);  // the cuts raised it
  CHECK(r.bound >= best_round);
}
