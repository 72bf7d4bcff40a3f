// Helpers of the CLI tests: the repository's examples/ and docs/ (from
// MILPSAC_SOURCE), and a gzip writer.
#pragma once

#include <zlib.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "../cli_runner.h"
#include "../test_support.h"

namespace milpsac::test {

inline std::string source_path(const std::string& relative) {
  const char* root = std::getenv("MILPSAC_SOURCE");
  if (root == nullptr) throw std::runtime_error("MILPSAC_SOURCE is not set (run the tests through meson test)");
  return std::string(root) + "/" + relative;
}

inline std::string example(const std::string& name) { return "'" + source_path("examples/" + name) + "'"; }

// Writes `text` gzip-compressed to `path`.
inline void write_gzip(const std::string& path, const std::string& text) {
  gzFile file = gzopen(path.c_str(), "wb");
  if (file == nullptr) throw std::runtime_error("cannot write " + path);
  gzwrite(file, text.data(), static_cast<unsigned>(text.size()));
  gzclose(file);
}

}  // namespace milpsac::test
