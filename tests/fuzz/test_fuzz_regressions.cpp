// Every input kept under tests/fuzz/corpus/TARGET/ runs through its fuzz
// target in the normal test suite (scripts/test, meson test): the seed corpus
// and every input that ever crashed, hung or got a wrong answer (named
// regression-*, see CAMPAIGN.md). Each must be parsed or refused with
// InputError, never crash or break a result invariant. They live in the
// corpus, not beside it, so that the fuzzers start from them too.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_targets.h"

namespace fs = std::filesystem;

namespace {

fs::path fuzz_dir() {
  const char* source = std::getenv("MILPSAC_SOURCE");
  REQUIRE_MESSAGE(source != nullptr, "MILPSAC_SOURCE is not set (run the tests through meson test)");
  return fs::path(source) / "tests" / "fuzz";
}

// Files of one folder, sorted (a missing folder is empty).
std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  if (!fs::is_directory(dir)) return files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open " << path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("stored fuzz inputs are parsed or refused, never crash") {
  const fs::path root = fuzz_dir();
  for (const milpsac::fuzz::NamedTarget& target : milpsac::fuzz::kTargets) {
    const std::vector<fs::path> seeds = files_in(root / "corpus" / target.name);
    CAPTURE(target.name);
    CHECK_MESSAGE(!seeds.empty(), "no seed corpus for target " << target.name);
    for (const fs::path& input : seeds) {
      CAPTURE(input.string());
      CHECK(target.run(bytes_of(input)) == "");
    }
  }
}
