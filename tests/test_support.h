// Helpers shared by the test suites: where the shared instances live.
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace milpsac::test {

// The shared/ directory (instances/, data/), from MILPSAC_SHARED set by meson.
inline std::string shared_dir() {
  const char* dir = std::getenv("MILPSAC_SHARED");
  if (dir == nullptr || *dir == '\0')
    throw std::runtime_error("MILPSAC_SHARED is not set (run the tests through meson test)");
  return dir;
}

inline std::string instance_path(const std::string& relative) {
  return shared_dir() + "/instances/" + relative;
}

}  // namespace milpsac::test
