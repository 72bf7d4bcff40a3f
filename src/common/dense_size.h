// The dense-size guard: one check, before a dense matrix is allocated, that its
// rows x columns stay within what the machine can hold.
//
// The LP is stored dense (LinearProgram::A), so a model with 10^5 rows and
// 10^5 columns would ask for 80 GB and be killed by the OOM killer instead of
// refused. Every place that builds a dense matrix from user input (the MPS
// reader, the SAC and sharding model builders, the simplex) calls
// check_dense_size first, and the user gets an InputError naming the input and
// the sizes (exit 2). docs/limits.md lists the resulting size limits per job.
#pragma once

#include <cstdint>
#include <string>

#include "common/input_error.h"

namespace milpsac {

// 10^8 doubles = 800 MB for A, the largest dense matrix accepted.
inline constexpr double kMaxDenseEntries = 1e8;

// Throws InputError "WHAT: too large for dense storage (R rows x C columns ...)"
// when rows * cols exceeds `limit`; `what` names the input (file, model).
inline void check_dense_size(double rows, double cols, const std::string& what, double limit = kMaxDenseEntries) {
  const double entries = rows * cols;
  if (entries > limit)
    throw InputError(what + ": too large for dense storage (" + std::to_string(static_cast<std::int64_t>(rows)) +
                     " rows x " + std::to_string(static_cast<std::int64_t>(cols)) +
                     " columns = " + std::to_string(static_cast<std::int64_t>(entries)) + " entries; the limit is " +
                     std::to_string(static_cast<std::int64_t>(limit)) + ", see docs/limits.md)");
}

// The guard for a linear program: the simplex holds A (rows x cols), a scaled
// copy and, while scaling, one more; and a dense basis (rows x rows). That is
// about 8 * (3 * rows * cols + rows^2) bytes, which must stay within
// kMaxLpDenseBytes (4 GiB: every Netlib and MIPLIB 2017 model we test fits;
// 10^5 x 10^5 would need 320 GB).
inline constexpr double kMaxLpDenseBytes = 4.0 * 1073741824.0;

inline double lp_dense_bytes(double rows, double cols) { return 8.0 * (3.0 * rows * cols + rows * rows); }

inline void check_lp_dense_size(double rows, double cols, const std::string& what) {
  const double bytes = lp_dense_bytes(rows, cols);
  if (bytes > kMaxLpDenseBytes)
    throw InputError(what + ": too large for dense storage (" + std::to_string(static_cast<std::int64_t>(rows)) +
                     " rows x " + std::to_string(static_cast<std::int64_t>(cols)) + " columns would need about " +
                     std::to_string(static_cast<std::int64_t>(bytes / 1073741824.0 + 0.5)) +
                     " GiB; the limit is 4 GiB, see docs/limits.md)");
}

}  // namespace milpsac
