// Operator-level SAC policy (see op_policy.h): tie groups, the knapsack model,
// the solve with its integer re-check, and the budget sweep.
#include "model/policy/op_policy.h"
#include "common/index.h"

#include <algorithm>
#include <numeric>

namespace milpsac::model {
namespace {

std::string op_name(const SacStats& stats, int op) {
  return "op " + std::to_string(op) + " (" + stats.func_names[uz(op)] + ")";
}

int find_root(std::vector<int>& parent, int op) {
  while (parent[uz(op)] != op) {
    int& up = parent[uz(op)];
    up = parent[uz(up)];  // path halving
    op = up;
  }
  return op;
}

void unite(std::vector<int>& parent, int a, int b) {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a != b) parent[uz(std::max(a, b))] = std::min(a, b);
}

struct GroupSums {
  std::vector<std::int64_t> memory;
  std::vector<double> runtime;
};

GroupSums group_sums(const SacStats& stats, const OpGroups& groups) {
  GroupSums sums;
  sums.memory.assign(groups.members.size(), 0);
  sums.runtime.assign(groups.members.size(), 0.0);
  for (int op = 0; op < stats.size(); ++op) {
    const auto g = uz(groups.group_of[uz(op)]);
    sums.memory[g] += stats.memory[uz(op)];
    sums.runtime[g] += stats.runtimes[uz(op)];
  }
  return sums;
}

bool same_value(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(a)); }

// The knapsack row in integers (as scaled in the model), to check points exactly.
struct IntegerRow {
  std::vector<std::int64_t> weight;  // per group
  std::int64_t capacity = 0;
};

IntegerRow integer_row(const lp::LinearProgram& lp) {
  IntegerRow row;
  for (int g = 0; g < lp.num_cols(); ++g) row.weight.push_back(static_cast<std::int64_t>(lp.coefficient(0, g)));
  row.capacity = static_cast<std::int64_t>(lp.row_upper[0]);
  return row;
}

// The groups of positive weight that x rounds up to 1, when together they
// weigh more than the capacity; else empty. The search accepts |x - round(x)|
// <= 1e-6 as integral and rows within a relative 1e-6: with GB-sized weights
// and budgets that is kBs, so a point it accepts may round to a policy over
// the budget.
std::vector<int> overweight_set(const IntegerRow& row, const Eigen::VectorXd& x) {
  std::vector<int> set;
  std::int64_t used = 0;
  for (size_t g = 0; g < row.weight.size(); ++g) {
    if (x[static_cast<Eigen::Index>(g)] <= 0.5 || row.weight[g] == 0) continue;
    set.push_back(static_cast<int>(g));
    used += row.weight[g];
  }
  if (used <= row.capacity) set.clear();
  return set;
}

// Extended cover inequality of an overweight set S: drop its lightest groups
// while it stays over capacity (a minimal cover), then add every group at
// least as heavy as its heaviest; no feasible policy saves |S| of them, so
// sum over the extension of x <= |S| - 1 holds for every 0/1 point within the
// budget (exact), and it cuts off the point that rounded to S.
void add_cover_cut(lp::LinearProgram& lp, const IntegerRow& row, std::vector<int> set) {
  std::sort(set.begin(), set.end(), [&](int a, int b) { return row.weight[uz(a)] > row.weight[uz(b)]; });
  std::int64_t used = 0;
  for (int g : set) used += row.weight[uz(g)];
  while (set.size() > 1 && used - row.weight[uz(set.back())] > row.capacity) {
    used -= row.weight[uz(set.back())];
    set.pop_back();
  }
  const std::int64_t heaviest = row.weight[uz(set.front())];
  const int m = lp.num_rows(), n = lp.num_cols();
  lp.A.conservativeResize(m + 1, n);  // the new row m starts empty
  for (int g : set) lp.set_coefficient(m, g, 1.0);
  for (size_t g = 0; g < row.weight.size(); ++g)
    if (row.weight[g] >= heaviest) lp.set_coefficient(m, static_cast<int>(g), 1.0);
  lp.A.makeCompressed();
  lp.row_lower.conservativeResize(m + 1);
  lp.row_upper.conservativeResize(m + 1);
  lp.row_lower[m] = -lp::kInfinity;
  lp.row_upper[m] = static_cast<double>(set.size()) - 1.0;
  lp.row_names.push_back("cover" + std::to_string(m));
}

// Our branch-and-bound, plus one safeguard: while its answer rounds to a
// policy over the budget (see overweight_set), add that set's cover cut and
// solve again. Exact; at most max_cuts rounds, then the answer is returned as
// it is and the caller's integer re-check reports it.
// Every round runs on the caller's clock (options.deadline): the rounds
// together end no later than it.
bnb::MilpResult solve_knapsack(lp::LinearProgram lp, const bnb::MilpOptions& options, int max_cuts) {
  const IntegerRow row = integer_row(lp);
  long nodes = 0;
  double seconds = 0.0;
  for (int cuts = 0;; ++cuts) {
    bnb::MilpResult result = bnb::solve_milp(lp, options);
    nodes += result.nodes;
    seconds += result.seconds;
    result.nodes = nodes;
    result.seconds = seconds;
    if (!result.has_solution || cuts == max_cuts) return result;
    std::vector<int> set = overweight_set(row, result.x);
    if (set.empty()) return result;
    add_cover_cut(lp, row, std::move(set));
  }
}

}  // namespace

OpGroups tie_ops(const SacStats& stats) {
  const int ops = stats.size();
  std::vector<int> parent(uz(ops));
  std::iota(parent.begin(), parent.end(), 0);
  if (!stats.force_store_random)
    for (size_t i = 1; i < stats.rand_ops.size(); ++i) unite(parent, stats.rand_ops[i - 1], stats.rand_ops[i]);
  for (const auto& [op, op_parent] : stats.inplace_ops) unite(parent, op, op_parent);

  OpGroups groups;
  groups.group_of.assign(uz(ops), -1);
  std::vector<int> group_of_root(uz(ops), -1);
  for (int op = 0; op < ops; ++op) {
    int& g = group_of_root[uz(find_root(parent, op))];
    if (g < 0) {
      g = static_cast<int>(groups.members.size());
      groups.members.emplace_back();
    }
    groups.group_of[uz(op)] = g;
    groups.members[uz(g)].push_back(op);
  }

  // Forced values, with the first reason for each so a conflict can be explained.
  const size_t count = groups.members.size();
  groups.forced.assign(count, -1);
  std::vector<std::string> save_reason(count), recompute_reason(count);
  std::vector<int> save_op(count, -1), recompute_op(count, -1);
  auto force = [&](int op, int value, const std::string& why) {
    const auto g = uz(groups.group_of[uz(op)]);
    std::string& reason = value == 1 ? save_reason[g] : recompute_reason[g];
    if (!reason.empty()) return;
    reason = op_name(stats, op) + why;
    (value == 1 ? save_op : recompute_op)[g] = op;
  };
  for (int op : stats.view_like_ops) force(op, 0, " is view-like");
  if (stats.force_store_random)
    for (int op : stats.rand_ops) force(op, 1, " is random and force_store_random is set");
  for (const auto& [op, op_parent] : stats.inplace_ops)
    if (op == op_parent) force(op, 1, " is its own in-place parent");
  for (size_t g = 0; g < count; ++g) {
    const bool save = !save_reason[g].empty(), recompute = !recompute_reason[g].empty();
    if (save && recompute) {
      if (groups.conflict.empty())
        groups.conflict =
            "no policy keeps the rules: " + save_reason[g] + " (must be saved) but " + recompute_reason[g] +
            " (must be recomputed)" +
            (save_op[g] != recompute_op[g] ? ", and their decisions are tied (random or in-place ops)" : "");
    } else if (save || recompute) {
      groups.forced[g] = save ? 1 : 0;
    }
  }
  return groups;
}

std::int64_t total_memory(const SacStats& stats) {
  return std::accumulate(stats.memory.begin(), stats.memory.end(), std::int64_t{0});
}

double total_runtime(const SacStats& stats) {
  return std::accumulate(stats.runtimes.begin(), stats.runtimes.end(), 0.0);
}

std::int64_t memory_capacity(const SacStats& stats, double budget) {
  return static_cast<std::int64_t>(std::ceil(budget * static_cast<double>(total_memory(stats))));
}

PolicyModel build_policy_model(const SacStats& stats, std::int64_t capacity) {
  PolicyModel model;
  model.groups = tie_ops(stats);
  model.capacity = capacity;
  const GroupSums sums = group_sums(stats, model.groups);
  const int count = static_cast<int>(model.groups.members.size());

  std::int64_t unit = 0;  // gcd of the group weights: smaller, exactly equivalent coefficients
  for (std::int64_t w : sums.memory) unit = std::gcd(unit, w);
  if (unit == 0) unit = 1;
  // floor(C / unit) for C >= 0; a negative capacity stays negative (infeasible).
  const std::int64_t scaled_capacity = capacity >= 0 ? capacity / unit : -1;

  lp::LinearProgram& lp = model.lp;
  lp.name = "sac_op_policy";
  lp.sense = lp::ObjectiveSense::kMaximize;
  lp.resize(1, count);
  lp.row_names[0] = "memory";
  lp.row_upper[0] = static_cast<double>(scaled_capacity);
  for (int g = 0; g < count; ++g) {
    const auto gi = uz(g);
    lp.c[g] = sums.runtime[gi];
    lp.set_coefficient(0, g, static_cast<double>(sums.memory[gi] / unit));
    lp.is_integer[gi] = 1;
    const int forced = model.groups.forced[gi];
    lp.col_lower[g] = forced == 1 ? 1.0 : 0.0;
    lp.col_upper[g] = forced == 0 ? 0.0 : 1.0;
    lp.col_names[gi] = std::string(1, 'x').append(std::to_string(model.groups.members[gi].front()));
  }
  return model;
}

std::string check_policy(const SacStats& stats, const std::vector<int>& decisions, std::int64_t capacity) {
  if (decisions.size() != stats.func_names.size())
    return "policy has " + std::to_string(decisions.size()) + " decisions for " + std::to_string(stats.size()) + " ops";
  for (int op = 0; op < stats.size(); ++op)
    if (decisions[uz(op)] != 0 && decisions[uz(op)] != 1)
      return op_name(stats, op) + " has decision " + std::to_string(decisions[uz(op)]);
  auto x = [&](int op) { return decisions[uz(op)]; };
  for (int op : stats.view_like_ops)
    if (x(op) != 0) return op_name(stats, op) + " is view-like but saved";
  for (size_t i = 0; i < stats.rand_ops.size(); ++i) {
    const int op = stats.rand_ops[i];
    if (stats.force_store_random && x(op) != 1)
      return op_name(stats, op) + " is random with force_store_random but recomputed";
    if (!stats.force_store_random && i > 0 && x(op) != x(stats.rand_ops[i - 1]))
      return "random ops " + std::to_string(stats.rand_ops[i - 1]) + " and " + std::to_string(op) + " differ";
  }
  for (const auto& [op, op_parent] : stats.inplace_ops) {
    if (op == op_parent && x(op) != 1) return op_name(stats, op) + " is its own in-place parent but recomputed";
    if (x(op) != x(op_parent))
      return "in-place " + op_name(stats, op) + " differs from its parent " + std::to_string(op_parent);
  }
  std::int64_t saved = 0;
  for (int op = 0; op < stats.size(); ++op)
    if (x(op) == 1) saved += stats.memory[uz(op)];
  if (saved > capacity)
    return "saves " + std::to_string(saved) + " bytes, more than the " + std::to_string(capacity) + " allowed";
  return {};
}

PolicyResult solve_policy_for_capacity(const SacStats& stats, std::int64_t capacity, const PolicyOptions& options) {
  PolicyResult result;
  result.max_memory_bytes = capacity;
  const PolicyModel model = build_policy_model(stats, capacity);
  if (!model.groups.conflict.empty()) {
    result.status = bnb::MilpStatus::kInfeasible;
    result.message = model.groups.conflict;
    return result;
  }
  const GroupSums sums = group_sums(stats, model.groups);
  std::int64_t forced_memory = 0;
  for (size_t g = 0; g < sums.memory.size(); ++g)
    if (model.groups.forced[g] == 1) forced_memory += sums.memory[g];
  if (forced_memory > capacity) {
    const std::int64_t total = total_memory(stats);
    result.status = bnb::MilpStatus::kInfeasible;
    result.message = "the ops that must be saved need " + std::to_string(forced_memory) + " bytes, more than the " +
                     std::to_string(capacity) + " allowed (budget >= " +
                     std::to_string(static_cast<double>(forced_memory) / static_cast<double>(total)) + " needed)";
    return result;
  }

  const Deadline clock = Deadline::of_caller(options.deadline);
  bnb::MilpOptions milp_options;
  milp_options.relative_gap = options.relative_gap;
  milp_options.deadline = &clock;
  milp_options.progress = options.progress;
  milp_options.progress_interval_seconds = options.progress_interval_seconds;
  const bnb::MilpResult milp = solve_knapsack(model.lp, milp_options, 100);
  result.status = milp.status;
  result.nodes = milp.nodes;
  result.seconds = milp.seconds;
  if (!milp.has_solution) {
    result.message = std::string("no policy found: ") + bnb::to_string(milp.status);
    return result;
  }

  std::vector<int> decisions(stats.func_names.size());
  for (int op = 0; op < stats.size(); ++op) {
    const int g = model.groups.group_of[uz(op)];
    decisions[uz(op)] = milp.x[g] > 0.5 ? 1 : 0;
  }
  if (std::string broken = check_policy(stats, decisions, capacity); !broken.empty()) {
    result.status = bnb::MilpStatus::kNumericalError;
    result.message = "solver returned a policy that breaks a rule: " + broken;
    return result;
  }
  result.has_solution = true;
  result.decisions = std::move(decisions);
  for (int op = 0; op < stats.size(); ++op) {
    if (result.decisions[uz(op)] == 1)
      result.saved_memory_bytes += stats.memory[uz(op)];
    else
      result.recompute_time_ms += stats.runtimes[uz(op)];
  }
  result.gap = milp.gap;
  result.bound_recompute_ms = std::min(result.recompute_time_ms, std::max(0.0, total_runtime(stats) - milp.bound));
  return result;
}

PolicyResult solve_policy(const SacStats& stats, double budget, const PolicyOptions& options) {
  return solve_policy_for_capacity(stats, memory_capacity(stats, budget), options);
}

PolicySweep sweep_policy(const SacStats& stats, const PolicyOptions& caller, int max_breakpoints) {
  const Deadline clock = Deadline::of_caller(caller.deadline);
  PolicyOptions options = caller;
  options.deadline = &clock;
  const std::int64_t total = total_memory(stats);
  auto fraction = [&](std::int64_t bytes) {
    return total > 0 ? static_cast<double>(bytes) / static_cast<double>(total) : 0.0;
  };
  // Walk down from budget 1: the optimum at capacity C saves w <= C bytes and
  // stays optimal for every capacity in [w, C]; the next one is at w - 1. A
  // policy with the same recompute time as the previous one replaces it (it
  // holds on the wider range). Solves are capped too: ties can repeat.
  PolicySweep sweep;
  std::vector<PolicySweepPoint> descending;
  std::int64_t capacity = total;
  const long max_solves = 4L * std::max(1, max_breakpoints);
  for (long solves = 0;; ++solves) {
    if (solves >= max_solves || static_cast<int>(descending.size()) > max_breakpoints) {
      sweep.at_breakpoints = false;
      break;
    }
    PolicyResult result = solve_policy_for_capacity(stats, capacity, options);
    if (!result.has_solution) {
      if (descending.empty()) descending.push_back({1.0, std::move(result)});
      break;
    }
    const std::int64_t saved = result.saved_memory_bytes;
    PolicySweepPoint point{fraction(saved), std::move(result)};
    if (!descending.empty() && descending.back().result.has_solution &&
        same_value(descending.back().result.recompute_time_ms, point.result.recompute_time_ms))
      descending.back() = std::move(point);
    else
      descending.push_back(std::move(point));
    if (saved == 0) break;
    capacity = saved - 1;
  }
  if (sweep.at_breakpoints) {
    sweep.points.assign(std::make_move_iterator(descending.rbegin()), std::make_move_iterator(descending.rend()));
    // Report each policy at the budget it starts from, not at the capacity it was found at.
    for (PolicySweepPoint& p : sweep.points)
      if (p.result.has_solution)
        p.result.max_memory_bytes = std::max(p.result.saved_memory_bytes, memory_capacity(stats, p.budget));
    return sweep;
  }
  for (int k = 0; k <= 20; ++k) {
    const double budget = k / 20.0;
    sweep.points.push_back({budget, solve_policy(stats, budget, options)});
  }
  return sweep;
}

}  // namespace milpsac::model
