// SacModel: a module-level SAC MILP as handed to a solver, plus the map from
// its columns back to modules. Built by the formulations in
// sac_formulation_ours.h (ours, and the minimum-peak variant) and
// sac_formulation_seed.h (the seed's rows, for export and cross-checks).
#pragma once

#include <string>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::model {

struct SacModel {
  lp::LinearProgram lp;
  std::vector<int> y_col;     // per module: column of y_i (1 = AC unit), -1 when not in the model
  // Per module: the discarded fraction is ratio_offset + ratio_scale * x[ratio_col]
  // when y_i = 1 (the seed: r_i itself; ours: lo_i + d_i / ACM_i); -1 likewise.
  std::vector<int> ratio_col;
  std::vector<double> ratio_scale;
  std::vector<double> ratio_offset;
  int peak_col = -1;          // column of the peak memory (GiB) when the model has one
  // A row that involves no column is violated: no plan exists, whatever a
  // solver says (such a row is kept in lp so that exported files say so too).
  bool infeasible = false;
  std::string infeasible_reason;
};

// Safety margin of ours: when the plan the solver returns is over the budget in
// exact arithmetic (the solver accepts rows within a 1e-6 relative tolerance,
// about 1 KiB per GiB), the planner solves again with the memory rows at
// budget - margin, the margin at least this much (8 KiB).
inline constexpr double kBudgetMarginGiB = 8192.0 / 1073741824.0;

}  // namespace milpsac::model
