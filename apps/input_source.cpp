// Input from a path, stdin or gzip (see input_source.h).
#include "input_source.h"

#include "lp/mps.h"
#include "model/module_info_reader.h"

namespace milpsac::cli {

model::ModuleInfo read_module_info_input(const std::string& path) { return model::read_module_info_file(path); }

model::SacStats read_sac_stats_input(const std::string& path) { return model::read_sac_stats_file(path); }

sharding::PlanInput read_plan_input_arg(const std::string& path) { return sharding::read_plan_input(path); }

analysis::AutogradGraph read_autograd_graph_input(const std::string& path) {
  return analysis::read_autograd_graph(path);
}

lp::LinearProgram read_mps_input(const std::string& path, std::vector<std::string>* warnings) {
  return lp::read_mps_file(path, warnings);
}

}  // namespace milpsac::cli
