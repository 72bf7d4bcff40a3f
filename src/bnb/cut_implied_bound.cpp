// Implied-bound cuts (see cut_implied_bound.h).
#include "bnb/cut_implied_bound.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

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
  for (size_t p = 0; p < len; ++p) {
    const int y = side.cols[p];
    const double ly = relaxation.lower(y), uy = relaxation.upper(y);
    if (!is_integer[uz(y)] || ly < 0.0 || uy > 1.0 || ly >= uy) continue;
    for (size_t q = 0; q < len; ++q) {
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
  // One implication per (x, y, v, side): the tightest (ties: the first found).
  std::stable_sort(found.begin(), found.end(), [](const ImpliedBound& p, const ImpliedBound& q) {
    const auto key = [](const ImpliedBound& b) {
      return std::make_tuple(b.col, b.binary, b.when_one, b.upper, b.upper ? b.bound : -b.bound);
    };
    return key(p) < key(q);
  });
  ImpliedBoundTable table;
  for (const ImpliedBound& b : found) {
    const std::vector<ImpliedBound>& kept = table.implications;
    if (!kept.empty() && kept.back().col == b.col && kept.back().binary == b.binary &&
        kept.back().when_one == b.when_one && kept.back().upper == b.upper)
      continue;
    table.implications.push_back(b);
  }
  return table;
}

Cut implied_bound_cut(const ImpliedBound& b, int num_cols) {
  Cut cut;
  cut.a = Eigen::VectorXd::Zero(num_cols);
  cut.a[b.col] = 1.0;
  const double gap = b.upper ? b.global - b.bound : b.bound - b.global;  // >= 0
  if (b.upper) {
    if (b.when_one) {  // x <= U - (U - b) y
      cut.a[b.binary] = gap;
      cut.upper = b.global;
    } else {  // x <= b + (U - b) y
      cut.a[b.binary] = -gap;
      cut.upper = b.bound;
    }
  } else {
    if (b.when_one) {  // x >= L + (b - L) y
      cut.a[b.binary] = -gap;
      cut.lower = b.global;
    } else {  // x >= b - (b - L) y
      cut.a[b.binary] = gap;
      cut.lower = b.bound;
    }
  }
  return cut;
}

int separate_implied_bounds(const ImpliedBoundTable& table, const LpRelaxation& relaxation, CutPool& pool) {
  const Eigen::VectorXd x = relaxation.values();
  struct Candidate {
    size_t index;
    double efficacy;
  };
  std::vector<Candidate> violated;
  for (size_t k = 0; k < table.implications.size(); ++k) {
    const ImpliedBound& b = table.implications[k];
    const double gap = b.upper ? b.global - b.bound : b.bound - b.global;
    const double t = b.when_one ? 1.0 - x[b.binary] : x[b.binary];  // 0 exactly when y = v
    const double violation = b.upper ? x[b.col] - (b.bound + gap * t) : (b.bound - gap * t) - x[b.col];
    if (violation <= kMinViolation * (1.0 + std::fabs(b.bound) + std::fabs(b.global))) continue;
    violated.push_back({k, violation / std::sqrt(1.0 + gap * gap)});
  }
  std::stable_sort(violated.begin(), violated.end(),
                   [](const Candidate& p, const Candidate& q) { return p.efficacy > q.efficacy; });
  if (violated.size() > kMaxCutsPerCall) violated.resize(kMaxCutsPerCall);
  for (const Candidate& c : violated) pool.add(implied_bound_cut(table.implications[c.index], relaxation.num_cols()));
  return static_cast<int>(violated.size());
}

}  // namespace milpsac::bnb
