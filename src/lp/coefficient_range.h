// Coefficient ranges a double-precision simplex cannot resolve, found before
// solving so a model is refused or flagged rather than answered wrongly.
//
// The simplex scales rows and columns towards 1 and then works with absolute
// tolerances near 1e-7 (lp/tolerances.h). Scaling cannot fix a row or column
// whose own entries span many orders of magnitude: after scaling, the small
// entries sit next to a large one, and once the span reaches about 1/eps of
// double (2.2e-16), the small entries are lost in the large one's round-off
// (1e15 x 2.2e-16 = 0.2, far above any tolerance). Such a model has no
// meaningful answer from us: InputError naming the file, row and column.
// Spans above kWideCoefficientRange still solve, but the tolerances no longer
// mean what they say (a "feasible" row may be off by the span times 1e-7):
// a warning with the file, the row or column and its two extreme entries.
// The objective's span is checked the same way (warning only: it bounds the
// accuracy of the optimal value, not the feasibility of the answer).
//
// Warnings come back as data ("FILE: warning: ..."), one per kind: the first
// offender with a count of the others. The library never prints.
#pragma once

#include <string>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::lp {

// Span (largest / smallest nonzero magnitude) of one row or column at which
// the small entries vanish in the large one's round-off: refused.
inline constexpr double kUnresolvableCoefficientRange = 1e15;
// Span above which the feasibility tolerances no longer bound the error: warned.
inline constexpr double kWideCoefficientRange = 1e10;

// Throws InputError when an objective or matrix coefficient (or the objective
// constant) has magnitude kInputInfinity (1e30) or more, and
// ("SOURCE: row 'r', column 'c': ...") when a row or column
// of the matrix spans kUnresolvableCoefficientRange or more; otherwise
// returns the warnings (empty for a well-ranged model).
std::vector<std::string> check_coefficient_ranges(const LinearProgram& model, const std::string& source);

}  // namespace milpsac::lp
