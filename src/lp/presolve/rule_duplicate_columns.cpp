// Duplicate (parallel) columns, MIP mode only: columns j and k whose entries
// over the active rows are proportional, a_k = s * a_j.
//
// Merge (c_k = s * c_j): every point uses the columns only through
// z = x_j + s * x_k (rows a_j z, objective c_j z), so x_j is kept as z with
// bounds [l_j, u_j] + s * [l_k, u_k] and x_k is removed. When both columns
// are continuous any s != 0 works: z ranges over exactly that interval. When
// both are integer only s = +-1 is merged: the sum (difference) of two integer
// intervals is every integer of the merged interval, so each integer z splits
// into integer x_j, x_k (postsolve: DuplicateColumn, split_merged_value).
// Mixed integer/continuous pairs are left alone.
//
// Dominance (c_k != s * c_j, s > 0, same type, integers only with s = 1):
// moving x_k by +t and x_j by -s*t leaves every row activity unchanged and
// changes the objective by t * (c_k - s c_j). Say c_k < s c_j (the other sign
// is the mirror image). From any feasible point:
//  - if u_k = +inf and l_j is finite, t = (x_j - l_j) / s >= 0 reaches
//    x_j = l_j with x_k still within [l_k, +inf) and an objective no worse,
//    so fixing x_j = l_j keeps an optimal point (and feasibility);
//  - if l_j = -inf and u_k is finite, t = u_k - x_k >= 0 reaches x_k = u_k
//    with x_j only lower, so fixing x_k = u_k keeps one.
// For integer columns s = 1 makes t an integer, so integrality is kept. Both
// infinite (an improving ray) is left to the search. Postsolve: FixedColumn.
//
// Why MIP mode only: postsolve there promises primal values (presolve.h);
// the LP path would need the merged column's dual and basis split as well.
//
// Detection is deterministic: active columns with entries are keyed by their
// sorted row pattern and their values divided by the first one, and sorted by
// (pattern, normalised values, column index); within a run of equal patterns
// each column is compared with the kMaxCompare columns before it.
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {
namespace {

constexpr size_t kMaxCompare = 8;

struct ColumnKey {
  int col;
  double first;                // the first entry's value (by row)
  std::vector<Entry> entries;  // sorted by row, values divided by `first`
};

bool same_pattern(const ColumnKey& a, const ColumnKey& b) {
  if (a.entries.size() != b.entries.size()) return false;
  for (size_t p = 0; p < a.entries.size(); ++p)
    if (a.entries[p].index != b.entries[p].index) return false;
  return true;
}

bool key_less(const ColumnKey& a, const ColumnKey& b) {
  if (a.entries.size() != b.entries.size()) return a.entries.size() < b.entries.size();
  for (size_t p = 0; p < a.entries.size(); ++p)
    if (a.entries[p].index != b.entries[p].index) return a.entries[p].index < b.entries[p].index;
  for (size_t p = 0; p < a.entries.size(); ++p)
    if (a.entries[p].value != b.entries[p].value) return a.entries[p].value < b.entries[p].value;
  return a.col < b.col;
}

// Whether the normalised columns agree (same pattern assumed).
bool parallel(const ColumnKey& a, const ColumnKey& b) {
  for (size_t p = 1; p < a.entries.size(); ++p) {
    const double expected = a.entries[p].value;
    if (std::fabs(b.entries[p].value - expected) > ptol::kParallelColumns * std::fabs(expected)) return false;
  }
  return true;
}

bool near(double a, double b) { return std::fabs(a - b) <= ptol::kParallelColumns * std::fmax(std::fabs(b), 1.0); }

// x_j + s * x_k becomes x_j; x_k removed.
void merge(PresolveModel& model, int j, int k, double s) {
  const auto uj = uz(j), uk = uz(k);
  const double lj = model.col_lower[uj], hj = model.col_upper[uj];
  const double lk = model.col_lower[uk], hk = model.col_upper[uk];
  // Infinite sides only add to infinite sides of the same sign (no inf - inf).
  const double lower = lj + (s > 0 ? s * lk : s * hk);
  const double upper = hj + (s > 0 ? s * hk : s * lk);
  model.stack.reductions.emplace_back(DuplicateColumn{j, k, s, lj, hj, lk, hk, model.integral(j)});
  model.col_lower[uj] = lower;
  model.col_upper[uj] = upper;
  model.bounds_changed(j);
  model.remove_col(k);
  ++model.stats.duplicate_columns;
}

void fix(PresolveModel& model, int col, double value, VarStatus status) {
  model.stack.reductions.emplace_back(FixedColumn{model.snapshot(col), value, status, false});
  model.fix_and_remove_col(col, value);
  ++model.stats.dominated_duplicate_columns;
}

enum class PairOutcome { kNone, kMerged, kKeptFixed, kRemovedFixed };

// Columns j (earlier) and k with a_k = s * a_j.
PairOutcome reduce_pair(PresolveModel& model, int j, int k, double s) {
  const auto uj = uz(j), uk = uz(k);
  const bool integer = model.integral(j);
  if (integer != model.integral(k)) return PairOutcome::kNone;
  if (integer) {
    if (near(s, 1.0))
      s = 1.0;
    else if (near(s, -1.0))
      s = -1.0;
    else
      return PairOutcome::kNone;
  }
  const double cj = model.cost[uj], ck = model.cost[uk];
  const double diff = ck - s * cj;
  if (std::fabs(diff) <= ptol::kParallelColumns * (1.0 + std::fmax(std::fabs(ck), std::fabs(s * cj)))) {
    merge(model, j, k, s);
    return PairOutcome::kMerged;
  }
  if (s < 0) return PairOutcome::kNone;
  const double lj = model.col_lower[uj], hj = model.col_upper[uj];
  const double lk = model.col_lower[uk], hk = model.col_upper[uk];
  if (diff < 0) {  // x_k up, x_j down improves
    if (!std::isfinite(hk) && std::isfinite(lj)) {
      fix(model, j, lj, VarStatus::kAtLower);
      return PairOutcome::kKeptFixed;
    }
    if (!std::isfinite(lj) && std::isfinite(hk)) {
      fix(model, k, hk, VarStatus::kAtUpper);
      return PairOutcome::kRemovedFixed;
    }
  } else {  // x_k down, x_j up improves
    if (!std::isfinite(lk) && std::isfinite(hj)) {
      fix(model, j, hj, VarStatus::kAtUpper);
      return PairOutcome::kKeptFixed;
    }
    if (!std::isfinite(hj) && std::isfinite(lk)) {
      fix(model, k, lk, VarStatus::kAtLower);
      return PairOutcome::kRemovedFixed;
    }
  }
  return PairOutcome::kNone;
}

}  // namespace

bool remove_duplicate_columns(PresolveModel& model) {
  if (!model.keep_integrality) return false;
  std::vector<ColumnKey> keys;
  for (int j = 0; j < model.num_cols; ++j) {
    if (!model.col_active[uz(j)] || model.col_size[uz(j)] < 1) continue;
    ColumnKey key{j, 0.0, model.active_col(j)};
    std::sort(key.entries.begin(), key.entries.end(), [](const Entry& a, const Entry& b) { return a.index < b.index; });
    key.first = key.entries[0].value;
    for (Entry& e : key.entries) e.value /= key.first;
    keys.push_back(std::move(key));
  }
  std::sort(keys.begin(), keys.end(), key_less);
  bool changed = false;
  for (size_t start = 0; start < keys.size() && !model.infeasible;) {
    size_t end = start + 1;
    while (end < keys.size() && same_pattern(keys[start], keys[end])) ++end;
    for (size_t b = start + 1; b < end; ++b) {
      const int k = keys[b].col;
      for (size_t a = b; a-- > start && a + kMaxCompare >= b;) {
        const int j = keys[a].col;
        if (!model.col_active[uz(j)]) continue;
        if (!parallel(keys[a], keys[b])) continue;
        const PairOutcome outcome = reduce_pair(model, j, k, keys[b].first / keys[a].first);
        if (outcome == PairOutcome::kNone) continue;
        changed = true;
        if (outcome != PairOutcome::kKeptFixed) break;  // column k is gone
      }
    }
    start = end;
  }
  return changed;
}

}  // namespace milpsac::lp::presolve
