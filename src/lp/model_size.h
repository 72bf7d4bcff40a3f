// The size guard of every LP/MILP a user hands us: refuse a model whose solve
// would need more memory than the limit, before solving, with an InputError
// naming the input and its sizes (exit 2), instead of being killed by the OOM
// killer halfway through.
//
// The matrix is stored sparse, so the memory of a solve grows with the
// nonzeros and with the rows and columns, not with rows x columns (the dense
// formula this replaces refused a 10^5 x 10^5 diagonal model that needs
// about 100 MB). The estimate, per nonzero: the triplets and the compressed
// matrix of the reader, the scaled copy, the row-wise copy of the simplex and
// presolve's copy; per row or column: its name and the name index, bounds,
// costs and the simplex's and presolve's vectors. On the 10^6-column knapsack
// the estimate is 366 MiB against a measured peak of 415 MiB (docs/limits.md).
// The LU's fill-in is not counted: it depends on the basis, not on the size.
//
// The limit is the option record kMaxModelMemory (common/options.h):
// `milp-sac solve --max-model-memory`, Python's solve_mps and the C++ API.
#pragma once

#include <string>

#include "common/options.h"
#include "lp/linear_program.h"

namespace milpsac::lp {

inline constexpr double kModelBytesPerNonzero = 64.0;
inline constexpr double kModelBytesPerLine = 320.0;  // per row or column

// About how many bytes solving a model of this size needs.
double estimated_model_bytes(double rows, double cols, double nonzeros);

// Throws InputError "SOURCE: model too large: R rows, C columns and N nonzeros
// would need about X GiB to solve; the limit is L GiB (docs/limits.md)" when
// the estimate exceeds limit_gib GiB.
void check_model_size(double rows, double cols, double nonzeros, const std::string& source,
                      double limit_gib = options::kMaxModelMemory.default_value);
void check_model_size(const LinearProgram& model, const std::string& source,
                      double limit_gib = options::kMaxModelMemory.default_value);

}  // namespace milpsac::lp
