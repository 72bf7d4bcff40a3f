// The size guard (see model_size.h).
#include "lp/model_size.h"

#include <cstdint>
#include <sstream>

#include "common/input_error.h"

namespace milpsac::lp {
namespace {

constexpr double kBytesPerGiB = 1073741824.0;

std::string count(double n) { return std::to_string(static_cast<std::int64_t>(n)); }

// 0.38 GiB, 12 GiB: two significant digits below 10, whole GiB above.
std::string gib(double bytes) {
  const double value = bytes / kBytesPerGiB;
  if (value >= 10.0) return count(value + 0.5);
  std::ostringstream out;
  out.precision(2);
  out << value;
  return out.str();
}

}  // namespace

double estimated_model_bytes(double rows, double cols, double nonzeros) {
  return kModelBytesPerNonzero * nonzeros + kModelBytesPerLine * (rows + cols);
}

void check_model_size(double rows, double cols, double nonzeros, const std::string& source, double limit_gib) {
  const double bytes = estimated_model_bytes(rows, cols, nonzeros);
  if (bytes > limit_gib * kBytesPerGiB)
    throw InputError(source + ": model too large: " + count(rows) + " rows, " + count(cols) + " columns and " +
                     count(nonzeros) + " nonzeros would need about " + gib(bytes) + " GiB to solve; the limit is " +
                     gib(limit_gib * kBytesPerGiB) + " GiB (docs/limits.md)");
}

void check_model_size(const LinearProgram& model, const std::string& source, double limit_gib) {
  check_model_size(model.num_rows(), model.num_cols(), static_cast<double>(model.A.nonZeros()), source, limit_gib);
}

}  // namespace milpsac::lp
