// Reading a command's input file the way the command line promises
// (docs/cli.md): a path, `-` for standard input, and gzip-compressed input
// (`.json.gz`, `.mps.gz`, or any file starting with the gzip magic bytes when
// read from stdin). Every reader's own checks and messages apply; a message
// names "<stdin>" when the input came from standard input.
//
// Plain files go straight to the library's file readers; only stdin and .gz
// input are read into memory here and handed to the readers' text/JSON entry
// points. JSON parsed here is bounded in nesting depth, so a hostile document
// cannot exhaust the stack.
#pragma once

#include <string>

#include "analysis/autograd_graph.h"
#include "lp/linear_program.h"
#include "model/module_info.h"
#include "model/sac_stats.h"
#include "sharding/plan_input.h"

namespace milpsac::cli {

// The bytes of an input, decompressed when they are gzip; `source` names it in messages.
struct InputText {
  std::string text;
  std::string source;
};
InputText read_input_text(const std::string& path);

// The name messages use for `path`.
std::string input_name(const std::string& path);

model::ModuleInfo read_module_info_input(const std::string& path);
model::SacStats read_sac_stats_input(const std::string& path);
sharding::PlanInput read_plan_input_arg(const std::string& path);
analysis::AutogradGraph read_autograd_graph_input(const std::string& path);
lp::LinearProgram read_mps_input(const std::string& path);

}  // namespace milpsac::cli
