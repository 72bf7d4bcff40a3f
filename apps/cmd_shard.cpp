// milp-sac shard PLAN_INPUT.json [--proposals] [--exact] [--2d]
//     [--storage-reservation R] [--time-limit S] [--format json|table]
//
// Runs the planner loop around the DP proposer (1-D seed semantics, or the
// 2-D HBM x DDR variant with --2d) and prints the best placed plan; with
// --proposals also every proposal in order, with --exact also the exact
// selection MILP's answer and what the bin discretisation cost. The storage
// reservation (the option, else the input's field, else 0.15) is taken off
// every device's HBM before planning, as TorchRec's planner does. Placement
// follows TorchRec's rules (sharding/placement_rules.h), so the plan is one
// TorchRec accepts. Output keys: docs/json.md#shard; the table is laid out
// like TorchRec's EmbeddingStats (per rank used / capacity / %, perf, shards
// by sharding type; perf max and total, imbalance: shard_stats_table.h; per
// table sharding type, kernel, shards and sizes). Exit 0 with a plan, 1 when no
// proposal could be placed (the JSON says which table did not fit and by how
// much), 2 on bad input.
#include <cmath>
#include <iostream>
#include <sstream>

#include "cli_args.h"
#include "commands.h"
#include "common/deadline.h"
#include "common/input_file.h"
#include "interrupt.h"
#include "output.h"
#include "progress_log.h"
#include "shard_stats_table.h"
#include "sharding/placement.h"
#include "sharding/plan_json.h"
#include "sharding/plan_stats.h"
#include "sharding/planner.h"
#include "sharding/shard_job.h"
#include "text_format.h"

namespace milpsac::cli {

namespace {

using sharding::PlanInput;
using sharding::PlanResult;
using sharding::Proposal;

// Laid out like TorchRec's EmbeddingStats: devices, then tables.
void print_table(const std::string& path, const PlanInput& input, const PlanInput& original, const PlanResult& r,
                 const Json& out) {
  std::cout << "sharding plan for " << input_name(path) << ": " << input.topology.world_size << " devices ("
            << input.topology.local_world_size << " per machine, "
            << (input.topology.compute_device == sharding::ComputeDevice::kCuda ? "cuda" : "cpu") << "), variant "
            << out["variant"].get<std::string>() << ", storage reservation "
            << percent(out["storage_reservation"].get<double>()) << " % of HBM\n";
  std::cout << r.proposals.size() << " DP proposals: " << r.placed << " placed, " << r.unplaceable << " did not fit, "
            << r.skipped << " could not beat the best" << (r.time_limit_reached ? "; stopped at the time limit" : "")
            << "\n";
  if (!r.found) {
    std::cout << "status " << out["status"].get<std::string>() << ": " << out["message"].get<std::string>() << "\n";
    return;
  }
  std::cout << "best: "
            << (r.best_index < 0 ? std::string("initial proposal") : "proposal " + std::to_string(r.best_index))
            << ", rating " << human_number(r.placement.rating) << " ms (largest per-device perf), total perf "
            << human_number(sharding::total_perf(input, r.best)) << " ms\n\n";

  std::cout << shard_stats_table(sharding::plan_stats(input, original, r)) << "\n";

  TextTable tables({{"table", true},
                    {"sharding type", true},
                    {"compute kernel", true},
                    {"placement", true},
                    {"shards"},
                    {"shard HBM (MiB)", true},
                    {"shard DDR (MiB)", true},
                    {"ranks", true},
                    {"perf (ms)"}});
  for (const Json& t : out["tables"]) {
    std::string hbm, ddr, ranks;
    for (const Json& s : t["shards"]) {
      if (!ranks.empty()) {
        hbm += ',';
        ddr += ',';
        ranks += ',';
      }
      hbm += mib(static_cast<double>(s["hbm_bytes"].get<std::int64_t>()));
      ddr += mib(static_cast<double>(s["ddr_bytes"].get<std::int64_t>()));
      ranks += std::to_string(s["device"].get<int>());
    }
    auto or_dash = [](const std::string& s) { return s.empty() ? std::string("-") : s; };
    tables.add_row({t["fqn"].get<std::string>(), or_dash(t["sharding_type"].get<std::string>()),
                    or_dash(t["compute_kernel"].get<std::string>()), t["placement"].get<std::string>(),
                    std::to_string(t["shards"].size()), hbm, ddr, ranks, human_number(t["perf_ms"].get<double>())});
  }
  std::cout << tables.render();
  if (out.contains("exact")) {
    const Json& e = out["exact"];
    std::cout << "\nexact selection: " << e["status"].get<std::string>();
    if (e.contains("total_perf_ms")) {
      std::cout << ", total perf " << human_number(e["total_perf_ms"].get<double>()) << " ms";
      if (!e["discretisation_cost_ms"].is_null())
        std::cout << " (DP best " << human_number(e["dp_best_total_perf_ms"].get<double>()) << " ms)";
    }
    std::cout << "\n";
  }
}

}  // namespace

int run_shard(const Args& args) {
  CliArgs cli(args, command_spec("shard"));
  cli.require_positional(1, "PLAN_INPUT.json");
  const OutputFormat format = output_format(cli);
  sharding::ShardRequest request;
  request.variant = cli.flag("2d") ? sharding::Variant::k2D : sharding::Variant::k1D;
  request.time_limit_seconds = cli.option(options::kTimeLimit);
  // No fixed default: without the option the input's field decides.
  if (cli.value(std::string(options::kStorageReservation.name)))
    request.storage_reservation = cli.option(options::kStorageReservation);
  request.proposals = cli.flag("proposals");
  request.exact = cli.flag("exact");
  const ProgressSetting progress = progress_from_args(cli, "shard");
  request.progress = progress.callback;
  request.progress_interval_seconds = progress.interval_seconds;
  const std::string& path = cli.positional()[0];
  // The door (sharding/shard_job.h) owns the clock: --time-limit counts from
  // the call, reading included; Ctrl-C (SIGINT, SIGTERM) raises its flag.
  const sharding::ShardReport report = sharding::propose_sharding(
      [&path](const Deadline& clock) { return sharding::read_plan_input(path, &clock); }, request, &interrupt_flag());
  for (const std::string& warning : report.warnings) std::cerr << "milp-sac shard: warning: " << warning << "\n";
  const Json& out = report.json;
  if (!report.read_in_time) {
    // As every command whose input was not read in time (main.cpp).
    print_json(out);
    std::cerr << "milp-sac shard: " << out["message"].get<std::string>() << "\n";
    return report.interrupted ? kExitInterrupted : 1;
  }
  if (format == OutputFormat::kTable) {
    print_table(path, report.input, report.original, report.plan, out);  // the table carries the failure message
  } else {
    print_json(out);
    if (!report.plan.found) std::cerr << "milp-sac shard: " << out["message"].get<std::string>() << "\n";
  }
  if (report.interrupted) return kExitInterrupted;
  return report.plan.found ? 0 : 1;
}

}  // namespace milpsac::cli
