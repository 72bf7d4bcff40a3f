// instance_check SET NAME [SEED...]: solve one instance of
// tests/data/instances/lp and compare with its row of expected.tsv (status, and
// objective to 1e-6 relative). One meson test per instance, so a failure names
// the model. With seeds, each transformed copy (lp_transform.h: rows and
// columns rescaled by non-powers of two, permuted, renamed) is checked against
// the same row instead of the original.
//
// Pure LPs go through lp::solve_lp (the checked LP door), MILPs through the
// branch-and-bound.
//
// Expected values are read from the TSV at run time, never copied here.
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../test_support.h"
#include "../tsv_table.h"
#include "bnb/branch_and_bound.h"
#include "common/input_error.h"
#include "lp/mps/mps.h"
#include "lp/simplex.h"
#include "lp/solution_check.h"
#include "lp_transform.h"

namespace {

struct Outcome {
  std::string status;
  double objective = 0.0;
  bool has_solution = false;
  Eigen::VectorXd x;
};

Outcome solve(const milpsac::lp::LinearProgram& model) {
  using namespace milpsac;
  Outcome out;
  if (!model.has_integers()) {
    lp::LpOptions options;
    const Deadline clock(120);
    options.deadline = &clock;
    const lp::LpSolution s = lp::solve_lp(model, options);
    out.status = lp::to_string(s.status);
    out.objective = s.objective;
    out.has_solution = s.status == lp::LpStatus::kOptimal;
    out.x = s.x;
    std::cout << model.name << ": status " << out.status << ", objective " << s.objective << ", iterations "
              << s.iterations << ", primal residual " << s.primal_residual << ", dual residual " << s.dual_residual
              << ", ray residual " << s.ray_residual << "\n";
    return out;
  }
  bnb::MilpOptions options;
  options.relative_gap = 1e-6;
  const Deadline clock(120);
  options.deadline = &clock;
  const bnb::MilpResult result = bnb::solve_milp(model, options);
  out.status = bnb::to_string(result.status);
  if (result.status == bnb::MilpStatus::kGapLimit) out.status = "optimal";
  out.objective = result.objective;
  out.has_solution = result.has_solution;
  out.x = result.x;
  std::cout << model.name << ": status " << out.status << ", objective " << result.objective << ", nodes "
            << result.nodes << ", " << result.seconds << " s\n";
  return out;
}

// True when the outcome on `model` matches the expected status and objective.
bool matches(const milpsac::lp::LinearProgram& model, const std::string& expected_status,
             const std::string& expected_objective) {
  using namespace milpsac;
  const Outcome result = solve(model);
  if (result.has_solution && !lp::is_feasible(model, result.x, 1e-6, true)) {
    std::cerr << "reported point violates the model\n";
    return false;
  }
  if (expected_status == "optimal") {
    if (result.status != "optimal") {
      std::cerr << "expected optimal, got " << result.status << "\n";
      return false;
    }
    if (!expected_objective.empty()) {
      const double expected = std::stod(expected_objective);
      const double error = std::fabs(result.objective - expected) / std::max(1.0, std::fabs(expected));
      if (error > 1e-6) {
        std::cerr << "objective " << result.objective << " differs from " << expected << " (rel " << error << ")\n";
        return false;
      }
    }
    return true;
  }
  if (expected_status == "unbounded") {
    // gas11: HiGHS says unbounded, CBC infeasible; never optimal.
    const bool ok = result.status == "unbounded" || result.status == "infeasible";
    if (!ok) std::cerr << "expected unbounded (or infeasible), got " << result.status << "\n";
    return ok;
  }
  if (expected_status == "infeasible") {
    if (result.status != "infeasible") std::cerr << "expected infeasible, got " << result.status << "\n";
    return result.status == "infeasible";
  }
  std::cerr << "unknown expected status " << expected_status << "\n";
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace milpsac;
  if (argc < 3) {
    std::cerr << "usage: instance_check SET NAME [SEED...]\n";
    return 2;
  }
  const std::string set = argv[1], name = argv[2];
  std::vector<std::uint64_t> seeds;
  for (int k = 3; k < argc; ++k) seeds.push_back(std::stoull(argv[k]));
  const test::TsvTable table = test::read_tsv(test::instance_path("lp/expected.tsv"));
  const test::TsvTable::Row* found = table.find(set, name);
  if (found == nullptr) {
    std::cerr << "no row for " << set << "/" << name << " in expected.tsv\n";
    return 1;
  }
  const test::TsvTable::Row& row = *found;
  const std::string path = test::instance_path("lp/" + table.cell(row, "file"));
  const std::string expected_status = table.cell(row, "expected_status");
  const std::string expected_objective = table.cell(row, "expected_objective");

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
  if (model.name.empty()) model.name = name;
  if (expected_status == "optimal" && expected_objective.empty()) {
    // Reader fixtures whose objective the TSV does not pin ("must parse"):
    // the file must be read and the solve must end in a definite verdict.
    const Outcome result = solve(model);
    const bool definite = result.status == "optimal" || result.status == "infeasible" || result.status == "unbounded";
    if (!definite) std::cerr << "no definite verdict: " << result.status << "\n";
    if (result.has_solution && !lp::is_feasible(model, result.x, 1e-6, true)) {
      std::cerr << "reported point violates the model\n";
      return 1;
    }
    return definite ? 0 : 1;
  }
  if (seeds.empty()) return matches(model, expected_status, expected_objective) ? 0 : 1;
  bool all = true;
  for (const std::uint64_t seed : seeds) {
    const lp::LinearProgram copy = test::transformed_copy(model, seed);
    if (!matches(copy, expected_status, expected_objective)) {
      std::cerr << "transformed copy with seed " << seed << " fails\n";
      all = false;
    }
  }
  return all ? 0 : 1;
}
