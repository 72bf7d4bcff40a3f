// The solve door's report (api/solve_door.h) as the Python dict that
// milp_sac.solve_mps and milp_sac.Model.solve return: one builder for both,
// which differ only in how values are keyed.
#pragma once

#include <pybind11/pybind11.h>

#include "api/solve_door.h"

namespace milpsac::python {

enum class ValuesBy {
  kName,   // solve_mps: {'x': {column: value}, 'row_duals': {row: value}, ...}
  kIndex,  // Model.solve: numpy arrays in column / row order, and 'row_activity'
};

pybind11::dict report_dict(const api::SolveReport& report, ValuesBy by);

}  // namespace milpsac::python
