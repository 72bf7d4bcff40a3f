// Scratch files that remove themselves, and running the milp-sac binary
// (MILPSAC_BIN from meson) with its stdout, stderr and exit code captured:
// shared by the sharding and command-line tests.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace milpsac::test {

// A scratch file that removes itself.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text, const std::string& suffix = ".json") {
    static int counter = 0;
    path = (std::filesystem::temp_directory_path() /
            ("milpsac_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + suffix))
               .string();
    std::ofstream(path, std::ios::binary) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
};

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `milp-sac ARGS` (MILPSAC_BIN from meson), capturing stdout and stderr;
// `stdin_path` (when not empty) is fed to its standard input.
inline CliRun run_cli(const std::string& args, const std::string& stdin_path = "") {
  const char* bin = std::getenv("MILPSAC_BIN");
  if (bin == nullptr) throw std::runtime_error("MILPSAC_BIN is not set (run the tests through meson test)");
  TempFile out("", ".out"), err("", ".err");
  std::string command = std::string("'") + bin + "' " + args + " >'" + out.path + "' 2>'" + err.path + "'";
  if (!stdin_path.empty()) command += " <'" + stdin_path + "'";
  const int status = std::system(command.c_str());
  CliRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = read_text(out.path);
  run.err = read_text(err.path);
  return run;
}

}  // namespace milpsac::test
