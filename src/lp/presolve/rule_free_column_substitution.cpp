// Implied free column substitution: column x_k appears in an equation r whose
// pivot a_rk is not small against the row, and x_k's bounds never bind: each
// finite bound is implied, given the other columns' bounds, by one of x_k's
// rows (not necessarily r). Then x_k = (rhs - sum_{j != k} a_rj x_j) / a_rk
// is substituted into x_k's other rows (row i gains -a_ik/a_rk times row r)
// and into the objective; row r and x_k are removed. The check runs on the
// current model after every earlier reduction, so two columns never lean on
// each other's dropped bounds.
//
// How much fill is allowed:
// - MIP mode (only continuous x_k): x_k in at most 4 rows, r at most 8 entries,
//   the substitution row being the one implying both bounds (the rule as the
//   branch-and-bound has always seen it).
// - LP mode: any sizes. The shortest equation with a good pivot is the
//   candidate, taken when the substitution adds at most kMaxFillIn nonzeros
//   net (the new entries in x_k's other rows, less row r and column k; the
//   limit HiGHS's aggregator uses). greenbea: 1,421 presolved rows with the
//   MIP limits, 1,039 with these (HiGHS 951).
// Columns are tried in index order.
//
// Postsolve: x_k from row r, basic; y_r = (c_k - sum_{i != r} a_ik y_i) / a_rk
// makes d_k = 0, and every other column's reduced cost is the same as in the
// reduced model (the substitution is exactly this dual step); the row's
// logical is nonbasic (an equation).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {
namespace {

constexpr int kMaxColumnSizeMip = 4;
constexpr int kMaxRowSizeMip = 8;
constexpr int kMaxFillIn = 10;

// Whether row `row` (coefficient a) implies x_col >= its lower / <= its upper bound.
struct ImpliedSides {
  bool lower = false, upper = false;
};
ImpliedSides implied_sides(const PresolveModel& model, int row, int col, double a) {
  const auto k = uz(col);
  const ActivityRange range = activity_range(model, row);
  const ImpliedBounds implied = implied_col_bounds(model, row, range, col, a);
  const double l = model.col_lower[k], u = model.col_upper[k];
  return {!std::isfinite(l) || implied.lower >= l - scaled(ptol::kImpliedFree, l),
          !std::isfinite(u) || implied.upper <= u + scaled(ptol::kImpliedFree, u)};
}

bool pivot_large_enough(const PresolveModel& model, int row, double a) {
  // The row's active entries read in place (active_row would copy them).
  double largest = 0.0;
  for (const Entry& f : model.rows[uz(row)])
    if (model.col_active[uz(f.index)]) largest = std::max(largest, std::fabs(f.value));
  return std::fabs(a) >= ptol::kSubstitutionPivot * largest;
}

// The net nonzeros substituting through `row` adds: entries of the row that
// are new in each other row of the column, less the row and the column that
// leave. Row r's columns are sorted once and each other row's active entries
// looked up in them, so a check costs about the rows' lengths (a lookup per
// pair made seba's presolve eight times slower than its solve). Stops
// counting once past the limit.
int net_fill_in(const PresolveModel& model, int row, const std::vector<Entry>& column, int col) {
  std::vector<int> row_cols;
  for (const Entry& e : model.rows[uz(row)])
    if (model.col_active[uz(e.index)] && e.index != col) row_cols.push_back(e.index);
  std::sort(row_cols.begin(), row_cols.end());
  const int row_others = static_cast<int>(row_cols.size());
  int fill = -(row_others + static_cast<int>(column.size()));
  // Every entry new in every other row is the most it can be.
  const int worst = fill + row_others * (static_cast<int>(column.size()) - 1);
  if (worst <= kMaxFillIn) return worst;
  for (const Entry& other : column) {
    if (other.index == row) continue;
    int shared = 0;
    for (const Entry& e : model.rows[uz(other.index)])
      if (model.col_active[uz(e.index)] && std::binary_search(row_cols.begin(), row_cols.end(), e.index)) ++shared;
    fill += row_others - shared;
    if (fill > kMaxFillIn) break;
  }
  return fill;
}

// MIP mode: the first equation of at most kMaxRowSizeMip entries that implies
// both bounds; -1 if none.
int substitution_row_mip(const PresolveModel& model, const std::vector<Entry>& column, int col) {
  for (const Entry& e : column) {
    if (!model.is_equality(e.index) || model.row_size[uz(e.index)] > kMaxRowSizeMip || model.row_size[uz(e.index)] < 2)
      continue;
    if (!pivot_large_enough(model, e.index, e.value)) continue;
    const ImpliedSides sides = implied_sides(model, e.index, col, e.value);
    if (sides.lower && sides.upper) return e.index;
  }
  return -1;
}

// The sizes of x_k's rows, folded into one number: equal while those rows
// keep their lengths (skipping a recount then loses nothing that matters).
// Unsigned, so the fold wraps instead of overflowing; never kNotRefused.
constexpr std::uint64_t kNotRefused = ~std::uint64_t{0};
std::uint64_t rows_fingerprint(const PresolveModel& model, const std::vector<Entry>& column) {
  std::uint64_t key = column.size();
  for (const Entry& e : column) key = key * 31u + static_cast<std::uint64_t>(model.row_size[uz(e.index)]);
  return key == kNotRefused ? key - 1 : key;
}

// LP mode: x_k's bounds implied by any of its rows; then the shortest
// equation with a good pivot and little fill. -1 if none.
int substitution_row_lp(PresolveModel& model, const std::vector<Entry>& column, int col) {
  if (model.fill_refused.size() != uz(model.num_cols)) model.fill_refused.assign(uz(model.num_cols), kNotRefused);
  const std::uint64_t fingerprint = rows_fingerprint(model, column);
  if (model.fill_refused[uz(col)] == fingerprint) return -1;  // refused, and its rows are as they were
  bool lower = false, upper = false;
  for (const Entry& e : column) {
    const ImpliedSides sides = implied_sides(model, e.index, col, e.value);
    lower |= sides.lower;
    upper |= sides.upper;
    if (lower && upper) break;
  }
  if (!lower || !upper) return -1;
  // Equations by length (then index): the first with a good pivot is the
  // choice, and if its fill is too much a longer row's would hardly be less.
  std::vector<std::tuple<int, int, double>> equations;  // (size, row, a_rk)
  for (const Entry& e : column) {
    const int size = model.row_size[uz(e.index)];
    if (model.is_equality(e.index) && size >= 2) equations.emplace_back(size, e.index, e.value);
  }
  std::sort(equations.begin(), equations.end());
  for (const auto& [size, row, a] : equations) {
    if (!pivot_large_enough(model, row, a)) continue;
    if (net_fill_in(model, row, column, col) <= kMaxFillIn) return row;
    model.fill_refused[uz(col)] = fingerprint;
    return -1;
  }
  return -1;
}

}  // namespace

bool substitute_free_column(PresolveModel& model, int col) {
  const auto k = uz(col);
  if (model.integral(col)) return false;
  const int size = model.col_size[k];
  if (size < 2 || (model.keep_integrality && size > kMaxColumnSizeMip)) return false;
  const std::vector<Entry> column = model.active_col(col);
  const int row =
      model.keep_integrality ? substitution_row_mip(model, column, col) : substitution_row_lp(model, column, col);
  if (row < 0) return false;
  const double a = model.coefficient(row, col);
  const double rhs = model.row_lower[uz(row)];
  FreeColumnSubstitution record{row, rhs, a, model.active_row(row, col), model.snapshot(col, row)};
  model.remove_row(row);
  for (const Entry& other : record.column.entries) {
    const double factor = other.value / a;  // row_i -= factor * row_r
    for (const Entry& e : record.row_entries) {
      const double old_value = model.coefficient(other.index, e.index);
      const double delta = -factor * e.value;
      double updated = old_value + delta;
      if (std::fabs(updated) <= ptol::kCancellation * std::fmax(std::fabs(old_value), std::fabs(delta))) updated = 0.0;
      model.set_coefficient(other.index, e.index, updated);
    }
    model.shift_row_bounds(other.index, factor * rhs);
  }
  const double y = model.cost[k] / a;
  for (const Entry& e : record.row_entries) model.add_to_cost(e.index, -e.value * y);
  model.offset += model.cost[k] * rhs / a;
  model.remove_col(col);
  model.stack.reductions.emplace_back(std::move(record));
  ++model.stats.free_column_substitutions;
  return true;
}

}  // namespace milpsac::lp::presolve
