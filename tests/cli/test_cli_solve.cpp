// `milp-sac solve` output: valid JSON whatever bytes the MPS names hold (Latin-1
// names transcoded), the x object in column order for models with thousands
// of columns, --write-solution in HiGHS's layout with the same values, and a
// table without scientific notation.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_test_support.h"

using namespace milpsac;
using nlohmann::json;

namespace {

// min sum x_j  s.t.  x_j >= j % 3 (as rows), x_j <= 10; optimum x_j = j % 3.
std::string many_columns_mps(int n) {
  std::ostringstream m;
  m << "NAME many\nROWS\n N obj\n";
  for (int j = 0; j < n; ++j) m << " G r" << j << "\n";
  m << "COLUMNS\n";
  for (int j = 0; j < n; ++j) m << " c" << j << " obj 1 r" << j << " 1\n";
  m << "RHS\n";
  for (int j = 0; j < n; ++j) m << " rhs r" << j << " " << j % 3 << "\n";
  m << "BOUNDS\n";
  for (int j = 0; j < n; ++j) m << " UP bnd c" << j << " 10\n";
  m << "ENDATA\n";
  return m.str();
}

}  // namespace

TEST_CASE("solve: names that are not UTF-8 are transcoded, the JSON stays valid") {
  const std::string mps =
      "NAME latin\nROWS\n N obj\n G r\xe9g\nCOLUMNS\n x\xe9 obj 1 r\xe9g 1\n y obj 2 r\xe9g 1\n"
      "RHS\n rhs r\xe9g 3\nBOUNDS\n UP bnd x\xe9 2\nENDATA\n";
  test::TempFile input(mps, ".mps");
  const test::CliRun run = test::run_cli("solve '" + input.path + "'");
  CAPTURE(run.err);
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);  // throws on invalid UTF-8
  CHECK(out["status"] == "optimal");
  CHECK(out["x"].contains("x\xc3\xa9"));  // U+00E9 in UTF-8
  CHECK(out["x"]["x\xc3\xa9"].get<double>() == doctest::Approx(2.0));
  CHECK(out["x"]["y"].get<double>() == doctest::Approx(1.0));
  const test::CliRun table = test::run_cli("solve '" + input.path + "' --format table");
  CHECK(table.exit_code == 0);
  CHECK(table.out.find("x\xc3\xa9") != std::string::npos);
}

TEST_CASE("solve: x lists every column in order, for thousands of columns") {
  const int n = 3000;
  test::TempFile input(many_columns_mps(n), ".mps");
  const test::CliRun run = test::run_cli("solve '" + input.path + "'");
  CAPTURE(run.err);
  REQUIRE(run.exit_code == 0);
  const nlohmann::ordered_json out = nlohmann::ordered_json::parse(run.out);
  REQUIRE(out["x"].size() == static_cast<size_t>(n));
  int j = 0;
  for (const auto& [name, value] : out["x"].items()) {
    CHECK(name == "c" + std::to_string(j));
    CHECK(value.get<double>() == doctest::Approx(j % 3));
    ++j;
  }
  CHECK(out["objective"].get<double>() == doctest::Approx(n / 3 * 3.0));
  // A pure LP also reports how well its answer holds on the original data.
  // An optimal pure LP also has its duals, one per row and one per column.
  const std::vector<std::string> keys = {"schema", "status",        "objective",    "bound",        "gap",
                                         "nodes",  "lp_iterations", "seconds",      "read_seconds", "check",
                                         "x",      "row_duals",     "reduced_costs"};
  std::vector<std::string> got;
  for (const auto& [key, value] : out.items()) got.push_back(key);
  CHECK(got == keys);
  // Reading is a part of the whole time.
  CHECK(out["read_seconds"].get<double>() >= 0.0);
  CHECK(out["read_seconds"].get<double>() <= out["seconds"].get<double>());
  CHECK(out["reduced_costs"].size() == static_cast<size_t>(n));
  CHECK(out["check"]["primal_residual"].get<double>() <= 1e-6);
  CHECK(out["check"]["dual_residual"].get<double>() <= 1e-6);
}

TEST_CASE("solve: a MILP says where its LP iterations went") {
  // lseu branches (strong branching), cuts at its root (separation), dives
  // and runs RENS: every share is spent, and the three within the search's
  // own LP add up to no more than its total.
  const test::CliRun run = test::run_cli("solve '" + test::instance_path("lp/miplib/lseu.mps.gz") + "'");
  CAPTURE(run.err);
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out["status"] == "optimal");
  const long total = out["lp_iterations"].get<long>();
  const json& by = out["lp_iterations_by"];
  const long strong = by["strong_branching"].get<long>(), separation = by["separation"].get<long>();
  const long heuristics = by["heuristics"].get<long>(), sub_mips = by["sub_mips"].get<long>();
  CHECK(strong > 0);
  CHECK(separation > 0);
  CHECK(heuristics > 0);
  CHECK(sub_mips > 0);
  CHECK(strong + separation + heuristics < total);  // the root LP and the nodes' own LPs are the rest
}

TEST_CASE("solve --write-solution: HiGHS layout, the same values as the JSON") {
  test::TempFile solution("", ".sol");
  const test::CliRun run =
      test::run_cli("solve " + test::example("smalllp.mps") + " --write-solution '" + solution.path + "'");
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  std::istringstream file(test::read_text(solution.path));
  std::string line;
  std::getline(file, line);
  CHECK(line == "Model status");
  std::getline(file, line);
  CHECK(line == "Optimal");
  std::getline(file, line);
  std::getline(file, line);
  CHECK(line == "# Primal solution values");
  std::getline(file, line);
  CHECK(line == "Feasible");
  std::string word;
  double objective = 0.0;
  file >> word >> objective;
  CHECK(word == "Objective");
  CHECK(objective == doctest::Approx(out["objective"].get<double>()));
  std::string hash, columns;
  size_t count = 0;
  file >> hash >> columns >> count;
  CHECK(columns == "Columns");
  REQUIRE(count == out["x"].size());
  for (size_t j = 0; j < count; ++j) {
    std::string name;
    double value = 0.0;
    file >> name >> value;
    CAPTURE(name);
    REQUIRE(out["x"].contains(name));
    CHECK(value == out["x"][name].get<double>());  // 17 digits round-trip exactly
  }
  file >> hash >> columns >> count;
  CHECK(columns == "Rows");
  for (size_t i = 0; i < count; ++i) file >> word >> objective;  // row activities
  // The dual section: reduced costs and row duals, the JSON's values.
  std::getline(file, line);
  std::getline(file, line);
  std::getline(file, line);
  CHECK(line == "# Dual solution values");
  std::getline(file, line);
  CHECK(line == "Feasible");
  const auto same_values = [&file](const json& values, const char* section) {
    std::string hash_word, section_word;
    size_t n = 0;
    file >> hash_word >> section_word >> n;
    CHECK(section_word == section);
    REQUIRE(n == values.size());
    for (size_t k = 0; k < n; ++k) {
      std::string name;
      double value = 0.0;
      file >> name >> value;
      CAPTURE(name);
      REQUIRE(values.contains(name));
      CHECK(value == values[name].get<double>());
    }
  };
  same_values(out["reduced_costs"], "Columns");
  same_values(out["row_duals"], "Rows");
  // A file that cannot be written is exit 2 naming it.
  const test::CliRun bad =
      test::run_cli("solve " + test::example("smalllp.mps") + " --write-solution /nonexistent/x.sol");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("/nonexistent/x.sol") != std::string::npos);
}

TEST_CASE("solve --format table: no scientific notation, no -0") {
  test::TempFile input(many_columns_mps(5), ".mps");
  const test::CliRun run = test::run_cli("solve '" + input.path + "' --format table");
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("e+") == std::string::npos);
  CHECK(run.out.find(" -0\n") == std::string::npos);
  CHECK(run.out.find("status") != std::string::npos);
}
