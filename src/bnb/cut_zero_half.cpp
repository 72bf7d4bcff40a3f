// Zero-half cuts by Gaussian elimination over GF(2) (see cut_zero_half.h).
#include "bnb/cut_zero_half.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numeric>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kZero = 1e-12;         // coefficients below this are ignored
constexpr double kIntegral = 1e-9;      // a coefficient this close to an integer is that integer
constexpr double kAtBound = 1e-9;       // a complemented LP value below this counts as 0 (free to stay odd)
constexpr double kMinViolation = 1e-3;  // of the cut at x, in the units of its integer coefficients
// A combination is a cut when its weight (slacks plus odd LP values) is
// below this: its violation is (1 - weight) / 2 > kMinViolation.
constexpr double kMaxWeight = 1.0 - 2.0 * kMinViolation;
constexpr int kMaxRows = 3000;           // row sides kept for the elimination, smallest slack first
constexpr long kMaxWork = 50000000;      // 64-bit word operations of the elimination per call
constexpr int kMaxCuts = 100;            // cuts per call
constexpr double kMaxCoefficient = 1e6;  // combined coefficients above this: the row is skipped
// A cut may use at most max(kMinSupportLimit, min(n / 2, kMaxSupport))
// columns: combinations of set-partitioning rows cover thousands of columns
// (nw04: 2,000 to 46,000 of 87,000), and such rows made its root LPs so slow
// that the cut loop did not end within 60 s (8 nodes in 14 s without them).
constexpr int kMinSupportLimit = 50;
constexpr int kMaxSupport = 1000;

using Bits = std::vector<uint64_t>;

bool test_bit(const Bits& bits, int k) { return (bits[uz(k / 64)] >> (k % 64)) & 1u; }
void flip_bit(Bits& bits, int k) { bits[uz(k / 64)] ^= uint64_t{1} << (k % 64); }

// One usable row side in the complemented space: sum g_j z_j <= beta, g and
// beta integers, with its slack at the LP point.
struct IntegralRow {
  std::vector<std::pair<int, double>> terms;  // integer column, g_j (nonzero)
  double beta = 0.0;
  double slack = 0.0;
};

// How each integer column is complemented: z = x - lower (false) or
// z = upper - x (true), at the bound nearer the LP value; and that z.
struct Complemented {
  std::vector<char> at_upper;
  std::vector<char> usable;  // a finite bound to complement at
  Eigen::VectorXd z;
};

Complemented complement(const LpRelaxation& relaxation, const std::vector<char>& is_integer, const Eigen::VectorXd& x) {
  const int n = relaxation.num_cols();
  Complemented c;
  c.at_upper.assign(uz(n), 0);
  c.usable.assign(uz(n), 0);
  c.z = Eigen::VectorXd::Zero(n);
  for (int j = 0; j < n; ++j) {
    if (!is_integer[uz(j)]) continue;
    const double l = relaxation.lower(j), u = relaxation.upper(j);
    if (!std::isfinite(l) && !std::isfinite(u)) continue;
    c.usable[uz(j)] = 1;
    const bool upper = !std::isfinite(l) || (std::isfinite(u) && u - x[j] < x[j] - l);
    c.at_upper[uz(j)] = upper;
    c.z[j] = std::max(0.0, upper ? u - x[j] : x[j] - l);
  }
  return c;
}

// Row side `sign` * (a x) <= `side` as an IntegralRow; false when it has a
// non-integral coefficient on an integer column, an integer column without a
// finite bound, a continuous column that cannot be relaxed to a finite bound,
// or too large a slack to be of use.
bool integral_row(const lp::RowMajorMatrix& rows, int i, double sign, double side, const LpRelaxation& relaxation,
                  const std::vector<char>& is_integer, const Complemented& c, const Eigen::VectorXd& x,
                  IntegralRow& out) {
  out.terms.clear();
  double beta = side;
  double relaxed = 0.0;  // LP activity of the continuous columns over their relaxed bounds (>= 0)
  for (lp::RowMajorMatrix::InnerIterator it(rows, i); it; ++it) {
    const int j = static_cast<int>(it.col());
    const double a = sign * it.value();
    if (std::fabs(a) <= kZero && is_integer[uz(j)]) continue;
    const double l = relaxation.lower(j), u = relaxation.upper(j);
    if (!is_integer[uz(j)]) {
      // a x_j >= a l (a > 0) or a u (a < 0): the row holds without the column.
      const double bound = a > 0 ? l : u;
      if (!std::isfinite(bound)) return false;
      beta -= a * bound;
      relaxed += a * (x[j] - bound);
      continue;
    }
    if (!c.usable[uz(j)]) return false;
    const double g = std::round(a);
    if (std::fabs(a - g) > kIntegral * std::max(1.0, std::fabs(a))) return false;
    if (g == 0.0) continue;  // exact integer (rounded above)
    if (c.at_upper[uz(j)]) {
      beta -= g * u;
      out.terms.emplace_back(j, -g);
    } else {
      beta -= g * l;
      out.terms.emplace_back(j, g);
    }
  }
  if (out.terms.empty() || !std::isfinite(beta)) return false;
  // Integer terms: their sum is an integer <= beta, so <= floor(beta).
  out.beta = std::floor(beta + kIntegral * std::max(1.0, std::fabs(beta)));
  double activity = 0.0;
  for (const auto& [j, g] : out.terms) activity += g * c.z[j];
  out.slack = std::max(0.0, out.beta - activity + std::max(0.0, relaxed));
  return out.slack < kMaxWeight;
}

// The cut from adding up `members` and halving, in the model's columns:
// sum floor(G_j / 2) z_j <= floor(B / 2) written back through z's
// complementation (h (x - l) <= r is h x <= r + h l; h (u - x) <= r is
// -h x <= r - h u). False when B is even or the numbers are too large to be exact.
bool halved_cut(const std::vector<IntegralRow>& candidates, const std::vector<int>& members,
                const LpRelaxation& relaxation, const Complemented& c, Cut& cut) {
  const int n = relaxation.num_cols();
  Eigen::VectorXd combined = Eigen::VectorXd::Zero(n);
  double beta = 0.0;
  for (int r : members) {
    for (const auto& [j, g] : candidates[uz(r)].terms) combined[j] += g;
    beta += candidates[uz(r)].beta;
  }
  if (std::fabs(beta) > kMaxCoefficient || std::fmod(std::fabs(beta), 2.0) != 1.0) return false;
  cut.a = Eigen::VectorXd::Zero(n);
  double upper = std::floor(beta / 2.0);
  for (int j = 0; j < n; ++j) {
    if (combined[j] == 0.0) continue;  // integers: exact
    if (std::fabs(combined[j]) > kMaxCoefficient) return false;
    const double h = std::floor(combined[j] / 2.0);
    if (h == 0.0) continue;
    if (c.at_upper[uz(j)]) {
      cut.a[j] = -h;
      upper -= h * relaxation.upper(j);
    } else {
      cut.a[j] = h;
      upper += h * relaxation.lower(j);
    }
  }
  const long support = (cut.a.array() != 0.0).count();
  if (!std::isfinite(upper) || support == 0 || support > std::max(kMinSupportLimit, std::min(n / 2, kMaxSupport)))
    return false;
  cut.lower = -INFINITY;
  cut.upper = upper;
  return true;
}

// The usable row sides, smallest slack first (ties: row order), at most kMaxRows.
std::vector<IntegralRow> candidate_rows(const LpRelaxation& relaxation, const std::vector<char>& is_integer,
                                        const Complemented& c, const Eigen::VectorXd& x) {
  const lp::LinearProgram& model = relaxation.model();
  const lp::RowMajorMatrix rows = model.A;  // rows are scanned: a row-major copy once
  std::vector<IntegralRow> found;
  IntegralRow row;
  for (int i = 0; i < relaxation.num_original_rows(); ++i) {
    const double lower = model.row_lower[i], upper = model.row_upper[i];
    // An equality's two sides are the same row mod 2: one is enough.
    if (std::isfinite(upper) && integral_row(rows, i, 1.0, upper, relaxation, is_integer, c, x, row))
      found.push_back(row);
    if (std::isfinite(lower) && lower < upper && integral_row(rows, i, -1.0, -lower, relaxation, is_integer, c, x, row))
      found.push_back(row);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const IntegralRow& p, const IntegralRow& q) { return p.slack < q.slack; });
  if (found.size() > uz(kMaxRows)) found.resize(uz(kMaxRows));
  return found;
}

// A combination of candidate rows mod 2: its odd columns (and the parity of
// its right-hand side, the last bit) and the rows it adds up.
struct Combination {
  Bits columns;
  Bits rows;
  int pivot = -1;  // lowest odd column (the kept rows are reduced below it)
};

}  // namespace

int separate_zero_half(const LpRelaxation& relaxation, const std::vector<char>& is_integer, CutPool& pool) {
  const Eigen::VectorXd x = relaxation.values();
  const Complemented c = complement(relaxation, is_integer, x);
  const std::vector<IntegralRow> candidates = candidate_rows(relaxation, is_integer, c, x);
  if (candidates.empty()) return 0;
  // The columns of the elimination: odd in some row and away from their
  // bound; largest z first, so the pivots remove the costliest odd columns.
  const int n = relaxation.num_cols();
  std::vector<char> odd_somewhere(uz(n), 0);
  for (const IntegralRow& row : candidates)
    for (const auto& [j, g] : row.terms)
      if (std::fmod(std::fabs(g), 2.0) == 1.0) odd_somewhere[uz(j)] = 1;
  std::vector<int> columns;
  for (int j = 0; j < n; ++j)
    if (odd_somewhere[uz(j)] && c.z[j] > kAtBound) columns.push_back(j);
  std::stable_sort(columns.begin(), columns.end(), [&](int p, int q) { return c.z[p] > c.z[q]; });
  std::vector<int> position(uz(n), -1);
  for (size_t k = 0; k < columns.size(); ++k) position[uz(columns[k])] = static_cast<int>(k);
  const int rhs_bit = static_cast<int>(columns.size());
  const size_t column_words = uz(rhs_bit / 64 + 1);
  const size_t row_words = (candidates.size() + 63) / 64;

  std::vector<Combination> kept;               // reduced rows, each with its own pivot
  std::vector<int> pivot_of(uz(rhs_bit), -1);  // kept row whose pivot is this column
  std::vector<int> members;
  long work = 0;
  int added = 0;
  for (size_t r = 0; r < candidates.size() && work < kMaxWork && added < kMaxCuts; ++r) {
    Combination current{Bits(column_words, 0), Bits(row_words, 0), -1};
    for (const auto& [j, g] : candidates[r].terms)
      if (position[uz(j)] >= 0 && std::fmod(std::fabs(g), 2.0) == 1.0) flip_bit(current.columns, position[uz(j)]);
    if (std::fmod(std::fabs(candidates[r].beta), 2.0) == 1.0) flip_bit(current.columns, rhs_bit);
    flip_bit(current.rows, static_cast<int>(r));
    // Reduce against the kept rows, lowest column first: a kept row is zero
    // below its pivot, so the columns already passed stay reduced.
    for (int k = 0; k < rhs_bit; ++k) {
      if (!test_bit(current.columns, k) || pivot_of[uz(k)] < 0) continue;
      const Combination& other = kept[uz(pivot_of[uz(k)])];
      for (size_t w = uz(k / 64); w < column_words; ++w) current.columns[w] ^= other.columns[w];
      for (size_t w = 0; w < row_words; ++w) current.rows[w] ^= other.rows[w];
      work += static_cast<long>(column_words + row_words);
    }
    double weight = 0.0;
    members.clear();
    for (size_t w = 0; w < row_words; ++w)
      for (uint64_t bits = current.rows[w]; bits != 0; bits &= bits - 1) {
        const int member = static_cast<int>(w * 64) + std::countr_zero(bits);
        members.push_back(member);
        weight += candidates[uz(member)].slack;
      }
    int lowest = -1;
    for (int k = 0; k < rhs_bit; ++k) {
      if (!test_bit(current.columns, k)) continue;
      if (lowest < 0) lowest = k;
      weight += c.z[columns[uz(k)]];
    }
    if (test_bit(current.columns, rhs_bit) && weight < kMaxWeight) {
      Cut cut;
      if (halved_cut(candidates, members, relaxation, c, cut) && cut_violation(cut, x) > kMinViolation) {
        pool.add(std::move(cut));
        ++added;
      }
      continue;
    }
    if (lowest < 0) continue;  // nothing odd left: no new pivot
    current.pivot = lowest;
    pivot_of[uz(lowest)] = static_cast<int>(kept.size());
    kept.push_back(std::move(current));
  }
  return added;
}

}  // namespace milpsac::bnb
