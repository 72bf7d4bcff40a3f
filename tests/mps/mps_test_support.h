// Helpers shared by the MPS test suites: the instance table
// (instances/lp/expected.tsv), exact LinearProgram comparison, a write/read
// round trip, and silencing the reader's stderr warnings where tests expect
// them by the thousand (fuzzing).
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../test_support.h"
#include "common/input_error.h"
#include "lp/mps/mps.h"

namespace milpsac::test {

// One row of instances/lp/expected.tsv, fields by header name.
struct InstanceRow {
  std::map<std::string, std::string> field;
  const std::string& operator[](const std::string& key) const {
    const auto it = field.find(key);
    if (it == field.end()) throw std::runtime_error("expected.tsv has no column " + key);
    return it->second;
  }
  int number(const std::string& key) const { return std::stoi((*this)[key]); }
};

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline std::vector<InstanceRow> instance_table() {
  std::istringstream in(read_bytes(instance_path("lp/expected.tsv")));
  std::string line;
  std::vector<std::string> header;
  std::vector<InstanceRow> rows;
  auto split = [](const std::string& s) {
    std::vector<std::string> out;
    std::string cell;
    std::istringstream cells(s);
    while (std::getline(cells, cell, '\t')) out.push_back(cell);
    return out;
  };
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> cells = split(line);
    if (header.empty()) {
      header = cells;
      continue;
    }
    InstanceRow row;
    for (size_t k = 0; k < header.size(); ++k) row.field[header[k]] = k < cells.size() ? cells[k] : "";
    rows.push_back(std::move(row));
  }
  return rows;
}

inline int count_integers(const lp::LinearProgram& lp) {
  int n = 0;
  for (char v : lp.is_integer) n += v ? 1 : 0;
  return n;
}

// Bit-for-bit equality of the numbers (== on doubles, so -0 equals 0) and,
// unless `names` is false, of all names.
inline void check_identical(const lp::LinearProgram& a, const lp::LinearProgram& b, bool names = true) {
  REQUIRE(a.num_rows() == b.num_rows());
  REQUIRE(a.num_cols() == b.num_cols());
  CHECK(a.sense == b.sense);
  CHECK(a.offset == b.offset);
  CHECK(Eigen::MatrixXd(a.A) == Eigen::MatrixXd(b.A));  // same values; stored zeros may differ
  CHECK(a.c == b.c);
  CHECK(a.col_lower == b.col_lower);
  CHECK(a.col_upper == b.col_upper);
  CHECK(a.row_lower == b.row_lower);
  CHECK(a.row_upper == b.row_upper);
  CHECK(a.is_integer == b.is_integer);
  CHECK(a.is_semicontinuous == b.is_semicontinuous);
  if (names) {
    CHECK(a.name == b.name);
    CHECK(a.col_names == b.col_names);
    CHECK(a.row_names == b.row_names);
  }
}

inline std::string to_mps(const lp::LinearProgram& lp) {
  std::ostringstream out;
  lp::write_mps(lp, out);
  return out.str();
}

inline lp::LinearProgram round_trip(const lp::LinearProgram& lp) {
  return lp::read_mps_text(to_mps(lp), "round-trip.mps");
}

// Captures std::cerr for its lifetime and checks, at the end, that nothing was
// written: the library returns warnings as data and never prints.
class NothingOnStderr {
 public:
  NothingOnStderr() : saved_(std::cerr.rdbuf(captured_.rdbuf())) {}
  ~NothingOnStderr() {
    std::cerr.rdbuf(saved_);
    CHECK_MESSAGE(captured_.str().empty(), "the library wrote to stderr: " << captured_.str());
  }
  NothingOnStderr(const NothingOnStderr&) = delete;
  NothingOnStderr& operator=(const NothingOnStderr&) = delete;

 private:
  std::ostringstream captured_;
  std::streambuf* saved_;
};

}  // namespace milpsac::test
