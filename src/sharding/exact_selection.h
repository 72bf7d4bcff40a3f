// The proposer's selection problem solved exactly, as a MILP with our
// branch-and-bound, so users can see what the bin discretisation costs.
//
//   binary x[t][o]             table t takes option o
//   sum_o x[t][o] = 1          one option per table
//   sum mem[t][o] x[t][o] <= C the memory rows of the variant
//   minimise sum perf[t][o] x[t][o]
//
// 1-D: one row, planned storage (HBM on CUDA, DDR otherwise) <= its total over
// the devices. 2-D: the options the 2-D proposer prunes get no column, and one
// row per axis with non-zero capacity (HBM <= total HBM, DDR <= total DDR).
// Memory rows are scaled by their capacity (coefficients in [0, ~1]) so the
// simplex sees well-scaled numbers. Note the DP keeps totals strictly below
// the capacity (a path must end inside the last bin); the MILP allows equality.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "bnb/branch_and_bound.h"
#include "lp/linear_program.h"
#include "sharding/dp_proposals.h"
#include "sharding/plan_input.h"
#include "sharding/search_space.h"

namespace milpsac::sharding {

struct ExactModel {
  lp::LinearProgram lp;
  std::vector<std::pair<std::size_t, int>> column_option;  // column -> (table position, input option index)
  bool table_without_option = false;                       // some table kept no option: infeasible without solving
};

// Throws InputError when the dense model would be too large (the LP layer is
// dense; --exact is for instances of up to a few thousand options).
ExactModel build_exact_model(const PlanInput& input, const SearchSpace& space, Variant variant);

struct ExactSelection {
  bnb::MilpStatus status = bnb::MilpStatus::kNumericalError;
  bool has_solution = false;
  Proposal choice;          // one input option index per table, SearchSpace order
  double total_perf = 0.0;  // objective of the incumbent
  double bound = 0.0;
  double gap = 0.0;
  long nodes = 0;
  double seconds = 0.0;
};

ExactSelection solve_exact_selection(const PlanInput& input, const SearchSpace& space, Variant variant,
                                     const bnb::MilpOptions& options);

}  // namespace milpsac::sharding
