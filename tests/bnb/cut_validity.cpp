// cut_validity NAME: solve the MIPLIB model NAME (a curated one of
// tests/data/instances/lp, its optimum checked against expected.tsv, or else a
// MIPLIB 3 model of tests/data/data/lp with its reference objective from
// INDEX.tsv; both read at run time), then run root separation rounds (GMI,
// lifted covers, c-MIR, cliques, implied bounds) and check that no candidate cut cuts off that
// optimal solution. One meson test per model.
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../test_support.h"
#include "../tsv_table.h"
#include "bnb/branch_and_bound.h"
#include "cut_rounds.h"
#include "lp/mps/mps.h"
#include "lp/solution_check.h"

namespace {}  // namespace

int main(int argc, char** argv) {
  using namespace milpsac;
  if (argc != 2) {
    std::cerr << "usage: cut_validity NAME\n";
    return 2;
  }
  const std::string name = argv[1];
  const test::TsvTable table = test::read_tsv(test::instance_path("lp/expected.tsv"));
  const test::TsvTable index = test::read_tsv(test::test_data_dir() + "/data/lp/INDEX.tsv");
  std::string file;
  double expected = NAN;
  if (const test::TsvTable::Row* row = table.find("miplib", name);
      row != nullptr && table.cell(*row, "expected_status") == "optimal") {
    file = test::instance_path("lp/" + table.cell(*row, "file"));
    expected = std::stod(table.cell(*row, "expected_objective"));
  } else if (const test::TsvTable::Row* entry = index.find("miplib3", name);
             entry != nullptr && index.cell(*entry, "cbc_status") == "optimal") {
    file = test::test_data_dir() + "/data/lp/" + index.cell(*entry, "file");
    expected = std::stod(index.cell(*entry, "published_optimum"));
  } else {
    std::cerr << "no optimal miplib row for " << name << " in expected.tsv or INDEX.tsv\n";
    return 1;
  }
  const lp::LinearProgram model = lp::read_mps_file(file);
  bnb::MilpOptions options;
  options.relative_gap = 0;
  const Deadline clock(300);
  options.deadline = &clock;
  const bnb::MilpResult solved = bnb::solve_milp(model, options);
  if (!solved.has_solution || std::fabs(solved.objective - expected) > 1e-6 * std::max(1.0, std::fabs(expected)) ||
      !lp::is_feasible(model, solved.x, 1e-6, true)) {
    std::cerr << name << ": could not get a verified optimum (" << bnb::to_string(solved.status) << ")\n";
    return 1;
  }
  // Integer columns exactly integral: the point a cut must keep.
  Eigen::VectorXd optimum = solved.x;
  for (int j = 0; j < model.num_cols(); ++j)
    if (model.is_integer[static_cast<size_t>(j)]) optimum[j] = std::round(optimum[j]);
  const Eigen::VectorXd rounded = (optimum - solved.x).cwiseAbs();
  int violated = 0;
  const auto rounds = test::run_cut_rounds(model, 8, [&](const bnb::Cut& cut, int separator) {
    // The optimum holds the rows only within a relative tolerance, and rounding
    // its integer columns moved it by `rounded`: a cut as tight as a model row
    // (pp08a: x - 40 y <= 0, which the solver's point misses by 8.5e-6) may be
    // violated by that much without cutting anything off. So the tolerance is
    // relative to the coefficients too, not only to the activity.
    const double scale = 1.0 + cut.a.cwiseAbs().dot(optimum.cwiseAbs()) + cut.a.lpNorm<1>();
    if (bnb::cut_violation(cut, optimum) > 1e-6 * scale + cut.a.cwiseAbs().dot(rounded)) {
      ++violated;
      std::cout << name << ": a " << test::separator_name(separator) << " cut is violated by "
                << bnb::cut_violation(cut, optimum) << " at the optimum\n";
    }
  });
  std::cout << name << ": " << rounds.candidates << " candidate cuts (";
  for (int s = 0; s < test::kNumSeparators; ++s)
    std::cout << (s ? ", " : "") << test::separator_name(s) << " " << rounds.by_separator[static_cast<size_t>(s)];
  std::cout << "), " << violated << " cut off the optimum; LP bound " << rounds.root_bound << " -> "
            << rounds.final_bound << "\n";
  if (rounds.candidates == 0) std::cout << name << ": no cut separated (nothing to check)\n";
  return violated == 0 ? 0 : 1;
}
