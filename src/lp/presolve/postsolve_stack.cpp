// Undoing the presolve records, last first (see postsolve_stack.h for the
// invariant each inverse keeps and the rule files for the derivations).
#include "lp/presolve/postsolve_stack.h"

#include <algorithm>
#include <cmath>

#include "common/index.h"

namespace milpsac::lp::presolve {
namespace {

// Reduced cost of a snapshot column with the duals known so far.
double reduced_cost(const ColumnSnapshot& column, const PostsolveState& state) {
  double d = column.cost;
  for (const Entry& e : column.entries) d -= e.value * state.y[uz(e.index)];
  return d;
}

struct Undo {
  PostsolveState& s;
  bool primal_only;

  double& x(int j) { return s.x[uz(j)]; }
  double& y(int i) { return s.y[uz(i)]; }
  VarStatus& col_status(int j) { return s.col_status[uz(j)]; }
  VarStatus& row_status(int i) { return s.row_status[uz(i)]; }

  void operator()(const RemovedRow& r) {
    y(r.row) = 0.0;
    row_status(r.row) = VarStatus::kBasic;
  }

  void operator()(const FixedColumn& f) {
    const int j = f.column.col;
    x(j) = f.value;
    if (primal_only) return;
    VarStatus status = f.status;
    if (f.status_from_dual) status = reduced_cost(f.column, s) >= 0 ? VarStatus::kAtLower : VarStatus::kAtUpper;
    col_status(j) = status;
  }

  void operator()(const SingletonRow& r) {
    const int j = r.column.col;
    const VarStatus st = col_status(j);
    const bool at_row_bound =
        (st == VarStatus::kAtLower && r.lower_from_row) || (st == VarStatus::kAtUpper && r.upper_from_row);
    if (primal_only || !at_row_bound) {
      y(r.row) = 0.0;
      row_status(r.row) = VarStatus::kBasic;
      return;
    }
    // x_j sits at a bound that only the row imposes: the row carries the dual.
    y(r.row) = reduced_cost(r.column, s) / r.coefficient;
    col_status(j) = VarStatus::kBasic;
    const bool row_at_lower = (st == VarStatus::kAtLower) == (r.coefficient > 0);
    row_status(r.row) = row_at_lower ? VarStatus::kAtLower : VarStatus::kAtUpper;
  }

  void operator()(const ForcingRow& f) {
    for (const ForcedColumn& c : f.columns) {
      x(c.column.col) = c.value;
      col_status(c.column.col) = c.status;
    }
    y(f.row) = 0.0;
    row_status(f.row) = VarStatus::kBasic;
    if (primal_only) return;
    // Row at its upper bound: y = min(0, min_j d0_j / a_j); at its lower: max(0, max_j ...).
    int best = -1;
    double best_y = 0.0;
    for (size_t p = 0; p < f.columns.size(); ++p) {
      const double ratio = reduced_cost(f.columns[p].column, s) / f.columns[p].coefficient;
      if (f.at_upper ? ratio < best_y : ratio > best_y) {
        best_y = ratio;
        best = static_cast<int>(p);
      }
    }
    if (best < 0) return;
    y(f.row) = best_y;
    col_status(f.columns[uz(best)].column.col) = VarStatus::kBasic;
    row_status(f.row) = f.at_upper ? VarStatus::kAtUpper : VarStatus::kAtLower;
  }

  void operator()(const DoubletonEquation& d) {
    const int j = d.kept.col, k = d.removed.col;
    x(k) = (d.rhs - d.kept_coefficient * x(j)) / d.removed_coefficient;
    row_status(d.row) = VarStatus::kAtLower;
    if (primal_only) {
      col_status(k) = VarStatus::kBasic;
      return;
    }
    const VarStatus st = col_status(j);
    const bool at_removed_bound =
        (st == VarStatus::kAtLower && d.lower_from_removed) || (st == VarStatus::kAtUpper && d.upper_from_removed);
    if (!at_removed_bound) {
      // x_k basic: its reduced cost must vanish.
      double rest = d.removed.cost;
      for (const Entry& e : d.removed.entries) rest -= e.value * y(e.index);
      y(d.row) = rest / d.removed_coefficient;
      col_status(k) = VarStatus::kBasic;
      return;
    }
    // x_j's bound is x_k's: x_j basic, x_k nonbasic at the bound it reached.
    double rest = d.kept.cost;
    for (const Entry& e : d.kept.entries) rest -= e.value * y(e.index);
    y(d.row) = rest / d.kept_coefficient;
    col_status(j) = VarStatus::kBasic;
    const bool k_at_lower =
        !std::isfinite(d.removed_upper) ||
        (std::isfinite(d.removed_lower) && std::fabs(x(k) - d.removed_lower) <= std::fabs(x(k) - d.removed_upper));
    col_status(k) = k_at_lower ? VarStatus::kAtLower : VarStatus::kAtUpper;
  }

  void operator()(const FreeColumnSingleton& f) {
    double rest = f.rhs;
    for (const Entry& e : f.row_entries) rest -= e.value * x(e.index);
    x(f.col) = rest / f.coefficient;
    col_status(f.col) = VarStatus::kBasic;
    y(f.row) = primal_only ? 0.0 : f.cost / f.coefficient;
    row_status(f.row) = f.row_status;
  }

  void operator()(const SlackColumn& sc) {
    double rest = sc.rhs;
    for (const Entry& e : sc.row_entries) rest -= e.value * x(e.index);
    x(sc.col) = rest / sc.coefficient;
    const VarStatus row = row_status(sc.row);
    row_status(sc.row) = VarStatus::kAtLower;  // the original row is an equation
    if (primal_only || row == VarStatus::kBasic || row == VarStatus::kAtZero) {
      col_status(sc.col) = VarStatus::kBasic;
    } else {
      // The reduced row at its lower bound (rhs - a*u for a > 0) has x_k at its upper.
      const bool at_upper = (row == VarStatus::kAtLower) == (sc.coefficient > 0);
      col_status(sc.col) = at_upper ? VarStatus::kAtUpper : VarStatus::kAtLower;
    }
    if (!primal_only) y(sc.row) += sc.cost / sc.coefficient;
  }

  void operator()(const FreeColumnSubstitution& f) {
    const int k = f.column.col;
    double rest = f.rhs;
    for (const Entry& e : f.row_entries) rest -= e.value * x(e.index);
    x(k) = rest / f.coefficient;
    col_status(k) = VarStatus::kBasic;
    row_status(f.row) = VarStatus::kAtLower;
    y(f.row) = primal_only ? 0.0 : reduced_cost(f.column, s) / f.coefficient;
  }

  void operator()(const ParallelRow& p) {
    y(p.removed) = 0.0;
    row_status(p.removed) = VarStatus::kBasic;
    if (primal_only) return;
    const double yi = y(p.kept);
    const bool lower_side = yi > 0 && row_status(p.kept) != VarStatus::kBasic;
    const bool upper_side = yi < 0 && row_status(p.kept) != VarStatus::kBasic;
    if (!(lower_side && p.lower_from_removed) && !(upper_side && p.upper_from_removed)) return;
    // Row i's active side is row k's bound: row k carries the dual instead.
    y(p.removed) = yi / p.ratio;
    y(p.kept) = 0.0;
    row_status(p.kept) = VarStatus::kBasic;
    row_status(p.removed) = (lower_side == (p.ratio > 0)) ? VarStatus::kAtLower : VarStatus::kAtUpper;
  }

  void operator()(const DuplicateColumn& d) {
    double z = x(d.kept);
    if (d.integral) z = std::round(z);
    const SplitValue split = split_merged_value(d, z);
    x(d.kept) = split.kept;
    x(d.removed) = split.removed;
    // Best effort (MIP mode promises primal values only): x_k nonbasic at its
    // reference, or basic with x_j at the bound that clamped it.
    col_status(d.removed) = split.removed_status;
    if (split.kept_clamped) col_status(d.kept) = split.kept <= d.kept_lower ? VarStatus::kAtLower : VarStatus::kAtUpper;
  }
};

}  // namespace

SplitValue split_merged_value(const DuplicateColumn& d, double z) {
  // x_k starts at a reference value inside its bounds (a finite bound when
  // there is one, so that integral data stay integral); x_j takes the rest,
  // clamped to its bounds, and x_k absorbs what the clamp cut off. Because z
  // lies in [l_j, u_j] + scale * [l_k, u_k], that moves x_k towards the
  // inside of its bounds, never out of them (up to z's own violation).
  const bool has_lower = std::isfinite(d.removed_lower), has_upper = std::isfinite(d.removed_upper);
  const double reference = has_lower ? d.removed_lower : has_upper ? d.removed_upper : 0.0;
  const double wanted = z - d.scale * reference;
  SplitValue split;
  split.kept = std::clamp(wanted, d.kept_lower, d.kept_upper);
  split.kept_clamped = wanted < d.kept_lower || wanted > d.kept_upper;
  split.removed = split.kept_clamped ? (z - split.kept) / d.scale : reference;
  split.removed_status = split.kept_clamped ? VarStatus::kBasic
                         : has_lower        ? VarStatus::kAtLower
                         : has_upper        ? VarStatus::kAtUpper
                                            : VarStatus::kAtZero;
  return split;
}

void undo_reductions(const PostsolveStack& stack, PostsolveState& state, bool primal_only) {
  Undo undo{state, primal_only};
  for (auto it = stack.reductions.rbegin(); it != stack.reductions.rend(); ++it) std::visit(undo, *it);
}

}  // namespace milpsac::lp::presolve
