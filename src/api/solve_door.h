// The one door of the solve job: `milp-sac solve`, milp_sac.solve_mps,
// milp_sac.Model.solve and api::solve are its clients, which only translate
// their arguments into a SolveRequest and the SolveReport back out.
//
// The door owns, once: the Deadline (the time limit, counted from the call,
// reading included, and the caller's interrupt flag); reading the file
// under that clock; the input checks (lp/model_size, lp/coefficient_range:
// their one caller); the MIP start check; the solve (LP and MILP both through
// bnb::solve_milp, so statuses and dual signs agree); the final status
// (`interrupted` when the flag stopped the run, `time_limit` when the clock
// did, whether while reading or solving); the warnings; and the report.
// Inside the library only: it speaks the solvers' types (Eigen, LinearProgram).
#pragma once

#include <atomic>
#include <climits>
#include <functional>
#include <string>
#include <vector>

#include "api/status.h"
#include "bnb/milp_types.h"
#include "common/options.h"
#include "lp/linear_program.h"

namespace milpsac::api {

struct SolveReport;

struct SolveRequest {
  double relative_gap = options::kSolveGap.default_value;
  double time_limit_seconds = options::kTimeLimit.default_value;
  long node_limit = LONG_MAX;
  double max_model_memory_gib = options::kMaxModelMemory.default_value;
  bool presolve = true;
  // A MIP start, one value per column (empty: none): InputError when it is
  // not one finite value per column; a point that breaks a bound, a row or
  // integrality is ignored with a warning.
  std::vector<double> initial_solution;
  // The search's events (bnb::MilpOptions::progress), paced by the interval.
  std::function<void(const bnb::MilpProgress&)> progress;
  double progress_interval_seconds = 5.0;
  std::function<void(const bnb::MilpProgress&, const Eigen::VectorXd&)> incumbent;
  // Called once the model is read and checked, before the solve starts
  // (the report holds the model and the warnings so far).
  std::function<void(const SolveReport&)> started;
};

struct SolveReport {
  std::string source;       // the file as messages name it, or "model"
  lp::LinearProgram model;  // empty when the input was not read in time
  bool read_in_time = true;
  Status status = Status::kNumericalError;  // decided once, by the door
  bnb::MilpResult result;
  double seconds = 0.0;       // the whole call, reading included
  double read_seconds = 0.0;  // reading and checking the model
  // "FILE[:LINE]: warning: ...", the reader's, the coefficient ranges', a
  // rejected MIP start's, and "FILE: time limit reached while reading"
  // (or "interrupted while reading") when the input was not read.
  std::vector<std::string> warnings;

  bool is_mip() const { return model.needs_search(); }
  // An LP's optimum (not a model that was not read: it has no rows to price).
  bool has_duals() const {
    return result.has_solution && result.row_duals.size() == model.num_rows() &&
           result.reduced_costs.size() == model.num_cols();
  }
};

// `interrupt` (may be null) is the caller's flag: Ctrl-C, a cancel token.
SolveReport solve_file(const std::string& path, const SolveRequest& request,
                       const std::atomic<bool>* interrupt = nullptr);
SolveReport solve_model(lp::LinearProgram model, const SolveRequest& request,
                        const std::atomic<bool>* interrupt = nullptr);

// The report as `milp-sac solve` prints it (docs/json.md#solve), ending in a
// newline; "x" (and an LP optimum's duals) streamed by name in model order.
std::string solve_report_json(const SolveReport& report);

}  // namespace milpsac::api
