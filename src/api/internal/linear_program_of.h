// The bridge between api::Model (standard library only) and the solvers'
// lp::LinearProgram (Eigen): inside the library only, never installed.
#pragma once

#include "api/model.h"
#include "lp/linear_program.h"

namespace milpsac::api {

// The model as the solvers take it. Throws InputError naming the column or
// row when a size, index, bound or coefficient is wrong (NaN, lower > upper,
// an index out of range).
lp::LinearProgram to_linear_program(const Model& model);

// A read model as an api::Model (names kept). Throws InputError when it has
// semi-continuous columns, which api::Model cannot hold.
Model model_of(const lp::LinearProgram& lp, const std::string& source);

}  // namespace milpsac::api
