// presolve_equivalence SET NAME: solve one curated MILP of
// tests/data/instances/lp with the root presolve on and off; both must end
// with the status of its row in expected.tsv, the same objective (1e-6
// relative, also against the expected objective), and a point that is
// feasible on the original model. Expected values are read at run time.
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../test_support.h"
#include "../tsv_table.h"
#include "bnb/branch_and_bound.h"
#include "lp/mps/mps.h"
#include "lp/solution_check.h"

namespace {

double relative_error(double a, double b) { return std::fabs(a - b) / std::max(1.0, std::fabs(b)); }

}  // namespace

int main(int argc, char** argv) {
  using namespace milpsac;
  if (argc < 3) {
    std::cerr << "usage: presolve_equivalence SET NAME\n";
    return 2;
  }
  const std::string set = argv[1], name = argv[2];
  const test::TsvTable table = test::read_tsv(test::instance_path("lp/expected.tsv"));
  const test::TsvTable::Row* found = table.find(set, name);
  if (found == nullptr) {
    std::cerr << "no row for " << set << "/" << name << " in expected.tsv\n";
    return 1;
  }
  const test::TsvTable::Row& row = *found;
  const lp::LinearProgram model = lp::read_mps_file(test::instance_path("lp/" + table.cell(row, "file")));
  if (!model.has_integers()) {
    std::cerr << name << " has no integer column\n";
    return 1;
  }
  const std::string expected_status = table.cell(row, "expected_status");
  const std::string expected_objective = table.cell(row, "expected_objective");

  bool ok = true;
  double objectives[2] = {NAN, NAN};
  for (int presolve = 1; presolve >= 0; --presolve) {
    bnb::MilpOptions options;
    options.relative_gap = 1e-6;
    const Deadline clock(120);
    options.deadline = &clock;
    options.presolve = presolve != 0;
    const bnb::MilpResult r = bnb::solve_milp(model, options);
    const bool optimal = r.status == bnb::MilpStatus::kOptimal || r.status == bnb::MilpStatus::kGapLimit;
    std::cout << name << " presolve " << (presolve ? "on" : "off") << ": " << bnb::to_string(r.status) << ", objective "
              << r.objective << ", nodes " << r.nodes << ", removed rows " << r.presolve_removed_rows << ", columns "
              << r.presolve_removed_cols << ", fallback " << r.presolve_fallback << "\n";
    if (r.has_solution && !lp::is_feasible(model, r.x, 1e-6, true)) {
      std::cerr << "reported point violates the model\n";
      ok = false;
    }
    if (expected_status == "infeasible") {
      if (r.status != bnb::MilpStatus::kInfeasible) {
        std::cerr << "expected infeasible, got " << bnb::to_string(r.status) << "\n";
        ok = false;
      }
      continue;
    }
    if (!optimal) {
      std::cerr << "expected optimal, got " << bnb::to_string(r.status) << "\n";
      ok = false;
      continue;
    }
    objectives[presolve] = r.objective;
    if (!expected_objective.empty() && relative_error(r.objective, std::stod(expected_objective)) > 1e-6) {
      std::cerr << "objective " << r.objective << " differs from the expected " << expected_objective << "\n";
      ok = false;
    }
  }
  if (expected_status != "infeasible" && !(relative_error(objectives[1], objectives[0]) <= 1e-6)) {
    std::cerr << "presolve on " << objectives[1] << " and off " << objectives[0] << " differ\n";
    ok = false;
  }
  return ok ? 0 : 1;
}
