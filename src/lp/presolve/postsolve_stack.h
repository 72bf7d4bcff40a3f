// The postsolve stack: one record per reduction, replayed in reverse.
//
// Every record keeps what its inverse needs, as the model was when the
// reduction was made: a removed column's cost and its entries in the rows that
// were still present (a "snapshot"), so that its reduced cost can be computed
// from the row duals of those rows, which are known by the time the record is
// undone (rows removed later in presolve are restored earlier in postsolve).
//
// Invariant of each record: given an optimal (x, y, basis) of the model after
// the reduction, its inverse yields an optimal (x, y, basis) of the model
// before it, with one more basic variable per restored row.
#pragma once

#include <variant>
#include <vector>

#include "lp/simplex.h"

namespace milpsac::lp::presolve {

struct Entry {
  int index;  // column (in a row) or row (in a column)
  double value;
};

// A column's minimisation-form cost and its entries in the rows present at the
// time of the snapshot.
struct ColumnSnapshot {
  int col = -1;
  double cost = 0.0;
  std::vector<Entry> entries;
};

// Row removed with dual 0 and its logical basic (empty or redundant row).
struct RemovedRow {
  int row;
};

// Column removed at a fixed value (fixed, empty or dominated column).
struct FixedColumn {
  ColumnSnapshot column;
  double value;
  VarStatus status;       // nonbasic status in the original basis
  bool status_from_dual;  // fixed column (lower == upper): pick the side by the sign of d
};

// Row a*x_j in [lower, upper] turned into bounds of x_j, then removed.
struct SingletonRow {
  int row;
  double coefficient;
  bool lower_from_row, upper_from_row;  // the row made x_j's bound tighter
  ColumnSnapshot column;                // x_j without this row
};

// Row whose activity range touches one of its bounds: every column in it is
// fixed at the bound that attains it, and the row is removed.
struct ForcedColumn {
  ColumnSnapshot column;  // without the forcing row
  double coefficient;     // in the forcing row
  double value;
  VarStatus status;
};
struct ForcingRow {
  int row;
  bool at_upper;  // activity forced to the row's upper bound (else its lower)
  std::vector<ForcedColumn> columns;
};

// Equation a*x_j + b*x_k = rhs: x_k = (rhs - a*x_j)/b substituted everywhere,
// x_j's bounds tightened by x_k's, row and x_k removed.
struct DoubletonEquation {
  int row;
  double rhs;
  double kept_coefficient, removed_coefficient;  // a, b
  double removed_lower, removed_upper;           // x_k's bounds
  bool lower_from_removed, upper_from_removed;   // x_j's bound came from x_k's
  ColumnSnapshot kept;                           // x_j before the substitution, without the row
  ColumnSnapshot removed;                        // x_k without the row
};

// Column x_k that appears only in row r and whose bounds the row implies:
// x_k = (rhs - sum a_rj x_j)/a_rk, row and column removed, its cost moved to
// the other columns of the row. An inequality row is first fixed at the side
// its dual sign requires (`row_status`).
struct FreeColumnSingleton {
  int row;
  int col;
  double coefficient;  // a_rk
  double cost;         // c_k
  double rhs;
  VarStatus row_status;            // kAtLower or kAtUpper: which row bound rhs is
  std::vector<Entry> row_entries;  // the other columns of the row
};

// Column x_k with bounds that appears only in equation r: it is the row's
// slack. x_k = (rhs - sum a_rj x_j)/a_rk is substituted into the objective and
// the row becomes the inequality rest in [rhs - a_rk*x_k over x_k's bounds].
// Postsolve: x_k from the row and the row's status (row basic -> x_k basic,
// row at a bound -> x_k at the bound that produced it); y_r = y'_r + c_k/a_rk.
struct SlackColumn {
  int row;
  int col;
  double coefficient;  // a_rk
  double cost;         // c_k
  double rhs;
  double lower, upper;             // x_k's bounds
  std::vector<Entry> row_entries;  // the other columns of the row
};

// Implied free column x_k substituted out of equation r:
// x_k = (rhs - sum_{j != k} a_rj x_j) / a_rk replaces x_k in its other rows
// and the objective; row and column removed. Postsolve: x_k from the row,
// basic; y_r makes d_k = 0; the row's logical nonbasic.
struct FreeColumnSubstitution {
  int row;
  double rhs;
  double coefficient;              // a_rk
  std::vector<Entry> row_entries;  // the other columns of the row
  ColumnSnapshot column;           // x_k without the row
};

// Row k parallel to row i (a_k = ratio * a_i): its bounds, divided by the
// ratio, are intersected into row i's and row k is removed. Postsolve: if the
// side of row i that carries the dual came from row k, the dual moves to row
// k (y_k = y_i / ratio) and row i's logical becomes basic.
struct ParallelRow {
  int kept, removed;
  double ratio;
  bool lower_from_removed, upper_from_removed;
};

// MIP mode only: column k parallel to column j (a_k = scale * a_j over the
// active rows) with c_k = scale * c_j is merged into x_j, which from then on
// stands for z = x_j + scale * x_k with bounds [l_j, u_j] + scale * [l_k, u_k]
// (an integer column when both are and scale = +-1). Postsolve splits z back
// into x_j and x_k within their recorded bounds (integral when `integral`);
// primal values only, the basis statuses are a best effort.
struct DuplicateColumn {
  int kept, removed;
  double scale;
  double kept_lower, kept_upper;        // x_j's bounds before the merge
  double removed_lower, removed_upper;  // x_k's bounds
  bool integral;
};

using Reduction = std::variant<RemovedRow, FixedColumn, SingletonRow, ForcingRow, DoubletonEquation,
                               FreeColumnSingleton, SlackColumn, FreeColumnSubstitution, ParallelRow, DuplicateColumn>;

struct PostsolveStack {
  int original_rows = 0, original_cols = 0;
  std::vector<Reduction> reductions;  // in the order they were made
  std::vector<int> row_map;           // reduced row -> original row
  std::vector<int> col_map;           // reduced column -> original column
};

// The solution of a (partially) restored model, in original indices.
struct PostsolveState {
  std::vector<double> x, y;
  std::vector<VarStatus> col_status, row_status;
};

// The split of a merged duplicate column's value z into (x_j, x_k) with
// x_j + scale * x_k = z, each within its recorded bounds when z is within
// the merged bounds.
struct SplitValue {
  double kept = 0.0, removed = 0.0;
  bool kept_clamped = false;  // x_j at one of its bounds, x_k away from its reference
  VarStatus removed_status = VarStatus::kBasic;
};
SplitValue split_merged_value(const DuplicateColumn& d, double z);

// Undo every record of `stack`, last first.
void undo_reductions(const PostsolveStack& stack, PostsolveState& state, bool primal_only);

}  // namespace milpsac::lp::presolve
