// `milp-sac baseline MODULE_INFO.json`: peak memory and compute time of the
// training step without FSDP or AC (PyTorch's), as JSON or a small table.
#include <cstdio>

#include "cli_args.h"
#include "commands.h"
#include "model/sac/baseline.h"
#include "model/sac/module_info_reader.h"
#include "output.h"

namespace milpsac::cli {

int run_baseline(const Args& argv) {
  const CliArgs args(argv, command_spec("baseline"));
  args.require_positional(1, "MODULE_INFO.json");
  const OutputFormat format = output_format(args);
  const model::ModuleInfo info = model::read_module_info_file(args.positional()[0]);
  const model::Baseline baseline = model::compute_baseline(info);
  if (format == OutputFormat::kJson) {
    Json out;
    out["peak_memory_bytes"] = baseline.peak_memory_bytes;
    out["compute_time_ms"] = baseline.compute_time_ms;
    print_json(out);
  } else {
    print_formatted("baseline (no FSDP, no AC) of %s, %d modules\n", args.positional()[0].c_str(), info.size());
    print_formatted("  peak memory    %16lld bytes  (%.3f GiB)\n", static_cast<long long>(baseline.peak_memory_bytes),
                    static_cast<double>(baseline.peak_memory_bytes) / model::kBytesPerGiB);
    print_formatted("  compute time   %16.3f ms\n", baseline.compute_time_ms);
  }
  return 0;
}

}  // namespace milpsac::cli
