// `milp-sac policy SAC_STATS.json --budget F [--gap G] [--budget-sweep]
// [--time-limit S] [--format json|table]`: the operator-level SAC policy of one
// module (docs/formats.md#sacstats, docs/json.md#policy), solved to proven
// optimality unless --gap says otherwise.
//
// The input is a SACStats object, bare or under "sac_stats". --budget is a
// fraction in [0, 1] (outside: exit 2); with --budget-sweep it may be left out,
// and the output lists the trade-off curve (at its breakpoints, or on a grid of
// 21 budgets when there are too many). Exit 0 with a policy, 1 without one
// (the JSON is printed all the same, with a message), 2 on bad input. A
// failure message is printed once: in the table, or on stderr beside the JSON.
#include <cmath>
#include <iostream>
#include <optional>
#include <string>

#include "cli_args.h"
#include "commands.h"
#include "common/deadline.h"
#include "common/input_file.h"
#include "interrupt.h"
#include "model/policy/op_policy.h"
#include "model/policy/sac_stats.h"
#include "output.h"
#include "progress_log.h"
#include "text_format.h"

namespace milpsac::cli {
namespace {

bool is_optimal(const model::PolicyResult& r) { return r.status == bnb::MilpStatus::kOptimal; }

// The fields of one solve (docs/json.md#policy), then its details.
void add_result(Json& out, const model::PolicyResult& r) {
  out["status"] = bnb::to_string(r.status);
  if (r.has_solution) {
    out["decisions"] = r.decisions;
    out["recomputation_time_ms"] = r.recompute_time_ms;
    out["saved_memory_bytes"] = r.saved_memory_bytes;
  } else {
    out["decisions"] = nullptr;
    out["recomputation_time_ms"] = nullptr;
    out["saved_memory_bytes"] = nullptr;
    out["message"] = r.message;
  }
  out["max_memory_bytes"] = r.max_memory_bytes;
}

void add_solver_details(Json& out, const model::PolicyResult& r) {
  out["bound_ms"] = r.has_solution ? Json(r.bound_recompute_ms) : Json(nullptr);
  out["gap"] = r.has_solution ? Json(r.gap) : Json(nullptr);
  out["nodes"] = r.nodes;
  out["seconds"] = r.seconds;
}

// Why an op's decision is not free, for the table.
std::vector<std::string> op_rules(const model::SacStats& stats) {
  std::vector<std::string> rules(stats.func_names.size());
  auto add = [&](int op, const std::string& rule) {
    std::string& text = rules[static_cast<size_t>(op)];
    text += (text.empty() ? "" : ", ") + rule;
  };
  for (int op : stats.view_like_ops) add(op, "view-like");
  for (int op : stats.rand_ops) add(op, stats.force_store_random ? "random (forced save)" : "random");
  for (const auto& [op, parent] : stats.inplace_ops)
    add(op, op == parent ? "in-place (own parent)" : "in-place of " + std::to_string(parent));
  return rules;
}

std::string ms(double value) { return human_number(value, 6); }
std::string mib_of(std::int64_t bytes) { return human_number(static_cast<double>(bytes) / 1048576.0, 4); }

void print_policy_table(const std::string& path, const model::SacStats& stats, double budget,
                        const model::PolicyResult& r) {
  std::cout << "SAC policy for " << path << ": budget " << human_number(budget) << " (at most "
            << human_bytes(static_cast<double>(r.max_memory_bytes)) << " of "
            << human_bytes(static_cast<double>(model::total_memory(stats))) << " saved)\n";
  std::cout << "status " << bnb::to_string(r.status) << ", " << r.nodes << (r.nodes == 1 ? " node, " : " nodes, ")
            << human_number(r.seconds, 3) << " s\n";
  if (!r.has_solution) {
    std::cout << "no policy: " << r.message << "\n";
    return;
  }
  const std::vector<std::string> rules = op_rules(stats);
  TextTable table({{"op"}, {"name", true}, {"runtime (ms)"}, {"memory (MiB)"}, {"decision", true}, {"rule", true}});
  for (int op = 0; op < stats.size(); ++op) {
    const auto i = static_cast<size_t>(op);
    table.add_row({std::to_string(op), stats.func_names[i], ms(stats.runtimes[i]), mib_of(stats.memory[i]),
                   r.decisions[i] ? "save" : "recompute", rules[i]});
  }
  std::cout << "\n" << table.render();
  std::cout << "\nrecomputation time " << ms(r.recompute_time_ms) << " ms of " << ms(model::total_runtime(stats))
            << " ms; saved memory " << human_bytes(static_cast<double>(r.saved_memory_bytes)) << "\n";
}

void print_sweep_table(const model::PolicySweep& sweep) {
  std::cout << "\ntrade-off ("
            << (sweep.at_breakpoints ? "every breakpoint of the optimal policy" : "grid of 21 budgets") << ")\n";
  TextTable table({{"budget"},
                   {"max memory (MiB)"},
                   {"saved memory (MiB)"},
                   {"recomputation (ms)"},
                   {"saved ops"},
                   {"status", true}});
  for (const model::PolicySweepPoint& p : sweep.points) {
    const model::PolicyResult& r = p.result;
    if (!r.has_solution) {
      table.add_row({human_number(p.budget), mib_of(r.max_memory_bytes), "-", "-", "-",
                     std::string(bnb::to_string(r.status)) + ": " + r.message});
      continue;
    }
    int saved_ops = 0;
    for (int d : r.decisions) saved_ops += d;
    table.add_row({human_number(p.budget), mib_of(r.max_memory_bytes), mib_of(r.saved_memory_bytes),
                   ms(r.recompute_time_ms), std::to_string(saved_ops), bnb::to_string(r.status)});
  }
  std::cout << table.render();
}

Json sweep_json(const model::PolicySweep& sweep) {
  Json points = Json::array();
  for (const model::PolicySweepPoint& p : sweep.points) {
    Json point;
    point["budget"] = p.budget;
    add_result(point, p.result);
    points.push_back(std::move(point));
  }
  return points;
}

// Sweep status: optimal when every point with a policy is; else the first
// other status; without any policy, the status of the (only) failed point.
const model::PolicyResult* sweep_summary(const model::PolicySweep& sweep) {
  const model::PolicyResult* first_solved = nullptr;
  for (const model::PolicySweepPoint& p : sweep.points) {
    if (!p.result.has_solution) continue;
    if (!is_optimal(p.result)) return &p.result;
    if (first_solved == nullptr) first_solved = &p.result;
  }
  if (first_solved != nullptr) return first_solved;
  return sweep.points.empty() ? nullptr : &sweep.points.front().result;
}

}  // namespace

int run_policy(const Args& argv) {
  const CliArgs args(argv, command_spec("policy"));
  args.require_positional(1, "SAC_STATS.json");
  const OutputFormat format = output_format(args);
  const bool sweep_wanted = args.flag("budget-sweep");
  std::optional<double> budget;
  if (args.value("budget"))
    budget = args.option(options::kPolicyBudget);
  else if (!sweep_wanted)
    throw InputError("option --budget F is required (a fraction in [0, 1]), or --budget-sweep");
  model::PolicyOptions options;
  options.relative_gap = args.option(options::kPolicyGap);
  const ProgressSetting progress = progress_from_args(args, "policy");
  options.progress = progress.callback;
  options.progress_interval_seconds = progress.interval_seconds;

  const std::string& path = args.positional()[0];
  // The command's one clock: --time-limit counts from here, reading and a
  // sweep's every solve included; Ctrl-C (SIGINT, SIGTERM) raises its flag.
  const Deadline clock(args.option(options::kTimeLimit), &interrupt_flag());
  options.deadline = &clock;
  const model::SacStats stats = model::read_sac_stats_file(path, &clock);
  std::optional<model::PolicyResult> single;
  if (budget) single = model::solve_policy(stats, *budget, options);
  std::optional<model::PolicySweep> sweep;
  if (sweep_wanted) sweep = model::sweep_policy(stats, options);

  // Exit 1 when the requested budget has no policy, or (sweep only) when no budget has one.
  bool solved = false;
  if (single)
    solved = single->has_solution;
  else
    for (const model::PolicySweepPoint& p : sweep->points) solved = solved || p.result.has_solution;
  // Ctrl-C: the answer so far, "status": "interrupted", exit 130.
  const bool interrupted = clock.interrupted();
  const int exit_code = interrupted ? kExitInterrupted : solved ? 0 : 1;

  if (format == OutputFormat::kTable) {
    if (single) print_policy_table(input_name(path), stats, *budget, *single);
    if (sweep) {
      if (!single)
        std::cout << "SAC policy trade-off for " << input_name(path) << ": " << stats.size() << " ops, "
                  << human_bytes(static_cast<double>(model::total_memory(stats))) << ", "
                  << ms(model::total_runtime(stats)) << " ms in total\n";
      print_sweep_table(*sweep);
    }
    return exit_code;
  }

  Json out;
  if (single) {
    add_result(out, *single);
    out["budget"] = *budget;
    add_solver_details(out, *single);
  } else if (const model::PolicyResult* summary = sweep_summary(*sweep)) {
    out["status"] = bnb::to_string(summary->status);
    if (!summary->has_solution) out["message"] = summary->message;
  }
  if (interrupted) out["status"] = "interrupted";
  out["total_runtime_ms"] = model::total_runtime(stats);
  out["total_memory_bytes"] = model::total_memory(stats);
  if (sweep) {
    out["sweep"] = sweep->at_breakpoints ? "breakpoints" : "grid";
    out["points"] = sweep_json(*sweep);
  }
  print_json(out);
  if (single && !single->has_solution) std::cerr << "milp-sac policy: " << single->message << "\n";
  return exit_code;
}

}  // namespace milpsac::cli
