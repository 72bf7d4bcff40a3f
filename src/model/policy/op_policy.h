// Operator-level SAC policy (docs/formats.md#sacstats, PyTorch semantics): which ops of
// one module to save (1) and which to recompute (0) under a memory budget.
//
// Rules: random ops are all saved when force_store_random, else all equal;
// view-like ops are recomputed; an in-place op equals its parent and is saved
// when it is its own parent; saved memory <= ceil(budget * total memory);
// maximise saved runtime (recompute time = total runtime - saved runtime).
//
// The equalities are not rows: tied ops are merged first (union-find) into one
// binary per group, so the MILP is a 0/1 knapsack with one capacity row, which
// keeps our dense simplex small. A group forced both ways is infeasible before
// any solve. Weights are divided by their gcd (exact for integers).
//
// The search accepts a point within 1e-6 (relative on rows, absolute on
// integrality); with GB-sized weights and budgets that is kBs, so an accepted
// point may round to a policy over the budget. Then we add the (extended)
// cover inequality of the set it saves, which every policy within the budget
// keeps, and solve again: exact. Every returned policy is re-checked in
// integers against the rules and the budget.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bnb/branch_and_bound.h"
#include "common/deadline.h"
#include "common/options.h"
#include "lp/linear_program.h"
#include "model/policy/sac_stats.h"

namespace milpsac::model {

struct PolicyOptions {
  double relative_gap = options::kPolicyGap.default_value;  // 0: proven optimal
  // The caller's clock (not owned; null: no limit): its limit and interrupt
  // flag hold for the whole call, a sweep's every solve included. The
  // front ends (apps/cmd_policy.cpp, python/src/bind_policy.cpp) build it
  // from their time limit, before reading the input.
  const Deadline* deadline = nullptr;
  // Handed to the branch-and-bound's MilpOptions (progress of the search; the
  // library never prints). Unset: no reports.
  std::function<void(const bnb::MilpProgress&)> progress;
  double progress_interval_seconds = 5.0;
};

// Ops whose decisions are tied together; one decision per group.
struct OpGroups {
  std::vector<int> group_of;              // op -> group; groups numbered by their smallest op
  std::vector<std::vector<int>> members;  // group -> its ops, ascending
  std::vector<int> forced;                // group -> -1 free, 0 recompute, 1 save
  std::string conflict;                   // non-empty when some group is forced both ways
};
OpGroups tie_ops(const SacStats& stats);

std::int64_t total_memory(const SacStats& stats);
double total_runtime(const SacStats& stats);
// ceil(budget * total memory), computed as the seed does (in doubles).
std::int64_t memory_capacity(const SacStats& stats, double budget);

// The knapsack: maximise sum runtime_g x_g over the groups, x_g binary (fixed
// when forced), sum (memory_g / gcd) x_g <= floor(capacity / gcd).
struct PolicyModel {
  lp::LinearProgram lp;
  OpGroups groups;
  std::int64_t capacity = 0;  // bytes
};
PolicyModel build_policy_model(const SacStats& stats, std::int64_t capacity);

struct PolicyResult {
  bnb::MilpStatus status = bnb::MilpStatus::kNumericalError;
  bool has_solution = false;
  std::vector<int> decisions;  // per op: 1 save, 0 recompute; empty without a solution
  double recompute_time_ms = 0.0;
  std::int64_t saved_memory_bytes = 0;
  std::int64_t max_memory_bytes = 0;  // the capacity the policy was solved for
  double bound_recompute_ms = 0.0;    // proven lower bound on the recompute time
  double gap = 0.0;
  long nodes = 0;
  double seconds = 0.0;
  std::string message;  // why there is no solution, when there is none
};

// Precondition: stats passed validate_sac_stats; budget in [0, 1].
PolicyResult solve_policy(const SacStats& stats, double budget, const PolicyOptions& options = {});
// Same, with the memory limit in bytes instead of a budget fraction.
PolicyResult solve_policy_for_capacity(const SacStats& stats, std::int64_t capacity, const PolicyOptions& options = {});

// Empty when `decisions` keeps every rule and saves at most `capacity` bytes,
// else the first rule it breaks. Used to re-check solver output and by tests.
std::string check_policy(const SacStats& stats, const std::vector<int>& decisions, std::int64_t capacity);

// The trade-off curve. Breakpoints: each point is a policy that is optimal from
// its `budget` (its saved memory / total memory) up to the next point's budget;
// found by re-solving just below the previous policy's memory, from budget 1
// down. When there are more than max_breakpoints, the 21-point grid
// 0, 0.05, ..., 1 instead (each point then holds from its budget only).
struct PolicySweepPoint {
  double budget = 0.0;
  PolicyResult result;
};
struct PolicySweep {
  bool at_breakpoints = true;
  std::vector<PolicySweepPoint> points;  // ascending budget
};
// One clock for the whole sweep: once it has expired (the limit, or the
// interrupt flag) no further solve runs long, and the points found so far
// are kept.
PolicySweep sweep_policy(const SacStats& stats, const PolicyOptions& options = {}, int max_breakpoints = 50);

}  // namespace milpsac::model
