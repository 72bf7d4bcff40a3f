// `milp-sac sac MODULE_INFO.json --budget-sweep [--from GIB] [--to GIB]
// [--points N] [--max-breakpoints N] [--plot FILE.svg]`: the recompute-time-vs-budget curve
// (model/sac/sac_sweep.h), as JSON (default) or a table, and optionally drawn
// as an SVG. --gap, --time-limit (per point), --formulation, --world-size,
// --ac-units, --fsdp-units as for a single plan. Exit 0 when every point is
// answered (a point below the smallest feasible budget is answered
// "infeasible"), 1 when a point ends without a plan for another reason, 2 on
// bad input, 3 if a plan fails the independent re-check.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "common/output_file.h"
#include "common/parallel_for.h"
#include "interrupt.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/plots/sweep_plot.h"
#include "model/sac/sac_job.h"
#include "model/sac/sac_sweep.h"
#include "output.h"
#include "progress_line.h"
#include "sac_options.h"

namespace milpsac::cli {
namespace {

void print_sweep_table(const std::string& path, const model::SacRequest& request, const model::Sweep& sweep) {
  print_formatted("budget sweep for %s, world size %d: %zu points, %.3f s\n", path.c_str(), request.world_size,
                  sweep.points.size(), sweep.seconds);
  print_formatted(
      "%d change%s of the AC-unit set between grid points, %s\n", sweep.plan_changes,
      sweep.plan_changes == 1 ? "" : "s",
      sweep.breakpoints_located ? "each located (* = first budget found with a new set)" : "not located (grid only)");
  if (sweep.min_feasible_budget_gib)
    print_formatted("smallest feasible budget %.5f GiB%s, no-AC peak %.5f GiB, baseline peak %.5f GiB\n\n",
                    *sweep.min_feasible_budget_gib, sweep.min_feasible_proven ? "" : " (not proven)",
                    sweep.no_ac_peak_gib, sweep.baseline_peak_gib);
  else
    print_formatted("no plan exists at any budget with these AC/FSDP units\n\n");
  print_formatted("%12s  %-12s  %14s  %12s  %7s  %5s  %-9s  %8s\n", "budget GiB", "status", "recompute ms", "peak GiB",
                  "gap %", "units", "found by", "seconds");
  for (const model::SweepPoint& p : sweep.points) {
    const model::SacSolution& s = p.solution;
    if (s.has_plan)
      print_formatted("%12.5f%c %-12s  %14.4f  %12.5f  %7s  %5zu  %-9s  %8.3f\n", p.budget_gib,
                      p.plan_change ? '*' : ' ', model::to_string(s.status), s.recompute_ms,
                      s.peak_bytes / model::kBytesPerGiB, gap_percent(s.gap).c_str(), s.plan.size(), s.found_by.c_str(),
                      s.seconds);
    else
      print_formatted("%12.5f  %-12s  %14s  %12s  %7s  %5s  %-9s  %8.3f\n", p.budget_gib, model::to_string(s.status),
                      "-", "-", "-", "-", "", s.seconds);
  }
}

}  // namespace

int run_sac_sweep(const CliArgs& args) {
  const OutputFormat format = output_format(args);
  if (args.value("budget")) throw InputError("option --budget: not used with --budget-sweep (use --from and --to)");
  const model::SacRequest request = sac_request_from_args(args, false);
  model::SweepOptions options;
  if (args.value("from")) options.from_gib = args.number("from", 0.0);
  if (args.value("to")) options.to_gib = args.number("to", 0.0);
  options.points = static_cast<int>(args.option(options::kSweepPoints));
  options.max_breakpoints = static_cast<int>(args.option(options::kMaxBreakpoints));
  options.solve.relative_gap = args.option(options::kSacGap);
  options.solve.formulation = formulation_from_args(args);
  options.threads = args.value("threads") ? static_cast<int>(args.option(options::kThreads)) : default_thread_count();
  const auto plot = args.value("plot");
  if (plot && plot->empty()) throw InputError("option --plot: expected a file name");

  const std::string& path = args.positional()[0];
  // The door (model/sac/sac_job.h) owns the clock: --time-limit bounds the
  // whole sweep, reading included; Ctrl-C (SIGINT, SIGTERM) raises its flag:
  // points not solved by then are reported as at the time limit, and the
  // command exits 130.
  const model::SacSweepReport report =
      model::sweep_sac([&path](const Deadline* clock) { return model::read_module_info_file(path, clock); }, request,
                       options, args.option(options::kSacTimeLimit), &interrupt_flag());
  print_module_warnings("sac", report.info.warnings);
  // The sweep's own (fewer threads than asked for), after the reader's.
  for (size_t k = report.info.warnings.size(); k < report.warnings.size(); ++k)
    std::cerr << "milp-sac sac: warning: " << report.warnings[k] << "\n";
  if (!report.read_in_time) return print_stopped("sac", report.stop_message, report.interrupted);
  const model::Sweep& sweep = report.sweep;
  if (plot)
    write_output_file({"--plot", *plot}, plots::sweep_svg(sweep, plots::sweep_plot_title(path, request.world_size)),
                      &report.outputs);
  if (format == OutputFormat::kJson)
    print_json(model::sac_sweep_json(report));
  else
    print_sweep_table(path, request, sweep);

  int code = 0;
  if (sweep.points.empty()) {
    std::cerr << "milp-sac sac: time limit reached before the smallest feasible budget was found (no curve)\n";
    code = 1;
  }
  for (const model::SweepPoint& p : sweep.points) {
    const model::SacSolution& s = p.solution;
    for (const std::string& v : s.violations) {
      std::cerr << "milp-sac sac: internal error: the plan at " << p.budget_gib
                << " GiB fails the independent check: " << v << "\n";
      code = 3;
    }
    if (!s.has_plan && s.status != model::SacStatus::kInfeasible && code == 0) code = 1;
  }
  // A curve without a single plan (every budget below the smallest feasible
  // one) is "no solution", exit 1, as `sac --budget` at one of those budgets.
  const bool any_plan = std::any_of(sweep.points.begin(), sweep.points.end(),
                                    [](const model::SweepPoint& p) { return p.solution.has_plan; });
  if (!sweep.points.empty() && !any_plan && code == 0) {
    std::cerr << "milp-sac sac: no point of the sweep has a plan: every budget is below the smallest feasible one\n";
    code = 1;
  }
  if (report.interrupted && code != 3) {
    std::cerr << "milp-sac sac: interrupted: the points not solved by then are reported as at the time limit\n";
    code = kExitInterrupted;
  }
  return code;
}

}  // namespace milpsac::cli
