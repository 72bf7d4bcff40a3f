// Parallel rows: row k whose coefficients are ratio * those of an earlier row
// i (same columns) adds nothing but its bounds. They are divided by the ratio
// (sides swapped when it is negative), intersected into row i's, and row k is
// removed; crossing bounds mean infeasibility.
//
// Detection is deterministic: active rows of 2+ entries are keyed by their
// sorted column pattern and sorted (ties by row index); within a run of equal
// patterns, each row is compared with the earlier ones (at most kMaxCompare)
// on coefficients normalised by the first one.
//
// Postsolve: see ParallelRow in postsolve_stack.h.
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {
namespace {

constexpr size_t kMaxCompare = 16;

struct RowKey {
  int row;
  std::vector<Entry> entries;  // sorted by column
};

bool same_pattern(const RowKey& a, const RowKey& b) {
  if (a.entries.size() != b.entries.size()) return false;
  for (size_t p = 0; p < a.entries.size(); ++p)
    if (a.entries[p].index != b.entries[p].index) return false;
  return true;
}

bool pattern_less(const RowKey& a, const RowKey& b) {
  if (a.entries.size() != b.entries.size()) return a.entries.size() < b.entries.size();
  for (size_t p = 0; p < a.entries.size(); ++p)
    if (a.entries[p].index != b.entries[p].index) return a.entries[p].index < b.entries[p].index;
  return a.row < b.row;
}

// ratio with b = ratio * a entry by entry, or 0 when the rows are not parallel.
double parallel_ratio(const RowKey& a, const RowKey& b) {
  const double ratio = b.entries[0].value / a.entries[0].value;
  for (size_t p = 1; p < a.entries.size(); ++p) {
    const double expected = ratio * a.entries[p].value;
    if (std::fabs(b.entries[p].value - expected) > ptol::kParallelRows * std::fabs(expected)) return 0.0;
  }
  return ratio;
}

// Merge row k (= ratio * row i) into row i.
void merge(PresolveModel& model, int i, int k, double ratio) {
  const auto ui = uz(i), uk = uz(k);
  const double lk = model.row_lower[uk], hk = model.row_upper[uk];
  double lower = ratio > 0 ? lk / ratio : hk / ratio;
  double upper = ratio > 0 ? hk / ratio : lk / ratio;
  if (!(ratio > 0 ? std::isfinite(lk) : std::isfinite(hk))) lower = -kInfinity;
  if (!(ratio > 0 ? std::isfinite(hk) : std::isfinite(lk))) upper = kInfinity;
  ParallelRow record{i, k, ratio, lower > model.row_lower[ui], upper < model.row_upper[ui]};
  if (record.lower_from_removed) model.row_lower[ui] = lower;
  if (record.upper_from_removed) model.row_upper[ui] = upper;
  const double l = model.row_lower[ui], u = model.row_upper[ui];
  if (l > u) {
    if (l - u > scaled(ptol::kInfeasibility, std::max(std::fabs(l), std::fabs(u)))) {
      model.infeasible = true;
      return;
    }
    model.row_upper[ui] = l;  // crossed by round-off only: an equation
  }
  model.stack.reductions.emplace_back(record);
  model.remove_row(k);
  ++model.stats.parallel_rows;
}

}  // namespace

bool remove_parallel_rows(PresolveModel& model) {
  std::vector<RowKey> keys;
  for (int i = 0; i < model.num_rows; ++i) {
    if (!model.row_active[uz(i)] || model.row_size[uz(i)] < 2) continue;
    RowKey key{i, model.active_row(i)};
    std::sort(key.entries.begin(), key.entries.end(), [](const Entry& a, const Entry& b) { return a.index < b.index; });
    keys.push_back(std::move(key));
  }
  std::sort(keys.begin(), keys.end(), pattern_less);
  bool changed = false;
  for (size_t start = 0; start < keys.size() && !model.infeasible;) {
    size_t end = start + 1;
    while (end < keys.size() && same_pattern(keys[start], keys[end])) ++end;
    // Within the run rows are in index order: merge each into the first earlier one it parallels.
    for (size_t b = start + 1; b < end && !model.infeasible; ++b) {
      for (size_t a = start; a < b && a < start + kMaxCompare; ++a) {
        if (!model.row_active[uz(keys[a].row)]) continue;
        const double ratio = parallel_ratio(keys[a], keys[b]);
        if (ratio == 0.0) continue;  // exact 0 is the "not parallel" answer
        merge(model, keys[a].row, keys[b].row, ratio);
        changed = true;
        break;
      }
    }
    start = end;
  }
  return changed;
}

}  // namespace milpsac::lp::presolve
