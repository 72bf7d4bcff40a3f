// netlib_check GROUP GROUPS [MAX_ROWS]: solve the Netlib models of
// tests/data/data/lp/INDEX.tsv with at most MAX_ROWS rows (default 1000) whose
// position in the file is GROUP modulo GROUPS, through lp::solve_lp, and check
// each objective against CBC's (or the published) optimum, 1e-6 relative.
// Prints one line per model; fails naming every model that fails. The list
// and the reference values are read at run time.
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../test_support.h"
#include "../tsv_table.h"
#include "common/input_error.h"
#include "lp/mps/mps.h"
#include "lp/simplex.h"

int main(int argc, char** argv) {
  using namespace milpsac;
  if (argc < 3) {
    std::cerr << "usage: netlib_check GROUP GROUPS [MAX_ROWS]\n";
    return 2;
  }
  const int group = std::stoi(argv[1]), groups = std::stoi(argv[2]);
  const int max_rows = argc > 3 ? std::stoi(argv[3]) : 1000;
  const std::string data = test::test_data_dir() + "/data/lp/";
  test::TsvTable index;
  try {
    index = test::read_tsv(data + "INDEX.tsv");
  } catch (const std::runtime_error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  int position = -1, checked = 0;
  std::vector<std::string> failures;
  for (const test::TsvTable::Row& f : index.rows) {
    auto cell = [&](const std::string& key) { return index.cell(f, key); };
    if (cell("cbc_status").empty() || cell("set") != "netlib") continue;
    if (std::stoi(cell("rows")) > max_rows) continue;
    if (++position % groups != group) continue;
    const std::string name = cell("name");
    const bool cbc_optimal = cell("cbc_status") == "optimal" && !cell("cbc_objective").empty();
    const double expected = std::stod(cbc_optimal ? cell("cbc_objective") : cell("published_optimum"));
    lp::LinearProgram model;
    try {
      model = lp::read_mps_file(data + cell("file"));
    } catch (const InputError& e) {
      std::cerr << name << ": " << e.what() << "\n";
      failures.push_back(name);
      continue;
    }
    lp::LpOptions options;
    const Deadline clock(300);
    options.deadline = &clock;
    const lp::LpSolution s = lp::solve_lp(model, options);
    const double error = std::fabs(s.objective - expected) / std::max(1.0, std::fabs(expected));
    const bool ok = s.status == lp::LpStatus::kOptimal && error <= 1e-6;
    std::cout << name << ": " << lp::to_string(s.status) << ", objective " << s.objective << " (reference " << expected
              << ", rel " << error << "), iterations " << s.iterations << (ok ? "" : "  FAILED") << "\n";
    ++checked;
    if (!ok) failures.push_back(name);
  }
  if (checked == 0) {
    std::cerr << "no model in group " << group << " of " << groups << "\n";
    return 1;
  }
  for (const auto& name : failures) std::cerr << "failed: " << name << "\n";
  return failures.empty() ? 0 : 1;
}
