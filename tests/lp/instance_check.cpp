// instance_check SET NAME: solve one instance of ../shared/instances/lp and
// compare with its row of expected.tsv (status, and objective to 1e-6
// relative). One meson test per instance, so a failure names the model.
//
// Expected values are read from the TSV at run time, never copied here.
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bnb/branch_and_bound.h"
#include "common/input_error.h"
#include "lp/mps.h"
#include "lp/solution_check.h"
#include "../test_support.h"

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, '\t')) fields.push_back(field);
  if (!line.empty() && line.back() == '\t') fields.emplace_back();
  return fields;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace milpsac;
  if (argc != 3) {
    std::cerr << "usage: instance_check SET NAME\n";
    return 2;
  }
  const std::string set = argv[1], name = argv[2];
  std::ifstream tsv(test::instance_path("lp/expected.tsv"));
  std::string line;
  std::getline(tsv, line);
  const std::vector<std::string> header = split_tabs(line);
  auto column = [&](const std::string& key) {
    for (size_t i = 0; i < header.size(); ++i)
      if (header[i] == key) return i;
    std::cerr << "expected.tsv has no column " << key << "\n";
    std::exit(2);
  };
  std::vector<std::string> row;
  while (std::getline(tsv, line)) {
    auto fields = split_tabs(line);
    if (fields.size() > 2 && fields[column("set")] == set && fields[column("name")] == name) row = fields;
  }
  if (row.empty()) {
    std::cerr << "no row for " << set << "/" << name << " in expected.tsv\n";
    return 1;
  }
  const std::string path = test::instance_path("lp/" + row[column("file")]);
  const std::string expected_status = row[column("expected_status")];
  const std::string expected_objective = row[column("expected_objective")];

  lp::LinearProgram model;
  try {
    model = lp::read_mps_file(path);
  } catch (const InputError& e) {
    if (expected_status == "parse_error") {
      std::cout << name << ": rejected as expected: " << e.what() << "\n";
      const bool names_file = std::string(e.what()).find(path) != std::string::npos;
      if (!names_file) std::cerr << "error message does not name the file\n";
      return names_file ? 0 : 1;
    }
    std::cerr << name << ": unexpected parse error: " << e.what() << "\n";
    return 1;
  }
  if (expected_status == "parse_error") {
    std::cerr << name << ": expected a parse error, the file was accepted\n";
    return 1;
  }
  bnb::MilpOptions options;
  options.relative_gap = 1e-6;
  options.time_limit_seconds = 120;
  const bnb::MilpResult result = bnb::solve_milp(model, options);
  const std::string status = bnb::to_string(result.status);
  std::cout << name << ": status " << status << ", objective " << result.objective << ", nodes " << result.nodes
            << ", " << result.seconds << " s\n";
  if (expected_status == "optimal" && expected_objective.empty()) {
    // Reader fixtures whose objective the TSV does not pin ("must parse"):
    // the file must be read and the solve must end in a definite verdict.
    // warnings.mps, read with HiGHS's or our duplicate rules, has columns with
    // lower 1 > upper -1 and so is infeasible; see the LP issue note.
    const bool definite = result.status == bnb::MilpStatus::kOptimal || result.status == bnb::MilpStatus::kInfeasible ||
                          result.status == bnb::MilpStatus::kUnbounded;
    if (!definite) std::cerr << "no definite verdict: " << status << "\n";
    if (result.has_solution && !lp::is_feasible(model, result.x, 1e-6, true)) {
      std::cerr << "reported point violates the model\n";
      return 1;
    }
    return definite ? 0 : 1;
  }
  if (expected_status == "optimal") {
    if (!(result.status == bnb::MilpStatus::kOptimal || result.status == bnb::MilpStatus::kGapLimit)) {
      std::cerr << "expected optimal, got " << status << "\n";
      return 1;
    }
    if (!lp::is_feasible(model, result.x, 1e-6, true)) {
      std::cerr << "reported point violates the model\n";
      return 1;
    }
    if (!expected_objective.empty()) {
      const double expected = std::stod(expected_objective);
      const double error = std::fabs(result.objective - expected) / std::max(1.0, std::fabs(expected));
      if (error > 1e-6) {
        std::cerr << "objective " << result.objective << " differs from " << expected << " (rel " << error << ")\n";
        return 1;
      }
    }
    return 0;
  }
  if (expected_status == "unbounded") {
    // gas11: HiGHS says unbounded, CBC infeasible; never optimal.
    const bool ok = result.status == bnb::MilpStatus::kUnbounded || result.status == bnb::MilpStatus::kInfeasible;
    if (!ok) std::cerr << "expected unbounded (or infeasible), got " << status << "\n";
    return ok ? 0 : 1;
  }
  if (expected_status == "infeasible") {
    if (result.status != bnb::MilpStatus::kInfeasible) std::cerr << "expected infeasible, got " << status << "\n";
    return result.status == bnb::MilpStatus::kInfeasible ? 0 : 1;
  }
  std::cerr << "unknown expected status " << expected_status << "\n";
  return 1;
}
