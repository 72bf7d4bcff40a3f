// The drawings of a plan and of a sweep for Python (SacResult.memory_svg(),
// SacSweep.svg()): the result dict carries an object holding what the SVG
// writers of src/model/sac/plots need, and draws only when asked, so a plan
// nobody draws costs no SVG text.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "model/sac/module_info.h"
#include "model/sac/sac_request.h"
#include "model/sac/sac_solver.h"
#include "model/sac/sac_sweep.h"

namespace milpsac::python {

// None when the solution has no plan (nothing to draw).
pybind11::object memory_plot(model::ModuleInfo info, const model::SacSolution& solution,
                             const model::SacRequest& request, const std::string& source);
pybind11::object sweep_plot(model::Sweep sweep, int world_size, const std::string& source);

}  // namespace milpsac::python
