// Helpers shared by the test suites: where the shared instances live.
//
// Meson passes the directory of the meson option `shared_dir` (default:
// ../shared beside the source tree) in MILPSAC_SHARED. When it holds no
// instances/ folder, a test that needs them ends its binary with exit code 77,
// which meson reports as SKIP, after one line saying where it looked and how
// to point it elsewhere: a clone without the shared data still runs every
// other suite green.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace milpsac::test {

// Meson's "skipped" exit code.
inline constexpr int kSkipExitCode = 77;

// The shared/ directory (instances/, data/); skips the test binary when absent.
inline std::string shared_dir() {
  const char* dir = std::getenv("MILPSAC_SHARED");
  if (dir == nullptr || *dir == '\0')
    throw std::runtime_error("MILPSAC_SHARED is not set (run the tests through meson test)");
  std::error_code error;
  if (!std::filesystem::is_directory(std::filesystem::path(dir) / "instances", error)) {
    std::fprintf(stderr,
                 "SKIP: the shared test instances are not at %s/instances; configure with "
                 "`meson configure build -Dshared_dir=PATH` to point at them\n",
                 dir);
    std::fflush(stderr);
    std::_Exit(kSkipExitCode);
  }
  return dir;
}

inline std::string instance_path(const std::string& relative) { return shared_dir() + "/instances/" + relative; }

}  // namespace milpsac::test
