// The presolve rules, one per file (rule_*.cpp). Each looks at one row or one
// column of the working model, applies its reduction when it can, pushes the
// postsolve record and returns whether it changed the model. A rule that finds
// a contradiction sets model.infeasible (or model.unbounded_or_infeasible)
// instead of reducing.
#pragma once

#include <vector>

#include "lp/presolve/presolve_model.h"

namespace milpsac::lp::presolve {

// Row with no entries: removed if 0 lies within its bounds.
bool remove_empty_row(PresolveModel& model, int row);
// Column with no entries: fixed at the bound its cost prefers.
bool remove_empty_column(PresolveModel& model, int col);
// Row a*x_j in [L, U]: bounds of x_j.
bool remove_singleton_row(PresolveModel& model, int row);
// Column with lower == upper: substituted into row bounds and the offset.
bool remove_fixed_column(PresolveModel& model, int col);
// Row whose activity range lies within its bounds (redundant) or touches one
// of them (forcing: every column at the bound that attains it).
bool remove_forcing_or_redundant_row(PresolveModel& model, int row);
// Equation with two entries: one column substituted by the other.
bool remove_doubleton_equation(PresolveModel& model, int row);
// Column whose cost and row signs all push it to one bound (dual fixing).
bool remove_dominated_column(PresolveModel& model, int col);
// Column in one row whose bounds that row implies: row and column substituted out.
bool remove_free_column_singleton(PresolveModel& model, int col);
// Column in one equation whose bounds do bind: it becomes the row's slack
// (the row an inequality, the column removed).
bool remove_slack_column(PresolveModel& model, int col);
// Column whose bounds an equation implies: substituted out of its other rows
// through that equation (limited fill); row and column removed.
bool substitute_free_column(PresolveModel& model, int col);
// Whole model: rows that are multiples of an earlier row are merged into it.
bool remove_parallel_rows(PresolveModel& model);
// MIP mode, whole model: parallel columns merged into one (equal scaled
// costs) or one of them fixed at a bound (the other dominates it).
bool remove_duplicate_columns(PresolveModel& model);
// MIP mode, whole model: continuous columns integral at every integer-feasible
// point (flags over the model's columns; the model itself is not changed).
std::vector<char> find_implied_integers(PresolveModel& model);
// MIP mode: integer column bounds implied by a row's activity range, rounded.
bool tighten_integer_bounds(PresolveModel& model, int row);
// MIP mode: coefficients of binary columns in one-sided rows reduced to the
// smallest value that cuts off the same integer points.
bool tighten_coefficients(PresolveModel& model, int row);

}  // namespace milpsac::lp::presolve
