// PresolveModel: the sparse working copy of an LP that the presolve rules
// reduce in place.
//
// Rows and columns are kept as lists of entries in both directions. Removal is
// lazy: a removed row or column is only flagged inactive, and its entries stay
// in the other direction's lists, where every reader skips them; row_size and
// col_size count the active entries. Coefficient changes (substitutions) keep
// both lists equal. Costs and the offset are in minimisation form.
//
// The model also carries the postsolve stack and the statistics the rules add
// to, and whether the rules must keep integrality (MIP mode).
#pragma once

#include <cstdint>
#include <vector>

#include "common/index.h"
#include "lp/linear_program.h"
#include "lp/presolve/postsolve_stack.h"
#include "lp/presolve/presolve.h"

namespace milpsac::lp::presolve {

// Range of a row's activity over the column bounds: finite parts and how many
// columns contribute an infinite amount.
struct ActivityRange {
  double min_finite = 0.0, max_finite = 0.0;
  int min_infinite = 0, max_infinite = 0;
  double min() const { return min_infinite > 0 ? -kInfinity : min_finite; }
  double max() const { return max_infinite > 0 ? kInfinity : max_finite; }
};

struct PresolveModel {
  int num_rows = 0, num_cols = 0;
  std::vector<std::vector<Entry>> rows;  // entries (column, value)
  std::vector<std::vector<Entry>> cols;  // entries (row, value)
  std::vector<double> row_lower, row_upper, col_lower, col_upper, cost;
  double offset = 0.0;
  std::vector<char> is_integer, row_active, col_active;
  std::vector<int> row_size, col_size;
  bool keep_integrality = false;
  bool infeasible = false;
  bool unbounded_or_infeasible = false;
  PostsolveStack stack;
  PresolveStats stats;

  bool integral(int j) const { return keep_integrality && is_integer[uz(j)]; }
  bool is_fixed(int j) const;
  bool is_equality(int i) const;

  void remove_row(int i);
  void remove_col(int j);
  // a_ij, 0 when absent (scans the shorter of the two lists).
  double coefficient(int i, int j) const;
  // Set a_ij (add, change or erase the entry in both lists).
  void set_coefficient(int i, int j, double value);
  // The active entries of a row/column, optionally without one column/row.
  std::vector<Entry> active_row(int i, int skip_col = -1) const;
  std::vector<Entry> active_col(int j, int skip_row = -1) const;
  ColumnSnapshot snapshot(int j, int skip_row = -1) const;

  // Tighten x_j's bounds (rounded for integer columns in MIP mode); marks the
  // model infeasible when they cross. Returns which side moved.
  struct BoundChange {
    bool lower = false, upper = false;
  };
  BoundChange tighten_col_bounds(int j, double lower, double upper);
  // Shift row bounds by -delta (a fixed column's contribution a_ij * value).
  void shift_row_bounds(int i, double delta);
  // c_j += delta, with a result that cancels to round-off set to 0 (a cost of
  // 1e-17 where the exact value is 0 only misleads pricing).
  void add_to_cost(int j, double delta) { cost[uz(j)] = cost_plus(j, delta); }
  // The cost add_to_cost(j, delta) would leave, without changing it.
  double cost_plus(int j, double delta) const;
  // Remove column j at `value` (its contribution moves into row bounds and the offset).
  void fix_and_remove_col(int j, double value);
  // A rule that writes col_lower/col_upper itself calls this afterwards.
  void bounds_changed(int j) { forget_activity_of_col(j); }

  // activity_range's memory: the range of each row, kept until a column of the
  // row changes its bounds or leaves, or the row's coefficients change (the
  // members above forget it). Rules ask for the range of a row once per column
  // of it: recomputed each time, a row of 10^5 singleton columns took
  // quadratic time (issue 25). A kept range is the one a recomputation gives,
  // bit for bit: it is computed the same way, from the same state.
  mutable std::vector<ActivityRange> activity_memo;
  mutable std::vector<char> activity_known;
  // The free column substitution's memory of refusals for too much fill:
  // per column, a fingerprint of its rows' sizes when refused (all ones: none), so
  // that a column whose rows did not change is not counted again each pass
  // (greenbea: 12,000 counts, most of them repeats).
  std::vector<std::uint64_t> fill_refused;
  void forget_activity_of_col(int j) {
    if (activity_known.empty()) return;
    for (const Entry& e : cols[uz(j)]) activity_known[uz(e.index)] = 0;
  }
};

PresolveModel make_presolve_model(const LinearProgram& lp, bool keep_integrality);

ActivityRange activity_range(const PresolveModel& model, int row);
// The activity range of the row without column j (coefficient a).
double residual_min(const PresolveModel& model, const ActivityRange& range, int j, double a);
double residual_max(const PresolveModel& model, const ActivityRange& range, int j, double a);

// The bounds row i implies on column j (coefficient a) given the other
// columns' bounds: [lower, upper], infinite where the row implies nothing.
struct ImpliedBounds {
  double lower, upper;
};
ImpliedBounds implied_col_bounds(const PresolveModel& model, int i, const ActivityRange& range, int j, double a);

// Relative comparisons used by all rules.
inline double scaled(double tolerance, double value) { return tolerance * (1.0 + (value < 0 ? -value : value)); }

}  // namespace milpsac::lp::presolve
