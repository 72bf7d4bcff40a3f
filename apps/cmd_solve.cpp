// milp-sac solve MODEL.mps[.gz]|MODEL.lp[.gz]: solve an LP or MILP read from MPS
// (or CPLEX LP format, by the file name) with our
// simplex and branch-and-bound, and print the JSON of docs/json.md#solve.
//
// The command only translates: its options into an api::SolveRequest, and
// the door's report (api/solve_door.h: the clock, counted from the call with
// reading included, the checks, the solve, the status) into JSON or a table.
// MPS names that are not UTF-8 (Latin-1 in old files) are transcoded so the
// output is valid JSON; --write-solution keeps the names byte for byte.
#include <cmath>
#include <iostream>
#include <string>

#include "api/solve_door.h"
#include "cli_args.h"
#include "commands.h"
#include "common/input_file.h"
#include "common/utf8.h"
#include "interrupt.h"
#include "output.h"
#include "progress_log.h"
#include "solution_file.h"
#include "text_format.h"

namespace milpsac::cli {
namespace {

void print_solution_table(const api::SolveReport& report) {
  const lp::LinearProgram& model = report.model;
  const bnb::MilpResult& result = report.result;
  if (report.read_in_time)
    std::cout << "model " << report.source << ": " << model.num_rows() << " rows, " << model.num_cols() << " columns\n";
  else
    std::cout << "model " << report.source << ": not read within the time limit\n";
  TextTable summary({{"", true}, {"", true}});
  summary.add_row({"status", api::to_string(report.status)});
  summary.add_row({"objective", result.has_solution ? human_number(result.objective, 10) : "-"});
  summary.add_row({"bound", std::isfinite(result.bound) ? human_number(result.bound, 10) : "-"});
  summary.add_row({"gap (%)", result.has_solution ? gap_percent(result.gap) : "-"});
  summary.add_row({"nodes", std::to_string(result.nodes)});
  summary.add_row({"time (s)", human_number(report.seconds, 3)});
  std::string text = summary.render();
  std::cout << text.substr(text.find('\n') + 1);  // no header row for the summary
  if (!result.has_solution) return;
  TextTable columns({{"column", true}, {"value"}});
  for (int j = 0; j < model.num_cols(); ++j)
    columns.add_row({to_valid_utf8(model.col_names[static_cast<size_t>(j)]), human_number(result.x[j], 10)});
  std::cout << "\n" << columns.render();
}

}  // namespace

int run_solve(const Args& argv) {
  CliArgs args(argv, command_spec("solve"));
  args.require_positional(1, "MODEL.mps");
  api::SolveRequest request;
  request.relative_gap = args.option(options::kSolveGap);
  request.time_limit_seconds = args.option(options::kTimeLimit);
  request.node_limit = args.integer("node-limit", request.node_limit);
  if (request.node_limit <= 0) throw InputError("option --node-limit: must be positive");
  request.max_model_memory_gib = args.option(options::kMaxModelMemory);
  const OutputFormat format = output_format(args);
  const std::string& path = args.positional()[0];
  const auto solution_path = args.value("write-solution");
  if (solution_path && solution_path->empty()) throw InputError("option --write-solution: empty file name");
  const ProgressSetting progress = progress_from_args(args, "solve");
  request.progress = progress.callback;
  request.progress_interval_seconds = progress.interval_seconds;
  // The warnings carry "FILE[:LINE]: warning: ..." already, and are printed
  // as soon as the model is read (before a long solve). --quiet silences
  // stderr for the whole command (main.cpp), warnings included.
  size_t warned = 0;
  auto warn = [&warned](const api::SolveReport& report) {
    for (; warned < report.warnings.size(); ++warned)
      std::cerr << "milp-sac solve: " << to_valid_utf8(report.warnings[warned]) << "\n";
  };
  request.started = warn;
  // Ctrl-C (SIGINT, SIGTERM) stops reading or solving through the door's clock.
  const api::SolveReport report = api::solve_file(path, request, &interrupt_flag());
  warn(report);
  if (solution_path) write_solution_file(*solution_path, report.model, report.result);
  if (format == OutputFormat::kTable)
    print_solution_table(report);
  else
    std::cout << api::solve_report_json(report);
  if (report.status == api::Status::kInterrupted) return kExitInterrupted;
  return report.result.has_solution ? 0 : 1;
}

}  // namespace milpsac::cli
