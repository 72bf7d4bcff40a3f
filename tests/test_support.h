// Helpers shared by the test suites: where the test data lives.
//
// Meson passes the directory of the meson option `test_data` (default:
// tests/data in the repository, the files the tests read) in MILPSAC_TEST_DATA.
// The data is part of the repository, so a missing folder is a broken setup:
// the binary fails (it is not skipped) after one line saying where it looked.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace milpsac::test {

// The test data directory (instances/, data/); fails the test binary when absent.
inline std::string test_data_dir() {
  const char* dir = std::getenv("MILPSAC_TEST_DATA");
  if (dir == nullptr || *dir == '\0')
    throw std::runtime_error("MILPSAC_TEST_DATA is not set (run the tests through meson test)");
  std::error_code error;
  if (!std::filesystem::is_directory(std::filesystem::path(dir) / "instances", error)) {
    std::fprintf(stderr,
                 "the test data is not at %s/instances (tests/data in the repository; "
                 "meson option test_data)\n",
                 dir);
    std::fflush(stderr);
    std::_Exit(EXIT_FAILURE);
  }
  return dir;
}

inline std::string instance_path(const std::string& relative) { return test_data_dir() + "/instances/" + relative; }

}  // namespace milpsac::test
