// The C++ API's in-memory model: columns, rows, integrality, coefficients,
// built one column or row at a time or in bulk (CSC columns / CSR rows), as
// HiGHS's addCol/addRow/addCols/addRows. A plain struct of vectors; the
// entries are kept as (row, column, value) triplets and assembled into the
// solvers' form once, inside solve() (api/internal/linear_program_of.h),
// which checks everything.
//
// Infinite bounds: options::kNone (+inf) or -kNone; milpsac::lp::kInfinity is the same.
// Like every api/*.h header, this one needs only the standard library (no
// Eigen, no Boost: the `api_headers_standard_only` test).
#pragma once

#include <string>
#include <vector>

#include "lp/objective_sense.h"

namespace milpsac::api {

using lp::ObjectiveSense;

struct Entry {
  int row = 0;
  int col = 0;
  double value = 0.0;
};

struct Model {
  lp::ObjectiveSense sense = lp::ObjectiveSense::kMinimize;
  double objective_offset = 0.0;
  std::vector<double> cost, col_lower, col_upper;
  std::vector<char> is_integer;
  std::vector<std::string> col_names;
  std::vector<double> row_lower, row_upper;
  std::vector<std::string> row_names;
  std::vector<Entry> entries;  // a (row, col) pair given twice: the values add up

  int num_cols() const { return static_cast<int>(cost.size()); }
  int num_rows() const { return static_cast<int>(row_lower.size()); }
};

// One column; its coefficients in existing rows (rows[k], values[k]). Returns its index.
int add_col(Model& model, double cost, double lower, double upper, bool integer = false, const std::string& name = {},
            const std::vector<int>& rows = {}, const std::vector<double>& values = {});
// One row lower <= sum values[k] x[cols[k]] <= upper over existing columns. Returns its index.
int add_row(Model& model, double lower, double upper, const std::vector<int>& cols = {},
            const std::vector<double>& values = {}, const std::string& name = {});
// `count` columns in compressed sparse column form: column j has the entries
// index[start[j] .. start[j+1]) (row indices) with value[...]; start has count + 1 items.
void add_cols(Model& model, int count, const double* cost, const double* lower, const double* upper, const int* start,
              const int* index, const double* value);
// `count` rows in compressed sparse row form (index: column indices).
void add_rows(Model& model, int count, const double* lower, const double* upper, const int* start, const int* index,
              const double* value);

}  // namespace milpsac::api
