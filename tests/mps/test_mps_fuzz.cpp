// Mutation fuzzing of the MPS reader with a fixed seed: valid files (plain and
// gzip) are truncated, have lines dropped, duplicated or swapped, bytes
// overwritten and MPS keywords/odd numbers spliced in. Whatever comes out, the
// reader must either return a model or throw InputError naming the source: no
// other exception, no crash (run under the sanitizers too), no hang. A model it
// does return must survive write -> read with the same numbers.
#include <doctest/doctest.h>

#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "mps_test_support.h"

using milpsac::InputError;
using milpsac::lp::LinearProgram;
using milpsac::test::instance_path;

namespace {

// splitmix64: tiny, and the same sequence on every platform and library
// (std:: distributions are not), so a failure reproduces everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(next() % n); }

 private:
  std::uint64_t state_;
};

const std::vector<std::string>& palette() {
  static const std::vector<std::string> tokens = {"nan",
                                                  "-inf",
                                                  "1e400",
                                                  "1D3",
                                                  "1e30",
                                                  "-1e30",
                                                  "0",
                                                  "-",
                                                  "+",
                                                  ".",
                                                  "$",
                                                  "*",
                                                  "'MARKER'",
                                                  "'INTORG'",
                                                  "'INTEND'",
                                                  "MARKER",
                                                  "NAME",
                                                  "ROWS",
                                                  "COLUMNS",
                                                  "RHS",
                                                  "RANGES",
                                                  "BOUNDS",
                                                  "ENDATA",
                                                  "OBJSENSE",
                                                  "OBJNAME",
                                                  "MAX",
                                                  "N",
                                                  "E",
                                                  "L",
                                                  "G",
                                                  "UP",
                                                  "LO",
                                                  "FX",
                                                  "FR",
                                                  "MI",
                                                  "PL",
                                                  "BV",
                                                  "LI",
                                                  "UI",
                                                  "SC",
                                                  "SI",
                                                  "\t",
                                                  "\r",
                                                  "\n",
                                                  " ",
                                                  "\n ",
                                                  std::string("\x1f\x8b"),
                                                  std::string(1, '\0'),
                                                  "QUADOBJ"};
  return tokens;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (;;) {
    const size_t eol = text.find('\n', start);
    lines.push_back(text.substr(start, eol == std::string::npos ? std::string::npos : eol - start));
    if (eol == std::string::npos) break;
    start = eol + 1;
  }
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (size_t k = 0; k < lines.size(); ++k) text += (k ? "\n" : "") + lines[k];
  return text;
}

std::string mutate(std::string text, Random& rng) {
  const size_t rounds = 1 + rng.below(4);
  for (size_t round = 0; round < rounds; ++round) {
    switch (rng.below(7)) {
      case 0:
        text.resize(rng.below(text.size() + 1));
        break;
      case 1: {
        auto lines = split_lines(text);
        lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(rng.below(lines.size())));
        text = join_lines(lines);
        break;
      }
      case 2: {
        auto lines = split_lines(text);
        const size_t k = rng.below(lines.size());
        lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(rng.below(lines.size() + 1)), lines[k]);
        text = join_lines(lines);
        break;
      }
      case 3: {
        auto lines = split_lines(text);
        std::swap(lines[rng.below(lines.size())], lines[rng.below(lines.size())]);
        text = join_lines(lines);
        break;
      }
      case 4:
        if (!text.empty()) text[rng.below(text.size())] = static_cast<char>(rng.below(256));
        break;
      case 5: {
        const std::string& token = palette()[rng.below(palette().size())];
        text.insert(rng.below(text.size() + 1), rng.below(2) ? " " + token + " " : token);
        break;
      }
      default: {  // replace the field that starts after a random blank
        const size_t at = text.find(' ', rng.below(text.size() + 1));
        if (at == std::string::npos) break;
        size_t begin = at;
        while (begin < text.size() && text[begin] == ' ') ++begin;
        size_t end = begin;
        while (end < text.size() && text[end] != ' ' && text[end] != '\n') ++end;
        text.replace(begin, end - begin, palette()[rng.below(palette().size())]);
      }
    }
  }
  return text;
}

// Returns true when the text parsed; checks the contract either way.
bool check_one(const std::string& text) {
  LinearProgram lp;
  try {
    lp = milpsac::lp::read_mps_text(text, "fuzz.mps");
  } catch (const InputError& e) {
    const std::string message = e.what();
    CHECK_MESSAGE(message.rfind("fuzz.mps:", 0) == 0, message);
    return false;
  } catch (const std::exception& e) {
    FAIL("non-InputError exception: " << e.what() << "\ninput:\n" << text);
    return false;
  }
  std::string written;
  try {
    written = milpsac::test::to_mps(lp);
  } catch (const std::exception& e) {
    FAIL("write_mps failed on a model the reader returned: " << e.what() << "\ninput:\n" << text);
    return true;
  }
  milpsac::test::check_identical(lp, milpsac::lp::read_mps_text(written, "rewritten.mps"), false);
  return true;
}

}  // namespace

TEST_CASE("mutated MPS texts throw only InputError") {
  std::vector<std::string> seeds;
  for (const char* file : {"edge/comment.mps", "edge/small_mip.mps", "edge/test.mps", "edge/warnings.mps",
                           "edge/silly-names.mps", "edge/dD2e.mps", "edge/smalllp.mps"})
    seeds.push_back(milpsac::test::read_bytes(instance_path("lp/" + std::string(file))));
  {
    milpsac::test::NothingOnStderr quiet;
    for (const char* file : {"netlib/afiro.mps.gz", "miplib/p0033.mps.gz", "netlib/boeing2.mps.gz"})
      seeds.push_back(milpsac::test::to_mps(milpsac::lp::read_mps_file(instance_path("lp/" + std::string(file)))));
  }
  seeds.push_back(
      "NAME          FIXED ONE\nOBJSENSE\n    MAX\nROWS\n N  OBJ ROW\n L  ROW 1\n E  ROW 2\nCOLUMNS\n"
      "    COL A     OBJ ROW            1.5   ROW 1              2.0\n"
      "    COL A     ROW 2             -1.0\n    MARKER    'MARKER'                 'INTORG'\n"
      "    COL B     ROW 1              3.0\n    MARKER    'MARKER'                 'INTEND'\n"
      "RHS\n              ROW 1             10.0   ROW 2              1.0\n"
      "RANGES\n    RNG       ROW 2             -4.0\n"
      "BOUNDS\n UP BND       COL B              4.0\n MI BND       COL A\n SC BND       COL B              "
      "4.0\nENDATA\n");

  Random rng(20240611);
  int parsed = 0;
  int total = 0;
  milpsac::test::NothingOnStderr quiet;
  for (const std::string& seed : seeds) {
    REQUIRE(check_one(seed));
    for (int k = 0; k < 400; ++k, ++total) parsed += check_one(mutate(seed, rng)) ? 1 : 0;
  }
  // Both outcomes must be exercised, or the mutations are too weak or too wild.
  CHECK(parsed > total / 20);
  CHECK(parsed < total - total / 20);
}

TEST_CASE("mutated gzip bytes throw only InputError") {
  const std::string bytes = milpsac::test::read_bytes(instance_path("lp/netlib/afiro.mps.gz"));
  Random rng(7);
  milpsac::test::NothingOnStderr quiet;
  for (int k = 0; k < 300; ++k) {
    std::string text = bytes;
    if (rng.below(2))
      text.resize(2 + rng.below(text.size() - 1));
    else
      for (size_t n = 1 + rng.below(3); n > 0; --n)
        text[2 + rng.below(text.size() - 2)] = static_cast<char>(rng.below(256));
    check_one(text);
  }
}
