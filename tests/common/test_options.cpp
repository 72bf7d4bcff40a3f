// The option records (common/options.h): each default lies in its own range,
// the range check refuses what it should with a message naming the option,
// and the library's option structs take their defaults from the records.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "bnb/milp_types.h"
#include "common/input_error.h"
#include "common/options.h"
#include "model/policy/op_policy.h"
#include "model/sac/sac_solver.h"

using namespace milpsac;

TEST_CASE("every record's default is in its range, or is 'none' (+inf) / 'required'") {
  for (const options::OptionRecord* r :
       {&options::kSacGap, &options::kSacTimeLimit, &options::kWorldSize, &options::kPolicyGap, &options::kSolveGap,
        &options::kTimeLimit, &options::kNodeLimit, &options::kMaxModelMemory, &options::kLogInterval,
        &options::kStorageReservation}) {
    CAPTURE(std::string(r->name));
    CHECK(options::range_error(*r, r->default_value).empty());
    CHECK(!r->help.empty());
    CHECK(!r->default_text.empty());
  }
}

TEST_CASE("range_error and check_option refuse out-of-range values") {
  CHECK(options::range_error(options::kSacGap, 0.0).empty());
  CHECK(options::range_error(options::kSacGap, -1e-9) == "must be >= 0, got -1.0000000000000001e-09");
  CHECK(!options::range_error(options::kSacGap, NAN).empty());
  CHECK(!options::range_error(options::kSacTimeLimit, 0.0).empty());
  CHECK(options::range_error(options::kSacTimeLimit, 1e-3).empty());
  CHECK(!options::range_error(options::kWorldSize, 2.5).empty());
  CHECK(!options::range_error(options::kWorldSize, 0.0).empty());
  CHECK(options::range_error(options::kWorldSize, 8.0).empty());
  CHECK(!options::range_error(options::kWorldSize, 2e6).empty());
  try {
    options::check_option(options::kSolveGap, -1.0, "--gap");
    FAIL("no InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "option --gap: must be >= 0, got -1");
  }
  CHECK(options::python_name(options::kSacTimeLimit) == "time_limit");
}

TEST_CASE("an open upper end: below a finite bound, or any finite value when there is none") {
  CHECK(options::range_error(options::kStorageReservation, 0.0).empty());
  CHECK(options::range_error(options::kStorageReservation, 0.99).empty());
  CHECK(options::range_error(options::kStorageReservation, 1.0) == "must be a fraction in [0, 1), got 1");
  CHECK(!options::range_error(options::kStorageReservation, -0.1).empty());
  CHECK(!options::range_error(options::kStorageReservation, NAN).empty());
  CHECK(options::range_error(options::kLogInterval, 0.0).empty());
  CHECK(options::range_error(options::kLogInterval, 1e300).empty());
  CHECK(options::range_error(options::kLogInterval, INFINITY) == "must be a finite number >= 0 s, got inf");
  CHECK(!options::range_error(options::kLogInterval, -1.0).empty());
  // A closed upper end keeps accepting the bound itself.
  CHECK(options::range_error(options::kWorldSize, 1e6).empty());
  try {
    options::check_option(options::kStorageReservation, 1.0, "storage_reservation");
    FAIL("no InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "option storage_reservation: must be a fraction in [0, 1), got 1");
  }
}

TEST_CASE("the library's option structs start from the records' defaults") {
  CHECK(model::SacSolveOptions{}.relative_gap == options::kSacGap.default_value);
  // Below the doors the options carry the caller's clock only (none: no limit).
  CHECK(model::SacSolveOptions{}.deadline == nullptr);
  CHECK(model::PolicyOptions{}.relative_gap == options::kPolicyGap.default_value);
  CHECK(bnb::MilpOptions{}.relative_gap == options::kSolveGap.default_value);
  CHECK(bnb::MilpOptions{}.deadline == nullptr);
}
