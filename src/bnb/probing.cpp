// Probing on binaries (see probing.h): two propagations per column, the
// union of their bounds, fixings from one-sided conflicts.
#include "bnb/probing.h"

#include <algorithm>
#include <cmath>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kProbeWorkBudget = 2e7;  // probes x (rows + columns + nonzeros), about 50 ms
constexpr double kHalf = 0.5;             // integer bounds are whole numbers: compare with half a unit

bool is_binary(const lp::LinearProgram& lp, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper, int j) {
  return lp.is_integer[uz(j)] && std::fabs(lower[j]) < kHalf && std::fabs(upper[j] - 1.0) < kHalf;
}

// One side of a probe: x_j fixed to `value` in scratch copies of the bounds.
// On return the scratch bounds hold the propagated result; `moved` lists j and
// every column that moved. False if the side is impossible.
bool probe_side(const RowPropagator& propagator, int j, double value, Eigen::VectorXd& lower, Eigen::VectorXd& upper,
                std::vector<int>& moved) {
  lower[j] = upper[j] = value;
  const RowPropagator::Outcome outcome = propagator.propagate(lower, upper, {j});
  moved = outcome.tightened;
  moved.push_back(j);
  return !outcome.infeasible;
}

// Restores the scratch bounds of `cols` from the global ones.
void restore(const std::vector<int>& cols, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
             Eigen::VectorXd& scratch_lower, Eigen::VectorXd& scratch_upper) {
  for (int c : cols) {
    scratch_lower[c] = lower[c];
    scratch_upper[c] = upper[c];
  }
}

}  // namespace

ProbingOutcome probe_binaries(const lp::LinearProgram& lp, const RowPropagator& propagator, Eigen::VectorXd& lower_out,
                              Eigen::VectorXd& upper_out) {
  ProbingOutcome result;
  // Work on copies: an infeasible verdict leaves the caller's bounds untouched.
  Eigen::VectorXd lower = lower_out, upper = upper_out;
  const int n = lp.num_cols();
  const double per_probe = 1.0 + lp.num_rows() + n + static_cast<double>(lp.A.nonZeros());
  const long max_probes = static_cast<long>(kProbeWorkBudget / per_probe);
  if (lower.size() != n || upper.size() != n) return result;
  Eigen::VectorXd lo0 = lower, up0 = upper, lo1 = lower, up1 = upper;
  std::vector<int> moved0, moved1;
  std::vector<char> changed(uz(n), 0);
  for (int j = 0; j < n && result.probed < max_probes; ++j) {
    if (!is_binary(lp, lower, upper, j)) continue;
    ++result.probed;
    const bool zero_ok = probe_side(propagator, j, 0.0, lo0, up0, moved0);
    const bool one_ok = probe_side(propagator, j, 1.0, lo1, up1, moved1);
    std::vector<int> updates;
    if (zero_ok && one_ok) {
      // The union of the two sides: a column moves only if it moved on both.
      for (int c : moved0) {
        const double new_low = std::min(lo0[c], lo1[c]), new_high = std::max(up0[c], up1[c]);
        if (new_low > lower[c] + kHalf || new_high < upper[c] - kHalf) {
          lower[c] = std::max(lower[c], new_low);
          upper[c] = std::min(upper[c], new_high);
          updates.push_back(c);
        }
      }
    } else if (zero_ok != one_ok) {
      // One side is impossible: the other side's propagated bounds hold globally.
      ++result.fixed_by_conflict;
      const Eigen::VectorXd& side_lower = zero_ok ? lo0 : lo1;
      const Eigen::VectorXd& side_upper = zero_ok ? up0 : up1;
      for (int c : zero_ok ? moved0 : moved1) {
        lower[c] = std::max(lower[c], side_lower[c]);
        upper[c] = std::min(upper[c], side_upper[c]);
        updates.push_back(c);
      }
    } else {
      result.infeasible = true;
    }
    // A failed propagation stops mid-row and does not report every column it
    // moved: that side's scratch copy is refreshed whole.
    if (zero_ok) {
      restore(moved0, lower, upper, lo0, up0);
    } else {
      lo0 = lower;
      up0 = upper;
    }
    if (one_ok) {
      restore(moved1, lower, upper, lo1, up1);
    } else {
      lo1 = lower;
      up1 = upper;
    }
    if (result.infeasible) break;
    for (int c : updates) {
      if (!changed[uz(c)]) {
        changed[uz(c)] = 1;
        ++result.tightened;
      }
    }
    if (!updates.empty()) {
      // Global bounds moved: propagate them (and keep the scratch copies equal).
      if (propagator.propagate(lower, upper, updates).infeasible) {
        result.infeasible = true;
        break;
      }
      lo0 = lower;
      up0 = upper;
      lo1 = lower;
      up1 = upper;
    }
  }
  if (!result.infeasible) {
    lower_out = lower;
    upper_out = upper;
  }
  return result;
}

}  // namespace milpsac::bnb
