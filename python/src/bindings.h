// The thin C++ layer of the Python package milp_sac: each bind_* function adds
// to the extension module _core the functions of one job. They take plain
// values (JSON text, paths, numbers), run the library with the GIL released,
// and return plain Python dicts; the Python side (milp_sac/*.py) turns user
// objects into JSON text and the dicts into result objects.
//
// Errors: milpsac::InputError becomes ValueError with the library's message
// (the same text the CLI prints after "error:"), see module.cpp.
#pragma once

#include <pybind11/pybind11.h>

#include "common/options.h"

namespace milpsac::python {

// A keyword argument checked against its record, named as Python spells it
// ("option time_limit: must be > 0 s, got 0"; ValueError).
inline void check_record(const options::OptionRecord& record, double value) {
  options::check_option(record, value, options::python_name(record));
}

void bind_sac(pybind11::module_& m);
void bind_policy(pybind11::module_& m);
void bind_lp(pybind11::module_& m);
void bind_model(pybind11::module_& m);
void bind_sharding(pybind11::module_& m);
void bind_analysis(pybind11::module_& m);
void bind_evaluate(pybind11::module_& m);
void bind_plots(pybind11::module_& m);
// _core.option_records: {"sac.gap": {"name", "default", "unit", "help", ...}}
// (module.cpp), which milp_sac/*.py read their defaults and docstrings from.
void bind_option_records(pybind11::module_& m);

}  // namespace milpsac::python
