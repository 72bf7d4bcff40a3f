// Building an in-memory model and assembling it (see model.h).
#include "api/model.h"

#include "api/internal/linear_program_of.h"
#include "common/index.h"

#include <cmath>
#include <string>

#include "common/input_error.h"

namespace milpsac::api {
namespace {

std::string col_label(const Model& m, int j) {
  const std::string& name = m.col_names[uz(j)];
  return "column " + std::to_string(j) + (name.empty() ? "" : " ('" + name + "')");
}

// A default name: prefix and index ("x3"); appended, not "x" + to_string(j),
// on which GCC 12 raises a false -Wrestrict.
std::string default_name(char prefix, int index) {
  std::string name(1, prefix);
  name += std::to_string(index);
  return name;
}

std::string row_label(const Model& m, int i) {
  const std::string& name = m.row_names[uz(i)];
  return "row " + std::to_string(i) + (name.empty() ? "" : " ('" + name + "')");
}

void check_bounds(const std::string& what, double lower, double upper) {
  if (std::isnan(lower) || std::isnan(upper)) throw InputError(what + ": a bound is NaN");
  if (lower > upper) throw InputError(what + ": lower bound above upper bound");
  if (lower >= lp::kInfinity || upper <= -lp::kInfinity) throw InputError(what + ": bounds leave no finite value");
}

}  // namespace

int add_col(Model& model, double cost, double lower, double upper, bool integer, const std::string& name,
            const std::vector<int>& rows, const std::vector<double>& values) {
  if (rows.size() != values.size()) throw InputError("add_col: rows and values differ in length");
  const int j = model.num_cols();
  model.cost.push_back(cost);
  model.col_lower.push_back(lower);
  model.col_upper.push_back(upper);
  model.is_integer.push_back(integer ? 1 : 0);
  model.col_names.push_back(name);
  for (size_t k = 0; k < rows.size(); ++k) model.entries.push_back({rows[k], j, values[k]});
  return j;
}

int add_row(Model& model, double lower, double upper, const std::vector<int>& cols, const std::vector<double>& values,
            const std::string& name) {
  if (cols.size() != values.size()) throw InputError("add_row: cols and values differ in length");
  const int i = model.num_rows();
  model.row_lower.push_back(lower);
  model.row_upper.push_back(upper);
  model.row_names.push_back(name);
  for (size_t k = 0; k < cols.size(); ++k) model.entries.push_back({i, cols[k], values[k]});
  return i;
}

void add_cols(Model& model, int count, const double* cost, const double* lower, const double* upper, const int* start,
              const int* index, const double* value) {
  if (count < 0) throw InputError("add_cols: negative count");
  for (int j = 0; j < count; ++j) {
    if (start[j + 1] < start[j]) throw InputError("add_cols: start is not increasing at " + std::to_string(j));
    const int col = add_col(model, cost[j], lower[j], upper[j]);
    for (int k = start[j]; k < start[j + 1]; ++k) model.entries.push_back({index[k], col, value[k]});
  }
}

void add_rows(Model& model, int count, const double* lower, const double* upper, const int* start, const int* index,
              const double* value) {
  if (count < 0) throw InputError("add_rows: negative count");
  for (int i = 0; i < count; ++i) {
    if (start[i + 1] < start[i]) throw InputError("add_rows: start is not increasing at " + std::to_string(i));
    const int row = add_row(model, lower[i], upper[i]);
    for (int k = start[i]; k < start[i + 1]; ++k) model.entries.push_back({row, index[k], value[k]});
  }
}

lp::LinearProgram to_linear_program(const Model& model) {
  const int n = model.num_cols(), m = model.num_rows();
  lp::LinearProgram lp;
  lp.resize(m, n);
  lp.sense = model.sense;
  if (!std::isfinite(model.objective_offset)) throw InputError("objective offset: not a finite number");
  lp.offset = model.objective_offset;
  for (int j = 0; j < n; ++j) {
    const auto k = uz(j);
    if (!std::isfinite(model.cost[k])) throw InputError(col_label(model, j) + ": cost is not a finite number");
    check_bounds(col_label(model, j), model.col_lower[k], model.col_upper[k]);
    lp.c(j) = model.cost[k];
    lp.col_lower(j) = model.col_lower[k];
    lp.col_upper(j) = model.col_upper[k];
    lp.is_integer[k] = model.is_integer[k];
    lp.col_names[k] = model.col_names[k].empty() ? default_name('x', j) : model.col_names[k];
  }
  for (int i = 0; i < m; ++i) {
    const auto k = uz(i);
    check_bounds(row_label(model, i), model.row_lower[k], model.row_upper[k]);
    lp.row_lower(i) = model.row_lower[k];
    lp.row_upper(i) = model.row_upper[k];
    lp.row_names[k] = model.row_names[k].empty() ? default_name('r', i) : model.row_names[k];
  }
  std::vector<Eigen::Triplet<double>> triplets;
  triplets.reserve(model.entries.size());
  for (const Entry& e : model.entries) {
    if (e.row < 0 || e.row >= m)
      throw InputError("coefficient of column " + std::to_string(e.col) + ": row " + std::to_string(e.row) +
                       " out of range");
    if (e.col < 0 || e.col >= n)
      throw InputError("coefficient of row " + std::to_string(e.row) + ": column " + std::to_string(e.col) +
                       " out of range");
    if (!std::isfinite(e.value))
      throw InputError(row_label(model, e.row) + ", " + col_label(model, e.col) + ": coefficient is not finite");
    triplets.emplace_back(e.row, e.col, e.value);
  }
  lp.A.setFromTriplets(triplets.begin(), triplets.end());
  return lp;
}

}  // namespace milpsac::api
