// The C++ API's one solve call for an in-memory model (api/model.h): an LP
// (no integer column) goes to the simplex, which also gives row duals and
// reduced costs; a MILP to the branch-and-bound. Options come from the
// library's option records (common/options.h). The library never prints:
// progress goes to the log callback when one is set.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "api/model.h"
#include "common/options.h"

namespace milpsac::api {

struct SolveOptions {
  double relative_gap = options::kSolveGap.default_value;
  double time_limit_seconds = options::kTimeLimit.default_value;
  double node_limit = options::kNodeLimit.default_value;  // +inf: none
  // The size guard (lp/model_size.h): a model whose estimated solver memory
  // is larger is refused with InputError.
  double max_model_memory_gib = options::kMaxModelMemory.default_value;
  // Called with one line of progress at a time (no newline); unset: silent.
  std::function<void(const std::string&)> log;
  // Any thread may raise it to stop the solve; the status is then
  // "interrupted" (with the best solution found so far, if any).
  const std::atomic<bool>* interrupt = nullptr;
};

struct Solution {
  // "optimal", "infeasible", "unbounded", "time_limit", "gap_limit",
  // "node_limit", "interrupted", "numerical_error", ... (docs/json.md#solve).
  std::string status;
  bool has_solution = false;
  bool is_mip = false;
  double objective = 0.0;  // the model's sense, offset included
  std::vector<double> x;   // one per column when has_solution
  std::vector<double> row_activity;
  // LPs solved to optimality: one per row / column, in the model's own
  // sense (for a maximisation, d objective / d row bound as for a minimisation
  // of -objective, negated back). Empty for a MILP.
  std::vector<double> row_duals;
  std::vector<double> reduced_costs;
  double bound = 0.0;  // MILP: best bound; LP: the objective
  double gap = 0.0;    // MILP: relative gap; LP: 0
  long nodes = 0;      // MILP: branch-and-bound nodes
  // Coefficient spans the tolerances no longer resolve well ("model: warning:
  // row 'r', ..."), as `milp-sac solve` prints them; empty for most models.
  std::vector<std::string> warnings;
};

// Throws InputError on a bad model, out-of-range options (their records'
// ranges), or coefficients the simplex cannot resolve (lp/coefficient_range.h:
// the same refusal as `milp-sac solve`).
Solution solve(const Model& model, const SolveOptions& options = {});

}  // namespace milpsac::api
