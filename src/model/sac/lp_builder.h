// LpBuilder: collects named columns and sparse rows, then lays them out as the
// sparse lp::LinearProgram the solver takes (A from triplets). Formulations state their rows one
// by one without index bookkeeping; the row and column order is the order of
// the calls, so a model is deterministic.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::model {

class LpBuilder {
 public:
  using Entries = std::vector<std::pair<int, double>>;  // (column, coefficient)

  int add_column(std::string name, double lower, double upper, double cost, bool integer);
  // lower <= sum coefficient * x <= upper; entries with a zero coefficient are skipped.
  int add_row(std::string name, double lower, double upper, const Entries& entries);

  int num_columns() const { return static_cast<int>(columns_.size()); }
  int num_rows() const { return static_cast<int>(rows_.size()); }

  lp::LinearProgram finish(const std::string& name) const;

 private:
  struct Column {
    std::string name;
    double lower, upper, cost;
    bool integer;
  };
  struct Row {
    std::string name;
    double lower, upper;
    Entries entries;
  };
  std::vector<Column> columns_;
  std::vector<Row> rows_;
};

}  // namespace milpsac::model
