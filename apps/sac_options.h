// Options shared by `milp-sac sac` and `milp-sac export-mps`: the SAC request
// (--budget, --world-size, --ac-units, --fsdp-units), checked for range here
// and against the ModuleInfo by model::validate_request.
#pragma once

#include <string>

#include "cli_args.h"
#include "common/input_error.h"
#include "model/sac_request.h"

namespace milpsac::cli {

inline model::SacRequest sac_request_from_args(const CliArgs& args) {
  model::SacRequest request;
  if (!args.value("budget")) throw InputError("option --budget GIB is required");
  request.budget_gib = args.number("budget", 0.0);
  if (request.budget_gib <= 0) throw InputError("option --budget: must be > 0 GiB");
  const long world = args.integer("world-size", 1);
  if (world < 1 || world > 1000000) throw InputError("option --world-size: must be between 1 and 1000000");
  request.world_size = static_cast<int>(world);
  request.ac_units = args.list("ac-units");
  request.fsdp_units = args.list("fsdp-units");
  return request;
}

}  // namespace milpsac::cli
