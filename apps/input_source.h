// Reading a command's input file the way the command line promises
// (docs/cli.md): a path, `-` for standard input, gzip-compressed input
// (`.json.gz`, `.mps.gz`, or anything starting with the gzip magic bytes).
// The library's readers do all of it (common/input_file.h); these names keep
// the commands' call sites short. A message names "<stdin>" for standard input.
#pragma once

#include <string>
#include <vector>

#include "analysis/autograd_graph.h"
#include "common/input_file.h"
#include "lp/linear_program.h"
#include "model/module_info.h"
#include "model/sac_stats.h"
#include "sharding/plan_input.h"

namespace milpsac::cli {

using milpsac::input_name;

model::ModuleInfo read_module_info_input(const std::string& path);
model::SacStats read_sac_stats_input(const std::string& path);
sharding::PlanInput read_plan_input_arg(const std::string& path);
analysis::AutogradGraph read_autograd_graph_input(const std::string& path);
// The reader's warnings (skipped records and the like) go to `warnings`.
lp::LinearProgram read_mps_input(const std::string& path, std::vector<std::string>* warnings);

}  // namespace milpsac::cli
