// milp_sac._core: module-level SAC. plan_sac_text / plan_sac_file and
// sweep_sac_text / _file call the sac job's doors (model/sac/sac_job.h:
// the clock, the reading, the checks, the status and the report are theirs)
// and return the CLI's JSON as a dict (docs/json.md#sac), with the few keys
// Python adds (has_plan, violations, the solver's details, warnings).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "interruptible.h"
#include "json_object.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/sac_job.h"
#include "named_errors.h"
#include "plots.h"
#include "progress_events.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

struct SacArgs {
  double budget_gib = 0.0;
  int world_size = 1;
  std::optional<std::vector<std::string>> ac_units;
  std::optional<std::vector<std::string>> fsdp_units;
  double relative_gap = options::kSacGap.default_value;
  double time_limit_seconds = options::kSacTimeLimit.default_value;
  // Progress events for a Python callable (None: none) and a cancel token
  // (interruptible.h; milp_sac/_progress.py).
  py::object progress = py::none();
  std::shared_ptr<CancelToken> cancel;
};

model::SacRequest request_of(const SacArgs& args) {
  model::SacRequest request;
  request.budget_gib = args.budget_gib;
  request.world_size = args.world_size;
  request.ac_units = args.ac_units;
  request.fsdp_units = args.fsdp_units;
  return request;
}

// The keys Python adds to a plan of the CLI's JSON: whether there is one,
// found_by (None without one), and the independent check's violations.
void add_plan_keys(py::dict& out, const model::SacSolution& s) {
  out["has_plan"] = s.has_plan;
  if (!s.has_plan) out["found_by"] = py::none();
  out["violations"] = s.violations;
}

// `milp-sac sac`'s JSON (model::sac_plan_json) and the solver's details.
py::dict plan_dict(const model::SacPlanReport& report) {
  const model::SacSolution& s = report.solution;
  py::dict out = json_object(model::sac_plan_json(report));
  add_plan_keys(out, s);
  out["objective_ms"] = s.has_plan ? py::object(py::float_(s.objective_ms)) : py::object(py::none());
  out["rows"] = s.rows;
  out["cols"] = s.cols;
  out["warnings"] = report.warnings;
  if (s.min_budget) {
    py::dict min;
    min["found"] = s.min_budget->found;
    min["proven"] = s.min_budget->proven;
    min["peak_gib"] = s.min_budget->peak_gib;
    min["bound_gib"] = s.min_budget->bound_gib;
    min["suggested_gib"] = s.min_budget->suggested_gib;
    min["status"] = s.min_budget->status;
    out["min_budget"] = min;
  } else {
    out["min_budget"] = py::none();
  }
  return out;
}

struct SweepArgs {
  int world_size = 1;
  std::optional<std::vector<std::string>> ac_units;
  std::optional<std::vector<std::string>> fsdp_units;
  std::optional<double> from_gib;
  std::optional<double> to_gib;
  int points = static_cast<int>(options::kSweepPoints.default_value);
  int max_breakpoints = static_cast<int>(options::kMaxBreakpoints.default_value);
  double relative_gap = options::kSacGap.default_value;
  double time_limit_seconds = options::kSacTimeLimit.default_value;  // the whole sweep
  int threads = 0;                                                   // 0: the usable CPUs
  // As SacArgs's: the search events of every point's solve, and a cancel token.
  py::object progress = py::none();
  std::shared_ptr<CancelToken> cancel;
};

// `milp-sac sac --budget-sweep`'s JSON (model::sac_sweep_json), with the plan
// keys Python adds per point, and the warnings.
py::dict sweep_dict(const model::SacSweepReport& report) {
  py::dict out = json_object(model::sac_sweep_json(report));
  const py::list points = out["points"];
  for (std::size_t p = 0; p < report.sweep.points.size(); ++p) {
    py::dict point = points[p];
    add_plan_keys(point, report.sweep.points[p].solution);
  }
  out["warnings"] = report.warnings;
  return out;
}

// `milp-sac baseline`'s JSON (model::baseline_json) and the reader's warnings;
// Ctrl-C while reading raises KeyboardInterrupt (interruptible.h).
py::dict baseline(const model::ModuleInfoRead& read) {
  const model::BaselineReport report =
      run_interruptible([&](const std::atomic<bool>* interrupt) { return model::baseline(read, interrupt); });
  py::dict out = json_object(model::baseline_json(report));
  out["warnings"] = report.warnings;
  return out;
}

// What the door's work reports its search events to: the budget of the sweep
// point whose solve reports (NaN for one plan) and the report; may be called
// from the sweep's threads (the queue locks).
using OnEvent = std::function<void(double budget_gib, const bnb::MilpProgress&)>;

// A door's call with the Python conveniences of its arguments: progress
// events handed to args.progress in the calling thread, args.cancel, and on
// Ctrl-C the report so far on the KeyboardInterrupt (.result, as `dict_of`
// makes it). work(interrupt, on_event) runs the door.
template <class Args, class Work, class DictOf>
auto watched(const Args& args, Work&& work, DictOf&& dict_of) {
  ProgressQueue<PointProgress> events;
  Watch watch;
  watch.cancel = args.cancel ? &args.cancel->cancelled : nullptr;
  OnEvent on_event;
  if (!args.progress.is_none()) {
    watch.poll = [&] {
      for (const PointProgress& e : events.take()) args.progress(event_dict(e));
    };
    on_event = [&events](double budget_gib, const bnb::MilpProgress& p) { events.push({p, budget_gib}); };
  }
  return run_watched(
      [&](const std::atomic<bool>* interrupt) { return work(interrupt, on_event); }, watch,
      [&](const py::error_already_set& raised, const auto& kept) { attach_result(raised, dict_of(kept)); });
}

// One plan through the door (model::plan_sac); `read` reads the ModuleInfo.
py::dict plan(const model::ModuleInfoRead& read, const SacArgs& args, const std::string& source) {
  check_record(options::kSacGap, args.relative_gap);
  check_record(options::kSacTimeLimit, args.time_limit_seconds);
  check_record(options::kWorldSize, args.world_size);
  model::SacSolveOptions options;
  options.relative_gap = args.relative_gap;
  model::SacPlanReport report = watched(
      args,
      [&](const std::atomic<bool>* interrupt, const OnEvent& on_event) {
        model::SacSolveOptions with_events = options;
        if (on_event) {
          with_events.progress_interval_seconds = 1.0;
          with_events.progress = [&on_event](const bnb::MilpProgress& p) { on_event(NAN, p); };
        }
        // The limit bounds the whole call, reading included.
        return model::plan_sac(read, request_of(args), with_events, args.time_limit_seconds, interrupt);
      },
      plan_dict);
  py::dict out = plan_dict(report);
  out["plot"] = memory_plot(std::move(report.info), report.solution, report.request, source);
  return out;
}

// The budget sweep through the door (model::sweep_sac), with the same checks
// as `milp-sac sac --budget-sweep` (apps/cmd_sac_sweep.cpp).
py::dict sweep(const model::ModuleInfoRead& read, const SweepArgs& args, const std::string& source) {
  check_record(options::kSacGap, args.relative_gap);
  check_record(options::kSacTimeLimit, args.time_limit_seconds);
  check_record(options::kWorldSize, args.world_size);
  check_record(options::kSweepPoints, args.points);
  check_record(options::kMaxBreakpoints, args.max_breakpoints);
  if (args.threads != 0) check_record(options::kThreads, args.threads);  // 0: the usable CPUs
  model::SacRequest request;
  request.world_size = args.world_size;
  request.ac_units = args.ac_units;
  request.fsdp_units = args.fsdp_units;
  model::SweepOptions options;
  options.from_gib = args.from_gib;
  options.to_gib = args.to_gib;
  options.points = args.points;
  options.max_breakpoints = args.max_breakpoints;
  options.solve.relative_gap = args.relative_gap;
  options.threads = args.threads;
  model::SacSweepReport report = watched(
      args,
      [&](const std::atomic<bool>* interrupt, const OnEvent& on_event) {
        model::SweepOptions with_events = options;
        if (on_event) {
          with_events.solve.progress_interval_seconds = 1.0;
          with_events.point_progress = on_event;  // each event with its point's budget
        }
        // The limit bounds the whole sweep, reading included.
        return model::sweep_sac(read, request, with_events, args.time_limit_seconds, interrupt);
      },
      sweep_dict);
  py::dict out = sweep_dict(report);
  out["plot"] = sweep_plot(std::move(report.sweep), args.world_size, source);
  return out;
}

}  // namespace

void bind_sac(py::module_& m) {
  py::class_<SacArgs>(m, "SacArgs")
      .def(py::init<>())
      .def_readwrite("budget_gib", &SacArgs::budget_gib)
      .def_readwrite("world_size", &SacArgs::world_size)
      .def_readwrite("ac_units", &SacArgs::ac_units)
      .def_readwrite("fsdp_units", &SacArgs::fsdp_units)
      .def_readwrite("relative_gap", &SacArgs::relative_gap)
      .def_readwrite("time_limit_seconds", &SacArgs::time_limit_seconds)
      .def_readwrite("progress", &SacArgs::progress)
      .def_readwrite("cancel", &SacArgs::cancel);

  m.def(
      "plan_sac_text",
      [](const std::string& text, const std::string& source, const SacArgs& args) {
        return naming_source(source, [&] {
          return plan([&](const Deadline* clock) { return model::parse_module_info(text, source, clock); }, args,
                      source);
        });
      },
      py::arg("text"), py::arg("source"), py::arg("args"));
  m.def(
      "plan_sac_file",
      [](const std::string& path, const SacArgs& args) {
        return naming_source(input_name(path), [&] {
          return plan([&](const Deadline* clock) { return model::read_module_info_file(path, clock); }, args, path);
        });
      },
      py::arg("path"), py::arg("args"));
  py::class_<SweepArgs>(m, "SweepArgs")
      .def(py::init<>())
      .def_readwrite("world_size", &SweepArgs::world_size)
      .def_readwrite("ac_units", &SweepArgs::ac_units)
      .def_readwrite("fsdp_units", &SweepArgs::fsdp_units)
      .def_readwrite("from_gib", &SweepArgs::from_gib)
      .def_readwrite("to_gib", &SweepArgs::to_gib)
      .def_readwrite("points", &SweepArgs::points)
      .def_readwrite("max_breakpoints", &SweepArgs::max_breakpoints)
      .def_readwrite("relative_gap", &SweepArgs::relative_gap)
      .def_readwrite("time_limit_seconds", &SweepArgs::time_limit_seconds)
      .def_readwrite("threads", &SweepArgs::threads)
      .def_readwrite("progress", &SweepArgs::progress)
      .def_readwrite("cancel", &SweepArgs::cancel);

  m.def(
      "sweep_sac_text",
      [](const std::string& text, const std::string& source, const SweepArgs& args) {
        return naming_source(source, [&] {
          return sweep([&](const Deadline* clock) { return model::parse_module_info(text, source, clock); }, args,
                       source);
        });
      },
      py::arg("text"), py::arg("source"), py::arg("args"));
  m.def(
      "sweep_sac_file",
      [](const std::string& path, const SweepArgs& args) {
        return naming_source(input_name(path), [&] {
          return sweep([&](const Deadline* clock) { return model::read_module_info_file(path, clock); }, args, path);
        });
      },
      py::arg("path"), py::arg("args"));
  m.def(
      "baseline_text",
      [](const std::string& text, const std::string& source) {
        return baseline([&](const Deadline* clock) { return model::parse_module_info(text, source, clock); });
      },
      py::arg("text"), py::arg("source"));
  m.def(
      "baseline_file",
      [](const std::string& path) {
        return baseline([&](const Deadline* clock) { return model::read_module_info_file(path, clock); });
      },
      py::arg("path"));
}

}  // namespace milpsac::python
