// MPS reader on the shared instances: every row of instances/lp/expected.tsv
// (Netlib, MIPLIB, the HiGHS edge fixtures) parses with the listed rows,
// columns and integer columns, or throws where the table says parse_error;
// each parsed model survives write -> read unchanged; and a few fixtures are
// checked value by value for the conventions they pin down.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <string>

#include "mps_test_support.h"

using milpsac::InputError;
using milpsac::lp::kInfinity;
using milpsac::lp::LinearProgram;
using milpsac::lp::read_mps_file;
using milpsac::test::instance_path;
using milpsac::test::instance_table;

namespace {

LinearProgram read_instance(const std::string& relative) {
  milpsac::test::NothingOnStderr quiet;  // warnings.mps warns by design: as data
  return read_mps_file(instance_path("lp/" + relative));
}

int index_of(const std::vector<std::string>& names, const std::string& name) {
  for (size_t k = 0; k < names.size(); ++k)
    if (names[k] == name) return static_cast<int>(k);
  FAIL("no name " << name);
  return -1;
}

}  // namespace

TEST_CASE("every instance of expected.tsv parses (or fails) as listed, and round-trips") {
  const auto table = instance_table();
  REQUIRE(table.size() >= 50);
  int parsed = 0;
  for (const auto& row : table) {
    const std::string file = row["file"];
    CAPTURE(file);
    const std::string path = instance_path("lp/" + file);
    if (row["expected_status"] == "parse_error") {
      try {
        milpsac::test::NothingOnStderr quiet;
        read_mps_file(path);
        FAIL("expected a parse error");
      } catch (const InputError& e) {
        CHECK(std::string(e.what()).find(path + ":") == 0);
      }
      continue;
    }
    const LinearProgram lp = read_instance(file);
    CHECK(lp.num_rows() == row.number("rows"));
    CHECK(lp.num_cols() == row.number("cols"));
    CHECK(milpsac::test::count_integers(lp) == row.number("integer_cols"));
    milpsac::test::check_identical(lp, milpsac::test::round_trip(lp));
    ++parsed;
  }
  CHECK(parsed >= 50);
}

TEST_CASE("every .mps.gz of netlib/ and miplib/ has a row in expected.tsv") {
  std::set<std::string> listed;
  for (const auto& row : instance_table()) listed.insert(row["file"]);
  int files = 0;
  for (const char* dir : {"netlib", "miplib"})
    for (const auto& entry : std::filesystem::directory_iterator(instance_path(std::string("lp/") + dir))) {
      const std::string name = entry.path().filename().string();
      if (name.size() < 7 || name.substr(name.size() - 7) != ".mps.gz") continue;
      CHECK_MESSAGE(listed.count(std::string(dir) + "/" + name), name);
      ++files;
    }
  CHECK(files >= 30);
}

TEST_CASE("gzip input: read_mps_text takes the compressed bytes too") {
  const std::string path = instance_path("lp/netlib/afiro.mps.gz");
  const std::string bytes = milpsac::test::read_bytes(path);
  REQUIRE(static_cast<unsigned char>(bytes[0]) == 0x1f);
  milpsac::test::check_identical(read_mps_file(path), milpsac::lp::read_mps_text(bytes, path));
  // Cut short, the stream is an error, not a shorter model.
  const std::string cut = bytes.substr(0, bytes.size() / 2);
  CHECK_THROWS_AS(milpsac::lp::read_mps_text(cut, "cut.mps.gz"), InputError);
}

TEST_CASE("missing file") {
  CHECK_THROWS_WITH_AS(read_mps_file("/nonexistent/x.mps"), "/nonexistent/x.mps: cannot open file (no such file)",
                       InputError);
}

TEST_CASE("afiro: fixed-format Netlib values") {
  const LinearProgram lp = read_instance("netlib/afiro.mps.gz");
  CHECK(lp.name == "AFIRO");
  const int x01 = index_of(lp.col_names, "X01");
  CHECK(lp.A.coeff(index_of(lp.row_names, "X48"), x01) == 0.301);
  CHECK(lp.A.coeff(index_of(lp.row_names, "R09"), x01) == -1.0);
  CHECK(lp.row_lower[index_of(lp.row_names, "X05")] == -kInfinity);
  CHECK(lp.row_upper[index_of(lp.row_names, "X05")] == 80.0);
}

TEST_CASE("e226: RHS on the objective row is an offset of -rhs") {
  CHECK(read_instance("netlib/e226.mps.gz").offset == 7.113);
}

TEST_CASE("comment.mps: $ and * comments, RANGES on a G row") {
  const LinearProgram lp = read_instance("edge/comment.mps");
  CHECK(lp.name == "Comment");
  CHECK(lp.row_names == std::vector<std::string>{"R0", "R1", "R2"});
  CHECK(lp.row_lower[0] == 1);
  CHECK(lp.row_upper[0] == 2);
  CHECK(lp.row_lower[1] == -2);
  CHECK(lp.c[0] == -1);
  CHECK(lp.c[1] == -2);
  CHECK(lp.col_upper[0] == 1);
}

TEST_CASE("dD2e.mps: Fortran D exponents") {
  const LinearProgram lp = read_instance("edge/dD2e.mps");
  CHECK(lp.col_upper[0] == 1000);
  CHECK(lp.col_upper[1] == 1000);
}

TEST_CASE("test.mps: names with '*', RANGES on an L row, blank lines") {
  const LinearProgram lp = read_instance("edge/test.mps");
  const int r3 = index_of(lp.row_names, "r3");
  CHECK(lp.row_lower[r3] == 4);
  CHECK(lp.row_upper[r3] == 10);
  const int x3 = index_of(lp.col_names, "x(3)");
  CHECK(lp.col_lower[x3] == 1);
  CHECK(lp.col_upper[x3] == 2);
  CHECK(lp.c[index_of(lp.col_names, "x(4)")] == -1);
}

TEST_CASE("silly-names.mps: columns named like keywords, N row after a G row") {
  const LinearProgram lp = read_instance("edge/silly-names.mps");
  CHECK(lp.col_names == std::vector<std::string>{"C0", "OBJSENSE", "RANGES", "RHS", "C1"});
  CHECK(lp.row_lower[0] == -1);
  for (int j = 0; j < 5; ++j) CHECK(lp.c[j] == -1);
}

TEST_CASE("small_mip.mps: markers make COL03/COL04 integer") {
  const LinearProgram lp = read_instance("edge/small_mip.mps");
  CHECK(lp.is_integer == std::vector<char>{0, 0, 1, 1, 0, 0, 0, 0});
}

TEST_CASE("warnings.mps: the documented choices for a file full of oddities") {
  const LinearProgram lp = read_instance("edge/warnings.mps");
  const int c0 = index_of(lp.col_names, "C0");
  const int r0 = index_of(lp.row_names, "R0");
  CHECK(lp.c[c0] == 14);            // -1 + 1 + 2 + 3 + 4 + 5: duplicates summed
  CHECK(lp.A.coeff(r0, c0) == 20);  // -1 + 1 + 2 + 3 + 4 + 5 + 6
  CHECK(lp.row_lower[r0] == 5);     // the last RHS (5) and the last RANGES (5)
  CHECK(lp.row_upper[r0] == 10);
  CHECK(lp.col_lower[c0] == 0);  // UP -1 then up to UP 5: judged on the final bound
  CHECK(lp.col_upper[c0] == 5);
  CHECK(lp.is_integer == std::vector<char>{0, 1, 1, 1, 1, 1, 0, 0, 0});
  const int c3 = index_of(lp.col_names, "C3");  // SI with lower bound 0 is an integer bound
  CHECK(lp.col_lower[c3] == 0);
  CHECK(lp.col_upper[c3] == 3.1);
  const int c6 = index_of(lp.col_names, "C6");  // LO 1 then UP -1: kept, the model is infeasible
  CHECK(lp.col_lower[c6] == 1);
  CHECK(lp.col_upper[c6] == -1);
}
