// PresolveModel: construction from a LinearProgram, entry bookkeeping and the
// activity ranges every rule reads.
#include "lp/presolve/presolve_model.h"

#include <algorithm>
#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"

namespace milpsac::lp::presolve {
namespace {

double clean_bound(double v) {
  if (v >= ptol::kInfiniteBound) return kInfinity;
  if (v <= -ptol::kInfiniteBound) return -kInfinity;
  return v;
}

void erase_entry(std::vector<Entry>& list, int index) {
  for (size_t p = 0; p < list.size(); ++p)
    if (list[p].index == index) {
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(p));
      return;
    }
}

}  // namespace

PresolveModel make_presolve_model(const LinearProgram& lp, bool keep_integrality) {
  PresolveModel model;
  const int m = lp.num_rows(), n = lp.num_cols();
  model.num_rows = m;
  model.num_cols = n;
  model.keep_integrality = keep_integrality;
  model.rows.resize(uz(m));
  model.cols.resize(uz(n));
  const double sign = lp.sense == ObjectiveSense::kMaximize ? -1.0 : 1.0;
  model.cost.resize(uz(n));
  model.col_lower.resize(uz(n));
  model.col_upper.resize(uz(n));
  model.is_integer.assign(uz(n), 0);
  for (int j = 0; j < n; ++j) {
    const auto uj = uz(j);
    model.cost[uj] = sign * lp.c[j];
    model.col_lower[uj] = clean_bound(lp.col_lower[j]);
    model.col_upper[uj] = clean_bound(lp.col_upper[j]);
    if (uj < lp.is_integer.size()) model.is_integer[uj] = lp.is_integer[uj];
    for (SparseMatrix::InnerIterator it(lp.A, j); it; ++it) {  // rows in increasing order
      const int i = static_cast<int>(it.row());
      const double a = it.value();
      if (a != 0.0) {  // a stored entry may still be zero
        model.cols[uj].push_back({i, a});
        model.rows[uz(i)].push_back({j, a});
      }
    }
  }
  model.row_lower.resize(uz(m));
  model.row_upper.resize(uz(m));
  for (int i = 0; i < m; ++i) {
    model.row_lower[uz(i)] = clean_bound(lp.row_lower[i]);
    model.row_upper[uz(i)] = clean_bound(lp.row_upper[i]);
  }
  model.offset = sign * lp.offset;
  model.row_active.assign(uz(m), 1);
  model.col_active.assign(uz(n), 1);
  model.row_size.resize(uz(m));
  model.col_size.resize(uz(n));
  for (int i = 0; i < m; ++i) model.row_size[uz(i)] = static_cast<int>(model.rows[uz(i)].size());
  for (int j = 0; j < n; ++j) model.col_size[uz(j)] = static_cast<int>(model.cols[uz(j)].size());
  model.stack.original_rows = m;
  model.stack.original_cols = n;
  if (keep_integrality)
    for (int j = 0; j < n; ++j)
      if (model.is_integer[uz(j)]) model.tighten_col_bounds(j, model.col_lower[uz(j)], model.col_upper[uz(j)]);
  return model;
}

bool PresolveModel::is_fixed(int j) const {
  const double l = col_lower[uz(j)], u = col_upper[uz(j)];
  return std::isfinite(l) && std::isfinite(u) && u - l <= scaled(ptol::kFixedColumn, l);
}

bool PresolveModel::is_equality(int i) const {
  const double l = row_lower[uz(i)], u = row_upper[uz(i)];
  return std::isfinite(l) && std::isfinite(u) && u - l <= scaled(ptol::kFixedColumn, l);
}

void PresolveModel::remove_row(int i) {
  row_active[uz(i)] = 0;
  for (const Entry& e : rows[uz(i)])
    if (col_active[uz(e.index)]) --col_size[uz(e.index)];
}

void PresolveModel::remove_col(int j) {
  col_active[uz(j)] = 0;
  forget_activity_of_col(j);
  for (const Entry& e : cols[uz(j)])
    if (row_active[uz(e.index)]) --row_size[uz(e.index)];
}

double PresolveModel::coefficient(int i, int j) const {
  const auto& row = rows[uz(i)];
  const auto& col = cols[uz(j)];
  if (row.size() <= col.size()) {
    for (const Entry& e : row)
      if (e.index == j) return e.value;
  } else {
    for (const Entry& e : col)
      if (e.index == i) return e.value;
  }
  return 0.0;
}

void PresolveModel::set_coefficient(int i, int j, double value) {
  auto& row = rows[uz(i)];
  auto& col = cols[uz(j)];
  if (!activity_known.empty()) activity_known[uz(i)] = 0;
  const bool counted = row_active[uz(i)] && col_active[uz(j)];
  const bool present = std::any_of(row.begin(), row.end(), [&](const Entry& e) { return e.index == j; });
  if (value == 0.0) {  // callers pass an exact 0 to erase (after their cancellation test)
    if (!present) return;
    erase_entry(row, j);
    erase_entry(col, i);
    if (counted) {
      --row_size[uz(i)];
      --col_size[uz(j)];
    }
    return;
  }
  if (!present) {
    row.push_back({j, value});
    col.push_back({i, value});
    if (counted) {
      ++row_size[uz(i)];
      ++col_size[uz(j)];
    }
    return;
  }
  for (Entry& e : row)
    if (e.index == j) e.value = value;
  for (Entry& e : col)
    if (e.index == i) e.value = value;
}

std::vector<Entry> PresolveModel::active_row(int i, int skip_col) const {
  std::vector<Entry> out;
  for (const Entry& e : rows[uz(i)])
    if (col_active[uz(e.index)] && e.index != skip_col) out.push_back(e);
  return out;
}

std::vector<Entry> PresolveModel::active_col(int j, int skip_row) const {
  std::vector<Entry> out;
  for (const Entry& e : cols[uz(j)])
    if (row_active[uz(e.index)] && e.index != skip_row) out.push_back(e);
  return out;
}

ColumnSnapshot PresolveModel::snapshot(int j, int skip_row) const {
  return ColumnSnapshot{j, cost[uz(j)], active_col(j, skip_row)};
}

PresolveModel::BoundChange PresolveModel::tighten_col_bounds(int j, double lower, double upper) {
  const auto uj = uz(j);
  if (integral(j)) {
    if (std::isfinite(lower)) lower = std::ceil(lower - ptol::kIntegerRounding);
    if (std::isfinite(upper)) upper = std::floor(upper + ptol::kIntegerRounding);
  }
  BoundChange change;
  if (lower > col_lower[uj]) {
    col_lower[uj] = lower;
    change.lower = true;
  }
  if (upper < col_upper[uj]) {
    col_upper[uj] = upper;
    change.upper = true;
  }
  const double l = col_lower[uj], u = col_upper[uj];
  if (change.lower || change.upper || l > u) forget_activity_of_col(j);
  if (l > u) {
    if (l - u > scaled(ptol::kInfeasibility, std::max(std::fabs(l), std::fabs(u)))) {
      infeasible = true;
    } else if (change.lower && !change.upper) {  // crossed by round-off only
      col_lower[uj] = u;
    } else {
      col_upper[uj] = l;
    }
  }
  return change;
}

void PresolveModel::shift_row_bounds(int i, double delta) {
  const auto ui = uz(i);
  if (std::isfinite(row_lower[ui])) row_lower[ui] -= delta;
  if (std::isfinite(row_upper[ui])) row_upper[ui] -= delta;
}

double PresolveModel::cost_plus(int j, double delta) const {
  const double c = cost[uz(j)], updated = c + delta;
  return std::fabs(updated) <= ptol::kCancellation * std::fmax(std::fabs(c), std::fabs(delta)) ? 0.0 : updated;
}

void PresolveModel::fix_and_remove_col(int j, double value) {
  for (const Entry& e : cols[uz(j)])
    if (row_active[uz(e.index)]) shift_row_bounds(e.index, e.value * value);
  offset += cost[uz(j)] * value;
  remove_col(j);
}

ActivityRange activity_range(const PresolveModel& model, int row) {
  const auto r = uz(row);
  if (model.activity_known.size() != uz(model.num_rows)) {
    model.activity_known.assign(uz(model.num_rows), 0);
    model.activity_memo.resize(uz(model.num_rows));
  }
  if (model.activity_known[r]) return model.activity_memo[r];
  ActivityRange range;
  for (const Entry& e : model.rows[uz(row)]) {
    const auto j = uz(e.index);
    if (!model.col_active[j]) continue;
    const double lo = e.value > 0 ? model.col_lower[j] : model.col_upper[j];
    const double hi = e.value > 0 ? model.col_upper[j] : model.col_lower[j];
    if (std::isfinite(lo))
      range.min_finite += e.value * lo;
    else
      ++range.min_infinite;
    if (std::isfinite(hi))
      range.max_finite += e.value * hi;
    else
      ++range.max_infinite;
  }
  model.activity_memo[r] = range;
  model.activity_known[r] = 1;
  return range;
}

double residual_min(const PresolveModel& model, const ActivityRange& range, int j, double a) {
  const double lo = a > 0 ? model.col_lower[uz(j)] : model.col_upper[uz(j)];
  if (std::isfinite(lo)) return range.min_infinite > 0 ? -kInfinity : range.min_finite - a * lo;
  return range.min_infinite == 1 ? range.min_finite : -kInfinity;
}

double residual_max(const PresolveModel& model, const ActivityRange& range, int j, double a) {
  const double hi = a > 0 ? model.col_upper[uz(j)] : model.col_lower[uz(j)];
  if (std::isfinite(hi)) return range.max_infinite > 0 ? kInfinity : range.max_finite - a * hi;
  return range.max_infinite == 1 ? range.max_finite : kInfinity;
}

ImpliedBounds implied_col_bounds(const PresolveModel& model, int i, const ActivityRange& range, int j, double a) {
  // L <= a x_j + rest <= U with rest in [rmin, rmax].
  const double L = model.row_lower[uz(i)], U = model.row_upper[uz(i)];
  const double rmin = residual_min(model, range, j, a), rmax = residual_max(model, range, j, a);
  const double from_upper =
      (std::isfinite(U) && std::isfinite(rmin)) ? (U - rmin) / a : (a > 0 ? kInfinity : -kInfinity);
  const double from_lower =
      (std::isfinite(L) && std::isfinite(rmax)) ? (L - rmax) / a : (a > 0 ? -kInfinity : kInfinity);
  return a > 0 ? ImpliedBounds{from_lower, from_upper} : ImpliedBounds{from_upper, from_lower};
}

}  // namespace milpsac::lp::presolve
