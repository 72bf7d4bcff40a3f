// milp-sac analyze GRAPH.json [--format json|table]
//
// Reads an autograd graph (docs/formats.md#autograd-graph) and prints its
// GraphInfo (docs/json.md#analyze) with ColossalAI's liveness semantics (see
// analysis/graph_info.h): fwd_flop, bwd_flop, fwd_mem_in, fwd_mem_tmp,
// bwd_mem_tmp, bwd_mem_out (bytes). The table shows the same numbers with
// their meaning and in MiB. Exit 0, or 2 on bad input (unknown input names,
// duplicate names, cycles, unknown stages, sums that overflow 64 bits).
#include <iostream>

#include "analysis/autograd_graph.h"
#include "analysis/graph_info.h"
#include "cli_args.h"
#include "commands.h"
#include "common/input_file.h"
#include "output.h"
#include "text_format.h"

namespace milpsac::cli {

int run_analyze(const Args& args) {
  CliArgs cli(args, command_spec("analyze"));
  cli.require_positional(1, "GRAPH.json");
  const OutputFormat format = output_format(cli);
  const std::string& path = cli.positional()[0];
  const analysis::AutogradGraph graph = analysis::read_autograd_graph(path);
  const analysis::GraphInfo info = analysis::analyze_autograd_graph(graph);

  if (format == OutputFormat::kTable) {
    std::cout << "autograd graph " << input_name(path) << ": " << graph.nodes.size() << " nodes\n\n";
    TextTable table({{"quantity", true}, {"meaning", true}, {"value"}, {"unit", true}, {"MiB"}});
    auto flops = [&](const char* key, const char* meaning, std::int64_t v) {
      table.add_row({key, meaning, std::to_string(v), "FLOP", ""});
    };
    auto bytes = [&](const char* key, const char* meaning, std::int64_t v) {
      table.add_row({key, meaning, std::to_string(v), "bytes", mib(static_cast<double>(v))});
    };
    flops("fwd_flop", "forward FLOPs", info.fwd_flop);
    flops("bwd_flop", "backward FLOPs", info.bwd_flop);
    bytes("fwd_mem_in", "saved inputs (placeholders) kept for backward", info.fwd_mem_in);
    bytes("fwd_mem_tmp", "saved forward activations kept for backward", info.fwd_mem_tmp);
    bytes("bwd_mem_tmp", "peak of live backward temporaries", info.bwd_mem_tmp);
    bytes("bwd_mem_out", "gradient outputs", info.bwd_mem_out);
    std::cout << table.render();
    return 0;
  }
  Json out;
  out["fwd_flop"] = info.fwd_flop;
  out["bwd_flop"] = info.bwd_flop;
  out["fwd_mem_in"] = info.fwd_mem_in;
  out["fwd_mem_tmp"] = info.fwd_mem_tmp;
  out["bwd_mem_tmp"] = info.bwd_mem_tmp;
  out["bwd_mem_out"] = info.bwd_mem_out;
  out["num_nodes"] = graph.nodes.size();
  print_json(out);
  return 0;
}

}  // namespace milpsac::cli
