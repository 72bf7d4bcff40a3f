// Tolerances of the LP/MIP presolve, in one place.
//
// Presolve works on the user's (unscaled) data, so every comparison is
// relative to the size of the numbers compared: a tolerance t below means
// |difference| <= t * (1 + |value|). They are tighter than the simplex's
// (lp/tolerances.h) because a reduction is exact: whatever presolve accepts as
// "equal" turns into a residual that the check on the original model sees.
#pragma once

#include "lp/tolerances.h"

namespace milpsac::lp::presolve::ptol {

// A coefficient whose magnitude falls below this after a substitution (relative
// to the larger of the terms that produced it) is a cancellation and dropped.
inline constexpr double kCancellation = 1e-12;
// Column bounds this close are a fixed column (the value is the lower bound).
inline constexpr double kFixedColumn = 1e-12;
// Crossed row or column bounds beyond this are a proof of infeasibility
// (a hint only: solve_lp_presolved re-solves the original to certify it).
inline constexpr double kInfeasibility = 1e-9;
// A row whose activity range touches a row bound within this is forcing; a
// row whose activity range lies inside its bounds within this is redundant.
inline constexpr double kForcingRow = 1e-9;
// A column singleton is implied free when the bounds its row implies lie inside
// its own bounds up to this.
inline constexpr double kImpliedFree = 1e-9;
// Doubleton equations a*x_j + b*x_k = rhs are substituted only when
// |b| >= kDoubletonPivot * |a| for the eliminated x_k (keeps the substitution
// from amplifying errors).
inline constexpr double kDoubletonPivot = 1e-3;
// An implied free column x_k is substituted through equation r only when
// |a_rk| >= kSubstitutionPivot * max_j |a_rj| (a small pivot would amplify
// errors into every row of x_k).
inline constexpr double kSubstitutionPivot = 1e-2;
// Two rows are parallel when their coefficients, each divided by the row's
// first coefficient, agree within this (relative).
inline constexpr double kParallelRows = 1e-12;
// MIP mode: two columns are parallel when their coefficients, each divided by
// the column's first coefficient, agree within this (relative); their costs
// count as proportional (a merge rather than dominance) within the same.
inline constexpr double kParallelColumns = 1e-12;
// MIP mode: a ratio a_i / a_j or b / a_j counts as an integer when it lies
// within this (relative) of one (implied integer columns).
inline constexpr double kImpliedIntegerRatio = 1e-9;
// MIP mode: an implied bound of an integer column within this of an integer
// is rounded to it (same as the integrality tolerance of the search).
inline constexpr double kIntegerRounding = 1e-6;
// MIP mode: a bound is replaced by a tightened one only when it moves by at
// least this much (relative): tiny tightenings only add rounding noise.
inline constexpr double kMinBoundChange = 1e-3;
// Bounds at or beyond this magnitude are infinite: the simplex's own limit.
inline constexpr double kInfiniteBound = tol::kInfiniteBound;

}  // namespace milpsac::lp::presolve::ptol
