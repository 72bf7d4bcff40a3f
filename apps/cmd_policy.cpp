// `milp-sac policy SAC_STATS.json --budget F [--gap G] [--budget-sweep]
// [--format json|table]`: the operator-level SAC policy of one module (SPEC
// sections 3 and 7), solved to proven optimality unless --gap says otherwise.
//
// The input is a SACStats object, bare or under "sac_stats". --budget is a
// fraction in [0, 1] (outside: exit 2); with --budget-sweep it may be left out,
// and the output lists the trade-off curve (at its breakpoints, or on a grid of
// 21 budgets when there are too many). Exit 0 with a policy, 1 without one
// (the JSON is printed all the same, with a message), 2 on bad input.
#include <cstdio>
#include <optional>
#include <string>

#include "cli_args.h"
#include "commands.h"
#include "model/policy/op_policy.h"
#include "model/sac_stats.h"
#include "output.h"

namespace milpsac::cli {
namespace {

bool is_optimal(const model::PolicyResult& r) { return r.status == bnb::MilpStatus::kOptimal; }

// The SPEC 7 fields of one solve, then its details.
void add_result(Json& out, const model::PolicyResult& r) {
  out["status"] = bnb::to_string(r.status);
  if (r.has_solution) {
    out["decisions"] = r.decisions;
    out["recompute_time_ms"] = r.recompute_time_ms;
    out["saved_memory_bytes"] = r.saved_memory_bytes;
  } else {
    out["decisions"] = nullptr;
    out["recompute_time_ms"] = nullptr;
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

void print_policy_table(const std::string& path, const model::SacStats& stats, double budget,
                        const model::PolicyResult& r) {
  std::printf("SAC policy for %s: budget %g (at most %lld of %lld bytes saved)\n", path.c_str(), budget,
              static_cast<long long>(r.max_memory_bytes), static_cast<long long>(model::total_memory(stats)));
  std::printf("status %s, %ld nodes, %.3f s\n", bnb::to_string(r.status), r.nodes, r.seconds);
  if (!r.has_solution) {
    std::printf("no policy: %s\n", r.message.c_str());
    return;
  }
  const std::vector<std::string> rules = op_rules(stats);
  std::printf("\n%6s  %-28s %12s %16s  %-10s %s\n", "op", "name", "runtime_ms", "memory_bytes", "decision", "rule");
  for (int op = 0; op < stats.size(); ++op) {
    const auto i = static_cast<size_t>(op);
    std::printf("%6d  %-28s %12.3f %16lld  %-10s %s\n", op, stats.func_names[i].c_str(), stats.runtimes[i],
                static_cast<long long>(stats.memory[i]), r.decisions[i] ? "save" : "recompute", rules[i].c_str());
  }
  std::printf("\nrecompute time %.3f ms of %.3f ms; saved memory %lld bytes\n", r.recompute_time_ms,
              model::total_runtime(stats), static_cast<long long>(r.saved_memory_bytes));
}

void print_sweep_table(const model::PolicySweep& sweep) {
  std::printf("\ntrade-off (%s)\n", sweep.at_breakpoints ? "every breakpoint of the optimal policy" : "grid of 21 budgets");
  std::printf("%10s %16s %16s %14s %10s  %s\n", "budget", "max_memory", "saved_memory", "recompute_ms", "saved_ops",
              "status");
  for (const model::SweepPoint& p : sweep.points) {
    const model::PolicyResult& r = p.result;
    if (!r.has_solution) {
      std::printf("%10.6f %16lld %16s %14s %10s  %s: %s\n", p.budget, static_cast<long long>(r.max_memory_bytes), "-",
                  "-", "-", bnb::to_string(r.status), r.message.c_str());
      continue;
    }
    int saved_ops = 0;
    for (int d : r.decisions) saved_ops += d;
    std::printf("%10.6f %16lld %16lld %14.3f %10d  %s\n", p.budget, static_cast<long long>(r.max_memory_bytes),
                static_cast<long long>(r.saved_memory_bytes), r.recompute_time_ms, saved_ops,
                bnb::to_string(r.status));
  }
}

Json sweep_json(const model::PolicySweep& sweep) {
  Json points = Json::array();
  for (const model::SweepPoint& p : sweep.points) {
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
  for (const model::SweepPoint& p : sweep.points) {
    if (!p.result.has_solution) continue;
    if (!is_optimal(p.result)) return &p.result;
    if (first_solved == nullptr) first_solved = &p.result;
  }
  if (first_solved != nullptr) return first_solved;
  return sweep.points.empty() ? nullptr : &sweep.points.front().result;
}

}  // namespace

int run_policy(const Args& argv) {
  const CliArgs args(argv, {"budget", "gap", "format"}, {"budget-sweep"});
  args.require_positional(1, "SAC_STATS.json");
  const OutputFormat format = output_format(args);
  const bool sweep_wanted = args.flag("budget-sweep");
  std::optional<double> budget;
  if (args.value("budget")) {
    budget = args.number("budget", 0.0);
    if (*budget < 0.0 || *budget > 1.0)
      throw InputError("option --budget: must be a fraction in [0, 1], got " + *args.value("budget"));
  } else if (!sweep_wanted) {
    throw InputError("option --budget F is required (a fraction in [0, 1]), or --budget-sweep");
  }
  model::PolicyOptions options;
  options.relative_gap = args.number("gap", options.relative_gap);
  if (options.relative_gap < 0) throw InputError("option --gap: must be >= 0");

  const std::string& path = args.positional()[0];
  const model::SacStats stats = model::read_sac_stats_file(path);

  std::optional<model::PolicyResult> single;
  if (budget) single = model::solve_policy(stats, *budget, options);
  std::optional<model::PolicySweep> sweep;
  if (sweep_wanted) sweep = model::sweep_policy(stats, options);

  // Exit 1 when the requested budget has no policy, or (sweep only) when no budget has one.
  bool solved = false;
  if (single) solved = single->has_solution;
  else
    for (const model::SweepPoint& p : sweep->points) solved = solved || p.result.has_solution;
  const int exit_code = solved ? 0 : 1;

  if (format == OutputFormat::kTable) {
    if (single) print_policy_table(path, stats, *budget, *single);
    if (sweep) {
      if (!single)
        std::printf("SAC policy trade-off for %s: %d ops, %lld bytes, %.3f ms in total\n", path.c_str(), stats.size(),
                    static_cast<long long>(model::total_memory(stats)), model::total_runtime(stats));
      print_sweep_table(*sweep);
    }
    if (single && !single->has_solution) std::fprintf(stderr, "milp-sac policy: %s\n", single->message.c_str());
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
  out["total_runtime_ms"] = model::total_runtime(stats);
  out["total_memory_bytes"] = model::total_memory(stats);
  if (sweep) {
    out["sweep"] = sweep->at_breakpoints ? "breakpoints" : "grid";
    out["points"] = sweep_json(*sweep);
  }
  print_json(out);
  if (single && !single->has_solution) std::fprintf(stderr, "milp-sac policy: %s\n", single->message.c_str());
  return exit_code;
}

}  // namespace milpsac::cli
