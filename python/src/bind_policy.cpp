// milp_sac._core: the operator-level SAC policy. policy_text / policy_file read
// a SACStats (JSON text or a file) and solve with model::solve_policy;
// policy_sweep_* return the trade-off curve (model::sweep_policy). Each call
// has one clock, as `milp-sac policy`: the time limit counts from the call,
// reading and a sweep's every solve included, and Ctrl-C stops it
// (KeyboardInterrupt, interruptible.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <string>
#include <utility>

#include "bindings.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "interruptible.h"
#include "model/policy/op_policy.h"
#include "model/policy/sac_stats.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

model::PolicyOptions policy_options(double relative_gap, double time_limit_seconds) {
  check_record(options::kPolicyGap, relative_gap);
  check_record(options::kTimeLimit, time_limit_seconds);
  model::PolicyOptions options;
  options.relative_gap = relative_gap;
  return options;  // the time limit is the call's clock (on_call_clock)
}

void check_budget(double budget) { options::check_option(options::kPolicyBudget, budget, "memory_budget"); }

py::dict to_dict(const model::PolicyResult& r) {
  py::dict out;
  out["status"] = bnb::to_string(r.status);
  out["has_solution"] = r.has_solution;
  out["decisions"] = r.decisions;
  out["recompute_time_ms"] = r.has_solution ? py::object(py::float_(r.recompute_time_ms)) : py::object(py::none());
  out["saved_memory_bytes"] = r.has_solution ? py::object(py::int_(r.saved_memory_bytes)) : py::object(py::none());
  out["max_memory_bytes"] = r.max_memory_bytes;
  out["bound_ms"] = r.has_solution ? py::object(py::float_(r.bound_recompute_ms)) : py::object(py::none());
  out["gap"] = r.has_solution ? py::object(py::float_(r.gap)) : py::object(py::none());
  out["nodes"] = r.nodes;
  out["seconds"] = r.seconds;
  out["message"] = r.message;
  return out;
}

py::dict sweep_dict(const model::SacStats& stats, const model::PolicySweep& sweep) {
  py::list points;
  for (const model::PolicySweepPoint& p : sweep.points) {
    py::dict point = to_dict(p.result);
    point["budget"] = p.budget;
    points.append(point);
  }
  py::dict out;
  out["sweep"] = sweep.at_breakpoints ? "breakpoints" : "grid";
  out["points"] = points;
  out["total_runtime_ms"] = model::total_runtime(stats);
  out["total_memory_bytes"] = model::total_memory(stats);
  return out;
}

// The limit (or Ctrl-C) came while the input was read: no policy, the
// reader's message ("FILE: time limit reached while reading").
model::PolicyResult limit_while_reading(const TimeLimitReached& stop) {
  model::PolicyResult result;
  result.status = bnb::MilpStatus::kTimeLimit;
  result.message = stop.what();
  return result;
}

// work(clock) on a worker thread, on the call's one clock (interruptible.h).
template <typename Work>
auto on_call_clock(double time_limit, Work&& work) {
  return run_interruptible([&](const std::atomic<bool>* interrupt) {
    const Deadline clock(time_limit, interrupt);
    return work(clock);
  });
}

template <typename Read>
py::dict solve_one(Read read, double budget, double gap, double time_limit) {
  model::PolicyOptions options = policy_options(gap, time_limit);
  check_budget(budget);
  const model::PolicyResult result = on_call_clock(time_limit, [&](const Deadline& clock) {
    options.deadline = &clock;
    model::SacStats stats;
    try {
      stats = read(clock);
    } catch (const TimeLimitReached& stop) {
      return limit_while_reading(stop);
    }
    return model::solve_policy(stats, budget, options);
  });
  return to_dict(result);
}

template <typename Read>
py::dict sweep(Read read, double gap, double time_limit) {
  model::PolicyOptions options = policy_options(gap, time_limit);
  const auto [stats, result] = on_call_clock(time_limit, [&](const Deadline& clock) {
    options.deadline = &clock;
    model::SacStats read_stats;
    model::PolicySweep swept;
    try {
      read_stats = read(clock);
    } catch (const TimeLimitReached& stop) {
      swept.points.push_back({1.0, limit_while_reading(stop)});
      return std::make_pair(std::move(read_stats), std::move(swept));
    }
    swept = model::sweep_policy(read_stats, options);
    return std::make_pair(std::move(read_stats), std::move(swept));
  });
  return sweep_dict(stats, result);
}

}  // namespace

void bind_policy(py::module_& m) {
  m.def(
      "policy_text",
      [](const std::string& text, const std::string& source, double budget, double gap, double time_limit) {
        return solve_one([&](const Deadline& clock) { return model::parse_sac_stats(text, source, &clock); }, budget,
                         gap, time_limit);
      },
      py::arg("text"), py::arg("source"), py::arg("budget"), py::arg("gap"), py::arg("time_limit"));
  m.def(
      "policy_file",
      [](const std::string& path, double budget, double gap, double time_limit) {
        return solve_one([&](const Deadline& clock) { return model::read_sac_stats_file(path, &clock); }, budget, gap,
                         time_limit);
      },
      py::arg("path"), py::arg("budget"), py::arg("gap"), py::arg("time_limit"));
  m.def(
      "policy_sweep_text",
      [](const std::string& text, const std::string& source, double gap, double time_limit) {
        return sweep([&](const Deadline& clock) { return model::parse_sac_stats(text, source, &clock); }, gap,
                     time_limit);
      },
      py::arg("text"), py::arg("source"), py::arg("gap"), py::arg("time_limit"));
  m.def(
      "policy_sweep_file",
      [](const std::string& path, double gap, double time_limit) {
        return sweep([&](const Deadline& clock) { return model::read_sac_stats_file(path, &clock); }, gap, time_limit);
      },
      py::arg("path"), py::arg("gap"), py::arg("time_limit"));
}

}  // namespace milpsac::python
