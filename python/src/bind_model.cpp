// milp_sac._core: the in-memory model (api::Model) as a Python class, its
// solve, MPS in and out, and the cancel token. The Python front
// (milp_sac/_model.py, _scipy.py, pulp.py) builds its Model, the SciPy
// drop-ins and the PuLP solver on these.
//
// The solve takes the checked model (api::to_linear_program: bad sizes,
// indices, bounds and NaN are InputError, so ValueError, before any thread
// starts) through the library's solve door (api/solve_door.h), as `milp-sac
// solve` does (an LP comes back with duals); the dict is the one solve_mps
// builds (solve_dict.h), values by index.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "api/internal/linear_program_of.h"  // api::to_linear_program (Eigen: not in api/*.h)
#include "api/model.h"
#include "bindings.h"
#include "common/input_error.h"
#include "interruptible.h"
#include "lp/mps/mps.h"
#include "progress_events.h"
#include "solve_dict.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;
using IntArray = py::array_t<int, py::array::c_style | py::array::forcecast>;

// One array argument of a bulk call: 1-D with the expected length.
void check_length(const py::array& a, py::ssize_t n, const char* call, const char* what) {
  if (a.ndim() != 1 || a.shape(0) != n)
    throw InputError(
        std::string(call) + ": " + what + " must be 1-D of length " + std::to_string(n) + ", got shape " +
        std::string(py::str(py::tuple(py::cast(std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()))))));
}

// The compressed index arrays of add_rows: start has count + 1 nondecreasing
// items from 0, index and value start[count] items (api::add_rows checks the order).
void check_compressed(const IntArray& start, const IntArray& index, const DoubleArray& value, py::ssize_t count,
                      const char* call) {
  check_length(start, count + 1, call, "indptr");
  const int nnz = start.at(count);
  if (start.at(0) != 0) throw InputError(std::string(call) + ": indptr[0] must be 0");
  check_length(index, nnz, call, "indices");
  check_length(value, nnz, call, "data");
}

int add_cols_array(api::Model& model, const DoubleArray& cost, const DoubleArray& lower, const DoubleArray& upper,
                   const py::array_t<signed char, py::array::c_style | py::array::forcecast>& integer) {
  const py::ssize_t n = cost.ndim() == 1 ? cost.shape(0) : -1;
  if (n < 0) throw InputError("add_vars: cost must be 1-D");
  check_length(lower, n, "add_vars", "lb");
  check_length(upper, n, "add_vars", "ub");
  check_length(integer, n, "add_vars", "integrality");
  const int first = model.num_cols();
  for (py::ssize_t j = 0; j < n; ++j) api::add_col(model, cost.at(j), lower.at(j), upper.at(j), integer.at(j) != 0);
  return first;
}

int add_rows_array(api::Model& model, const DoubleArray& lower, const DoubleArray& upper, const IntArray& start,
                   const IntArray& index, const DoubleArray& value) {
  const py::ssize_t m = lower.ndim() == 1 ? lower.shape(0) : -1;
  if (m < 0) throw InputError("add_rows: lb must be 1-D");
  check_length(upper, m, "add_rows", "ub");
  check_compressed(start, index, value, m, "add_rows");
  const int first = model.num_rows();
  api::add_rows(model, static_cast<int>(m), lower.data(), upper.data(), start.data(), index.data(), value.data());
  return first;
}

// The model's matrix row by row, duplicates summed: (indptr, indices, data).
py::tuple csr(const api::Model& model) {
  const lp::LinearProgram lp = api::to_linear_program(model);
  lp::RowMajorMatrix rows(lp.A);
  rows.makeCompressed();
  const auto m = static_cast<py::ssize_t>(rows.rows());
  const auto nnz = static_cast<py::ssize_t>(rows.nonZeros());
  py::array_t<int> start(m + 1), index(nnz);
  py::array_t<double> value(nnz);
  for (py::ssize_t i = 0; i <= m; ++i) start.mutable_at(i) = rows.outerIndexPtr()[i];
  for (py::ssize_t k = 0; k < nnz; ++k) {
    index.mutable_at(k) = rows.innerIndexPtr()[k];
    value.mutable_at(k) = rows.valuePtr()[k];
  }
  return py::make_tuple(start, index, value);
}

api::Model from_linear_program(const lp::LinearProgram& lp, const std::string& source) {
  if (lp.has_semicontinuous())
    throw InputError(source + ": semi-continuous columns (SC/SI bounds) are not supported by milp_sac.Model");
  api::Model model;
  model.sense = lp.sense;
  model.objective_offset = lp.offset;
  for (int j = 0; j < lp.num_cols(); ++j)
    api::add_col(model, lp.c(j), lp.col_lower(j), lp.col_upper(j), lp.is_integer[uz(j)] != 0, lp.col_names[uz(j)]);
  for (int i = 0; i < lp.num_rows(); ++i)
    api::add_row(model, lp.row_lower(i), lp.row_upper(i), {}, {}, lp.row_names[uz(i)]);
  for (int j = 0; j < lp.A.outerSize(); ++j)
    for (lp::SparseMatrix::InnerIterator it(lp.A, j); it; ++it)
      model.entries.push_back({static_cast<int>(it.row()), j, it.value()});
  return model;
}

py::dict solve_model(const api::Model& model, double gap, double time_limit, double node_limit, bool presolve,
                     double max_model_memory, const py::object& callback, CancelToken* cancel) {
  check_record(options::kSolveGap, gap);
  check_record(options::kTimeLimit, time_limit);
  check_record(options::kNodeLimit, node_limit);
  check_record(options::kMaxModelMemory, max_model_memory);
  api::SolveRequest request;
  request.relative_gap = gap;
  request.time_limit_seconds = time_limit;
  if (node_limit < static_cast<double>(request.node_limit)) request.node_limit = static_cast<long>(node_limit);
  request.presolve = presolve;
  request.max_model_memory_gib = max_model_memory;
  // Checked here, with the GIL: bad input is ValueError before any thread starts.
  lp::LinearProgram lp = api::to_linear_program(model);
  ProgressQueue<bnb::MilpProgress> events;
  Watch watch;
  watch.cancel = cancel != nullptr ? &cancel->cancelled : nullptr;
  if (!callback.is_none()) {  // the object itself is touched with the GIL only (watch.poll)
    request.progress_interval_seconds = 1.0;
    request.progress = [&events](const bnb::MilpProgress& p) { events.push(p); };
    watch.poll = [&] {
      for (const bnb::MilpProgress& e : events.take()) callback(event_dict(e));
    };
  }
  auto work = [&](const std::atomic<bool>* interrupt) { return api::solve_model(std::move(lp), request, interrupt); };
  const api::SolveReport report =
      run_watched(work, watch, [](const py::error_already_set& raised, const api::SolveReport& kept) {
        attach_result(raised, report_dict(kept, ValuesBy::kIndex));
      });
  return report_dict(report, ValuesBy::kIndex);
}

}  // namespace

void bind_model(py::module_& m) {
  py::class_<CancelToken, std::shared_ptr<CancelToken>>(m, "CancelToken")
      .def(py::init<>())
      .def("cancel", [](CancelToken& t) { t.cancelled.store(true); })
      .def_property_readonly("cancelled", [](const CancelToken& t) { return t.cancelled.load(); });

  py::class_<api::Model>(m, "Model")
      .def(py::init<>())
      .def_property(
          "maximize", [](const api::Model& s) { return s.sense == lp::ObjectiveSense::kMaximize; },
          [](api::Model& s, bool v) { s.sense = v ? lp::ObjectiveSense::kMaximize : lp::ObjectiveSense::kMinimize; })
      .def_readwrite("objective_offset", &api::Model::objective_offset)
      .def_property_readonly("num_cols", &api::Model::num_cols)
      .def_property_readonly("num_rows", &api::Model::num_rows)
      .def_property_readonly("num_entries", [](const api::Model& s) { return s.entries.size(); })
      .def(
          "add_col",
          [](api::Model& s, double cost, double lower, double upper, bool integer, const std::string& name,
             const std::vector<int>& rows, const std::vector<double>& values) {
            return api::add_col(s, cost, lower, upper, integer, name, rows, values);
          },
          py::arg("cost"), py::arg("lower"), py::arg("upper"), py::arg("integer"), py::arg("name"), py::arg("rows"),
          py::arg("values"))
      .def("add_cols", &add_cols_array, py::arg("cost"), py::arg("lower"), py::arg("upper"), py::arg("integer"))
      .def(
          "add_row",
          [](api::Model& s, double lower, double upper, const std::vector<int>& cols, const std::vector<double>& values,
             const std::string& name) { return api::add_row(s, lower, upper, cols, values, name); },
          py::arg("lower"), py::arg("upper"), py::arg("cols"), py::arg("values"), py::arg("name"))
      .def("add_rows", &add_rows_array, py::arg("lower"), py::arg("upper"), py::arg("indptr"), py::arg("indices"),
           py::arg("data"))
      .def(
          "set_cost",
          [](api::Model& s, int j, double v) {
            if (j < 0 || j >= s.num_cols()) throw InputError("set_cost: column " + std::to_string(j) + " out of range");
            s.cost[uz(j)] = v;
          },
          py::arg("column"), py::arg("value"))
      .def_property_readonly("cost", [](const api::Model& s) { return py::array_t<double>(py::cast(s.cost)); })
      .def_property_readonly("col_lower",
                             [](const api::Model& s) { return py::array_t<double>(py::cast(s.col_lower)); })
      .def_property_readonly("col_upper",
                             [](const api::Model& s) { return py::array_t<double>(py::cast(s.col_upper)); })
      .def_property_readonly("integrality",
                             [](const api::Model& s) {
                               std::vector<int> v(s.is_integer.begin(), s.is_integer.end());
                               return py::array_t<int>(py::cast(v));
                             })
      .def_property_readonly("row_lower",
                             [](const api::Model& s) { return py::array_t<double>(py::cast(s.row_lower)); })
      .def_property_readonly("row_upper",
                             [](const api::Model& s) { return py::array_t<double>(py::cast(s.row_upper)); })
      .def_readonly("col_names", &api::Model::col_names)
      .def_readonly("row_names", &api::Model::row_names)
      .def("csr", &csr)
      .def(
          "write_mps",
          [](const api::Model& s, const std::string& path) {
            const lp::LinearProgram lp = api::to_linear_program(s);
            std::ofstream out(path);
            if (!out) throw InputError(path + ": cannot open for writing");
            lp::write_mps(lp, out);
            out.flush();
            if (!out) throw InputError(path + ": write failed");
          },
          py::arg("path"));

  m.def(
      "read_mps",
      [](const std::string& path) {
        std::vector<std::string> warnings;
        api::Model model;
        {
          py::gil_scoped_release release;
          model = from_linear_program(lp::read_mps_file(path, &warnings), path);
        }
        return model;
      },
      py::arg("path"));

  m.def("solve_model", &solve_model, py::arg("model"), py::arg("gap"), py::arg("time_limit"), py::arg("node_limit"),
        py::arg("presolve"), py::arg("max_model_memory"), py::arg("callback"), py::arg("cancel"));
}

}  // namespace milpsac::python
