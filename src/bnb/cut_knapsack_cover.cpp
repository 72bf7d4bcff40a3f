// Lifted knapsack cover separation (see cut_knapsack_cover.h).
#include "bnb/cut_knapsack_cover.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kZero = 1e-12;         // coefficients below this are ignored
constexpr double kCoverMargin = 1e-6;   // a cover must exceed b' by this (relative to 1 + |b'|)
constexpr double kMinViolation = 1e-4;  // of sum y*(C) over |C| - 1

struct Item {
  int col;
  double weight;  // |a_j|
  bool complemented;
  double value;  // y*_j
};

// Sequential up-lifting of the cover inequality sum over C of y <= |C| - 1,
// exact by dynamic programming over the (integer) left-hand-side value. The
// items outside C are lifted one after the other (largest y* first, then
// heavier first, then by position); item j gets
//   alpha_j = |C| - 1 - max { lhs(S) : S among C and the items lifted so far,
//                               weight(S) <= capacity - w_j },
// which is the largest coefficient keeping the inequality valid. The table
// least_weight[v] is the least weight of a set whose left-hand side is at
// least v (v = 0 .. |C| - 1: the maximum never exceeds |C| - 1 because the
// inequality lifted so far is valid, so larger values are clamped). Adding an
// item costs O(|C|), so lifting a row costs O(items x |C|).
//
// Every coefficient is at least the extended cover's: an item at least as
// heavy as the heaviest cover item gets alpha >= 1 in any lifting order (a
// set S of value |C| - 1 with room for it would have room for a cover item
// missing from S, giving a feasible set of value |C|).
//
// `capacity` includes the separation margin: the weight test is generous, so
// rounding can only make the maximum larger and the coefficient smaller
// (still valid). Returns one coefficient per item (1 in the cover).
std::vector<int> lift_cover(const std::vector<Item>& items, const std::vector<char>& in_cover, double capacity) {
  std::vector<int> alpha(items.size(), 0);
  std::vector<double> cover_weights;
  for (size_t k = 0; k < items.size(); ++k)
    if (in_cover[k]) {
      alpha[k] = 1;
      cover_weights.push_back(items[k].weight);
    }
  const int top = static_cast<int>(cover_weights.size()) - 1;  // |C| - 1, the right-hand side
  // Only the cover: value v needs the v lightest cover items.
  std::sort(cover_weights.begin(), cover_weights.end());
  std::vector<double> least_weight(uz(top) + 1, 0.0);
  for (int v = 1; v <= top; ++v) least_weight[uz(v)] = least_weight[uz(v) - 1] + cover_weights[uz(v) - 1];
  std::vector<size_t> order;
  for (size_t k = 0; k < items.size(); ++k)
    if (!in_cover[k]) order.push_back(k);
  std::stable_sort(order.begin(), order.end(), [&](size_t p, size_t q) {
    if (items[p].value != items[q].value) return items[p].value > items[q].value;
    return items[p].weight > items[q].weight;
  });
  for (size_t k : order) {
    const double room = capacity - items[k].weight;
    int best = -1;  // largest value reachable within room (-1: none, the item cannot be 1)
    for (int v = top; v >= 0; --v)
      if (least_weight[uz(v)] <= room) {
        best = v;
        break;
      }
    // An item that cannot be 1 at all (heavier than the capacity) could take
    // any coefficient; max(|C| - 1, 1) keeps the cut's range modest and is at
    // least the extended cover's 1 (also for a one-item cover, x <= 0).
    const int coef = best < 0 ? std::max(top, 1) : top - best;
    alpha[k] = coef;
    if (coef == 0) continue;
    // 0/1 knapsack update, values descending so each item is used once; then
    // least_weight is made nonincreasing-from-the-top again ("at least v").
    for (int v = top; v >= 0; --v) {
      const int to = std::min(top, v + coef);
      least_weight[uz(to)] = std::min(least_weight[uz(to)], least_weight[uz(v)] + items[k].weight);
    }
    for (int v = top; v-- > 0;) least_weight[uz(v)] = std::min(least_weight[uz(v)], least_weight[uz(v) + 1]);
  }
  return alpha;
}

// One knapsack side: sum sign * a_j x_j <= b over the row's nonzeros
// (ascending columns; sign -1 for the >= side of a row).
void separate_row(const lp::RowMajorMatrix& rows, int row, double sign, double b, const CutBounds& bounds,
                  const std::vector<char>& is_integer, const Eigen::VectorXd& x, CutPool& pool, int& added) {
  const int n = static_cast<int>(x.size());
  std::vector<Item> items;
  double capacity = b;
  for (lp::RowMajorMatrix::InnerIterator entry(rows, row); entry; ++entry) {
    const int j = static_cast<int>(entry.index());
    const double c = sign * entry.value();
    if (std::fabs(c) <= kZero) continue;
    const double l = bounds.lower[j], u = bounds.upper[j];
    const bool binary = is_integer[uz(j)] && l >= 0.0 && u <= 1.0 && l < u;
    if (!binary) {
      const double least = c > 0 ? c * l : c * u;  // smallest contribution over the bounds
      if (!std::isfinite(least)) return;
      capacity -= least;
      continue;
    }
    if (c > 0) {
      items.push_back({j, c, false, x[j]});
    } else {
      capacity -= c;  // a x = a - a (1 - x) = a + |a| y
      items.push_back({j, -c, true, 1.0 - x[j]});
    }
  }
  if (items.size() < 2 || capacity < 0) return;
  double total = 0.0;
  for (const Item& it : items) total += it.weight;
  const double margin = kCoverMargin * (1.0 + std::fabs(capacity));
  if (total <= capacity + margin) return;  // no cover exists
  // Greedy cover: y* closest to 1 first, heavier first on ties.
  std::vector<size_t> order(items.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t p, size_t q) {
    if (items[p].value != items[q].value) return items[p].value > items[q].value;
    return items[p].weight > items[q].weight;
  });
  std::vector<size_t> cover;
  double weight = 0.0;
  for (size_t k : order) {
    if (weight > capacity + margin) break;
    cover.push_back(k);
    weight += items[k].weight;
  }
  if (weight <= capacity + margin) return;
  // Minimise: drop the smallest-y* items while still a cover (last added first).
  for (size_t pos = cover.size(); pos-- > 0;) {
    const size_t k = cover[pos];
    if (weight - items[k].weight > capacity + margin) {
      weight -= items[k].weight;
      cover.erase(cover.begin() + static_cast<std::ptrdiff_t>(pos));
    }
  }
  std::vector<char> in_cover(items.size(), 0);
  for (size_t k : cover) in_cover[k] = 1;
  const std::vector<int> alpha = lift_cover(items, in_cover, capacity + margin);
  const double rhs = static_cast<double>(cover.size()) - 1.0;
  Cut cut;
  cut.a = Eigen::VectorXd::Zero(n);
  double upper = rhs;
  double lhs_value = 0.0;
  for (size_t k = 0; k < items.size(); ++k) {
    if (alpha[k] == 0) continue;
    const Item& it = items[k];
    const double coef = alpha[k];
    lhs_value += coef * it.value;
    if (it.complemented) {  // y = 1 - x
      cut.a[it.col] -= coef;
      upper -= coef;
    } else {
      cut.a[it.col] += coef;
    }
  }
  if (lhs_value <= rhs + kMinViolation) return;
  cut.upper = upper;
  pool.add(std::move(cut));
  ++added;
}

}  // namespace

int separate_knapsack_covers(const LpRelaxation& relaxation, const CutBounds& bounds,
                             const std::vector<char>& is_integer, CutPool& pool) {
  const lp::LinearProgram& model = relaxation.model();
  const Eigen::VectorXd x = relaxation.values();
  int added = 0;
  // Rows are scanned by their nonzeros: a row-major copy once. (A dense copy
  // of each row, scanned whole, was a fifth of mitre's run: 10,724 columns.)
  const lp::RowMajorMatrix rows_of_a = model.A;
  for (int i = 0; i < relaxation.num_original_rows(); ++i) {
    if (std::isfinite(model.row_upper[i]))
      separate_row(rows_of_a, i, 1.0, model.row_upper[i], bounds, is_integer, x, pool, added);
    if (std::isfinite(model.row_lower[i]))
      separate_row(rows_of_a, i, -1.0, -model.row_lower[i], bounds, is_integer, x, pool, added);
  }
  return added;
}

}  // namespace milpsac::bnb
