// milp-sac analyze GRAPH.json [--format json|table]
//
// Reads an autograd graph (docs/formats.md#autograd-graph) and prints its
// GraphInfo (docs/json.md#analyze) with ColossalAI's liveness semantics (see
// analysis/graph_info.h): fwd_flop, bwd_flop, fwd_mem_in, fwd_mem_tmp,
// bwd_mem_tmp, bwd_mem_out (bytes). The table shows the same numbers with
// their meaning and in MiB. Exit 0, 130 on Ctrl-C (SIGINT, SIGTERM: the JSON
// says "status": "interrupted"), or 2 on bad input (unknown input names,
// duplicate names, cycles, unknown stages, sums that overflow 64 bits).
#include <iostream>

#include "analysis/analyze_job.h"
#include "cli_args.h"
#include "commands.h"
#include "common/input_file.h"
#include "interrupt.h"
#include "output.h"
#include "text_format.h"

namespace milpsac::cli {

int run_analyze(const Args& args) {
  CliArgs cli(args, command_spec("analyze"));
  cli.require_positional(1, "GRAPH.json");
  const OutputFormat format = output_format(cli);
  const std::string& path = cli.positional()[0];
  // The door (analysis/analyze_job.h) owns the clock: Ctrl-C (SIGINT,
  // SIGTERM) stops the reading or the pass, and the JSON says so (exit 130).
  const analysis::AnalyzeReport report =
      analysis::analyze_graph([&path](const Deadline* clock) { return analysis::read_autograd_graph(path, clock); },
                              input_name(path), &interrupt_flag());
  if (!report.finished) return print_stopped("analyze", report.stop_message, report.interrupted);
  const analysis::GraphInfo& info = report.info;
  if (format == OutputFormat::kTable) {
    std::cout << "autograd graph " << input_name(path) << ": " << report.num_nodes << " nodes\n\n";
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
  print_json(analysis::analyze_json(report));
  return 0;
}

}  // namespace milpsac::cli
