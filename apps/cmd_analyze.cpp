// milp-sac analyze GRAPH.json [--format json|table]
//
// Reads an autograd graph (SPEC section 5) and prints its GraphInfo with the
// liveness semantics of seed 003: fwd_flop, bwd_flop, fwd_mem_in, fwd_mem_tmp,
// bwd_mem_tmp, bwd_mem_out (bytes). Exit 0, or 2 on bad input (unknown input
// names, duplicate names, cycles, unknown stages).
#include <iomanip>
#include <iostream>

#include "analysis/autograd_graph.h"
#include "analysis/graph_info.h"
#include "cli_args.h"
#include "commands.h"
#include "output.h"

namespace milpsac::cli {

int run_analyze(const Args& args) {
  CliArgs cli(args, {"format"}, {});
  cli.require_positional(1, "GRAPH.json");
  const OutputFormat format = output_format(cli);
  const analysis::AutogradGraph graph = analysis::read_autograd_graph(cli.positional()[0]);
  const analysis::GraphInfo info = analysis::analyze_autograd_graph(graph);

  Json out;
  out["fwd_flop"] = info.fwd_flop;
  out["bwd_flop"] = info.bwd_flop;
  out["fwd_mem_in"] = info.fwd_mem_in;
  out["fwd_mem_tmp"] = info.fwd_mem_tmp;
  out["bwd_mem_tmp"] = info.bwd_mem_tmp;
  out["bwd_mem_out"] = info.bwd_mem_out;
  out["num_nodes"] = graph.nodes.size();
  if (format == OutputFormat::kTable) {
    for (const auto& [key, value] : out.items())
      std::cout << std::left << std::setw(12) << key << std::right << std::setw(24) << value.dump() << "\n";
  } else {
    print_json(out);
  }
  return 0;
}

}  // namespace milpsac::cli
