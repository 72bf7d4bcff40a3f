// Conflict graph and greedy clique separation (see cut_clique.h).
#include "bnb/cut_clique.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kZero = 1e-12;             // coefficients below this are ignored
constexpr double kConflictMargin = 1e-6;    // w_i + w_j must exceed the capacity by this (relative)
constexpr long kMaxEdges = 4000000;         // the graph stops growing here (memory and time)
constexpr double kMinViolation = 1e-4;      // of the clique sum over 1
constexpr double kFractional = 1e-6;        // literal values in (this, 1 - this) start a clique
constexpr int kMaxStarts = 1000;            // starting literals per separation call
constexpr size_t kItemsPerClockCheck = 64;  // heaviest items between deadline polls

struct Literal {
  int index;  // j or n + j
  double weight;
};

double literal_value(int literal, int n, const Eigen::VectorXd& x) {
  return literal < n ? x[literal] : 1.0 - x[literal - n];
}

// Literals of one row side sum a x <= b that pairwise conflict, appended as
// edges (both directions). `items` sorted by weight, heaviest first.
// Stops early (fewer edges) once `deadline` has passed.
void add_row_conflicts(std::vector<Literal>& items, double capacity, ConflictGraph& graph, const Deadline* deadline) {
  std::stable_sort(items.begin(), items.end(), [](const Literal& p, const Literal& q) { return p.weight > q.weight; });
  const double margin = kConflictMargin * (1.0 + std::fabs(capacity));
  for (size_t p = 0; p < items.size() && graph.edges < kMaxEdges; ++p) {
    // Items are heaviest first: once p and p+1 fit together, no later pair conflicts.
    if (p + 1 < items.size() && items[p].weight + items[p + 1].weight <= capacity + margin) break;
    if (deadline != nullptr && p % kItemsPerClockCheck == 0 && deadline->expired()) break;
    for (size_t q = p + 1; q < items.size(); ++q) {
      if (items[p].weight + items[q].weight <= capacity + margin) break;
      graph.neighbours[uz(items[p].index)].push_back(items[q].index);
      graph.neighbours[uz(items[q].index)].push_back(items[p].index);
      ++graph.edges;
    }
  }
}

}  // namespace

ConflictGraph build_conflict_graph(const LpRelaxation& relaxation, const std::vector<char>& is_integer,
                                   const Deadline* deadline) {
  const lp::LinearProgram& model = relaxation.model();
  const int n = relaxation.num_cols();
  ConflictGraph graph;
  graph.num_cols = n;
  graph.neighbours.assign(uz(2 * n), {});
  const lp::RowMajorMatrix rows = model.A;  // rows are scanned: a row-major copy once
  std::vector<Literal> items;
  for (int i = 0; i < relaxation.num_original_rows() && graph.edges < kMaxEdges; ++i) {
    if (deadline != nullptr && deadline->expired()) break;
    for (int side = 0; side < 2; ++side) {
      const double sign = side == 0 ? 1.0 : -1.0;
      double capacity = side == 0 ? model.row_upper[i] : -model.row_lower[i];
      if (!std::isfinite(capacity)) continue;
      items.clear();
      bool usable = true;
      for (lp::RowMajorMatrix::InnerIterator it(rows, i); it && usable; ++it) {
        const int j = static_cast<int>(it.col());
        const double a = sign * it.value();
        if (std::fabs(a) <= kZero) continue;
        const double l = relaxation.lower(j), u = relaxation.upper(j);
        const bool binary = is_integer[uz(j)] && l >= 0.0 && u <= 1.0 && l < u;
        if (!binary) {
          const double least = a > 0 ? a * l : a * u;
          usable = std::isfinite(least);
          capacity -= least;
          continue;
        }
        if (a > 0) {
          items.push_back({j, a});
        } else {
          capacity -= a;  // a x = a + |a| (1 - x)
          items.push_back({n + j, -a});
        }
      }
      if (usable && items.size() >= 2) add_row_conflicts(items, capacity, graph, deadline);
    }
  }
  // Sorting the lists of a large graph takes as long as building it (air05:
  // 0.15 s); a deadline that passes meanwhile leaves no graph (no clique cuts,
  // never a wrong one) rather than half-sorted lists.
  for (size_t literal = 0; literal < graph.neighbours.size(); ++literal) {
    if (deadline != nullptr && literal % kItemsPerClockCheck == 0 && deadline->expired()) {
      graph.neighbours.assign(uz(2 * n), {});
      graph.edges = 0;
      return graph;
    }
    std::vector<int>& list = graph.neighbours[literal];
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return graph;
}

int separate_cliques(const ConflictGraph& graph, const LpRelaxation& relaxation, CutPool& pool) {
  if (graph.empty()) return 0;
  const int n = graph.num_cols;
  const Eigen::VectorXd x = relaxation.values();
  std::vector<Literal> starts;
  for (int literal = 0; literal < 2 * n; ++literal) {
    if (graph.neighbours[uz(literal)].empty()) continue;
    const double v = literal_value(literal, n, x);
    if (v > kFractional && v < 1.0 - kFractional) starts.push_back({literal, v});
  }
  std::stable_sort(starts.begin(), starts.end(),
                   [](const Literal& p, const Literal& q) { return p.weight > q.weight; });
  if (starts.size() > uz(kMaxStarts)) starts.resize(uz(kMaxStarts));
  int added = 0;
  std::vector<int> candidates, next, clique;
  for (const Literal& start : starts) {
    clique.assign(1, start.index);
    candidates = graph.neighbours[uz(start.index)];
    double total = start.weight;
    // Grow by the heaviest common neighbour, then extend by any common neighbour.
    while (!candidates.empty()) {
      int best = -1;
      double best_value = -1.0;
      for (int c : candidates) {
        const double v = literal_value(c, n, x);
        if (v > best_value) {
          best_value = v;
          best = c;
        }
      }
      clique.push_back(best);
      total += std::max(0.0, best_value);
      const auto& list = graph.neighbours[uz(best)];
      next.clear();
      std::set_intersection(candidates.begin(), candidates.end(), list.begin(), list.end(), std::back_inserter(next));
      candidates.swap(next);
    }
    if (total <= 1.0 + kMinViolation) continue;
    // A literal and its complement in one clique would make both 0: the
    // greedy never picks both (they do not conflict), but guard anyway.
    Cut cut;
    cut.a = Eigen::VectorXd::Zero(n);
    double upper = 1.0;
    bool valid = true;
    for (int literal : clique) {
      const int j = literal < n ? literal : literal - n;
      if (cut.a[j] != 0.0) valid = false;
      if (literal < n) {
        cut.a[j] = 1.0;
      } else {
        cut.a[j] = -1.0;
        upper -= 1.0;
      }
    }
    if (!valid) continue;
    cut.upper = upper;
    pool.add(std::move(cut));
    ++added;
  }
  return added;
}

}  // namespace milpsac::bnb
