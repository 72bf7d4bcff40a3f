// Implied-bound cuts (see cut_implied_bound.h).
#include "bnb/cut_implied_bound.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>
#include <utility>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kZero = 1e-12;               // coefficients below this are ignored
constexpr double kMinTightening = 1e-6;       // relative to 1 + |global bound|: weaker implications are useless
constexpr double kBoundMargin = 1e-9;         // relative safety margin on a continuous implied bound
constexpr double kIntegralTolerance = 1e-6;   // an integer column's implied bound this close to an integer rounds to it
constexpr double kMinViolation = 1e-6;        // relative to 1 + |right-hand side|
constexpr long kMaxPairs = 4'000'000;         // (binary, column) pairs examined over all rows
constexpr size_t kMaxImplications = 200'000;  // implications kept (memory), the first found win
constexpr size_t kMaxCutsPerCall = 300;       // the most efficacious ones; more only crowd the pool
constexpr long kPairsPerClockCheck = 4096;    // pairs examined between deadline polls (about 20 us)

struct RowSide {
  std::vector<int> cols;
  std::vector<double> coefs;
  double rhs;  // sum coefs x <= rhs
};

// Least contribution of coefficient c on [l, u] (may be -inf).
double least(double c, double l, double u) { return c > 0 ? c * l : c * u; }

void implications_of_side(const RowSide& side, const LpRelaxation& relaxation, const std::vector<char>& is_integer,
                          std::vector<ImpliedBound>& out, long& pairs, const Deadline* deadline) {
  const size_t len = side.cols.size();
  std::vector<double> contribution(len);
  double finite_sum = 0.0;
  int infinite = 0;
  for (size_t k = 0; k < len; ++k) {
    const int j = side.cols[k];
    contribution[k] = least(side.coefs[k], relaxation.lower(j), relaxation.upper(j));
    if (std::isfinite(contribution[k]))
      finite_sum += contribution[k];
    else
      ++infinite;
  }
  if (infinite > 2) return;  // every pair leaves an unbounded rest
  // With every contribution finite, y = v moves the bound of x only when
  //     slack - |c_y| < |a_x| (u_x - l_x),    slack = rhs - least activity,
  // (y at its other value leaves x the bound plain propagation gives, which
  // the root already applied): columns are visited by |a_x| (u_x - l_x)
  // descending and a binary's visit stops where that fails. On rows with
  // slack (mod010's long rows) most pairs are never examined. The pairs
  // examined, and so the implications found, are the same; only their order
  // within a row differs, and the table keeps one per key (ties: the first
  // row).
  std::vector<size_t> by_range(len);
  std::vector<double> range(len, INFINITY);
  std::iota(by_range.begin(), by_range.end(), size_t{0});
  const double slack = side.rhs - finite_sum;
  const bool prune = infinite == 0;
  if (prune) {
    for (size_t k = 0; k < len; ++k) {
      const int j = side.cols[k];
      range[k] = std::fabs(side.coefs[k]) * (relaxation.upper(j) - relaxation.lower(j));
    }
    std::stable_sort(by_range.begin(), by_range.end(), [&](size_t a, size_t b) { return range[a] > range[b]; });
  }
  for (size_t p = 0; p < len; ++p) {
    const int y = side.cols[p];
    const double ly = relaxation.lower(y), uy = relaxation.upper(y);
    if (!is_integer[uz(y)] || ly < 0.0 || uy > 1.0 || ly >= uy) continue;
    // Below this no x can be tightened by y (a margin for round-off: the
    // test only skips what the exact computation below would reject).
    const double needed = slack - std::fabs(side.coefs[p]) * (uy - ly);
    const double margin = kBoundMargin * (1.0 + std::fabs(slack) + std::fabs(side.coefs[p]));
    for (size_t q : by_range) {
      if (prune && range[q] <= needed - margin) break;
      if (q == p) continue;
      if (++pairs > kMaxPairs || out.size() >= kMaxImplications) return;
      if (deadline != nullptr && pairs % kPairsPerClockCheck == 0 && deadline->expired()) return;
      const int x = side.cols[q];
      const double a = side.coefs[q];
      // Least activity of everything but x and y.
      const int rest_infinite = infinite - !std::isfinite(contribution[p]) - !std::isfinite(contribution[q]);
      if (rest_infinite > 0) continue;
      const double rest = finite_sum - (std::isfinite(contribution[p]) ? contribution[p] : 0.0) -
                          (std::isfinite(contribution[q]) ? contribution[q] : 0.0);
      const double lx = relaxation.lower(x), ux = relaxation.upper(x);
      const bool integer_x = is_integer[uz(x)] != 0;
      for (int v = 0; v <= 1; ++v) {
        const double residual = side.rhs - side.coefs[p] * v - rest;  // a x <= residual
        if (a > 0) {
          if (!std::isfinite(ux)) continue;
          double bound = residual / a;
          bound = integer_x ? std::floor(bound + kIntegralTolerance) : bound + kBoundMargin * (1.0 + std::fabs(bound));
          bound = std::max(bound, lx);  // y = v infeasible: x <= L_x is still implied (vacuously)
          if (bound >= ux - kMinTightening * (1.0 + std::fabs(ux))) continue;
          out.push_back({x, y, v == 1, true, bound, ux});
        } else {
          if (!std::isfinite(lx)) continue;
          double bound = residual / a;
          bound = integer_x ? std::ceil(bound - kIntegralTolerance) : bound - kBoundMargin * (1.0 + std::fabs(bound));
          bound = std::min(bound, ux);
          if (bound <= lx + kMinTightening * (1.0 + std::fabs(lx))) continue;
          out.push_back({x, y, v == 1, false, bound, lx});
        }
      }
    }
  }
}

// One implication per (x, y, v, side), sorted by that key: the tightest
// (ties: the first in `found`).
std::vector<ImpliedBound> unique_tightest(std::vector<ImpliedBound> found) {
  return keep_tightest(
      std::move(found),
      [](const ImpliedBound& b) {
        return std::make_tuple(b.col, b.binary, b.when_one, b.upper, b.upper ? b.bound : -b.bound);
      },
      [](const ImpliedBound& b) { return std::make_tuple(b.col, b.binary, b.when_one, b.upper); });
}

}  // namespace

ImpliedBoundTable find_implied_bounds(const LpRelaxation& relaxation, const std::vector<char>& is_integer,
                                      const Deadline* deadline) {
  const lp::LinearProgram& model = relaxation.model();
  const lp::RowMajorMatrix rows = model.A;  // rows are scanned: a row-major copy once
  std::vector<ImpliedBound> found;
  long pairs = 0;
  for (int i = 0; i < relaxation.num_original_rows() && pairs <= kMaxPairs; ++i) {
    if (deadline != nullptr && deadline->expired()) break;
    RowSide side;
    for (lp::RowMajorMatrix::InnerIterator it(rows, i); it; ++it)
      if (std::fabs(it.value()) > kZero) {
        side.cols.push_back(static_cast<int>(it.col()));
        side.coefs.push_back(it.value());
      }
    if (side.cols.size() < 2) continue;
    if (std::isfinite(model.row_upper[i])) {
      side.rhs = model.row_upper[i];
      implications_of_side(side, relaxation, is_integer, found, pairs, deadline);
    }
    if (std::isfinite(model.row_lower[i])) {
      for (double& c : side.coefs) c = -c;
      side.rhs = -model.row_lower[i];
      implications_of_side(side, relaxation, is_integer, found, pairs, deadline);
    }
  }
  ImpliedBoundTable table;
  table.implications = unique_tightest(std::move(found));
  return table;
}

void merge_implied_bounds(ImpliedBoundTable& table, std::vector<ImpliedBound> more) {
  if (more.empty()) return;
  std::vector<ImpliedBound> all = std::move(table.implications);
  all.insert(all.end(), more.begin(), more.end());
  table.implications = unique_tightest(std::move(all));
}

ImpliedBoundPair pair_of(const ImpliedBound& b) {
  ImpliedBoundPair pair{b.col, b.binary, b.upper, b.global, b.global};
  (b.when_one ? pair.at_one : pair.at_zero) = b.bound;
  return pair;
}

Cut implied_bound_cut(const ImpliedBound& b, int num_cols) { return implied_bound_cut(pair_of(b), num_cols); }

Cut implied_bound_cut(const ImpliedBoundPair& pair, int num_cols) {
  Cut cut;
  cut.a = Eigen::VectorXd::Zero(num_cols);
  cut.a[pair.col] = 1.0;
  cut.a[pair.binary] = -(pair.at_one - pair.at_zero);  // x - (b1 - b0) y against b0
  (pair.upper ? cut.upper : cut.lower) = pair.at_zero;
  return cut;
}

int separate_implied_bounds(const ImpliedBoundTable& table, const LpRelaxation& relaxation, CutPool& pool) {
  const Eigen::VectorXd x = relaxation.values();
  struct Candidate {
    ImpliedBoundPair pair;
    double efficacy;
  };
  std::vector<Candidate> violated;
  const std::vector<ImpliedBound>& all = table.implications;
  // The table is sorted by (col, binary, when_one, upper): the (up to four)
  // implications of one (x, y) are adjacent.
  for (size_t begin = 0, end = 0; begin < all.size(); begin = end) {
    end = begin;
    while (end < all.size() && all[end].col == all[begin].col && all[end].binary == all[begin].binary) ++end;
    for (const bool upper : {true, false}) {
      const ImpliedBound* at[2] = {nullptr, nullptr};  // the implication for y = 0 and y = 1
      for (size_t k = begin; k < end; ++k)
        if (all[k].upper == upper) at[all[k].when_one ? 1 : 0] = &all[k];
      if (at[0] == nullptr && at[1] == nullptr) continue;
      ImpliedBoundPair pair = pair_of(at[0] != nullptr ? *at[0] : *at[1]);
      if (at[0] != nullptr && at[1] != nullptr) pair.at_one = at[1]->bound;
      const double slope = pair.at_one - pair.at_zero;
      const double rhs = pair.at_zero + slope * x[pair.binary];
      const double violation = upper ? x[pair.col] - rhs : rhs - x[pair.col];
      if (violation <= kMinViolation * (1.0 + std::fabs(pair.at_zero) + std::fabs(pair.at_one))) continue;
      violated.push_back({pair, violation / std::sqrt(1.0 + slope * slope)});
    }
  }
  std::stable_sort(violated.begin(), violated.end(),
                   [](const Candidate& p, const Candidate& q) { return p.efficacy > q.efficacy; });
  if (violated.size() > kMaxCutsPerCall) violated.resize(kMaxCutsPerCall);
  for (const Candidate& c : violated) pool.add(implied_bound_cut(c.pair, relaxation.num_cols()));
  return static_cast<int>(violated.size());
}

}  // namespace milpsac::bnb
