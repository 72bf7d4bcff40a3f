// AcPlan: the answer of the SAC planner, module -> fraction of its activation
// memory to discard, and how it is read off a solved SacModel.
//
// Ratios are reported rounded UP to 4 decimals, capped at 1 (docs/sac.md):
// discarding a little more never raises memory, so the reported plan stays
// within the budget the solver checked (the seed rounded to nearest and could
// report a plan over budget).
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "model/sac/sac_model.h"

namespace milpsac::model {

struct AcDecision {
  int module = -1;     // module index (fw_pre_order)
  double ratio = 0.0;  // fraction of the module's activation memory discarded
};
using AcPlan = std::vector<AcDecision>;  // in module order

// Round up to 4 decimals, capped to [0, 1]. A value within 1e-9 of a grid
// point above it (solver noise) goes to that grid point.
inline double round_ratio_up(double ratio) {
  const double scaled = std::ceil(ratio * 1e4 - 1e-9);
  if (scaled <= 0) return 0.0;
  if (scaled >= 1e4) return 1.0;
  return scaled / 1e4;
}

// Modules with y_i > 0.5 in x, with their ratio as solved (not rounded).
AcPlan extract_plan(const SacModel& model, const Eigen::VectorXd& x);

// The plan with every ratio rounded up.
AcPlan round_plan_up(AcPlan plan);

}  // namespace milpsac::model
