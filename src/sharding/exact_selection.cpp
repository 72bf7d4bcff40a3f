// Builds and solves the exact selection MILP (see exact_selection.h).
#include "sharding/exact_selection.h"
#include "common/index.h"

#include <string>

#include "common/input_error.h"
#include "sharding/placement.h"

namespace milpsac::sharding {

namespace {

// Dense A: rows x columns doubles. 2e7 entries are 160 MB.
constexpr double kMaxDenseEntries = 2e7;

}  // namespace

ExactModel build_exact_model(const PlanInput& input, const SearchSpace& space, Variant variant) {
  const Topology& topo = input.topology;
  const std::size_t tables = space.num_tables();
  ExactModel model;
  for (std::size_t t = 0; t < tables; ++t) {
    bool any = false;
    for (int i : space.options[t]) {
      if (variant == Variant::k2D && !fits_largest_device_and_machine(topo, input.options[uz(i)])) continue;
      model.column_option.emplace_back(t, i);
      any = true;
    }
    if (!any) model.table_without_option = true;
  }

  // Capacity rows: (bytes of an option, capacity).
  struct CapacityRow {
    const char* name;
    bool hbm;
    double capacity;
  };
  std::vector<CapacityRow> capacity_rows;
  const double devices = static_cast<double>(topo.world_size);
  if (variant == Variant::k1D) {
    const bool cuda = topo.compute_device == ComputeDevice::kCuda;
    capacity_rows.push_back({cuda ? "hbm_capacity" : "ddr_capacity", cuda,
                             static_cast<double>(cuda ? topo.hbm_per_device : topo.ddr_per_device) * devices});
    if (capacity_rows.back().capacity == 0.0)
      throw InputError(input.source + ": " +
                       (cuda ? "topology.hbm_per_device: no HBM left per device (after the storage reservation) on "
                               "a CUDA topology"
                             : "topology.ddr_per_device: no DDR per device on a CPU topology") +
                       ", the memory the 1-D selection plans by (try --2d)");
  } else {
    if (topo.hbm_per_device > 0)
      capacity_rows.push_back({"hbm_capacity", true, static_cast<double>(topo.hbm_per_device) * devices});
    if (topo.ddr_per_device > 0)
      capacity_rows.push_back({"ddr_capacity", false, static_cast<double>(topo.ddr_per_device) * devices});
  }

  const std::size_t rows = tables + capacity_rows.size();
  const std::size_t cols = model.column_option.size();
  if (static_cast<double>(rows) * static_cast<double>(cols) > kMaxDenseEntries)
    throw InputError(input.source + ": options: " + std::to_string(input.options.size()) +
                     " sharding options; the exact selection MILP (--exact) would have " + std::to_string(rows) +
                     " rows x " + std::to_string(cols) + " columns, too large for the dense LP layer (at most " +
                     std::to_string(static_cast<long>(kMaxDenseEntries)) + " entries)");

  lp::LinearProgram& lp = model.lp;
  lp.name = "shard_selection";
  lp.resize(static_cast<int>(rows), static_cast<int>(cols));
  for (std::size_t t = 0; t < tables; ++t) {
    lp.row_lower[static_cast<Eigen::Index>(t)] = 1.0;
    lp.row_upper[static_cast<Eigen::Index>(t)] = 1.0;
    lp.row_names[t] = "one_option_t" + std::to_string(t);
  }
  for (std::size_t r = 0; r < capacity_rows.size(); ++r) {
    const auto row = static_cast<Eigen::Index>(tables + r);
    lp.row_upper[row] = 1.0;
    lp.row_names[tables + r] = capacity_rows[r].name;
  }
  std::vector<Eigen::Triplet<double>> entries;
  for (std::size_t j = 0; j < cols; ++j) {
    const auto [t, i] = model.column_option[j];
    const ShardingOption& o = input.options[uz(i)];
    const auto col = static_cast<Eigen::Index>(j);
    entries.emplace_back(static_cast<int>(t), static_cast<int>(col), 1.0);
    for (std::size_t r = 0; r < capacity_rows.size(); ++r)
      entries.emplace_back(static_cast<int>(tables + r), static_cast<int>(col),
                           static_cast<double>(capacity_rows[r].hbm ? o.hbm : o.ddr) / capacity_rows[r].capacity);
    lp.c[col] = o.perf;
    lp.col_upper[col] = 1.0;
    lp.is_integer[j] = 1;
    lp.col_names[j] = "x_t" + std::to_string(t) + "_o" + std::to_string(i);
  }
  lp.A.setFromTriplets(entries.begin(), entries.end());
  return model;
}

ExactSelection solve_exact_selection(const PlanInput& input, const SearchSpace& space, Variant variant,
                                     const bnb::MilpOptions& options) {
  ExactSelection result;
  if (space.num_tables() == 0) {
    result.status = bnb::MilpStatus::kOptimal;
    result.has_solution = true;
    return result;
  }
  ExactModel model = build_exact_model(input, space, variant);
  if (model.table_without_option) {
    result.status = bnb::MilpStatus::kInfeasible;
    return result;
  }
  bnb::MilpResult milp = bnb::solve_milp(model.lp, options);
  result.status = milp.status;
  result.bound = milp.bound;
  result.gap = milp.gap;
  result.nodes = milp.nodes;
  result.seconds = milp.seconds;
  if (!milp.has_solution || milp.x.size() != model.lp.num_cols()) return result;
  result.choice.assign(space.num_tables(), -1);
  for (std::size_t j = 0; j < model.column_option.size(); ++j)
    if (milp.x[static_cast<Eigen::Index>(j)] > 0.5)
      result.choice[model.column_option[j].first] = model.column_option[j].second;
  for (int i : result.choice)
    if (i < 0) return result;  // not one option per table: treat as no solution
  result.has_solution = true;
  result.total_perf = total_perf(input, result.choice);
  return result;
}

}  // namespace milpsac::sharding
