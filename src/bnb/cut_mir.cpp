// c-MIR separation on rows and row aggregations (see cut_mir.h).
#include "bnb/cut_mir.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "bnb/cut_flow_cover.h"
#include "bnb/fractional_rows.h"
#include "bnb/lifted_cover.h"
#include "bnb/two_column_rows.h"
#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr int kMaxAggregations = 4;        // rows added to a starting row at most
constexpr double kZero = 1e-12;            // coefficients below this are ignored
constexpr double kMinFraction = 0.05;      // f0 of beta / delta in [0.05, 0.95], else the cut is weak
constexpr double kMaxScaled = 1e6;         // |g / delta| above this: delta too small to be safe
constexpr double kInside = 1e-6;           // a value this far from its bounds is strictly inside
constexpr double kTightRow = 1e-6;         // row slack (relative) below which a row can be aggregated
constexpr double kMaxDynamism = 1e6;       // max |coef| / min |coef| of a kept cut
constexpr double kTinyCoefficient = 1e-9;  // relative to max |coef|: removed over the column bound
constexpr double kMinEfficacy = 1e-5;      // violation over the norm of the cut, below which it is not kept
constexpr double kRhsMargin = 1e-9;        // relative safety margin on the right-hand side
constexpr double kSameDivisor = 1e-9;      // relative: two candidate divisors this close are one (no second try)
constexpr size_t kMaxDivisors = 8;         // candidate divisors per knapsack (each costs one MIR)
constexpr double kMinImprovement = 1e-9;   // a later divisor must beat the best efficacy by this: ties keep the first
// Divisors tried below the best one (delta / 2, / 4, / 8), as Marchand and Wolsey.
constexpr std::array<double, 3> kDivisorFactors = {2.0, 4.0, 8.0};
constexpr size_t kMaxComplemented = 10;   // interior integer columns tried complemented, nearest the middle first
constexpr double kCoverTolerance = 1e-6;  // lifted covers: a binary at 1 or 0 within this; the least cover excess

// Tableau rows (separate_tableau_mir), as for GMI: entries above this are unreliable, below it zero.
constexpr double kMaxTableauEntry = 1e7;
constexpr double kZeroTableauEntry = 1e-11;

// x <= d + e y (upper) or x >= d + e y (lower), y a binary column.
struct VariableBound {
  int y;
  double d, e;
  bool upper;
};

// How a continuous column became its slack s >= 0.
enum class Subst { kLower, kUpper, kVub, kVlb };
struct Continuous {
  int col;
  double coef;  // c in the mixed knapsack (coefficient of s)
  Subst kind;
  const VariableBound* vb;  // for kVub / kVlb
};

// A dense vector with its support (indices with a nonzero written at least once).
struct SparseAccumulator {
  Eigen::VectorXd value;
  std::vector<int> support;
  std::vector<char> in_support;
  explicit SparseAccumulator(int n) : value(Eigen::VectorXd::Zero(n)), in_support(uz(n), 0) {}
  void add(int j, double v) {
    if (!in_support[uz(j)]) {
      in_support[uz(j)] = 1;
      support.push_back(j);
    }
    value[j] += v;
  }
  void clear() {
    for (int j : support) {
      value[j] = 0.0;
      in_support[uz(j)] = 0;
    }
    support.clear();
  }
};

class MirSeparator {
 public:
  MirSeparator(const LpRelaxation& relaxation, const CutBounds& bounds, const std::vector<char>& is_integer,
               const FlowCoverSeparator* flow_covers)
      : flow_covers_(flow_covers),
        relaxation_(relaxation),
        bounds_(bounds),
        model_(relaxation.model()),
        is_integer_(is_integer),
        rows_(relaxation.model().A),
        n_(relaxation.num_cols()),
        m_(relaxation.num_original_rows()),
        rows_all_(relaxation.model().num_rows()),
        x_(relaxation.values()),
        activity_(Eigen::VectorXd::Zero(rows_all_)),
        integral_row_(uz(rows_all_), 0),
        bounds_of_(uz(n_)),
        aggregate_(n_ + rows_all_),
        integer_part_(n_ + rows_all_),
        cut_(n_ + rows_all_) {
    for (int i = 0; i < rows_all_; ++i) {
      bool integral = true;
      for (lp::RowMajorMatrix::InnerIterator it(rows_, i); it; ++it) {
        activity_[i] += it.value() * x_[it.col()];
        integral = integral && is_integer_[uz(it.col())] && is_integral(it.value());
      }
      integral_row_[uz(i)] = integral ? 1 : 0;
    }
    find_variable_bounds();
  }

  int run(CutPool& pool) {
    int added = 0;
    std::vector<char> used(uz(m_), 0);
    for (int i = 0; i < m_; ++i)
      for (int side = 0; side < 2; ++side) {
        const double b = side == 0 ? model_.row_upper[i] : -model_.row_lower[i];
        if (!std::isfinite(b)) continue;
        if (try_row(i, side == 0 ? 1.0 : -1.0, b, used, pool)) ++added;
      }
    return added;
  }

  // c-MIR (and lifted covers) on rows of the optimal simplex tableau: for a
  // basic integer column x_b at a fractional value, x_b + sum_v alpha_v y_v = 0
  // over the nonbasic columns and row logicals y (a logical is its row's
  // activity a_i x, bounded by the row's sides). The logicals are the
  // extended columns n + i of the knapsack (integer when the row is
  // integral), substituted at their nearest side like any column, and written
  // back in x when the cut is emitted. Both senses of the equation are tried.
  int run_tableau(CutPool& pool, int max_rows) {
    const lp::SimplexSolver& simplex = relaxation_.simplex();
    const std::vector<int> chosen =
        most_fractional_rows(simplex, rows_all_, n_, is_integer_, x_, kMinFraction, max_rows);
    int added = 0;
    Eigen::VectorXd row;
    for (const int r : chosen) {
      const int b = simplex.basic_variable(r);
      simplex.tableau_row(r, row);
      bool usable = true;
      for (int side = 0; side < 2 && usable; ++side) {
        const double sign = side == 0 ? 1.0 : -1.0;
        aggregate_.clear();
        for (int v = 0; v < n_ + rows_all_; ++v) {
          const double alpha = v == b ? 1.0 : row[v];
          if (std::fabs(alpha) <= kZeroTableauEntry) continue;
          if (std::fabs(alpha) > kMaxTableauEntry) {
            usable = false;
            break;
          }
          if (v != b && simplex.variable_status(v) == lp::VarStatus::kBasic) continue;
          aggregate_.add(v, sign * alpha);
        }
        if (!usable) break;
        aggregate_rhs_ = 0.0;
        if (separate_aggregate(pool)) {
          ++added;
          break;
        }
      }
    }
    return added;
  }

 private:
  // Extended columns: 0..n-1 the model's columns, n + i the logical of row i
  // (its activity a_i x, within the row's sides; integral rows round them).
  double lo(int j) const {
    if (j < n_) return bounds_.lower[j];
    const double l = model_.row_lower[j - n_];
    return integral_row_[uz(j - n_)] && std::isfinite(l) ? std::ceil(l - kIntegral) : l;
  }
  double hi(int j) const {
    if (j < n_) return bounds_.upper[j];
    const double u = model_.row_upper[j - n_];
    return integral_row_[uz(j - n_)] && std::isfinite(u) ? std::floor(u + kIntegral) : u;
  }
  double val(int j) const { return j < n_ ? x_[j] : activity_[j - n_]; }
  bool integral(int j) const { return j < n_ ? is_integer_[uz(j)] != 0 : integral_row_[uz(j - n_)] != 0; }

  // Two-column rows with one continuous and one binary column are variable bounds.
  void find_variable_bounds() {
    for_each_continuous_binary_row(rows_, m_, bounds_, is_integer_, [&](int i, int x, int y, double a, double c) {
      if (std::fabs(a) <= kZero) return;
      // a x + c y <= U  ->  x <= U/a - (c/a) y when a > 0, x >= ... when a < 0; alike for >= L.
      if (std::isfinite(model_.row_upper[i])) bounds_of_[uz(x)].push_back({y, model_.row_upper[i] / a, -c / a, a > 0});
      if (std::isfinite(model_.row_lower[i])) bounds_of_[uz(x)].push_back({y, model_.row_lower[i] / a, -c / a, a < 0});
    });
  }

  double row_slack(int i, double multiplier) const {
    // Slack of the side the multiplier uses (> 0: upper, < 0: lower).
    return multiplier > 0 ? model_.row_upper[i] - activity_[i] : activity_[i] - model_.row_lower[i];
  }

  // The distance of continuous column j from its nearest bound (simple or
  // variable), and the bound its slack s >= 0 is taken from: the nearest.
  // Among bounds equally near (within kInside), one whose slack drops out of
  // the cut (a nonnegative coefficient in the <= knapsack) comes first, then a
  // variable bound before a simple one (it carries the binary's information).
  // The first rule is for flows: an idle arc x >= 0 at 0 also sits on its
  // variable upper bound x <= u y (y = 0); through that bound y would enter
  // the knapsack with -u and weaken the cut, through x >= 0 the arc drops out,
  // and a node's inflow gives sum y_in >= 1 (p200x1188c: root bound 6,272 ->
  // 10,175; HiGHS's transformed LP breaks ties the same way).
  Continuous substitute(int j, double coef, double& distance) const {
    const double l = lo(j), u = hi(j), v = val(j);
    Continuous best{j, 0.0, Subst::kLower, nullptr};
    distance = INFINITY;
    auto rank = [](const Continuous& s) { return 2 * (s.coef >= 0.0) + (s.vb != nullptr); };
    auto offer = [&](double dist, const Continuous& s) {
      const bool nearer = dist < distance - kInside;
      if (nearer || (dist <= distance + kInside && rank(s) > rank(best))) best = s;
      distance = std::min(distance, dist);
    };
    static const std::vector<VariableBound> kNone;
    for (const VariableBound& vb : j < n_ ? bounds_of_[uz(j)] : kNone) {
      const double at = vb.d + vb.e * x_[vb.y];
      offer(vb.upper ? at - v : v - at, {j, vb.upper ? -coef : coef, vb.upper ? Subst::kVub : Subst::kVlb, &vb});
    }
    if (std::isfinite(l)) offer(v - l, {j, coef, Subst::kLower, nullptr});
    if (std::isfinite(u)) offer(u - v, {j, -coef, Subst::kUpper, nullptr});
    return best;
  }

  // The mixed knapsack of the current aggregate. False if a column has no usable bound.
  bool build_knapsack() {
    continuous_.clear();
    integer_part_.clear();
    beta_ = aggregate_rhs_;
    for (int j : aggregate_.support) {
      const double a = aggregate_.value[j];
      if (std::fabs(a) <= kZero) continue;
      if (integral(j)) {
        integer_part_.add(j, a);
        continue;
      }
      double distance;
      const Continuous s = substitute(j, a, distance);
      if (!std::isfinite(distance)) return false;
      switch (s.kind) {
        case Subst::kLower:
          beta_ -= a * lo(j);
          break;
        case Subst::kUpper:
          beta_ -= a * hi(j);
          break;
        case Subst::kVub:  // x = d + e y - s
        case Subst::kVlb:  // x = d + e y + s
          beta_ -= a * s.vb->d;
          integer_part_.add(s.vb->y, a * s.vb->e);
          break;
      }
      continuous_.push_back(s);
    }
    integers_.clear();
    for (int j : integer_part_.support) {
      if (std::fabs(integer_part_.value[j]) <= kZero) continue;
      const double l = lo(j), u = hi(j);
      if (!std::isfinite(l) && !std::isfinite(u)) return false;
      integers_.push_back(j);
    }
    if (integers_.empty()) return false;
    at_upper_.assign(integers_.size(), 0);
    for (size_t k = 0; k < integers_.size(); ++k) {
      const int j = integers_[k];
      const double l = lo(j), u = hi(j);
      at_upper_[k] = !std::isfinite(l) || (std::isfinite(u) && u - val(j) < val(j) - l);
    }
    return true;
  }

  // The MIR cut for divisor delta under the current complementation, written
  // in x into cut_ (pi x <= pi0); returns its efficacy at x (0 when none).
  double mir(double delta, double& pi0) {
    cut_.clear();
    double beta = beta_;
    for (size_t k = 0; k < integers_.size(); ++k) {
      const int j = integers_[k];
      beta -= integer_part_.value[j] * (at_upper_[k] ? hi(j) : lo(j));
    }
    const double scaled_beta = beta / delta;
    if (std::fabs(scaled_beta) > kMaxScaled) return 0.0;
    const double f0 = fractional_part(scaled_beta);
    if (f0 < kMinFraction || f0 > 1.0 - kMinFraction) return 0.0;
    pi0 = std::floor(scaled_beta);
    for (size_t k = 0; k < integers_.size(); ++k) {
      const int j = integers_[k];
      const double g = (at_upper_[k] ? -integer_part_.value[j] : integer_part_.value[j]) / delta;
      if (std::fabs(g) > kMaxScaled) return 0.0;
      const double fg = fractional_part(g);
      const double coef = std::floor(g) + std::max(0.0, fg - f0) / (1.0 - f0);
      if (coef == 0.0) continue;
      // z = x - l (pi x, pi0 += pi l) or z = u - x (-pi x, pi0 -= pi u).
      if (at_upper_[k]) {
        cut_.add(j, -coef);
        pi0 -= coef * hi(j);
      } else {
        cut_.add(j, coef);
        pi0 += coef * lo(j);
      }
    }
    add_continuous_part(1.0 / (delta * (1.0 - f0)), pi0);
    return efficacy(pi0);
  }

  // The continuous part of a cut on the knapsack: each s with a negative
  // coefficient c enters as (c * scale) s, written back in x; the others are
  // dropped (s >= 0, so dropping them from a <= row is a relaxation).
  void add_continuous_part(double scale, double& pi0) {
    for (const Continuous& s : continuous_) {
      if (s.coef >= 0.0) continue;
      const double mu = s.coef * scale;
      const int j = s.col;
      switch (s.kind) {
        case Subst::kLower:  // s = x - l
          cut_.add(j, mu);
          pi0 += mu * lo(j);
          break;
        case Subst::kUpper:  // s = u - x
          cut_.add(j, -mu);
          pi0 -= mu * hi(j);
          break;
        case Subst::kVub:  // s = d + e y - x
          cut_.add(j, -mu);
          cut_.add(s.vb->y, mu * s.vb->e);
          pi0 -= mu * s.vb->d;
          break;
        case Subst::kVlb:  // s = x - d - e y
          cut_.add(j, mu);
          cut_.add(s.vb->y, -mu * s.vb->e);
          pi0 += mu * s.vb->d;
          break;
      }
    }
  }

  // The efficacy at x of the cut in cut_ (pi x <= pi0), 0 when it is not violated.
  double efficacy(double pi0) const {
    double activity = 0.0, norm2 = 0.0;
    for (int j : cut_.support) {
      activity += cut_.value[j] * val(j);
      norm2 += cut_.value[j] * cut_.value[j];
    }
    if (!(norm2 > 0.0)) return 0.0;
    return std::max(0.0, (activity - pi0) / std::sqrt(norm2));
  }

  // The lifted cover (lifted_cover.h) of the current knapsack when its
  // integer columns are all binary: each binary complemented so that its
  // coefficient is positive, the continuous columns with a negative
  // coefficient as s. Written into cut_ (pi x <= pi0); returns its efficacy
  // at x (0 when none).
  double lifted_cover_cut(double& pi0) {
    std::vector<double> a, z;
    std::vector<int> cols;
    std::vector<char> complemented;
    double beta = beta_;
    for (int j : integers_) {
      const double g = integer_part_.value[j];
      const double l = lo(j), u = hi(j);
      if (u - l <= kZero) {  // fixed: a constant of the row
        beta -= g * l;
        continue;
      }
      if (std::fabs(l) > kZero || std::fabs(u - 1.0) > kZero) return 0.0;
      const bool flip = g < 0.0;  // g x = g + (-g)(1 - x)
      if (flip) beta -= g;
      a.push_back(std::fabs(g));
      z.push_back(std::clamp(flip ? 1.0 - val(j) : val(j), 0.0, 1.0));
      cols.push_back(j);
      complemented.push_back(flip ? 1 : 0);
    }
    if (cols.empty()) return 0.0;
    const std::optional<LiftedCover> cover = lifted_mixed_binary_cover(a, z, beta, kCoverTolerance);
    if (!cover) return 0.0;
    cut_.clear();
    pi0 = cover->rhs;
    for (size_t k = 0; k < cols.size(); ++k) {
      const double c = cover->coef[k];
      if (c == 0.0) continue;
      if (complemented[k]) {  // c (1 - x)
        cut_.add(cols[k], -c);
        pi0 -= c;
      } else {
        cut_.add(cols[k], c);
      }
    }
    add_continuous_part(1.0, pi0);
    return efficacy(pi0);
  }

  // The cut in cut_ becomes the one emit() adds (cut_ is rebuilt by every candidate).
  void keep_current_cut() {
    best_cut_ = cut_.value;
    best_support_ = cut_.support;
  }

  // Best divisor and complementation for the current knapsack; the cut stays in best_.
  double best_mir(double& best_pi0) {
    std::vector<double> divisors;
    for (size_t k = 0; k < integers_.size(); ++k) {
      const int j = integers_[k];
      const double g = std::fabs(integer_part_.value[j]);
      if (val(j) <= lo(j) + kInside || val(j) >= hi(j) - kInside) continue;
      bool seen = false;
      for (double d : divisors) seen = seen || std::fabs(d - g) <= kSameDivisor * std::max(1.0, g);
      if (!seen) divisors.push_back(g);
      if (divisors.size() >= kMaxDivisors) break;
    }
    if (divisors.empty()) return 0.0;
    double best = 0.0, best_delta = 0.0;
    auto consider = [&](double delta) {
      double pi0 = 0.0;
      const double eff = mir(delta, pi0);
      if (eff > best + kMinImprovement) {
        best = eff;
        best_delta = delta;
        best_pi0 = pi0;
        keep_current_cut();
      }
    };
    for (double d : divisors) consider(d);
    if (best_delta == 0.0) return 0.0;
    const double base = best_delta;
    for (double factor : kDivisorFactors) consider(base / factor);
    // Complement single interior integer columns, nearest the middle first.
    std::vector<size_t> interior;
    for (size_t k = 0; k < integers_.size(); ++k) {
      const int j = integers_[k];
      if (std::isfinite(lo(integers_[k])) && std::isfinite(hi(j)) && val(j) > lo(j) + kInside &&
          val(j) < hi(j) - kInside)
        interior.push_back(k);
    }
    auto middle_distance = [&](size_t k) {
      const int j = integers_[k];
      return std::fabs(val(j) - 0.5 * (lo(j) + hi(j)));
    };
    std::stable_sort(interior.begin(), interior.end(),
                     [&](size_t p, size_t q) { return middle_distance(p) < middle_distance(q); });
    if (interior.size() > kMaxComplemented) interior.resize(kMaxComplemented);
    for (size_t k : interior) {
      at_upper_[k] = !at_upper_[k];
      const double before = best;
      consider(best_delta);
      if (!(best > before)) at_upper_[k] = !at_upper_[k];
    }
    return best;
  }

  // Clean the best cut up and add it to the pool. False if it fails a safeguard.
  bool emit(double pi0, CutPool& pool) {
    // A logical's term c s_i is c a_i x (s_i = a_i x exactly).
    bool logicals = false;
    for (int j : best_support_) logicals = logicals || (j >= n_ && best_cut_[j] != 0.0);
    if (logicals) {
      std::vector<int> support;
      std::vector<char> seen(uz(n_), 0);
      Eigen::VectorXd in_x = Eigen::VectorXd::Zero(n_ + rows_all_);
      auto add = [&](int j, double c) {
        if (!seen[uz(j)]) {
          seen[uz(j)] = 1;
          support.push_back(j);
        }
        in_x[j] += c;
      };
      for (int j : best_support_) {
        const double c = best_cut_[j];
        if (c == 0.0) continue;
        if (j < n_) {
          add(j, c);
        } else {
          for (lp::RowMajorMatrix::InnerIterator it(rows_, j - n_); it; ++it)
            add(static_cast<int>(it.col()), c * it.value());
        }
      }
      best_cut_ = std::move(in_x);
      best_support_ = std::move(support);
    }
    double largest = 0.0;
    for (int j : best_support_) largest = std::max(largest, std::fabs(best_cut_[j]));
    if (!(largest > 0.0) || !std::isfinite(largest) || !std::isfinite(pi0)) return false;
    Cut cut;
    cut.a = Eigen::VectorXd::Zero(n_);
    double smallest = INFINITY;
    size_t support = 0;
    for (int j : best_support_) {
      const double c = best_cut_[j];
      if (c == 0.0) continue;
      if (std::fabs(c) < kTinyCoefficient * largest) {
        // c x_j >= its least value over the bounds: drop it from the <= row.
        const double least = c > 0 ? c * lo(j) : c * hi(j);
        if (!std::isfinite(least)) return false;
        pi0 -= least;
        continue;
      }
      cut.a[j] = c;
      smallest = std::min(smallest, std::fabs(c));
      ++support;
    }
    if (support == 0 || largest / smallest > kMaxDynamism) return false;
    pi0 += kRhsMargin * std::max(1.0, std::fabs(pi0));
    cut.a /= largest;
    cut.upper = pi0 / largest;
    if (cut_efficacy(cut, x_) < kMinEfficacy) return false;
    pool.add(std::move(cut));
    return true;
  }

  // Eliminate one interior continuous column by a tight row. False if none can be.
  bool aggregate_once(std::vector<char>& used, std::vector<int>& used_list) {
    int best_col = -1, best_row = -1;
    double best_distance = kInside, best_multiplier = 0.0;
    for (int j : aggregate_.support) {
      const double a = aggregate_.value[j];
      if (integral(j) || std::fabs(a) <= kZero) continue;
      double distance;
      substitute(j, a, distance);
      if (!(distance > best_distance)) continue;
      int row = -1;
      size_t row_size = 0;
      double multiplier = 0.0;
      for (lp::SparseMatrix::InnerIterator it(model_.A, j); it; ++it) {
        const int i = static_cast<int>(it.row());
        if (i >= m_ || used[uz(i)] || std::fabs(it.value()) <= kZero) continue;
        const double lambda = -a / it.value();
        const double rhs = lambda > 0 ? model_.row_upper[i] : model_.row_lower[i];
        if (!std::isfinite(rhs) || row_slack(i, lambda) > kTightRow * (1.0 + std::fabs(rhs))) continue;
        const size_t size = uz(rows_.row(i).nonZeros());
        if (row < 0 || size < row_size) {
          row = i;
          row_size = size;
          multiplier = lambda;
        }
      }
      if (row < 0) continue;
      best_col = j;
      best_row = row;
      best_distance = distance;
      best_multiplier = multiplier;
    }
    if (best_row < 0) return false;
    for (lp::RowMajorMatrix::InnerIterator it(rows_, best_row); it; ++it)
      aggregate_.add(static_cast<int>(it.col()), best_multiplier * it.value());
    aggregate_.value[best_col] = 0.0;  // eliminated exactly
    aggregate_rhs_ += best_multiplier * (best_multiplier > 0 ? model_.row_upper[best_row] : model_.row_lower[best_row]);
    used[uz(best_row)] = 1;
    used_list.push_back(best_row);
    return true;
  }

  // The best c-MIR or lifted cover cut of the current aggregate, added to
  // the pool. False if there is none (or it fails a safeguard).
  bool separate_aggregate(CutPool& pool) {
    if (!build_knapsack()) return false;
    double pi0 = 0.0;
    double best = best_mir(pi0);
    // The lifted cover where it is the more efficacious cut.
    double cover_pi0 = 0.0;
    const double cover = lifted_cover_cut(cover_pi0);
    if (cover > best + kMinImprovement) {
      best = cover;
      pi0 = cover_pi0;
      keep_current_cut();
    }
    return best >= kMinEfficacy && emit(pi0, pool);
  }

  bool try_row(int i, double sign, double b, std::vector<char>& used, CutPool& pool) {
    aggregate_.clear();
    for (lp::RowMajorMatrix::InnerIterator it(rows_, i); it; ++it)
      aggregate_.add(static_cast<int>(it.col()), sign * it.value());
    aggregate_rhs_ = b;
    std::vector<int> used_list{i};
    used[uz(i)] = 1;
    bool added = false;
    for (int round = 0; round <= kMaxAggregations; ++round) {
      // An aggregation is a row side of its own for the flow cover separator
      // (single rows it reads itself); a cut from either ends the path.
      // Measured (root bound, 20 s): modglob 20.53M -> 20.63M and proven in
      // 1.6 s instead of 28 s; fixnet6 3,257 -> 3,561; set1ch 53,278 ->
      // 53,048 (the flow covers take pool room from stronger MIR cuts). Trying
      // the flow cover only where the MIR fails kept set1ch (53,266) but
      // gave half of modglob's gain.
      if (round > 0 && flow_covers_ != nullptr &&
          flow_covers_->separate(aggregate_.support, aggregate_.value, aggregate_rhs_, pool)) {
        added = true;
        break;
      }
      if (separate_aggregate(pool)) {
        added = true;
        break;
      }
      if (round == kMaxAggregations || !aggregate_once(used, used_list)) break;
    }
    for (int r : used_list) used[uz(r)] = 0;
    return added;
  }

  const FlowCoverSeparator* flow_covers_;  // for the aggregations, when set
  const LpRelaxation& relaxation_;
  const CutBounds bounds_;  // what the cuts are derived from (cut_bounds.h)
  const lp::LinearProgram& model_;
  const std::vector<char>& is_integer_;
  const lp::RowMajorMatrix rows_;  // rows are scanned: a row-major copy once
  const int n_, m_;
  const int rows_all_;  // the LP's rows, cut rows included (their logicals are tableau columns)
  const Eigen::VectorXd x_;
  Eigen::VectorXd activity_;
  std::vector<char> integral_row_;  // integer columns with integral coefficients only
  std::vector<std::vector<VariableBound>> bounds_of_;
  SparseAccumulator aggregate_;  // the row (or aggregation) being separated: aggregate x <= rhs
  double aggregate_rhs_ = 0.0;
  SparseAccumulator integer_part_;  // integer coefficients of the mixed knapsack, in x
  std::vector<Continuous> continuous_;
  std::vector<int> integers_;
  std::vector<char> at_upper_;  // per integers_ entry: complemented at the upper bound
  double beta_ = 0.0;           // right-hand side after the continuous substitution
  SparseAccumulator cut_;
  Eigen::VectorXd best_cut_;
  std::vector<int> best_support_;
};

}  // namespace

int separate_mir(const LpRelaxation& relaxation, const CutBounds& bounds, const std::vector<char>& is_integer,
                 CutPool& pool, const FlowCoverSeparator* flow_covers) {
  MirSeparator separator(relaxation, bounds, is_integer, flow_covers);
  return separator.run(pool);
}

int separate_tableau_mir(const LpRelaxation& relaxation, const CutBounds& bounds, const std::vector<char>& is_integer,
                         CutPool& pool, int max_rows) {
  MirSeparator separator(relaxation, bounds, is_integer, nullptr);
  return separator.run_tableau(pool, max_rows);
}

}  // namespace milpsac::bnb
