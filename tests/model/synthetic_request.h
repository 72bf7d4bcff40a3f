// A synthetic model of one family (tools/synthetic) and a budget placed a
// given fraction of the way from its smallest feasible peak to its no-AC
// peak: the cases the SAC scale, quality and timeline tests plan.
#pragma once

#include <doctest/doctest.h>

#include "common/deadline.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/sac_min_budget.h"
#include "synthetic/synthetic_module_info.h"

namespace milpsac::test {

// A model of `family` of about `modules` modules.
inline model::ModuleInfo synthetic_model(model::SyntheticFamily family, int modules) {
  return model::parse_module_info(model::synthetic_module_info_json(model::synthetic_spec_for(family, modules)),
                                  "synthetic.json");
}

// A request at `world_size` ranks whose budget is `fraction` of the way from
// the smallest feasible peak to the no-AC peak.
inline model::SacRequest request_at(const model::ModuleInfo& info, double fraction, int world_size = 1) {
  model::SacRequest request;
  request.world_size = world_size;
  const model::MinBudget min = model::smallest_feasible_budget(info, request, Deadline(60.0));
  REQUIRE(min.found);
  request.budget_gib = min.peak_gib + fraction * (model::no_ac_peak_gib(info, world_size) - min.peak_gib);
  return request;
}

}  // namespace milpsac::test
