// milp_sac._core: module-level SAC. plan_sac_text / plan_sac_file read a
// ModuleInfo (JSON text or a file), solve with model::solve_sac and return a
// dict with the plan and the solver's details; sweep_sac_text / _file run the
// budget sweep (model::sweep_budgets, `milp-sac sac --budget-sweep`) and
// return its points with the keys of docs/json.md#sac (the sweep).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "interruptible.h"
#include "model/sac/baseline.h"
#include "model/sac/memory_timeline.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/sac_solver.h"
#include "model/sac/sac_sweep.h"
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

struct SacRun {
  model::ModuleInfo info;
  model::SacSolution solution;
};

// read(const Deadline*) -> ModuleInfo reads the input: time_limit counts from
// before the reading, as the CLI's (a limit that passes while reading is
// status time_limit with no plan).
template <class Read>
SacRun solve(Read read, const SacArgs& args, const std::atomic<bool>* interrupt,
             ProgressQueue<bnb::MilpProgress>* events) {
  check_record(options::kSacGap, args.relative_gap);
  check_record(options::kSacTimeLimit, args.time_limit_seconds);
  check_record(options::kWorldSize, args.world_size);
  const Deadline clock(args.time_limit_seconds, interrupt);  // Ctrl-C reaches the search through it
  // The reading polls the limit only, as the CLI's: a cancel or Ctrl-C then
  // still gets the greedy plan the search offers first.
  const Deadline reading(args.time_limit_seconds);
  model::ModuleInfo info;
  try {
    info = read(&reading);
  } catch (const TimeLimitReached&) {
    SacRun stopped;
    stopped.solution.status = model::SacStatus::kTimeLimit;
    stopped.solution.seconds = clock.elapsed_seconds();
    return stopped;
  }
  model::SacRequest request;
  request.budget_gib = args.budget_gib;
  request.world_size = args.world_size;
  request.ac_units = args.ac_units;
  request.fsdp_units = args.fsdp_units;
  model::SacSolveOptions options;
  options.relative_gap = args.relative_gap;
  options.time_limit_seconds = remaining_limit(clock, args.time_limit_seconds);
  options.deadline = &clock;
  if (events != nullptr) {
    options.progress_interval_seconds = 1.0;
    options.progress = [events](const bnb::MilpProgress& p) { events->push(p); };
  }
  model::SacSolution solution = model::solve_sac(info, request, options);
  // As `milp-sac sac` on SIGINT: a search the flag stopped says so.
  if (interrupt != nullptr && interrupt->load() && solution.status == model::SacStatus::kTimeLimit)
    solution.status = model::SacStatus::kInterrupted;
  return {std::move(info), std::move(solution)};
}

model::SacRequest request_of(const SacArgs& args) {
  model::SacRequest request;
  request.budget_gib = args.budget_gib;
  request.world_size = args.world_size;
  request.ac_units = args.ac_units;
  request.fsdp_units = args.fsdp_units;
  return request;
}

py::object number_or_none(bool present, double value) {
  return present ? py::object(py::float_(value)) : py::object(py::none());
}

// The keys of one plan, the same for a single solve and a sweep point: status,
// the plan as (fqn, ratio) in module (forward pre-) order, its recompute time
// and true peak, bound, gap, which source found it, seconds, and the
// independent check's violations.
py::dict plan_dict(const model::ModuleInfo& info, const model::SacSolution& s) {
  py::dict out;
  out["status"] = model::to_string(s.status);
  out["has_plan"] = s.has_plan;
  py::list plan;
  for (const model::AcDecision& d : s.plan)
    plan.append(py::make_tuple(info.modules[static_cast<std::size_t>(d.module)].fqn, d.ratio));
  out["plan"] = plan;
  out["recomputation_time_ms"] = number_or_none(s.has_plan, s.recompute_ms);
  out["peak_memory_bytes"] =
      s.has_plan ? py::object(py::int_(static_cast<long long>(std::ceil(s.peak_bytes)))) : py::object(py::none());
  out["bound_ms"] = number_or_none(s.has_plan, s.bound_ms);
  out["gap"] = number_or_none(s.has_plan, s.gap);
  out["found_by"] = s.has_plan ? py::object(py::str(s.found_by)) : py::object(py::none());
  out["seconds"] = s.seconds;
  out["violations"] = s.violations;
  return out;
}

// memory_timeline as `milp-sac sac` prints it (docs/json.md#sac): a list of
// dicts in time order, bytes rounded up as peak_memory_bytes; None without a plan.
py::object timeline_list(const model::ModuleInfo& info, const model::SacSolution& s) {
  if (!s.has_plan) return py::none();
  py::list points;
  for (const model::TimelinePoint& p : model::memory_timeline(info, s.plan, s.evaluation).points) {
    py::dict point;
    point["module"] = info.modules[static_cast<std::size_t>(p.module)].fqn;
    point["phase"] = model::to_string(p.phase);
    point["baseline_bytes"] = static_cast<long long>(p.baseline_bytes);
    point["plan_bytes"] = static_cast<long long>(std::ceil(p.plan_bytes));
    points.append(point);
  }
  return points;
}

py::dict to_dict(const SacRun& run) {
  const model::SacSolution& s = run.solution;
  py::dict out = plan_dict(run.info, s);
  out["memory_timeline"] = timeline_list(run.info, s);
  out["objective_ms"] = number_or_none(s.has_plan, s.objective_ms);
  out["nodes"] = s.nodes;
  out["rows"] = s.rows;
  out["cols"] = s.cols;
  out["warnings"] = run.info.warnings;
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
};

struct SweepRun {
  model::ModuleInfo info;
  model::Sweep sweep;
};

// The same checks as `milp-sac sac --budget-sweep` (apps/cmd_sac_sweep.cpp).
// read as for solve().
template <class Read>
SweepRun sweep(Read read, const SweepArgs& args, const std::atomic<bool>* interrupt) {
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
  const Deadline clock(args.time_limit_seconds, interrupt);  // the whole sweep's, reading included, with Ctrl-C
  const Deadline reading(args.time_limit_seconds);           // the limit only, as solve()'s
  model::ModuleInfo info;
  try {
    info = read(&reading);
  } catch (const TimeLimitReached&) {
    SweepRun stopped;  // no points: the limit passed while reading
    stopped.sweep.seconds = clock.elapsed_seconds();
    return stopped;
  }
  options.solve.time_limit_seconds = remaining_limit(clock, args.time_limit_seconds);
  options.solve.deadline = &clock;
  model::Sweep result = model::sweep_budgets(info, request, options);
  return {std::move(info), std::move(result)};
}

py::dict sweep_dict(const SweepRun& run, int world_size) {
  const model::Sweep& sweep = run.sweep;
  py::list points;
  for (const model::SweepPoint& p : sweep.points) {
    py::dict point = plan_dict(run.info, p.solution);
    point["budget_gib"] = p.budget_gib;
    point["plan_change"] = p.plan_change;
    points.append(point);
  }
  py::dict out;
  out["points"] = points;
  out["min_feasible_budget_gib"] =
      sweep.min_feasible_budget_gib ? py::object(py::float_(*sweep.min_feasible_budget_gib)) : py::object(py::none());
  out["min_feasible_proven"] = sweep.min_feasible_proven;
  out["no_ac_peak_gib"] = sweep.no_ac_peak_gib;
  out["baseline_peak_gib"] = sweep.baseline_peak_gib;
  out["world_size"] = world_size;
  out["monotone"] = sweep.monotone;
  out["sweep"] = sweep.breakpoints_located ? "breakpoints" : "grid";
  out["plan_changes"] = sweep.plan_changes;
  out["seconds"] = sweep.seconds;
  std::vector<std::string> warnings = run.info.warnings;
  if (sweep.threads_started < sweep.threads)
    warnings.push_back("the system refused to create more threads (a process or memory limit): some steps ran on " +
                       std::to_string(sweep.threads_started) + " of the " + std::to_string(sweep.threads) +
                       " threads asked for (same result, more time)");
  out["warnings"] = warnings;
  return out;
}

py::dict baseline_dict(const model::ModuleInfo& info) {
  const model::Baseline b = model::compute_baseline(info);
  py::dict out;
  out["peak_memory_bytes"] = static_cast<long long>(b.peak_memory_bytes);
  out["compute_time_ms"] = b.compute_time_ms;
  out["warnings"] = info.warnings;
  return out;
}

// One plan with the Python conveniences of SacArgs: progress events handed
// to args.progress in the calling thread, args.cancel, and on Ctrl-C the
// plan found so far on the KeyboardInterrupt (.result, status interrupted).
template <class Work>
py::dict watched_plan(const SacArgs& args, const std::string& source, Work&& work) {
  ProgressQueue<bnb::MilpProgress> events;
  Watch watch;
  watch.cancel = args.cancel ? &args.cancel->cancelled : nullptr;
  const bool listening = !args.progress.is_none();
  if (listening)
    watch.poll = [&] {
      for (const bnb::MilpProgress& e : events.take()) args.progress(event_dict(e));
    };
  SacRun run = run_watched(
      [&](const std::atomic<bool>* interrupt) { return work(interrupt, listening ? &events : nullptr); }, watch,
      [](const py::error_already_set& raised, const SacRun& kept) { attach_result(raised, to_dict(kept)); });
  py::dict out = to_dict(run);
  out["plot"] = memory_plot(std::move(run.info), run.solution, request_of(args), source);
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
          return watched_plan(
              args, source, [&](const std::atomic<bool>* interrupt, ProgressQueue<bnb::MilpProgress>* events) {
                return solve([&](const Deadline* clock) { return model::parse_module_info(text, source, clock); }, args,
                             interrupt, events);
              });
        });
      },
      py::arg("text"), py::arg("source"), py::arg("args"));
  m.def(
      "plan_sac_file",
      [](const std::string& path, const SacArgs& args) {
        return naming_source(input_name(path), [&] {
          return watched_plan(
              args, path, [&](const std::atomic<bool>* interrupt, ProgressQueue<bnb::MilpProgress>* events) {
                return solve([&](const Deadline* clock) { return model::read_module_info_file(path, clock); }, args,
                             interrupt, events);
              });
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
      .def_readwrite("threads", &SweepArgs::threads);

  m.def(
      "sweep_sac_text",
      [](const std::string& text, const std::string& source, const SweepArgs& args) {
        SweepRun run;
        run = naming_source(source, [&] {
          return run_interruptible([&](const std::atomic<bool>* interrupt) {
            return sweep([&](const Deadline* clock) { return model::parse_module_info(text, source, clock); }, args,
                         interrupt);
          });
        });
        py::dict out = sweep_dict(run, args.world_size);
        out["plot"] = sweep_plot(std::move(run.sweep), args.world_size, source);
        return out;
      },
      py::arg("text"), py::arg("source"), py::arg("args"));
  m.def(
      "sweep_sac_file",
      [](const std::string& path, const SweepArgs& args) {
        SweepRun run;
        run = naming_source(input_name(path), [&] {
          return run_interruptible([&](const std::atomic<bool>* interrupt) {
            return sweep([&](const Deadline* clock) { return model::read_module_info_file(path, clock); }, args,
                         interrupt);
          });
        });
        py::dict out = sweep_dict(run, args.world_size);
        out["plot"] = sweep_plot(std::move(run.sweep), args.world_size, path);
        return out;
      },
      py::arg("path"), py::arg("args"));
  m.def(
      "baseline_text",
      [](const std::string& text, const std::string& source) {
        model::ModuleInfo info;
        {
          py::gil_scoped_release release;
          info = model::parse_module_info(text, source);
        }
        return baseline_dict(info);
      },
      py::arg("text"), py::arg("source"));
  m.def(
      "baseline_file",
      [](const std::string& path) {
        model::ModuleInfo info;
        {
          py::gil_scoped_release release;
          info = model::read_module_info_file(path);
        }
        return baseline_dict(info);
      },
      py::arg("path"));
}

}  // namespace milpsac::python
