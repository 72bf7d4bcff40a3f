// Lifted knapsack cover separation (see cut_knapsack_cover.h).
#include "bnb/cut_knapsack_cover.h"

#include <algorithm>
#include <cmath>
#include <numeric>

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

// One knapsack side: sum a_j x_j <= b (the caller negates >= rows).
void separate_row(const Eigen::VectorXd& a, double b, const LpRelaxation& relaxation,
                  const std::vector<char>& is_integer, const Eigen::VectorXd& x, CutPool& pool, int& added) {
  const int n = static_cast<int>(a.size());
  std::vector<Item> items;
  double capacity = b;
  for (int j = 0; j < n; ++j) {
    const double c = a[j];
    if (std::fabs(c) <= kZero) continue;
    const double l = relaxation.lower(j), u = relaxation.upper(j);
    const bool binary = is_integer[static_cast<size_t>(j)] && l >= 0.0 && u <= 1.0 && l < u;
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
  double cover_value = 0.0, heaviest = 0.0;
  std::vector<char> in_cover(items.size(), 0);
  for (size_t k : cover) {
    cover_value += items[k].value;
    heaviest = std::max(heaviest, items[k].weight);
    in_cover[k] = 1;
  }
  const double rhs = static_cast<double>(cover.size()) - 1.0;
  // Extended cover: items at least as heavy as the heaviest of C join with coefficient 1.
  Cut cut;
  cut.a = Eigen::VectorXd::Zero(n);
  double upper = rhs;
  double lhs_value = 0.0;
  for (size_t k = 0; k < items.size(); ++k) {
    if (!in_cover[k] && items[k].weight < heaviest) continue;
    const Item& it = items[k];
    lhs_value += it.value;
    if (it.complemented) {  // y = 1 - x
      cut.a[it.col] -= 1.0;
      upper -= 1.0;
    } else {
      cut.a[it.col] += 1.0;
    }
  }
  if (lhs_value <= rhs + kMinViolation) return;
  cut.upper = upper;
  pool.add(std::move(cut));
  ++added;
}

}  // namespace

int separate_knapsack_covers(const LpRelaxation& relaxation, const std::vector<char>& is_integer, CutPool& pool) {
  const lp::LinearProgram& model = relaxation.model();
  const Eigen::VectorXd x = relaxation.values();
  int added = 0;
  const lp::RowMajorMatrix rows_of_a = model.A;  // rows are scanned: a row-major copy once
  for (int i = 0; i < relaxation.num_original_rows(); ++i) {
    const Eigen::VectorXd a = Eigen::VectorXd(rows_of_a.row(i).transpose());
    if (std::isfinite(model.row_upper[i])) separate_row(a, model.row_upper[i], relaxation, is_integer, x, pool, added);
    if (std::isfinite(model.row_lower[i]))
      separate_row(-a, -model.row_lower[i], relaxation, is_integer, x, pool, added);
  }
  return added;
}

}  // namespace milpsac::bnb
