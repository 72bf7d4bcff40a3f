// `milp-sac sac MODULE_INFO.json --budget GIB ...`: the module-level SAC plan
// (docs/sac.md, docs/json.md#sac). With --budget-sweep, the whole recompute-vs-budget
// curve instead (cmd_sac_sweep.cpp). JSON by default; --format table prints the plan per module
// (ratio, memory discarded, recompute time) with totals, the baseline next
// to it and where the peak is. The JSON's memory_timeline and --plot-memory
// (an SVG, sac_memory_plot.h) show memory through the step. Exit 0 with a plan, 1 without one (infeasible budget, or a
// limit hit before any plan was found), 2 on bad input, 3 if the plan fails the independent re-check (a bug, never
// expected).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "cli_args.h"
#include "commands.h"
#include "common/output_file.h"
#include "interrupt.h"
#include "model/sac/baseline.h"
#include "model/sac/memory_timeline.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/plots/memory_plot.h"
#include "model/sac/sac_job.h"
#include "model/sac/sac_solver.h"
#include "output.h"
#include "progress_log.h"
#include "sac_options.h"
#include "text_format.h"

namespace milpsac::cli {
namespace {

// Where the peak is: its module, and the AC units that lower it (those that
// discarded memory before it) or are being recomputed there.
void print_peak_place(const model::ModuleInfo& info, const model::MemoryTimeline& timeline) {
  if (timeline.peak_point < 0) return;
  constexpr size_t kUnitsNamed = 8;
  const auto fqn = [&](int module) { return info.modules[static_cast<size_t>(module)].fqn; };
  const model::TimelinePoint& peak = timeline.points[static_cast<size_t>(timeline.peak_point)];
  print_formatted("\npeak of the plan: %s at '%s' (%s, point %d of %zu of memory_timeline)\n",
                  gib_or_mib(peak.plan_bytes).c_str(), fqn(peak.module).c_str(), model::to_string(peak.phase),
                  timeline.peak_point + 1, timeline.points.size());
  if (timeline.baseline_peak_point >= 0)
    print_formatted("peak of the baseline: at '%s'\n",
                    fqn(timeline.points[static_cast<size_t>(timeline.baseline_peak_point)].module).c_str());
  if (peak.ac_unit >= 0) print_formatted("recomputed there: AC unit '%s'\n", fqn(peak.ac_unit).c_str());
  const std::vector<int>& units = timeline.units_discarded_at_peak;
  print_formatted("AC units with memory discarded there: %zu", units.size());
  for (size_t k = 0; k < units.size() && k < kUnitsNamed; ++k)
    print_formatted("%s%s", k == 0 ? " (" : ", ", fqn(units[k]).c_str());
  if (units.size() > kUnitsNamed) print_formatted(", ... %zu more", units.size() - kUnitsNamed);
  print_formatted("%s\n", units.empty() ? "" : ")");
}

void print_table(const std::string& path, const model::ModuleInfo& info, const model::SacRequest& request,
                 const model::SacSolution& solution, const model::MemoryTimeline* timeline) {
  print_formatted("SAC plan for %s: budget %g GiB, world size %d\n", path.c_str(), request.budget_gib,
                  request.world_size);
  if (solution.has_plan)
    print_formatted("status %s, gap %.2f%%, %ld node%s, %.3f s, plan found by the %s\n\n",
                    model::to_string(solution.status), 100.0 * solution.gap, solution.nodes,
                    solution.nodes == 1 ? "" : "s", solution.seconds, solution.found_by.c_str());
  else
    print_formatted("status %s, %ld node%s, %.3f s\n\n", model::to_string(solution.status), solution.nodes,
                    solution.nodes == 1 ? "" : "s", solution.seconds);
  if (!solution.has_plan) {
    print_formatted("%s\n", model::no_plan_message(request, solution).c_str());
    return;
  }
  const model::PlanEvaluation& eval = solution.evaluation;

  size_t width = std::string("module").size();
  for (const model::AcDecision& d : solution.plan)
    width = std::max(width, info.modules[static_cast<size_t>(d.module)].fqn.size());
  const int w = static_cast<int>(width);
  print_formatted("%-*s  %8s  %16s  %14s\n", w, "module", "ratio", "memory discarded", "recompute ms");
  double discarded = 0.0;
  for (const model::AcDecision& d : solution.plan) {
    const size_t i = static_cast<size_t>(d.module);
    discarded += eval.discarded_bytes[i];
    print_formatted("%-*s  %8.4f  %16s  %14.4f\n", w, info.modules[i].fqn.c_str(), d.ratio,
                    gib_or_mib(eval.discarded_bytes[i]).c_str(), eval.recompute_ms[i]);
  }
  if (solution.plan.empty()) print_formatted("%-*s\n", w, "(no AC unit needed)");
  print_formatted("%-*s  %8s  %16s  %14.4f\n\n", w, "total", "", gib_or_mib(discarded).c_str(),
                  eval.total_recompute_ms);

  const model::Baseline base = model::compute_baseline(info);
  print_formatted("%-22s  %16s  %16s\n", "", "baseline", "plan");
  print_formatted("%-22s  %16s  %16s\n", "peak memory", gib_or_mib(static_cast<double>(base.peak_memory_bytes)).c_str(),
                  gib_or_mib(eval.peak_bytes).c_str());
  print_formatted("%-22s  %16.3f  %16.3f\n", "compute time ms", base.compute_time_ms,
                  base.compute_time_ms + eval.total_recompute_ms);
  print_formatted("%-22s  %16s  %16.3f\n", "recompute ms", "0", eval.total_recompute_ms);
  print_formatted("(baseline: no FSDP, no AC; plan: parameters and gradients sharded over %d ranks)\n",
                  request.world_size);
  if (timeline) print_peak_place(info, *timeline);
}

}  // namespace

int run_sac(const Args& argv) {
  const CliArgs args(argv, command_spec("sac"));
  args.require_positional(1, "MODULE_INFO.json");
  const OutputFormat format = output_format(args);
  const auto plot = args.value("plot-memory");
  if (plot && plot->empty()) throw InputError("option --plot-memory: expected a file name");
  if (plot && args.flag("budget-sweep"))
    throw InputError("option --plot-memory draws one plan: not with --budget-sweep (--plot draws the sweep)");
  if (args.flag("budget-sweep")) return run_sac_sweep(args);
  const model::SacRequest request = sac_request_from_args(args);
  model::SacSolveOptions options;
  options.relative_gap = args.option(options::kSacGap);
  options.formulation = formulation_from_args(args);
  const ProgressSetting progress = progress_from_args(args, "sac");
  options.progress = progress.callback;
  options.progress_interval_seconds = progress.interval_seconds;

  const std::string& path = args.positional()[0];
  // The door (model/sac/sac_job.h) owns the clock: --time-limit counts from
  // the call, reading included; Ctrl-C (SIGINT, SIGTERM) raises its flag and
  // the search stops with its best plan.
  const model::SacPlanReport report =
      model::plan_sac([&path](const Deadline* clock) { return model::read_module_info_file(path, clock); }, request,
                      options, args.option(options::kSacTimeLimit), &interrupt_flag());
  print_module_warnings("sac", report.warnings);
  if (!report.read_in_time) return print_stopped("sac", report.stop_message, report.interrupted);
  const model::ModuleInfo& info = report.info;
  const model::SacSolution& solution = report.solution;
  const model::MemoryTimeline* timeline = report.timeline ? &*report.timeline : nullptr;
  if (plot && timeline)
    write_output_file({"--plot-memory", *plot},
                      plots::memory_svg(info, *timeline, request.budget_gib, request.world_size,
                                        plots::no_ac_bytes(info, request, *timeline),
                                        plots::memory_plot_title(path, request.world_size)),
                      &report.outputs);
  if (format == OutputFormat::kJson)
    print_json(model::sac_plan_json(report));
  else
    print_table(path, info, request, solution, timeline);
  if (plot && !timeline) std::cerr << "milp-sac sac: no plan, so no memory plot: " << *plot << " not written\n";

  if (!solution.violations.empty()) {
    for (const std::string& v : solution.violations)
      std::cerr << "milp-sac sac: internal error: the plan fails the independent check: " << v << "\n";
    return 3;
  }
  if (report.interrupted) return kExitInterrupted;
  if (!solution.has_plan) {
    std::cerr << "milp-sac sac: " << model::no_plan_message(request, solution) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace milpsac::cli
