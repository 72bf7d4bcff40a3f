// The analyze door (analysis/analyze_job.h): the liveness pass polls the
// call's clock, so a raised interrupt flag stops it with "interrupted while
// analysing the graph" (issue 46 item 4: before, only the reading polled);
// a flag never raised changes nothing.
#include <doctest/doctest.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/analyze_job.h"
#include "common/deadline.h"

using namespace milpsac;
using namespace milpsac::analysis;

namespace {

// "n" + number, built with += (GCC 12 warns falsely, -Wrestrict, on
// literal + std::string temporaries; as test_analysis.cpp's).
std::string numbered(std::size_t i) {
  std::string s("n");
  s += std::to_string(i);
  return s;
}

// A chain of `n` forward nodes, then a loss (enough nodes for several polls).
AutogradGraph chain(std::size_t n) {
  nlohmann::json nodes = nlohmann::json::array();
  for (std::size_t i = 0; i < n; ++i) {
    nlohmann::json inputs = nlohmann::json::array();
    if (i > 0) inputs.push_back(numbered(i - 1));
    nodes.push_back({{"name", numbered(i)},
                     {"stage", i == 0 ? "placeholder" : "forward"},
                     {"saved", true},
                     {"out_bytes", 4},
                     {"inputs", inputs}});
  }
  return parse_autograd_graph(nlohmann::json{{"nodes", nodes}}, "chain.json");
}

}  // namespace

TEST_CASE("the liveness pass stops at a raised interrupt flag, naming the input") {
  const AutogradGraph graph = chain(10000);
  std::atomic<bool> flag{true};
  // Read with no clock, so that it is the pass that sees the flag.
  const AnalyzeReport report = analyze_graph([&](const Deadline*) { return graph; }, "chain.json", &flag);
  CHECK_FALSE(report.finished);
  CHECK(report.interrupted);
  CHECK(report.stop_message == "chain.json: interrupted while analysing the graph");
  const nlohmann::ordered_json out = analyze_json(report);
  CHECK(out["status"] == "interrupted");
  CHECK(out["message"] == report.stop_message);
  CHECK_FALSE(out.contains("fwd_flop"));
}

TEST_CASE("the pass polls its deadline directly too") {
  const Deadline expired(0.0);
  CHECK_THROWS_AS(analyze_autograd_graph(chain(10), &expired), TimeLimitReached);
}

TEST_CASE("a flag never raised: the door's report is the pass's numbers") {
  const AutogradGraph graph = chain(5000);
  std::atomic<bool> flag{false};
  const AnalyzeReport report = analyze_graph([&](const Deadline*) { return graph; }, "chain.json", &flag);
  REQUIRE(report.finished);
  const GraphInfo direct = analyze_autograd_graph(graph);
  CHECK(report.num_nodes == 5000);
  CHECK(report.info.fwd_mem_tmp == direct.fwd_mem_tmp);
  CHECK(report.info.fwd_mem_in == direct.fwd_mem_in);
  CHECK(analyze_json(report)["num_nodes"] == 5000);
}
