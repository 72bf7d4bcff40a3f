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

namespace milpsac::python {

void bind_sac(pybind11::module_& m);
void bind_policy(pybind11::module_& m);
void bind_lp(pybind11::module_& m);
void bind_sharding(pybind11::module_& m);
void bind_analysis(pybind11::module_& m);

}  // namespace milpsac::python
