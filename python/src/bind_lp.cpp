// milp_sac._core: solve_mps, the same solve as `milp-sac solve` (the library's
// solve door, api/solve_door.h), with progress events for a Python callback,
// a cancel token, and the result kept on a KeyboardInterrupt
// (interruptible.h); and the report's dict, which Model.solve shares
// (solve_dict.h).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <climits>
#include <cmath>
#include <string>
#include <vector>

#include "bindings.h"
#include "common/input_error.h"
#include "common/utf8.h"
#include "interruptible.h"
#include "progress_events.h"
#include "solve_dict.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

py::object finite_or_none(double v) { return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none()); }

py::array_t<double> to_numpy(const Eigen::VectorXd& v) {
  py::array_t<double> out(v.size());
  for (Eigen::Index k = 0; k < v.size(); ++k) out.mutable_at(k) = v(k) + 0.0;  // + 0.0: no -0 in results
  return out;
}

py::dict by_name(const std::vector<std::string>& names, const Eigen::VectorXd& values) {
  py::dict out;
  for (Eigen::Index k = 0; k < values.size(); ++k) out[py::str(names[static_cast<std::size_t>(k)])] = values[k] + 0.0;
  return out;
}

}  // namespace

py::dict report_dict(const api::SolveReport& report, ValuesBy by) {
  const bnb::MilpResult& result = report.result;
  const lp::LinearProgram& model = report.model;
  py::dict out;
  out["status"] = api::to_string(report.status);
  out["has_solution"] = result.has_solution;
  out["is_mip"] = report.is_mip();
  out["objective"] = result.has_solution ? py::object(py::float_(result.objective)) : py::object(py::none());
  out["bound"] = finite_or_none(result.bound);
  out["gap"] = result.has_solution ? finite_or_none(result.gap) : py::object(py::none());
  out["nodes"] = result.nodes;
  out["lp_iterations"] = result.lp_iterations;
  out["seconds"] = report.seconds;
  out["read_seconds"] = report.read_seconds;
  py::list warning_list;
  for (const std::string& warning : report.warnings) warning_list.append(py::str(to_valid_utf8(warning)));
  out["warnings"] = warning_list;
  if (by == ValuesBy::kName) {
    out["x"] = result.has_solution ? by_name(model.col_names, result.x) : py::dict();
    // A pure LP's optimum: duals and reduced costs by name (as solve's JSON).
    if (report.has_duals()) {
      out["row_duals"] = by_name(model.row_names, result.row_duals);
      out["reduced_costs"] = by_name(model.col_names, result.reduced_costs);
    }
    out["name"] = model.name;
    return out;
  }
  if (result.has_solution) {
    out["x"] = to_numpy(result.x);
    out["row_activity"] = to_numpy(Eigen::VectorXd(model.A * result.x));
  } else {
    out["x"] = py::none();
    out["row_activity"] = py::none();
  }
  out["row_duals"] = report.has_duals() ? py::object(to_numpy(result.row_duals)) : py::object(py::none());
  out["reduced_costs"] = report.has_duals() ? py::object(to_numpy(result.reduced_costs)) : py::object(py::none());
  return out;
}

void bind_lp(py::module_& m) {
  m.def(
      "solve_mps",
      [](const std::string& path, double gap, double time_limit, long node_limit, double max_model_memory,
         const py::object& callback, CancelToken* cancel) {
        check_record(options::kSolveGap, gap);
        check_record(options::kTimeLimit, time_limit);
        check_record(options::kMaxModelMemory, max_model_memory);
        if (node_limit <= 0) throw InputError("option node_limit: must be positive");
        api::SolveRequest request;
        request.relative_gap = gap;
        request.time_limit_seconds = time_limit;
        request.node_limit = node_limit;
        request.max_model_memory_gib = max_model_memory;
        ProgressQueue<bnb::MilpProgress> events;
        Watch watch;
        watch.cancel = cancel != nullptr ? &cancel->cancelled : nullptr;
        if (!callback.is_none()) {
          request.progress_interval_seconds = 1.0;
          request.progress = [&events](const bnb::MilpProgress& p) { events.push(p); };
          watch.poll = [&] {
            for (const bnb::MilpProgress& e : events.take()) callback(event_dict(e));
          };
        }
        auto work = [&](const std::atomic<bool>* interrupt) { return api::solve_file(path, request, interrupt); };
        const api::SolveReport report =
            run_watched(work, watch, [](const py::error_already_set& raised, const api::SolveReport& kept) {
              attach_result(raised, report_dict(kept, ValuesBy::kName));
            });
        return report_dict(report, ValuesBy::kName);
      },
      py::arg("path"), py::arg("gap"), py::arg("time_limit"), py::arg("node_limit") = LONG_MAX,
      py::arg("max_model_memory") = options::kMaxModelMemory.default_value, py::arg("callback") = py::none(),
      py::arg("cancel") = nullptr);
}

}  // namespace milpsac::python
