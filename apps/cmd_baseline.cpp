// `milp-sac baseline MODULE_INFO.json`: peak memory and compute time of the
// training step without FSDP or AC (PyTorch's), as JSON or a small table.
#include <cstdio>
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "interrupt.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/sac_job.h"
#include "output.h"

namespace milpsac::cli {

int run_baseline(const Args& argv) {
  const CliArgs args(argv, command_spec("baseline"));
  args.require_positional(1, "MODULE_INFO.json");
  const OutputFormat format = output_format(args);
  const std::string& path = args.positional()[0];
  // The door (model/sac/sac_job.h) owns the clock: Ctrl-C while reading stops it.
  const model::BaselineReport report = model::baseline(
      [&path](const Deadline* clock) { return model::read_module_info_file(path, clock); }, &interrupt_flag());
  if (!report.read_in_time) return print_stopped("baseline", report.stop_message, report.interrupted);
  const model::ModuleInfo& info = report.info;
  const model::Baseline& baseline = report.baseline;
  if (format == OutputFormat::kJson) {
    print_json(model::baseline_json(report));
  } else {
    print_formatted("baseline (no FSDP, no AC) of %s, %d modules\n", args.positional()[0].c_str(), info.size());
    print_formatted("  peak memory    %16lld bytes  (%.3f GiB)\n", static_cast<long long>(baseline.peak_memory_bytes),
                    static_cast<double>(baseline.peak_memory_bytes) / model::kBytesPerGiB);
    print_formatted("  compute time   %16.3f ms\n", baseline.compute_time_ms);
  }
  return 0;
}

}  // namespace milpsac::cli
