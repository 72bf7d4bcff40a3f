// Layout of the collected rows and columns as an lp::LinearProgram (see lp_builder.h).
#include "model/sac/lp_builder.h"
#include "common/index.h"

namespace milpsac::model {

int LpBuilder::add_column(std::string name, double lower, double upper, double cost, bool integer) {
  columns_.push_back({std::move(name), lower, upper, cost, integer});
  return static_cast<int>(columns_.size()) - 1;
}

int LpBuilder::add_row(std::string name, double lower, double upper, const Entries& entries) {
  Row row{std::move(name), lower, upper, {}};
  row.entries.reserve(entries.size());
  for (const auto& entry : entries)
    if (entry.second != 0.0) row.entries.push_back(entry);
  rows_.push_back(std::move(row));
  return static_cast<int>(rows_.size()) - 1;
}

lp::LinearProgram LpBuilder::finish(const std::string& name) const {
  lp::LinearProgram lp;
  lp.name = name;
  lp.resize(num_rows(), num_columns());
  for (int j = 0; j < num_columns(); ++j) {
    const Column& col = columns_[uz(j)];
    lp.col_names[uz(j)] = col.name;
    lp.col_lower(j) = col.lower;
    lp.col_upper(j) = col.upper;
    lp.c(j) = col.cost;
    lp.is_integer[uz(j)] = col.integer ? 1 : 0;
  }
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < num_rows(); ++i) {
    const Row& row = rows_[uz(i)];
    lp.row_names[uz(i)] = row.name;
    lp.row_lower(i) = row.lower;
    lp.row_upper(i) = row.upper;
    for (const auto& [col, coefficient] : row.entries) entries.emplace_back(i, col, coefficient);
  }
  lp.A.setFromTriplets(entries.begin(), entries.end());  // sums the entries a row names twice
  return lp;
}

}  // namespace milpsac::model
