// The C++ API's one solve call for an in-memory model (api/model.h): an LP
// (no integer column) goes to the simplex, which also gives row duals and
// reduced costs; a MILP to the branch-and-bound. Options come from the
// library's option records (common/options.h). The library never prints:
// progress goes to the callbacks when they are set (api/progress.h).
// Standard library only, as every api/*.h header.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "api/model.h"
#include "api/progress.h"
#include "api/status.h"
#include "common/options.h"

namespace milpsac::api {

struct SolveOptions {
  double relative_gap = options::kSolveGap.default_value;
  double time_limit_seconds = options::kTimeLimit.default_value;
  double node_limit = options::kNodeLimit.default_value;  // +inf: none
  // The size guard (lp/model_size.h): a model whose estimated solver memory
  // is larger is refused with InputError.
  double max_model_memory_gib = options::kMaxModelMemory.default_value;
  // One call per event (api/progress.h), as it happens.
  std::function<void(const Progress&)> progress;
  // The same events as one line each (to_string(Progress), no newline).
  std::function<void(const std::string&)> log;
  // The least time between two kNodeLog events (seconds; 0: after every node).
  double log_interval_seconds = options::kLogInterval.default_value;
  // Each better solution of a MILP, with its event (kIncumbent: objective,
  // found_by, time): x has one value per column, in the model's column order.
  std::function<void(const Progress&, const std::vector<double>& x)> incumbent;
  // A MIP start: one value per column (empty: none). A wrong length or a
  // non-finite value is InputError. A point that breaks a bound, a row or
  // integrality (beyond 1e-6, relative as the incumbent check measures it)
  // is ignored with a warning in Solution::warnings naming the worst
  // violation; otherwise it is the search's first incumbent (event
  // kIncumbent, found_by "initial solution") and its cutoff. An LP checks it
  // the same way but does not need it.
  std::vector<double> initial_solution;
  // Any thread may raise it to stop the solve; the status is then
  // kInterrupted (with the best solution found so far, if any).
  const std::atomic<bool>* interrupt = nullptr;
};

struct Solution {
  Status status = Status::kNumericalError;
  std::string status_text() const { return to_string(status); }
  bool has_solution = false;
  bool is_mip = false;
  double objective = 0.0;  // the model's sense, offset included
  std::vector<double> x;   // one per column when has_solution
  std::vector<double> row_activity;
  // LPs solved to optimality: one per row / column, in the model's own
  // sense (for a maximisation, d objective / d row bound as for a minimisation
  // of -objective, negated back); never -0. Empty for a MILP.
  std::vector<double> row_duals;
  std::vector<double> reduced_costs;
  double bound = 0.0;    // MILP: best proven bound; LP: the objective
  double gap = 0.0;      // MILP: relative gap (+inf without a solution); LP: 0
  long nodes = 0;        // MILP: branch-and-bound nodes
  long iterations = 0;   // simplex iterations, all LPs of the solve together
  double seconds = 0.0;  // wall time of the call
  // Coefficient spans the tolerances no longer resolve well ("model: warning:
  // row 'r', ..."), as `milp-sac solve` prints them, and a rejected
  // initial_solution; empty for most models.
  std::vector<std::string> warnings;
};

// Throws InputError on a bad model, out-of-range options (their records'
// ranges), a malformed initial_solution, or coefficients the simplex cannot
// resolve (lp/coefficient_range.h: the same refusal as `milp-sac solve`).
Solution solve(const Model& model, const SolveOptions& options = {});

// The same solve of a model file (api/model_io.h's formats), read under the
// call's clock as `milp-sac solve` reads it: a time limit or an interrupt
// that comes while reading ends the call as kTimeLimit or kInterrupted with
// no solution and a warning "FILE: time limit reached while reading" (or
// "interrupted while ..."). InputError on a malformed file, as read_model.
Solution solve_file(const std::string& path, const SolveOptions& options = {});

}  // namespace milpsac::api
