// SacModel: a module-level SAC MILP as handed to a solver, plus the map from
// its columns back to modules. Built by the formulations in sac_formulation.h.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::model {

struct SacModel {
  lp::LinearProgram lp;
  std::vector<int> y_col;  // per module: column of y_i (1 = AC unit), -1 when not in the model
  // Per module: the discarded fraction is ratio_offset + ratio_scale * x[ratio_col]
  // when y_i = 1 (the seed: r_i itself; ours: lo_i + d_i / ACM_i); -1 likewise.
  std::vector<int> ratio_col;
  std::vector<double> ratio_scale;
  std::vector<double> ratio_offset;
  int peak_col = -1;  // column of the peak memory (GiB) when the model has one
  // Chain and cumulative: per module the column of its recompute time t_i
  // (-1 when none), in units of objective_unit_ms (objective * unit = ms).
  std::vector<int> time_col;
  double objective_unit_ms = 1.0;
  // Cumulative: (column of S_k, k) = the sum of d over the first k units of
  // units_by_post (the candidate modules in fw_post_order).
  std::vector<std::pair<int, int>> cumulative_col;
  std::vector<int> units_by_post;
  // Twin counts: (column of n_g, the modules of group g) with n_g = sum of y over g.
  std::vector<std::pair<int, std::vector<int>>> twin_count_col;
  // A row that involves no column is violated: no plan exists, whatever a
  // solver says (such a row is kept in lp so that exported files say so too).
  bool infeasible = false;
  std::string infeasible_reason;
};

// Safety margin of the chain and cumulative formulations: when the plan the solver returns is over the budget in
// exact arithmetic (the solver accepts rows within a 1e-6 relative tolerance,
// about 1 KiB per GiB), the planner solves again with the memory rows at
// budget - margin, the margin at least this much (8 KiB).
inline constexpr double kBudgetMarginGiB = 8192.0 / 1073741824.0;

}  // namespace milpsac::model
