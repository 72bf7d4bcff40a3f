// Infinity cleaning: the one rule that turns "huge" input values into the
// solver's infinity.
//
// MPS files (and CBC, HiGHS, CPLEX) write 1e30 or more for "no bound"; the
// LinearProgram stores +-inf (lp::kInfinity is HUGE_VAL). Every reader of
// bounds and right-hand sides, and every builder that takes limits from users,
// goes through clean_infinity so that 1e30, 1e31 and inf all mean the same.
#pragma once

#include <cmath>

namespace milpsac {

// Magnitudes at or above this are infinite (the MPS convention).
inline constexpr double kInputInfinity = 1e30;

inline double clean_infinity(double v) {
  if (v >= kInputInfinity) return HUGE_VAL;
  if (v <= -kInputInfinity) return -HUGE_VAL;
  return v;
}

}  // namespace milpsac
