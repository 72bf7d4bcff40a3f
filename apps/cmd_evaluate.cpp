// `milp-sac evaluate MODULE_INFO.json --plan PLAN.json [--world-size W]
// [--budget GIB] [--column-map MAP.json]`: the true peak, recompute time and
// every broken rule of a SAC plan made elsewhere: PyTorch's sac_milp, another
// solver's answer to `export-mps` read back through its column map, a plan
// written by hand, or `milp-sac sac`'s own output (docs/cli.md#evaluate,
// docs/json.md#evaluate). The figures come from the library's plan evaluator,
// the one `sac` checks its plans with (model/sac/plan_check.h). Exit 0 when the
// plan breaks no rule, 1 when it breaks one (the JSON still printed), 2 on bad
// input.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>

#include "cli_args.h"
#include "commands.h"
#include "common/deadline.h"
#include "common/input_file.h"
#include "common/json_input.h"
#include "interrupt.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/plan_check.h"
#include "output.h"
#include "sac_options.h"
#include "text_format.h"

namespace milpsac::cli {
namespace {

Json optional_number(const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); }

long long bytes_up(double bytes) { return static_cast<long long>(std::ceil(bytes)); }

Json result_json(const model::ModuleInfo& info, const model::PlanInput& input, const model::SacRequest& request,
                 bool has_budget, const model::PlanCheck& check) {
  const model::PlanEvaluation& eval = check.evaluation;
  Json out;
  out["status"] = check.ok() ? "ok" : "broken";
  out["plan_format"] = input.format;
  out["world_size"] = request.world_size;
  out["budget_gib"] = has_budget ? Json(request.budget_gib) : Json(nullptr);
  Json decisions = Json::object();
  for (const auto& [fqn, ratio] : input.decisions) decisions[fqn] = ratio;
  out["ac_decisions"] = decisions;
  out["peak_memory_bytes"] = bytes_up(eval.peak_bytes);
  out["peak_module"] = eval.peak_module >= 0 ? Json(info.modules[static_cast<size_t>(eval.peak_module)].fqn) : Json();
  out["recomputation_time_ms"] = eval.total_recompute_ms;
  out["claimed_peak_memory_bytes"] = optional_number(input.claimed_peak_bytes);
  out["claimed_recomputation_time_ms"] = optional_number(input.claimed_recompute_ms);
  out["no_ac_peak_memory_bytes"] = bytes_up(check.no_ac_peak_bytes);
  out["baseline_peak_memory_bytes"] = check.baseline.peak_memory_bytes;
  Json units = Json::array();
  for (const model::AcDecision& d : check.plan) {
    const size_t i = static_cast<size_t>(d.module);
    units.push_back({{"module", info.modules[i].fqn},
                     {"ratio", d.ratio},
                     {"discarded_bytes", eval.discarded_bytes[i]},
                     {"recompute_ms", eval.recompute_ms[i]}});
  }
  out["units"] = units;
  Json violations = Json::array();
  for (const model::PlanViolation& v : check.violations)
    violations.push_back(
        {{"rule", v.rule}, {"module", v.module.empty() ? Json(nullptr) : Json(v.module)}, {"message", v.message}});
  out["violations"] = violations;
  Json points = Json::array();
  for (const model::TimelinePoint& p : check.timeline.points)
    points.push_back({{"module", info.modules[static_cast<size_t>(p.module)].fqn},
                      {"phase", model::to_string(p.phase)},
                      {"baseline_bytes", static_cast<long long>(p.baseline_bytes)},
                      {"plan_bytes", bytes_up(p.plan_bytes)}});
  out["memory_timeline"] = points;
  return out;
}

void print_table(const std::string& path, const std::string& plan_path, const model::ModuleInfo& info,
                 const model::PlanInput& input, const model::SacRequest& request, bool has_budget,
                 const model::PlanCheck& check) {
  const model::PlanEvaluation& eval = check.evaluation;
  print_formatted("plan %s (%s) on %s: world size %d, ", plan_path.c_str(), input.format.c_str(), path.c_str(),
                  request.world_size);
  if (has_budget)
    print_formatted("budget %g GiB\n\n", request.budget_gib);
  else
    print_formatted("no budget given\n\n");
  size_t width = std::string("module").size();
  for (const model::AcDecision& d : check.plan)
    width = std::max(width, info.modules[static_cast<size_t>(d.module)].fqn.size());
  const int w = static_cast<int>(width);
  print_formatted("%-*s  %8s  %16s  %14s\n", w, "module", "ratio", "memory discarded", "recompute ms");
  for (const model::AcDecision& d : check.plan) {
    const size_t i = static_cast<size_t>(d.module);
    print_formatted("%-*s  %8.4f  %16s  %14.4f\n", w, info.modules[i].fqn.c_str(), d.ratio,
                    gib_or_mib(eval.discarded_bytes[i]).c_str(), eval.recompute_ms[i]);
  }
  if (check.plan.empty()) print_formatted("%-*s\n", w, "(no AC unit)");
  print_formatted("\n%-26s  %16s  %lld bytes", "true peak memory", gib_or_mib(eval.peak_bytes).c_str(),
                  bytes_up(eval.peak_bytes));
  if (eval.peak_module >= 0)
    print_formatted("  at '%s'", info.modules[static_cast<size_t>(eval.peak_module)].fqn.c_str());
  print_formatted("\n");
  if (input.claimed_peak_bytes)
    print_formatted("%-26s  %16s  %lld bytes\n", "peak claimed by the plan",
                    gib_or_mib(*input.claimed_peak_bytes).c_str(), bytes_up(*input.claimed_peak_bytes));
  print_formatted("%-26s  %16.4f\n", "recompute ms", eval.total_recompute_ms);
  if (input.claimed_recompute_ms)
    print_formatted("%-26s  %16.4f\n", "recompute ms claimed", *input.claimed_recompute_ms);
  print_formatted("%-26s  %16s\n", "peak without AC", gib_or_mib(check.no_ac_peak_bytes).c_str());
  print_formatted("%-26s  %16s\n", "baseline (no FSDP, no AC)",
                  gib_or_mib(static_cast<double>(check.baseline.peak_memory_bytes)).c_str());
  if (check.ok()) {
    print_formatted("\nthe plan breaks no rule\n");
    return;
  }
  print_formatted("\nbroken rules: %zu\n", check.violations.size());
  for (const model::PlanViolation& v : check.violations)
    print_formatted("  %s: %s\n", v.rule.c_str(), v.message.c_str());
}

}  // namespace

int run_evaluate(const Args& argv) {
  const CliArgs args(argv, command_spec("evaluate"));
  args.require_positional(1, "MODULE_INFO.json");
  const OutputFormat format = output_format(args);
  const auto plan_path = args.value("plan");
  if (!plan_path || plan_path->empty()) throw InputError("option --plan PLAN.json is required");
  const auto map_path = args.value("column-map");
  if (map_path && map_path->empty()) throw InputError("option --column-map: empty file name");

  model::SacRequest request = sac_request_from_args(args, false);
  const bool has_budget = args.value("budget").has_value();
  request.budget_gib = has_budget ? args.option(options::kBudgetGib) : std::numeric_limits<double>::infinity();

  // No limit of its own: reading is the long part, and Ctrl-C stops it
  // (main.cpp reports "interrupted", exit 130).
  const Deadline reading(std::numeric_limits<double>::infinity(), &interrupt_flag());
  const std::string& path = args.positional()[0];
  const model::ModuleInfo info = model::read_module_info_file(path, &reading);
  print_module_warnings("evaluate", info.warnings);
  // The JSON files (a plan, a column map) are held to the JSON limit, also while inflating a .gz.
  const model::PlanInput input =
      map_path ? model::parse_plan_solution(read_file(*plan_path, &reading), input_name(*plan_path),
                                            read_file(*map_path, &reading, kMaxJsonBytes), input_name(*map_path))
               : model::parse_plan(read_file(*plan_path, &reading, kMaxJsonBytes), input_name(*plan_path));
  const model::PlanCheck check = model::check_plan(info, input, request);

  if (format == OutputFormat::kJson)
    print_json(result_json(info, input, request, has_budget, check));
  else
    print_table(path, *plan_path, info, input, request, has_budget, check);
  if (check.ok()) return 0;
  std::cerr << "milp-sac evaluate: the plan breaks " << check.violations.size() << " rule"
            << (check.violations.size() == 1 ? "" : "s") << "; the first: " << check.violations.front().message << "\n";
  return 1;
}

}  // namespace milpsac::cli
