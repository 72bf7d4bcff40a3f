// The --log lines (apps/progress_line.h): one shape per event, and gaps that
// never read as zero while open.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "progress_line.h"

using namespace milpsac;
using milpsac::cli::gap_percent;
using milpsac::cli::progress_line;

TEST_CASE("gap_percent: an open gap is never printed as zero, a closed one is") {
  CHECK(gap_percent(0.0) == "0");
  CHECK(gap_percent(-1e-12) == "0");
  CHECK(gap_percent(INFINITY) == "-");
  CHECK(gap_percent(NAN) == "-");
  CHECK(gap_percent(0.048) == "4.8");
  CHECK(gap_percent(0.11) == "11");
  for (double gap : {1e-3, 1e-4, 4.9e-4, 1e-6, 1e-9, 1e-13}) {
    CAPTURE(gap);
    const std::string text = gap_percent(gap);
    CHECK(text != "0");
    CHECK(text.find_first_of("123456789") != std::string::npos);  // a significant digit
    CHECK(std::stod(text) == doctest::Approx(100 * gap).epsilon(0.01));
  }
}

TEST_CASE("progress_line: root LP, cut round, solution, search") {
  bnb::MilpProgress p;
  p.seconds = 0.04;
  p.bound = 25.5;
  p.lp_iterations = 412;
  p.event = bnb::MilpEvent::kRootLp;
  CHECK(progress_line("solve", p) == "milp-sac solve: 0.04 s  root LP  objective 25.5  iterations 412");
  p.event = bnb::MilpEvent::kCutRound;
  p.cut_round = 2;
  p.cuts_added = 17;
  p.cut_rows = 36;
  CHECK(progress_line("solve", p) == "milp-sac solve: 0.04 s  cut round 2  +17 cuts (36 in LP)  bound 25.5");
  p.event = bnb::MilpEvent::kIncumbent;
  p.objective = 26;
  p.gap = (26 - 25.5) / 26;
  p.found_by = "diving";
  CHECK(progress_line("solve", p) == "milp-sac solve: 0.04 s  solution 26 by diving  bound 25.5  gap 1.92 %");
  p.event = bnb::MilpEvent::kSearch;
  p.nodes = 7;
  p.gap = 2e-6;
  CHECK(progress_line("sac", p) == "milp-sac sac: 0.04 s  nodes 7  incumbent 26  bound 25.5  gap 0.0002 %");
  p.objective = INFINITY;
  p.gap = INFINITY;
  CHECK(progress_line("sac", p) == "milp-sac sac: 0.04 s  nodes 7  incumbent -  bound 25.5  gap -");
}
