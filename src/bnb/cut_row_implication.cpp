// Row-strengthening cuts from probing (see cut_row_implication.h).
#include "bnb/cut_row_implication.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kMinViolation = 1e-6;   // relative to 1 + |b0| + |b1|
constexpr size_t kMaxCutsPerCall = 300;  // the most efficacious ones; more only crowd the pool
constexpr double kMaxDynamism = 1e6;     // max |coef| / min |coef| of a kept cut, as for c-MIR

}  // namespace

std::vector<RowImpliedBound> unique_row_implications(std::vector<RowImpliedBound> found) {
  return keep_tightest(
      std::move(found),
      [](const RowImpliedBound& b) {
        return std::make_tuple(b.row, b.binary, b.upper, b.when_one, b.upper ? b.bound : -b.bound);
      },
      [](const RowImpliedBound& b) { return std::make_tuple(b.row, b.binary, b.upper, b.when_one); });
}

Cut row_implication_cut(const lp::RowMajorMatrix& rows, int row, int binary, bool upper, double b0, double b1,
                        int num_cols) {
  Cut cut;
  cut.a = Eigen::VectorXd::Zero(num_cols);
  for (lp::RowMajorMatrix::InnerIterator it(rows, row); it; ++it) cut.a[it.col()] = it.value();
  cut.a[binary] -= b1 - b0;  // a_i x - (B_1 - B_0) y against B_0
  (upper ? cut.upper : cut.lower) = b0;
  return cut;
}

int separate_row_implications(const std::vector<RowImpliedBound>& sorted, const LpRelaxation& relaxation,
                              const lp::RowMajorMatrix& rows, CutPool& pool) {
  const Eigen::VectorXd x = relaxation.values();
  struct Candidate {
    size_t first;  // the group's first implication
    double b0, b1;
    double efficacy;
  };
  std::vector<Candidate> violated;
  int activity_row = -1;
  double activity = 0.0, row_norm2 = 0.0, row_max = 0.0, row_min = INFINITY;
  // Groups of one (row, binary, side): at most one implication per value of y.
  for (size_t begin = 0, end = 0; begin < sorted.size(); begin = end) {
    const RowImpliedBound& first = sorted[begin];
    end = begin;
    while (end < sorted.size() && sorted[end].row == first.row && sorted[end].binary == first.binary &&
           sorted[end].upper == first.upper)
      ++end;
    double b[2] = {first.global, first.global};
    for (size_t k = begin; k < end; ++k) b[sorted[k].when_one ? 1 : 0] = sorted[k].bound;
    if (first.row != activity_row) {
      activity_row = first.row;
      activity = row_norm2 = row_max = 0.0;
      row_min = INFINITY;
      for (lp::RowMajorMatrix::InnerIterator it(rows, first.row); it; ++it) {
        activity += it.value() * x[it.col()];
        row_norm2 += it.value() * it.value();
        if (it.value() == 0.0) continue;  // a stored zero is no coefficient
        row_max = std::max(row_max, std::fabs(it.value()));
        row_min = std::min(row_min, std::fabs(it.value()));
      }
    }
    const double slope = b[1] - b[0];
    const double rhs = b[0] + slope * x[first.binary];
    const double violation = first.upper ? activity - rhs : rhs - activity;
    if (violation <= kMinViolation * (1.0 + std::fabs(b[0]) + std::fabs(b[1]))) continue;
    // The cut's norm: the row's, with y's coefficient changed by -slope.
    const double a_y = rows.coeff(first.row, first.binary);
    // A coefficient of y far from the row's own ones (or all but cancelled)
    // makes a badly scaled row: skipped. The row's old y entry, if any, stays
    // in row_min and row_max: close enough for a guard.
    const double new_a_y = std::fabs(a_y - slope);
    if (!(new_a_y <= kMaxDynamism * row_min && row_max <= kMaxDynamism * new_a_y)) continue;
    const double norm2 = row_norm2 - a_y * a_y + (a_y - slope) * (a_y - slope);
    violated.push_back({begin, b[0], b[1], violation / std::sqrt(std::max(norm2, 1e-300))});
  }
  std::stable_sort(violated.begin(), violated.end(),
                   [](const Candidate& p, const Candidate& q) { return p.efficacy > q.efficacy; });
  if (violated.size() > kMaxCutsPerCall) violated.resize(kMaxCutsPerCall);
  for (const Candidate& c : violated) {
    const RowImpliedBound& b = sorted[c.first];
    pool.add(row_implication_cut(rows, b.row, b.binary, b.upper, c.b0, c.b1, relaxation.num_cols()));
  }
  return static_cast<int>(violated.size());
}

}  // namespace milpsac::bnb
