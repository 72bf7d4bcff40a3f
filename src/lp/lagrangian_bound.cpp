// lagrangian_bound: the sums in long double, rounded down by a margin that
// covers their round-off, so that the bound reported is never above the
// bound the formula gives in exact arithmetic.
#include "lp/lagrangian_bound.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "common/index.h"

namespace milpsac::lp {
namespace {

// Implied bounds are widened by this share of the row's magnitude (far above
// the long double round-off of the row's sums, which is ~1e-19 per term).
constexpr long double kImpliedMargin = 1e-9L;

// The bound every feasible x puts on column j from one row's other columns
// (their own bounds) and the row's bound: x_j <= upper (or, with
// `want_lower`, x_j >= lower), the tightest over j's rows, widened by
// kImpliedMargin; +-inf when no row gives one. Rows' activity ranges come
// from `ranges` (built once).
struct RowRanges {
  std::vector<long double> min_activity, max_activity, magnitude;
  std::vector<int> min_infinite, max_infinite;  // terms with an infinite bound
};

using Box = std::vector<long double>;

RowRanges row_ranges(const LinearProgram& lp, const Box& lower, const Box& upper) {
  const int m = lp.num_rows();
  RowRanges r{std::vector<long double>(uz(m), 0.0L), std::vector<long double>(uz(m), 0.0L),
              std::vector<long double>(uz(m), 0.0L), std::vector<int>(uz(m), 0), std::vector<int>(uz(m), 0)};
  for (int j = 0; j < lp.num_cols(); ++j) {
    const long double l = lower[uz(j)], u = upper[uz(j)];
    for (SparseMatrix::InnerIterator it(lp.A, j); it; ++it) {
      const long double a = it.value();
      if (a == 0.0L) continue;
      const auto i = uz(it.row());
      const long double low = a > 0 ? l : u, high = a > 0 ? u : l;
      if (std::isfinite(low)) {
        r.min_activity[i] += a * low;
        r.magnitude[i] += std::fabs(a * low);
      } else {
        ++r.min_infinite[i];
      }
      if (std::isfinite(high)) {
        r.max_activity[i] += a * high;
        r.magnitude[i] += std::fabs(a * high);
      } else {
        ++r.max_infinite[i];
      }
    }
  }
  return r;
}

// The implied bound of column j on the side `upper_side` (x_j <= value when
// true, x_j >= value when false); +-inf when no row implies one.
long double implied_bound(const LinearProgram& lp, const Box& lower, const Box& upper, const RowRanges& r, int j,
                          bool upper_side) {
  long double best = upper_side ? INFINITY : -INFINITY;
  const long double l = lower[uz(j)], u = upper[uz(j)];
  for (SparseMatrix::InnerIterator it(lp.A, j); it; ++it) {
    const long double a = it.value();
    if (a == 0.0L) continue;
    const auto i = uz(it.row());
    // a x_j + rest in [row_lower, row_upper]. An upper bound on x_j (a > 0)
    // comes from row_upper and the rest's minimum; on a > 0 a lower one from
    // row_lower and the rest's maximum; a < 0 swaps the row's sides.
    const bool use_row_upper = (a > 0) == upper_side;
    const double row_bound = use_row_upper ? lp.row_upper[i] : lp.row_lower[i];
    if (!std::isfinite(row_bound)) continue;
    // The rest's extreme: the row's, less column j's own term.
    const long double own = use_row_upper ? (a > 0 ? l : u) : (a > 0 ? u : l);
    const int infinite = use_row_upper ? r.min_infinite[i] : r.max_infinite[i];
    long double rest = use_row_upper ? r.min_activity[i] : r.max_activity[i];
    if (std::isfinite(own)) {
      if (infinite != 0) continue;
      rest -= a * own;
    } else if (infinite != 1) {
      continue;
    }
    long double value = (row_bound - rest) / a;
    const long double widen =
        kImpliedMargin * (std::fabs(value) + (r.magnitude[i] + std::fabs(row_bound)) / std::fabs(a)) + LDBL_MIN;
    value = upper_side ? value + widen : value - widen;
    best = upper_side ? std::min(best, value) : std::max(best, value);
  }
  return best;
}

// Column bounds every feasible point keeps: the columns' own, and where one
// is infinite, the bound rows imply from the others (a few rounds, each
// using the bounds the last one found: in a network a flow is bounded by a
// capacity several rows away). Each is widened (implied_bound), so each is
// valid for every point of the LP's feasible region.
constexpr int kImpliedRounds = 8;

void implied_box(const LinearProgram& lp, Box& lower, Box& upper) {
  const int n = lp.num_cols();
  lower.assign(uz(n), 0.0L);
  upper.assign(uz(n), 0.0L);
  for (int j = 0; j < n; ++j) {
    lower[uz(j)] = lp.col_lower[j];
    upper[uz(j)] = lp.col_upper[j];
  }
  for (int round = 0; round < kImpliedRounds; ++round) {
    const RowRanges ranges = row_ranges(lp, lower, upper);
    bool changed = false;
    Box new_lower = lower, new_upper = upper;
    for (int j = 0; j < n; ++j) {
      if (!std::isfinite(static_cast<double>(lower[uz(j)]))) {
        new_lower[uz(j)] = implied_bound(lp, lower, upper, ranges, j, false);
        changed |= std::isfinite(static_cast<double>(new_lower[uz(j)]));
      }
      if (!std::isfinite(static_cast<double>(upper[uz(j)]))) {
        new_upper[uz(j)] = implied_bound(lp, lower, upper, ranges, j, true);
        changed |= std::isfinite(static_cast<double>(new_upper[uz(j)]));
      }
    }
    lower.swap(new_lower);
    upper.swap(new_upper);
    if (!changed) break;
  }
}

}  // namespace

double lagrangian_bound(const LinearProgram& lp, const Eigen::VectorXd& y_in, double dual_tolerance) {
  const int m = lp.num_rows(), n = lp.num_cols();
  if (y_in.size() != m || !y_in.allFinite()) return -INFINITY;
  const long double sign = lp.sense == ObjectiveSense::kMaximize ? -1.0L : 1.0L;
  // A multiplier whose sign points to an infinite row bound would make the
  // row's term -inf; 0 is as valid a multiplier for that row (the bound holds
  // for every y), so it is replaced, which keeps the bound exact.
  Eigen::VectorXd y = y_in;
  for (int i = 0; i < m; ++i) {
    if (y[i] > 0.0 && !std::isfinite(lp.row_lower[i])) y[i] = 0.0;
    if (y[i] < 0.0 && !std::isfinite(lp.row_upper[i])) y[i] = 0.0;
  }
  long double total = sign * static_cast<long double>(lp.offset);
  long double magnitude = std::fabs(total);
  long double worst_terms = 0.0L;  // the longest sum behind one reduced cost
  for (int i = 0; i < m; ++i) {
    const long double yi = y[i];
    if (yi == 0.0L) continue;
    const long double term = yi * static_cast<long double>(yi > 0 ? lp.row_lower[i] : lp.row_upper[i]);
    total += term;
    magnitude += std::fabs(term);
  }
  std::vector<long double> d(uz(n));
  std::vector<char> needs_implied(uz(n), 0);
  bool any_implied = false;
  for (int j = 0; j < n; ++j) {
    long double dj = sign * static_cast<long double>(lp.c[j]);
    long double d_magnitude = std::fabs(dj);
    long double terms = 1.0L;
    for (SparseMatrix::InnerIterator it(lp.A, j); it; ++it) {
      const long double product = static_cast<long double>(it.value()) * y[it.row()];
      dj -= product;
      d_magnitude += std::fabs(product);
      terms += 1.0L;
    }
    worst_terms = std::max(worst_terms, terms);
    d[uz(j)] = dj;
    if (dj == 0.0L) continue;
    const double bound = dj > 0.0L ? lp.col_lower[j] : lp.col_upper[j];
    if (!std::isfinite(bound)) {
      // A reduced cost within the dual feasibility tolerance of 0 counts as
      // 0 here, exactly as an optimal LP's bound (its objective) already
      // accepts tolerance-level dual infeasibility: the simplex calls a
      // basis optimal with |d_j| up to that tolerance on the wrong side.
      if (std::fabs(dj) <= dual_tolerance) continue;
      needs_implied[uz(j)] = 1;
      any_implied = true;
      continue;
    }
    // d_j carries the round-off of its own sum (counted in `chain` below).
    magnitude += (d_magnitude + std::fabs(dj)) * std::fabs(static_cast<long double>(bound));
    total += dj * static_cast<long double>(bound);
  }
  if (any_implied) {
    // A reduced cost pointing to an infinite bound: the column's term is
    // min d_j x_j over every x_j a feasible point can take, which the rows
    // may bound (a dual simplex still on artificial bounds leaves such
    // columns: dano3mip hundreds of its 13,873, most bounded only through
    // a chain of rows). The term then uses the implied bound, widened.
    Box lower, upper;
    implied_box(lp, lower, upper);
    for (int j = 0; j < n; ++j) {
      if (!needs_implied[uz(j)]) continue;
      const long double dj = d[uz(j)];
      const long double bound = dj < 0.0L ? upper[uz(j)] : lower[uz(j)];
      if (!std::isfinite(static_cast<double>(bound))) return -INFINITY;
      total += dj * bound;
      magnitude += 2.0L * std::fabs(dj * bound);
    }
  }
  if (!std::isfinite(static_cast<double>(total))) return -INFINITY;
  // Every product and sum above rounds by at most LDBL_EPSILON relative; the
  // longest chain is the m + n terms of the total plus the longest column.
  const long double chain = static_cast<long double>(m) + n + worst_terms + 2.0L;
  const long double margin = 2.0L * chain * LDBL_EPSILON * magnitude;
  return std::nextafter(static_cast<double>(total - margin), -INFINITY);
}

}  // namespace milpsac::lp
