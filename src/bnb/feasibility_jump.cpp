// Feasibility Jump: weighted-violation local search (see feasibility_jump.h).
#include "bnb/feasibility_jump.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr long kMaxCandidates = 64;  // columns of a long violated row weighed per step (a window of them)
constexpr double kWeightStep = 1.0;  // what a violated row's weight gains at a local minimum
constexpr double kMinGain = 1e-9;    // a jump must lower the weighted violation by this, relative to 1 + it
constexpr long kDeadlinePollSteps = 256;
// The activities are updated per jump; re-summed this often (and before a
// point is declared feasible) so that round-off cannot build up.
constexpr long kResumSteps = 10000;
constexpr std::uint32_t kSeed = 5489;  // std::mt19937's default: the same model gives the same steps

class JumpSearch {
 public:
  JumpSearch(const lp::LinearProgram& lp, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper)
      : lp_(lp),
        rows_(lp.A),
        lower_(lower),
        upper_(upper),
        weight_(uz(lp.num_rows()), 1.0),
        position_(uz(lp.num_rows()), -1) {
    const int n = lp.num_cols();
    x_.resize(n);
    // Each column at its bound nearest to zero (0 when inside).
    for (int j = 0; j < n; ++j) {
      double v = 0.0;
      if (lower[j] > 0.0) v = lower[j];
      if (upper[j] < 0.0) v = upper[j];
      if (lp.is_integer[uz(j)]) v = lower[j] > 0.0 ? std::ceil(v) : std::floor(v);
      x_[j] = v;
    }
    resum();
  }

  JumpResult run(long work_limit, const Deadline* deadline) {
    JumpResult result;
    for (long step = 0; work_ < work_limit; ++step) {
      if (step % kResumSteps == kResumSteps - 1) resum();
      if (violated_.empty()) {
        resum();  // the incremental activities said so: confirm on fresh sums
        if (violated_.empty()) {
          result.found = true;
          result.x = x_;
          break;
        }
      }
      if (step % kDeadlinePollSteps == 0 && deadline != nullptr && deadline->expired()) break;
      const int row = violated_[uz(static_cast<long>(rng_() % violated_.size()))];
      const Jump jump = best_jump(row);
      if (jump.column >= 0 && jump.improves) {
        move(jump.column, jump.value);
        ++result.steps;
      } else {
        // A local minimum: meeting the rows still violated must pay more.
        // (Making the least bad jump now and then besides, as WalkSAT's
        // noise, found no more points on the planted models of the tests.)
        for (int i : violated_) weight_[uz(i)] += kWeightStep;
      }
    }
    result.work = work_;
    return result;
  }

 private:
  struct Jump {
    int column = -1;
    double value = 0.0;
    double gain = -INFINITY;
    bool improves = false;  // lowers the weighted violation (by kMinGain relative)
  };
  struct Breakpoint {
    double at;     // the column's value where a row side is met
    double slope;  // what the weighted violation's slope gains there
    bool operator<(const Breakpoint& other) const { return at < other.at || (!(other.at < at) && slope < other.slope); }
  };

  // How far `activity` lies outside row i's sides (0 within the tolerance).
  double violation(int i, double activity) const {
    const double lo = lp_.row_lower[i], up = lp_.row_upper[i];
    if (activity > up + kJumpRowTolerance * (1.0 + std::fabs(up))) return activity - up;
    if (activity < lo - kJumpRowTolerance * (1.0 + std::fabs(lo))) return lo - activity;
    return 0.0;
  }

  void set_violated(int i) {
    const bool violated = violation(i, activity_[i]) > 0.0;
    int& at = position_[uz(i)];
    if (violated && at < 0) {
      at = static_cast<int>(violated_.size());
      violated_.push_back(i);
    } else if (!violated && at >= 0) {
      const int last = violated_.back();
      violated_[uz(at)] = last;
      position_[uz(last)] = at;
      violated_.pop_back();
      at = -1;
    }
  }

  void resum() {
    activity_ = lp_.A * x_;
    work_ += lp_.A.nonZeros();
    for (int i = 0; i < lp_.num_rows(); ++i) set_violated(i);
  }

  // The weighted violation of column j's rows with x_j at `value`.
  double cost(int j, double value) {
    const double step = value - x_[j];
    double total = 0.0;
    for (lp::SparseMatrix::InnerIterator it(lp_.A, j); it; ++it) {
      const int i = static_cast<int>(it.row());
      total += weight_[uz(i)] * violation(i, activity_[i] + it.value() * step);
      ++work_;
    }
    return total;
  }

  // The value of column j in [l_j, u_j] (integral for an integer column)
  // where the weighted violation of its rows is least, the others held; NaN
  // when that is an infinite bound.
  double jump_value(int j) {
    // Each finite side of each row of j is a hinge in x_j whose slope grows
    // by |a| w where the side is met: from -|a| w to 0 for a side violated as
    // x_j -> -inf (a lower side with a > 0, an upper side with a < 0), from
    // 0 to |a| w for the others. The slope at -inf sums the first kind.
    breakpoints_.clear();
    double slope = 0.0;
    for (lp::SparseMatrix::InnerIterator it(lp_.A, j); it; ++it) {
      const double a = it.value();
      ++work_;
      if (a == 0.0) continue;  // a stored zero is no entry
      const int i = static_cast<int>(it.row());
      const double rest = activity_[i] - a * x_[j];
      const double w = weight_[uz(i)] * std::fabs(a);
      const double lo = lp_.row_lower[i], up = lp_.row_upper[i];
      if (std::isfinite(lo)) {
        if (a > 0.0) slope -= w;
        breakpoints_.push_back({(lo - rest) / a, w});
      }
      if (std::isfinite(up)) {
        if (a < 0.0) slope -= w;
        breakpoints_.push_back({(up - rest) / a, w});
      }
    }
    std::sort(breakpoints_.begin(), breakpoints_.end());
    double best = -INFINITY;  // least at -inf when the slope starts nonnegative
    if (slope < 0.0) {
      best = INFINITY;
      for (const Breakpoint& b : breakpoints_) {
        slope += b.slope;
        if (slope >= 0.0) {
          best = b.at;
          break;
        }
      }
    }
    best = std::clamp(best, lower_[j], upper_[j]);
    if (!std::isfinite(best)) return NAN;
    if (!lp_.is_integer[uz(j)]) return best;
    // The least over the integers of a convex function: next to its minimum.
    const double down = std::max(std::floor(best), lower_[j]), up = std::min(std::ceil(best), upper_[j]);
    return cost(j, up) < cost(j, down) ? up : down;
  }

  // The best jump among (a window of) row i's columns, improving or not;
  // column -1 when every column is fixed or has no finite jump.
  Jump best_jump(int i) {
    const int* cols = rows_.innerIndexPtr();
    const long begin = rows_.outerIndexPtr()[i], length = rows_.outerIndexPtr()[i + 1] - begin;
    const long count = std::min(length, kMaxCandidates);
    const long offset = length > kMaxCandidates ? static_cast<long>(rng_() % static_cast<std::uint32_t>(length)) : 0;
    ++work_;
    Jump best;
    for (long q = 0; q < count; ++q) {
      const int j = cols[begin + (offset + q) % length];
      if (!(lower_[j] < upper_[j])) continue;  // fixed
      const double value = jump_value(j);
      if (std::isnan(value)) continue;  // (x_j itself gains nothing: never taken)
      const double now = cost(j, x_[j]);
      const double gain = now - cost(j, value);
      if (gain > best.gain) best = {j, value, gain, gain > kMinGain * (1.0 + now)};
    }
    return best;
  }

  void move(int j, double value) {
    const double step = value - x_[j];
    x_[j] = value;
    for (lp::SparseMatrix::InnerIterator it(lp_.A, j); it; ++it) {
      const int i = static_cast<int>(it.row());
      activity_[i] += it.value() * step;
      set_violated(i);
      ++work_;
    }
  }

  const lp::LinearProgram& lp_;
  const lp::RowMajorMatrix rows_;  // the rows' columns, for a violated row's candidates
  const Eigen::VectorXd& lower_;
  const Eigen::VectorXd& upper_;
  Eigen::VectorXd x_, activity_;
  std::vector<double> weight_;
  std::vector<int> violated_;  // the violated rows, in no particular order
  std::vector<int> position_;  // each row's index in violated_, -1 when met
  std::vector<Breakpoint> breakpoints_;
  std::mt19937 rng_{kSeed};
  long work_ = 0;
};

}  // namespace

JumpResult feasibility_jump(const lp::LinearProgram& lp, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                            long work_limit, const Deadline* deadline) {
  if (lower.size() != lp.num_cols() || upper.size() != lp.num_cols()) return {};
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lower[j] > upper[j]) return {};  // an empty box holds no point
  JumpSearch search(lp, lower, upper);
  return search.run(work_limit, deadline);
}

}  // namespace milpsac::bnb
