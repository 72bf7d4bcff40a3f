// milp_sac._core: any LP/MILP from MPS (lp::read_mps_file + bnb::solve_milp),
// the same solve as `milp-sac solve`, with progress events for a Python
// callback, a cancel token, and the result kept on a KeyboardInterrupt
// (interruptible.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <climits>
#include <cmath>
#include <string>
#include <vector>

#include "bindings.h"
#include "bnb/branch_and_bound.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "common/utf8.h"
#include "interruptible.h"
#include "lp/coefficient_range.h"
#include "lp/model_size.h"
#include "lp/mps/mps.h"
#include "progress_events.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

py::object finite_or_none(double v) { return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none()); }

struct Run {
  lp::LinearProgram model;
  bnb::MilpResult result;
  bool interrupted = false;
  double seconds = 0.0, read_seconds = 0.0;
  std::vector<std::string> warnings;  // the reader's and the coefficient ranges', as the CLI prints them
};

py::dict result_dict(const Run& run) {
  const bnb::MilpResult& result = run.result;
  const lp::LinearProgram& model = run.model;
  py::dict out;
  out["status"] = run.interrupted ? "interrupted" : bnb::to_string(result.status);
  out["has_solution"] = result.has_solution;
  out["objective"] = result.has_solution ? py::object(py::float_(result.objective)) : py::object(py::none());
  out["bound"] = finite_or_none(result.bound);
  out["gap"] = result.has_solution ? finite_or_none(result.gap) : py::object(py::none());
  out["nodes"] = result.nodes;
  out["seconds"] = run.seconds;
  out["read_seconds"] = run.read_seconds;
  py::dict x;
  if (result.has_solution)
    for (int j = 0; j < model.num_cols(); ++j) x[py::str(model.col_names[static_cast<std::size_t>(j)])] = result.x[j];
  out["x"] = x;
  py::list warning_list;
  for (const std::string& warning : run.warnings) warning_list.append(py::str(to_valid_utf8(warning)));
  out["warnings"] = warning_list;
  // A pure LP's optimum: duals and reduced costs by name (as solve's JSON).
  if (result.row_duals.size() == model.num_rows() && result.reduced_costs.size() == model.num_cols()) {
    py::dict row_duals;
    py::dict reduced_costs;
    for (int i = 0; i < model.num_rows(); ++i)
      row_duals[py::str(model.row_names[static_cast<std::size_t>(i)])] = result.row_duals[i] + 0.0;
    for (int j = 0; j < model.num_cols(); ++j)
      reduced_costs[py::str(model.col_names[static_cast<std::size_t>(j)])] = result.reduced_costs[j] + 0.0;
    out["row_duals"] = row_duals;
    out["reduced_costs"] = reduced_costs;
  }
  out["name"] = model.name;
  return out;
}

}  // namespace

void bind_lp(py::module_& m) {
  m.def(
      "solve_mps",
      [](const std::string& path, double gap, double time_limit, long node_limit, double max_model_memory,
         const py::object& callback, CancelToken* cancel) {
        ProgressQueue<bnb::MilpProgress> events;
        Watch watch;
        watch.cancel = cancel != nullptr ? &cancel->cancelled : nullptr;
        if (!callback.is_none())
          watch.poll = [&] {
            for (const bnb::MilpProgress& e : events.take()) callback(event_dict(e));
          };
        const bool listening = !callback.is_none();
        auto work = [&](const std::atomic<bool>* interrupt) {
          Run run;
          check_record(options::kSolveGap, gap);
          check_record(options::kTimeLimit, time_limit);
          check_record(options::kMaxModelMemory, max_model_memory);
          if (node_limit <= 0) throw InputError("option node_limit: must be positive");
          bnb::MilpOptions options;
          options.relative_gap = gap;
          options.time_limit_seconds = time_limit;
          options.node_limit = node_limit;
          if (listening) {
            options.progress_interval_seconds = 1.0;
            options.progress = [&events](const bnb::MilpProgress& p) { events.push(p); };
          }
          // As `milp-sac solve`: the limit counts from the call, reading
          // included (reading polls it and ends as time_limit with no model),
          // and the coefficient ranges are checked before solving.
          const Deadline clock;
          const Deadline reading(remaining_limit(clock, time_limit), interrupt);
          bool read_in_time = true;
          try {
            run.model = lp::read_mps_file(path, &run.warnings, &reading);
          } catch (const TimeLimitReached&) {
            read_in_time = false;
            run.result.status = bnb::MilpStatus::kTimeLimit;
          }
          lp::check_model_size(run.model, path, max_model_memory);
          for (std::string& warning : lp::check_coefficient_ranges(run.model, path))
            run.warnings.push_back(std::move(warning));
          run.read_seconds = clock.elapsed_seconds();
          // The search's clock: what is left of the limit, and Ctrl-C.
          const Deadline solve_clock(remaining_limit(clock, time_limit), interrupt);
          options.time_limit_seconds = solve_clock.limit_seconds();
          options.deadline = &solve_clock;
          if (read_in_time) run.result = bnb::solve_milp(run.model, options);
          run.interrupted = interrupt->load() && run.result.status == bnb::MilpStatus::kTimeLimit;
          run.seconds = clock.elapsed_seconds();
          return run;
        };
        const Run run = run_watched(work, watch, [](const py::error_already_set& raised, const Run& kept) {
          Run stopped = kept;
          if (stopped.result.status == bnb::MilpStatus::kTimeLimit) stopped.interrupted = true;
          attach_result(raised, result_dict(stopped));
        });
        return result_dict(run);
      },
      py::arg("path"), py::arg("gap"), py::arg("time_limit"), py::arg("node_limit") = LONG_MAX,
      py::arg("max_model_memory") = options::kMaxModelMemory.default_value, py::arg("callback") = py::none(),
      py::arg("cancel") = nullptr);
}

}  // namespace milpsac::python
