// milp-sac's solver API for C++ users in one include: `#include <milpsac/api.h>`.
//
// Standard library only: no Eigen and no Boost header comes with it (the
// `api_headers_standard_only` tests check the headers, examples/vendor/check.sh
// what a consumer's compiler sees). docs/solver-cpp.md is the guide.
//
//   api::Model, add_col / add_row / add_cols (CSC) / add_rows (CSR)   api/model.h
//   api::read_model (MPS or CPLEX LP file), api::write_mps            api/model_io.h
//   api::solve, SolveOptions (progress, log, incumbent callbacks,
//     initial_solution, interrupt), Solution                          api/solve.h
//   api::Progress and its events                                      api/progress.h
//   api::Status                                                       api/status.h
//   milpsac::InputError, options::OptionRecord (defaults, ranges)
#pragma once

#include <milpsac/version.h>

#include <milpsac/common/input_error.h>
#include <milpsac/common/options.h>

#include <milpsac/api/model.h>
#include <milpsac/api/model_io.h>
#include <milpsac/api/progress.h>
#include <milpsac/api/solve.h>
#include <milpsac/api/status.h>
