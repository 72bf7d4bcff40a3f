// SacRequest: what the user asks of the module-level SAC planner (docs/sac.md, docs/cli.md),
// and the rules it implies for which modules may be AC units.
//
// A module may be an AC unit when it is not a leaf, is listed in ac_units (when
// that list is given), and is not a strict ancestor of an fsdp_units entry
// (prefix test). Unknown fqns in either list are an error, not silence.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/sac/module_info.h"

namespace milpsac::model {

struct SacRequest {
  double budget_gib = 0.0;
  int world_size = 1;
  std::optional<std::vector<std::string>> ac_units;    // nullopt or empty: no restriction
  std::optional<std::vector<std::string>> fsdp_units;  // nullopt: no FSDP units
};

// Throws InputError: budget not finite or <= 0, world size < 1, an unknown fqn
// in ac_units / fsdp_units, memory sums out of range (check_memory_range in
// baseline.h), recompute times whose sum is not a finite number.
void validate_request(const ModuleInfo& info, const SacRequest& request);

// Per module: 1 when the rules above allow it to be an AC unit.
std::vector<char> ac_candidates(const ModuleInfo& info, const SacRequest& request);

}  // namespace milpsac::model
