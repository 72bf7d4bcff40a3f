// Helpers for the model tests: a tiny hand-made ModuleInfo whose numbers are
// easy to follow by hand, file reading, a TSV reader, running the CLI, and
// checking a point against every row of a LinearProgram.
//
// The tiny model (memory in MiB, W = 1, P = 512 MiB):
//   M            TA 1000 AG 100 TG   0  IA 900 ACM 1000 ACT 10  rcp >= max(.2r, 1.8r-.8)
//   M.a          TA  400 AG  50 TG 300  IA 300 ACM  400 ACT  4  rcp >= max(.5r, 1.5r-.5)
//   M.a.x (leaf) TA  200 AG  20 TG 400
//   M.a.y (leaf) TA  400 AG  20 TG 350
//   M.b          TA  900 AG  60 TG 100  IA 450 ACM  500 ACT  5  rcp >= r
//   M.b.c        TA  800 AG  40 TG 150  IA 300 ACM  300 ACT  3  rcp >= r + .1
//   M.b.c.w(leaf)TA  700 AG  30 TG 200
// fw_post_order: M.a.x, M.a.y, M.a, M.b.c.w, M.b.c, M.b, M.
#pragma once

#include <doctest/doctest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../test_support.h"
#include "lp/linear_program.h"

namespace milpsac::test {

inline constexpr double kMiB = 1048576.0;

inline nlohmann::ordered_json tiny_module_info() {
  using Json = nlohmann::ordered_json;
  struct Row {
    const char* fqn;
    bool leaf;
    double ta, ag, tg, ia, acm, act;
    std::vector<double> slopes, intercepts;
  };
  const std::vector<Row> rows = {
      {"M", false, 1000, 100, 0, 900, 1000, 10, {0.2, 1.8}, {0, -0.8}},
      {"M.a", false, 400, 50, 300, 300, 400, 4, {0.5, 1.5}, {0, -0.5}},
      {"M.a.x", true, 200, 20, 400, 0, 0, 0, {}, {}},
      {"M.a.y", true, 400, 20, 350, 0, 0, 0, {}, {}},
      {"M.b", false, 900, 60, 100, 450, 500, 5, {1.0}, {0.0}},
      {"M.b.c", false, 800, 40, 150, 300, 300, 3, {1.0}, {0.1}},
      {"M.b.c.w", true, 700, 30, 200, 0, 0, 0, {}, {}},
  };
  Json stats = Json::array();
  for (const Row& r : rows) {
    Json m;
    m["fqn"] = r.fqn;
    m["param_per_module"] = std::string(r.fqn) == "M" ? static_cast<long long>(512 * kMiB) : 0LL;
    m["grad_per_module"] = 0;
    m["grad_total"] = static_cast<long long>(r.tg * kMiB);
    m["act_fw_per_module"] = static_cast<long long>(r.ia * kMiB);
    m["act_bw_per_module"] = 0;
    m["act_grad_per_module"] = static_cast<long long>(r.ag * kMiB);
    m["act_total"] = static_cast<long long>(r.ta * kMiB);
    m["input_per_module"] = 0;
    m["output_per_module"] = 0;
    m["fw_runtime_per_module"] = r.act;
    m["bw_runtime_per_module"] = 2 * r.act;
    m["is_leaf"] = r.leaf;
    m["sac_runtime"] = r.act;
    m["sac_memory"] = static_cast<long long>(r.acm * kMiB);
    m["n_segments"] = r.slopes.size();
    m["slopes"] = r.slopes;
    m["intercepts"] = r.intercepts;
    m["breakpoints"] = Json::array();
    m["tradeoff_curve"] = Json::array({Json::array({0.01, 0.0}), Json::array({1.01, 1.0})});
    stats.push_back(m);
  }
  Json order;
  order["fw_pre_order"] = {"M", "M.a", "M.a.x", "M.a.y", "M.b", "M.b.c", "M.b.c.w"};
  order["bw_pre_order"] = {"M", "M.b", "M.b.c", "M.b.c.w", "M.a", "M.a.y", "M.a.x"};
  order["fw_post_order"] = {"M.a.x", "M.a.y", "M.a", "M.b.c.w", "M.b.c", "M.b", "M"};
  order["bw_post_order"] = {"M.b.c.w", "M.b.c", "M.b", "M.a.y", "M.a.x", "M.a", "M"};
  return Json{{"mod_order", order}, {"mod_stats", stats}};
}

inline nlohmann::ordered_json& tiny_stats(nlohmann::ordered_json& info, const std::string& fqn) {
  for (auto& m : info["mod_stats"])
    if (m["fqn"] == fqn) return m;
  throw std::runtime_error("no module " + fqn);
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Rows of a TSV file with a header line, fields by column name.
inline std::vector<std::map<std::string, std::string>> read_tsv(const std::string& path) {
  std::istringstream in(read_text(path));
  std::string line;
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream split(line);
    while (std::getline(split, cell, '\t')) cells.push_back(cell);
    if (line.back() == '\t') cells.push_back("");
    if (header.empty()) {
      header = cells;
      continue;
    }
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < header.size(); ++i) row[header[i]] = i < cells.size() ? cells[i] : "";
    rows.push_back(row);
  }
  return rows;
}

// Largest violation of x against the rows and column bounds of lp.
inline double max_violation(const lp::LinearProgram& lp, const Eigen::VectorXd& x) {
  double worst = 0.0;
  const Eigen::VectorXd activity = lp.A * x;
  for (int i = 0; i < lp.num_rows(); ++i) {
    worst = std::max(worst, lp.row_lower(i) - activity(i));
    worst = std::max(worst, activity(i) - lp.row_upper(i));
  }
  for (int j = 0; j < lp.num_cols(); ++j) {
    worst = std::max(worst, lp.col_lower(j) - x(j));
    worst = std::max(worst, x(j) - lp.col_upper(j));
  }
  return worst;
}

struct CommandResult {
  int exit_code = -1;
  std::string out;
};

// Run the milp-sac binary (MILPSAC_BIN) with a shell argument string; stdout captured,
// stderr discarded.
inline CommandResult run_cli(const std::string& arguments) {
  const char* bin = std::getenv("MILPSAC_BIN");
  if (bin == nullptr) throw std::runtime_error("MILPSAC_BIN is not set (run the tests through meson test)");
  const std::string command = std::string("'") + bin + "' " + arguments + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("popen failed");
  CommandResult result;
  std::array<char, 4096> buffer{};
  size_t got = 0;
  while ((got = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.out.append(buffer.data(), got);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

inline std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir && *dir ? dir : "/tmp") + "/milpsac_model_test_" + name;
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace milpsac::test
