// `milp-sac analyze` end to end: GraphInfo JSON, --format table, exit codes.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../test_support.h"

using nlohmann::json;

namespace {

struct Run {
  int exit_code;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Run analyze(const std::string& args) {
  const std::string base =
      (std::filesystem::temp_directory_path() / ("milpsac_analyze_" + std::to_string(::getpid()))).string();
  const std::string cmd =
      std::string("'") + std::getenv("MILPSAC_BIN") + "' analyze " + args + " >'" + base + ".out' 2>'" + base + ".err'";
  const int status = std::system(cmd.c_str());
  Run r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(base + ".out"), slurp(base + ".err")};
  std::filesystem::remove(base + ".out");
  std::filesystem::remove(base + ".err");
  return r;
}

std::string write(const std::string& name, const std::string& text) {
  const std::string path =
      (std::filesystem::temp_directory_path() / (name + std::to_string(::getpid()) + ".json")).string();
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST_CASE("analyze CLI: GraphInfo of a shared case, as JSON and as a table") {
  std::ifstream in(milpsac::test::instance_path("analysis/cases.json"));
  const json c = json::parse(in).at("cases").at(0);
  const std::string path = write("milpsac_graph_", c.at("graph").dump());
  Run r = analyze("'" + path + "'");
  REQUIRE(r.exit_code == 0);
  const json out = json::parse(r.out);
  for (const char* key : {"fwd_mem_in", "fwd_mem_tmp", "bwd_mem_tmp", "bwd_mem_out"})
    CHECK(out.at(key) == c.at("expected").at(key));
  CHECK(out.contains("fwd_flop"));
  CHECK(out.contains("bwd_flop"));
  r = analyze("'" + path + "' --format table");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("bwd_mem_tmp") != std::string::npos);
  std::filesystem::remove(path);
}

TEST_CASE("analyze CLI: bad graphs exit 2 with the reason") {
  const std::string cyclic = write("milpsac_cyclic_",
                                   R"({"nodes": [{"name": "a", "stage": "forward", "out_bytes": 1, "inputs": ["b"]},
                                                 {"name": "b", "stage": "forward", "out_bytes": 1, "inputs": ["a"]}]})");
  Run r = analyze("'" + cyclic + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("cycle") != std::string::npos);
  const std::string malformed = write("milpsac_malformed_", "{\"nodes\": [");
  r = analyze("'" + malformed + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(malformed) != std::string::npos);
  CHECK(analyze("").exit_code == 2);
  std::filesystem::remove(cyclic);
  std::filesystem::remove(malformed);
}
