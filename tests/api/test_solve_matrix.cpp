// The solve matrix of issue 42, the C++ API's column: api::solve_file (a
// file, read under the call's clock) and api::solve (a model in memory) give
// for each case of instances/lp/solve_matrix/expected.json the status,
// objective, duals and message that `milp-sac solve` and the Python package
// give (python/tests/test_solve_matrix.py reads the same table).
//
// Each stop is triggered without timing: a time limit of 1e-9 s passes
// before the first poll (of the reader for a file, of the solve for a model
// in memory); an interrupt flag raised before the call stops the reading (a
// file) or the solve (a model in memory); and a progress callback that raises
// the flag at the root LP stops the search at its next poll.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../test_support.h"
#include "api/model_io.h"
#include "api/solve.h"

using namespace milpsac;
using Json = nlohmann::json;

namespace {

std::string matrix_path(const std::string& file) { return test::instance_path("lp/solve_matrix/" + file); }

Json expected_table() {
  std::ifstream in(matrix_path("expected.json"));
  REQUIRE(in);
  return Json::parse(in);
}

// The expected values by name, in the model's column or row order.
void check_named(const Json& expected, const std::vector<double>& got, const std::vector<std::string>& names,
                 const char* what) {
  INFO(what);
  if (expected.is_null()) {
    CHECK(got.empty());
    return;
  }
  REQUIRE(got.size() == names.size());
  for (size_t k = 0; k < names.size(); ++k) CHECK(got[k] == doctest::Approx(expected.at(names[k]).get<double>()));
}

// One row of the table against one solution; `input` replaces INPUT in the messages.
void check_case(const std::string& name, const api::Solution& s, const std::string& input) {
  const Json row = expected_table().at(name);
  INFO(name);
  CHECK(s.status_text() == row.at("status").get<std::string>());
  if (row.at("objective").is_null())
    CHECK_FALSE(s.has_solution);
  else
    CHECK(s.objective == doctest::Approx(row.at("objective").get<double>()));
  const api::Model model = api::read_model(matrix_path(row.at("model").get<std::string>()));
  check_named(row.at("row_duals"), s.row_duals, model.row_names, "row_duals");
  check_named(row.at("reduced_costs"), s.reduced_costs, model.col_names, "reduced_costs");
  std::vector<std::string> message;
  for (std::string text : row.at("message").get<std::vector<std::string>>()) {
    const size_t at = text.find("INPUT");
    if (at != std::string::npos) text.replace(at, 5, input);
    message.push_back(text);
  }
  CHECK(s.warnings == message);
}

api::Solution solve_case_file(const std::string& name, const api::SolveOptions& options = {}) {
  return api::solve_file(matrix_path(expected_table().at(name).at("model").get<std::string>()), options);
}

api::Solution solve_case_in_memory(const std::string& name, const api::SolveOptions& options = {}) {
  return api::solve(api::read_model(matrix_path(expected_table().at(name).at("model").get<std::string>())), options);
}

}  // namespace

TEST_CASE("solve matrix: the answers, from a file and from memory") {
  for (const char* name : {"optimal LP", "optimal MILP", "infeasible"}) {
    const std::string file = matrix_path(expected_table().at(name).at("model").get<std::string>());
    check_case(name, solve_case_file(name), file);
    check_case(name, solve_case_in_memory(name), "model");
  }
}

TEST_CASE("solve matrix: a time limit while reading, and while solving") {
  api::SolveOptions options;
  options.time_limit_seconds = 1e-9;
  const std::string file = matrix_path("milp.mps");
  check_case("time limit while reading", solve_case_file("time limit while reading", options), file);
  check_case("time limit while solving", solve_case_in_memory("time limit while solving", options), "model");
}

TEST_CASE("solve matrix: interrupted while reading, and while solving") {
  const std::atomic<bool> raised{true};
  api::SolveOptions options;
  options.interrupt = &raised;
  const std::string file = matrix_path("milp.mps");
  check_case("interrupted while reading", solve_case_file("interrupted while reading", options), file);
  check_case("interrupted while solving", solve_case_in_memory("interrupted while solving", options), "model");
}

TEST_CASE("solve matrix: a callback that raises the flag at the root LP stops the search there") {
  std::atomic<bool> stop{false};
  api::SolveOptions options;
  options.interrupt = &stop;
  options.log_interval_seconds = 0.0;
  options.progress = [&stop](const api::Progress& p) {
    if (p.event == api::Event::kRootLp) stop.store(true);
  };
  const api::Solution s = solve_case_file("interrupted while solving", options);
  REQUIRE(stop.load());  // the root LP was reached: the file was read
  check_case("interrupted while solving", s, matrix_path("milp.mps"));
}
