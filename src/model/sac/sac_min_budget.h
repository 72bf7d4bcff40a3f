// The smallest budget at which a SAC plan exists, for the "infeasible" message
// (docs/sac.md): the minimum-peak MILP on the same model (same AC-unit rules,
// world size and memory rows, no budget), solved to proven optimality.
#pragma once

#include <string>

#include "common/deadline.h"
#include "model/sac/module_info.h"
#include "model/sac/sac_request.h"

namespace milpsac::model {

struct MinBudget {
  bool found = false;          // a plan exists at some budget
  bool proven = false;         // peak_gib is the proven minimum (else: best found)
  double peak_gib = 0.0;       // lowest peak of a plan found, GiB
  double bound_gib = 0.0;      // no plan has a lower peak, GiB
  double suggested_gib = 0.0;  // peak + kBudgetMarginGiB, rounded up to 1e-5 GiB: a budget that works
  std::string status;          // of the minimum-peak solve
};

// request.budget_gib is ignored; the solve stops when `deadline` expires.
MinBudget smallest_feasible_budget(const ModuleInfo& info, const SacRequest& request, const Deadline& deadline);

}  // namespace milpsac::model
