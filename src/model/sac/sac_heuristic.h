// A constructive plan for the module-level SAC problem, found before the
// branch-and-bound so that a plan exists from the start (the search takes it
// as its first incumbent and cutoff, and a time limit still returns it).
//
// Greedy along fw_post_order: the memory row of prefix k (the units finished
// before the modules that see it) asks for sum_{j in prefix k} d_j >= L_k
// (formulation::memory_sides, the same rows the model has). At each prefix
// with a deficit, discard more at the unit of the prefix with the lowest
// recompute time per byte, one linear piece of its recompute curve at a time
// (an active unit: its marginal price up to its next breakpoint; a new unit:
// its lowest average price t(a)/a, fixed cost included), respecting the upper
// sides (no activation total below zero), each unit's IA, and one AC unit per
// root-to-leaf path (a unit blocks its ancestors and descendants). A second
// pass prices new units over all they can take (fewer, larger units: it
// succeeds on tight budgets where small units taken early block the large
// ones); the cheaper plan wins. Then a repair pass gives back discard the
// rows do not need, latest unit first, and drops units left with nothing.
//
// O(K^2) per pass for K candidate units (milliseconds at 2,000 units); no LP.
// Deterministic (ties go to the earlier unit). Measured on the bundled
// instances (docs/sac.md): median 1.1x the optimum, at most about 2.3x.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "model/sac/module_info.h"
#include "model/sac/sac_model.h"
#include "model/sac/sac_request.h"

namespace milpsac::model {

struct HeuristicPlan {
  bool found = false;               // false: the greedy found no plan (not a proof that none exists)
  std::vector<char> unit;           // per module: 1 when it is an AC unit of the plan
  std::vector<double> discard_gib;  // per module: d_i, GiB discarded beyond the unavoidable ACM - IA
  double recompute_ms = 0.0;        // sum of the units' recompute times at these discards
};

// The plan at request.budget_gib - margin_gib.
HeuristicPlan greedy_sac_plan(const ModuleInfo& info, const SacRequest& request, double margin_gib = 0.0);

// The plan as a point of a chain or cumulative model built for the same
// request and margin (y, d, t and S columns); empty for a model without
// time_col (pairwise-bigm).
Eigen::VectorXd heuristic_point(const ModuleInfo& info, const SacModel& model, const HeuristicPlan& plan);

// Recompute time (ms) of module i at discard d (GiB) when it is an AC unit.
double unit_recompute_ms(const ModStats& m, double discard_gib);

}  // namespace milpsac::model
