// The extension module milp_sac._core: version, error translation, and the
// functions of every job (bind_*.cpp). Users import milp_sac, not _core.
#include <pybind11/pybind11.h>

#include <milpsac/version.h>
#include <string>

#include "bindings.h"
#include "common/input_error.h"
#include "common/utf8.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "milp-sac's C++ core; use the milp_sac package, not this module";
  m.attr("__version__") = MILPSAC_VERSION_STRING;
  m.attr("version_info") = pybind11::make_tuple(MILPSAC_VERSION_MAJOR, MILPSAC_VERSION_MINOR, MILPSAC_VERSION_PATCH);
  // Bad input is the caller's mistake, not a crash: ValueError, same message as the CLI.
  pybind11::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const milpsac::InputError& e) {
      // The message may quote input bytes that are not UTF-8 (a JSON parse
      // error shows the bytes it read): repaired as the CLI repairs it, so
      // both show the same text (PyErr_SetString would raise UnicodeDecodeError).
      const std::string what = milpsac::to_valid_utf8(e.what());
      PyObject* message = PyUnicode_DecodeUTF8(what.data(), static_cast<Py_ssize_t>(what.size()), "strict");
      if (message == nullptr) return;  // a Python error (MemoryError) is already set
      PyErr_SetObject(PyExc_ValueError, message);
      Py_DECREF(message);
    }
  });
  milpsac::python::bind_option_records(m);
  milpsac::python::bind_plots(m);
  milpsac::python::bind_sac(m);
  milpsac::python::bind_policy(m);
  milpsac::python::bind_model(m);  // before bind_lp: solve_mps's signature names CancelToken
  milpsac::python::bind_lp(m);
  milpsac::python::bind_sharding(m);
  milpsac::python::bind_analysis(m);
  milpsac::python::bind_evaluate(m);
}

namespace milpsac::python {

void bind_option_records(pybind11::module_& m) {
  namespace py = pybind11;
  py::dict records;
  const std::pair<const char*, const options::OptionRecord*> all[] = {
      {"sac.gap", &options::kSacGap},
      {"sac.time_limit", &options::kSacTimeLimit},
      {"world_size", &options::kWorldSize},
      {"policy.gap", &options::kPolicyGap},
      {"solve.gap", &options::kSolveGap},
      {"time_limit", &options::kTimeLimit},
      {"node_limit", &options::kNodeLimit},
      {"max_model_memory", &options::kMaxModelMemory},
      {"shard.storage_reservation", &options::kStorageReservation},
  };
  for (const auto& [key, record] : all) {
    py::dict r;
    r["name"] = options::python_name(*record);
    r["default"] = record->default_value;
    r["default_text"] = std::string(record->default_text);
    r["unit"] = std::string(record->unit);
    r["help"] = std::string(record->help);
    records[key] = r;
  }
  m.attr("option_records") = records;
}

}  // namespace milpsac::python
