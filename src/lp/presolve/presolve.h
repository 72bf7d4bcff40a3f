// Presolve and postsolve of LPs and MILPs (public entry points).
//
// presolve() removes rows and columns whose values follow from the rest of the
// model (empty, singleton and forcing rows, fixed, empty and dominated columns,
// doubleton equations, free column singletons, ...) and returns the smaller
// LinearProgram plus a postsolve stack. postsolve() maps an optimal solution
// of the reduced LP (x, row duals, basis) back to the original model: x, row
// activity, row duals, reduced costs and a basis with exactly num_rows basic
// variables, such that the KKT check on the original data passes.
//
// In MIP mode (keep_integrality) reductions never aggregate or substitute an
// integer column (except merging two parallel integer columns into their
// sum, whose every integer value splits back into integers), integer bounds are rounded, and integer bounds tightened
// from row activities are kept. There postsolve guarantees the primal values
// (an integral reduced x maps to an integral original x); duals and basis are
// then only a best effort (the reduced model is not the LP relaxation).
//
// Everything is deterministic: rows and columns are visited in index order.
#pragma once

#include <string>
#include <vector>

#include "common/deadline.h"
#include "lp/linear_program.h"
#include "lp/presolve/postsolve_stack.h"
#include "lp/simplex.h"

namespace milpsac::lp::presolve {

struct PresolveOptions {
  bool empty_rows = true;
  bool empty_columns = true;
  bool singleton_rows = true;
  bool fixed_columns = true;
  bool forcing_rows = true;  // forcing and redundant rows
  bool doubleton_equations = true;
  bool dominated_columns = true;  // dual fixing
  bool free_column_singletons = true;
  bool slack_columns = true;             // column singletons in equations
  bool free_column_substitution = true;  // implied free columns substituted through an equation
  bool parallel_rows = true;             // duplicate rows (up to a factor) merged
  bool bound_tightening = true;          // MIP mode only: integer bounds from row activities
  bool coefficient_tightening = true;    // MIP mode only: binary coefficients in one-sided rows
  bool duplicate_columns = true;         // MIP mode only: parallel columns merged or one fixed
  bool implied_integers = true;          // MIP mode only: continuous columns integral in every integer point
  bool keep_integrality = false;         // MIP mode
  int max_passes = 50;                   // rounds over all rows and columns
  const Deadline* deadline = nullptr;    // optional; polled within and between passes
};

enum class PresolveStatus {
  kReduced,                // `reduced` is the model to solve (possibly unchanged)
  kEmpty,                  // every row and column removed: postsolve an empty solution
  kInfeasible,             // bounds crossed: a hint, to be certified on the original
  kUnboundedOrInfeasible,  // a column can improve the objective without limit
};
const char* to_string(PresolveStatus status);

// How many rows/columns each rule removed (for reports and tests).
struct PresolveStats {
  int empty_rows = 0, empty_columns = 0, singleton_rows = 0, fixed_columns = 0;
  int forcing_rows = 0, redundant_rows = 0, doubleton_equations = 0;
  int dominated_columns = 0, free_column_singletons = 0, slack_columns = 0;
  int free_column_substitutions = 0, parallel_rows = 0;
  int tightened_bounds = 0, tightened_coefficients = 0;
  int duplicate_columns = 0;            // merged into a parallel column
  int dominated_duplicate_columns = 0;  // fixed because a parallel column dominates them
  int implied_integers = 0;             // continuous reduced columns marked integral
  int passes = 0;
};

struct PresolveResult {
  PresolveStatus status = PresolveStatus::kReduced;
  LinearProgram reduced;
  PostsolveStack stack;
  PresolveStats stats;
  // MIP mode: over the reduced columns, 1 for a continuous column that is
  // integral at every integer-feasible point (rule_implied_integer.cpp); the
  // column stays continuous in `reduced`. Empty outside MIP mode.
  std::vector<char> implied_integer;
};

PresolveResult presolve(const LinearProgram& lp, const PresolveOptions& options = {});

// Original-model solution from an optimal solution of `result.reduced`
// (x, row_duals and basis are read; for kEmpty pass an empty LpSolution).
// `original` is the model given to presolve().
LpSolution postsolve(const LinearProgram& original, const PresolveResult& result, const LpSolution& reduced);

// Primal values only (MIP incumbents): x of the reduced model -> x of the original.
Eigen::VectorXd postsolve_primal(const PresolveResult& result, const Eigen::VectorXd& reduced_x);

// Presolve, solve the reduced LP (options.presolve ignored), postsolve, and
// check the answer on the original model. Whenever presolve or the reduced
// solve ends in anything but optimal, or the postsolved answer fails the
// check, the original is solved without presolve: every infeasible/unbounded
// verdict comes from that checked path on the user's data.
LpSolution solve_lp_presolved(const LinearProgram& lp, const LpOptions& options = {});

}  // namespace milpsac::lp::presolve
