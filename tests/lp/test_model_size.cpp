// check_model_size: the size guard every front end applies to a model read
// from the user. It grows with the nonzeros and the rows and columns, not with
// rows x columns; past the limit it throws InputError naming the source and
// the sizes.
#include <doctest/doctest.h>

#include <string>

#include "common/input_error.h"
#include "lp/model_size.h"

using namespace milpsac;
using namespace milpsac::lp;

namespace {

std::string error_of(double rows, double cols, double nonzeros, double limit_gib) {
  try {
    check_model_size(rows, cols, nonzeros, "m.mps", limit_gib);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

constexpr double kDefaultGib = options::kMaxModelMemory.default_value;

}  // namespace

TEST_CASE("the estimate is linear in the nonzeros and in rows + columns") {
  CHECK(estimated_model_bytes(0, 0, 0) == doctest::Approx(0.0));
  CHECK(estimated_model_bytes(0, 0, 1000) == doctest::Approx(1000 * kModelBytesPerNonzero));
  CHECK(estimated_model_bytes(10, 20, 0) == doctest::Approx(30 * kModelBytesPerLine));
  // Doubling every count doubles the estimate: no rows x columns term.
  CHECK(estimated_model_bytes(2e5, 2e5, 2e5) == doctest::Approx(2 * estimated_model_bytes(1e5, 1e5, 1e5)));
}

TEST_CASE("the default limit passes the test models, a 10^6-column model and a sparse 10^5 x 10^5 one") {
  CHECK(error_of(6803, 9557, 41842, kDefaultGib).empty());  // rentacar
  CHECK(error_of(36, 87482, 636666, kDefaultGib).empty());  // nw04
  CHECK(error_of(1, 1e6, 1e6, kDefaultGib).empty());        // the knapsack of docs/limits.md
  CHECK(error_of(1e5, 1e5, 1e5, kDefaultGib).empty());      // refused by the dense formula before
  CHECK(error_of(1e6, 1e6, 1e7, kDefaultGib).empty());
}

TEST_CASE("past the limit: refused with the source, the sizes and both amounts") {
  const std::string message = error_of(1e5, 1e5, 1e5, 0.01);
  CAPTURE(message);
  CHECK(message.rfind("m.mps: model too large: 100000 rows, 100000 columns and 100000 nonzeros", 0) == 0);
  CHECK(message.find("about 0.066 GiB") != std::string::npos);
  CHECK(message.find("the limit is 0.01 GiB") != std::string::npos);
  // 2 * 10^8 nonzeros (12 GiB) or 3 * 10^7 rows and columns (8.9 GiB) are refused at the default.
  CHECK(error_of(1, 1, 2e8, kDefaultGib).find("too large") != std::string::npos);
  CHECK(error_of(1.5e7, 1.5e7, 0, kDefaultGib).find("too large") != std::string::npos);
  // The LinearProgram overload counts what the model holds.
  LinearProgram m;
  m.resize(3, 4);
  m.A.coeffRef(0, 1) = 1.0;
  m.A.coeffRef(2, 3) = 2.0;
  CHECK_NOTHROW(check_model_size(m, "m.mps", 1e-5));
  try {
    check_model_size(m, "small.mps", 1e-9);
    FAIL("not refused");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).rfind("small.mps: model too large: 3 rows, 4 columns and 2 nonzeros", 0) == 0);
  }
}
