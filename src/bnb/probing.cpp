// Probing on binaries (see probing.h): two propagations per column, the
// union of their bounds, fixings from one-sided conflicts.
#include "bnb/probing.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

// Work is counted as the propagator counts it (row entries examined) plus the
// per-row and per-column scratch each propagation clears; about 3e8 units a
// second here. Probing goes on while it pays: it stops after kUselessWork
// units without a fixing or tightening, and at kProbeWorkBudget in all.
// Measured (work to probe every binary, what it found): mitre 4.8e8, 3,677
// fixings that close its root (the longest useless stretch 6e6); air04 6.1e8,
// 1,347 fixings; air05 4.8e8, 861; air03 1.6e9 for 2 (stopped after 5e7);
// p2756 2e7, 2. The first budget, 2e7 units by an estimate of rows + columns
// + nonzeros per probe, probed 393 of mitre's columns and found none of them.
constexpr double kProbeWorkBudget = 1e9;
constexpr double kUselessWork = 5e7;
constexpr double kHalf = 0.5;  // integer bounds are whole numbers: compare with half a unit
// A probe's bound on a continuous column becomes an implication when it
// tightens the global bound by more than this share of max(1, the finite
// range) (max(1, |global bound|) when the range is infinite): smaller ones
// make cuts with no efficacy.
constexpr double kMinImplication = 1e-3;
// Floating-point margin on a probe's activity bound of a row: per term, of
// the magnitude summed (as the propagator's on continuous bounds; a larger
// one keeps the LP bound at a proven optimum below the incumbent by more than
// the search's round-off).
constexpr double kRoundOffPerTerm = 1e-15;
// Rows longer than this are not strengthened: their cuts are as dense, and
// dense cut rows slow every node LP's factorization. The minimum-peak SAC
// model of 8,008 modules (prefix rows of thousands of entries) took 25.6 s
// instead of 3.0 s with every row; mod011's rows hold 2-12 entries.
constexpr long kMaxStrengthenedRowLength = 100;

bool is_binary(const lp::LinearProgram& lp, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper, int j) {
  return lp.is_integer[uz(j)] && std::fabs(lower[j]) < kHalf && std::fabs(upper[j] - 1.0) < kHalf;
}

// One side of a probe: x_j fixed to `value` in scratch copies of the bounds
// (equal to the global ones on entry, as the row sums `kept` are to both).
// On return the scratch bounds hold the propagated result; `moved` lists j and
// every column that moved; `kept` is back at the global bounds. False if the
// side is impossible.
bool probe_side(const RowPropagator& propagator, int j, double value, Eigen::VectorXd& lower, Eigen::VectorXd& upper,
                RowPropagator::Activities& kept, std::vector<int>& moved, double& spent) {
  kept.checkpoint();
  propagator.move_column(kept, j, lower[j], upper[j], value, value);
  lower[j] = upper[j] = value;
  const RowPropagator::Outcome outcome = propagator.propagate(lower, upper, {j}, &kept);
  kept.rollback();
  spent += static_cast<double>(outcome.work);
  moved = outcome.tightened;
  moved.push_back(j);
  return !outcome.infeasible;
}

// Appends what one feasible side (binary j at `value`) implies for the
// continuous columns it moved.
void collect_implications(const lp::LinearProgram& lp, int j, double value, const std::vector<int>& moved,
                          const Eigen::VectorXd& lower, const Eigen::VectorXd& upper, const Eigen::VectorXd& side_lower,
                          const Eigen::VectorXd& side_upper, std::vector<ImpliedBound>& out) {
  for (int c : moved) {
    if (c == j || lp.is_integer[uz(c)]) continue;
    if (out.size() >= kMaxProbingImplications) return;
    const double l = lower[c], u = upper[c];
    const auto step = [&](double bound) {
      return kMinImplication * std::max(1.0, std::isfinite(u - l) ? u - l : std::fabs(bound));
    };
    if (std::isfinite(u) && side_upper[c] < u - step(u)) out.push_back({c, j, value > kHalf, true, side_upper[c], u});
    if (std::isfinite(l) && side_lower[c] > l + step(l)) out.push_back({c, j, value > kHalf, false, side_lower[c], l});
  }
}

// The least and largest activity of row i over the box [lower, upper], each
// with the magnitude of what was summed (for a floating-point margin).
struct Activity {
  double least = 0.0, largest = 0.0;
  double least_magnitude = 0.0, largest_magnitude = 0.0;
};
Activity row_activity(const lp::RowMajorMatrix& rows, int i, const Eigen::VectorXd& lower,
                      const Eigen::VectorXd& upper) {
  Activity act;
  for (lp::RowMajorMatrix::InnerIterator it(rows, i); it; ++it) {
    const double a = it.value(), l = lower[it.col()], u = upper[it.col()];
    if (a == 0.0) continue;  // a stored zero is no entry (and 0 * inf is no number)
    const double low = a > 0 ? a * l : a * u, high = a > 0 ? a * u : a * l;
    act.least += low;  // an infinite term makes the sum infinite, with its sign
    act.largest += high;
    act.least_magnitude += std::fabs(low);
    act.largest_magnitude += std::fabs(high);
  }
  return act;
}

// Appends what one feasible side (binary j at `value`, box [side_lower,
// side_upper]) implies for the activity of the inequality rows of the
// columns it moved: a side of a row that the probe leaves slack by more than
// kMinImplication of max(1, |side|), where the global box does not already.
// `marks` (one per row, all 0 on entry and on return) avoids a row twice.
// Returns the entries read (probing's work): the moved columns' and the rows'.
long collect_row_implications(const lp::LinearProgram& lp, const lp::RowMajorMatrix& rows, int j, double value,
                              const std::vector<int>& moved, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                              const Eigen::VectorXd& side_lower, const Eigen::VectorXd& side_upper,
                              std::vector<char>& marks, std::vector<RowImpliedBound>& out) {
  std::vector<int> touched;
  long work = 0;
  for (int c : moved)
    for (lp::SparseMatrix::InnerIterator it(lp.A, c); it; ++it) {
      ++work;
      const auto i = static_cast<int>(it.row());
      if (marks[uz(i)] || !(lp.row_lower[i] < lp.row_upper[i])) continue;  // equality rows are never slack
      marks[uz(i)] = 1;
      touched.push_back(i);
    }
  for (int i : touched) {
    marks[uz(i)] = 0;
    const long length = rows.outerIndexPtr()[i + 1] - rows.outerIndexPtr()[i];
    if (out.size() >= kMaxProbingImplications || length > kMaxStrengthenedRowLength) continue;
    work += length;
    const Activity side = row_activity(rows, i, side_lower, side_upper);
    const Activity global = row_activity(rows, i, lower, upper);
    const double up = lp.row_upper[i], lo = lp.row_lower[i];
    if (std::isfinite(up) && std::isfinite(side.largest)) {
      const double bound = side.largest + kRoundOffPerTerm * static_cast<double>(length + 1) * side.largest_magnitude;
      const double step = kMinImplication * std::max(1.0, std::fabs(up));
      if (bound < up - step && bound < global.largest - step) out.push_back({i, j, value > kHalf, true, bound, up});
    }
    if (std::isfinite(lo) && std::isfinite(side.least)) {
      const double bound = side.least - kRoundOffPerTerm * static_cast<double>(length + 1) * side.least_magnitude;
      const double step = kMinImplication * std::max(1.0, std::fabs(lo));
      if (bound > lo + step && bound > global.least + step) out.push_back({i, j, value > kHalf, false, bound, lo});
    }
  }
  return work;
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

ProbingOutcome probe_binaries(const lp::LinearProgram& lp, const RowPropagator& propagator,
                              const RowPropagator& probe_propagator, Eigen::VectorXd& lower_out,
                              Eigen::VectorXd& upper_out, const Deadline* deadline) {
  ProbingOutcome result;
  // Work on copies: an infeasible verdict leaves the caller's bounds untouched.
  Eigen::VectorXd lower = lower_out, upper = upper_out;
  const int n = lp.num_cols();
  // Each propagation also clears per-row and per-column scratch.
  const double per_propagation = 1.0 + lp.num_rows() + n;
  double spent = 0.0, last_useful = 0.0;
  if (lower.size() != n || upper.size() != n) return result;
  Eigen::VectorXd lo0 = lower, up0 = upper, lo1 = lower, up1 = upper;
  // The row sums over the global bounds: a probe's row visits read them
  // instead of passing over the row (mod010's rows hold 77 entries on
  // average, and most visits find nothing to tighten).
  RowPropagator::Activities kept = probe_propagator.activities(lower, upper);
  std::vector<int> moved0, moved1;
  std::vector<char> changed(uz(n), 0);
  const lp::RowMajorMatrix rows = lp.A;  // the rows a probe leaves slack are read whole
  std::vector<char> row_marks(uz(lp.num_rows()), 0);
  for (int j = 0; j < n && spent < kProbeWorkBudget && spent - last_useful < kUselessWork; ++j) {
    if (!is_binary(lp, lower, upper, j)) continue;
    if (deadline != nullptr && deadline->expired()) break;  // what was found so far holds
    ++result.probed;
    spent += 2 * per_propagation;
    const bool zero_ok = probe_side(probe_propagator, j, 0.0, lo0, up0, kept, moved0, spent);
    const bool one_ok = probe_side(probe_propagator, j, 1.0, lo1, up1, kept, moved1, spent);
    std::vector<int> updates;
    // Global bounds of integer column c tighten to [low, high] (the sums follow).
    const auto tighten = [&](int c, double low, double high) {
      const double new_lower = std::max(lower[c], low), new_upper = std::min(upper[c], high);
      probe_propagator.move_column(kept, c, lower[c], upper[c], new_lower, new_upper);
      lower[c] = new_lower;
      upper[c] = new_upper;
      updates.push_back(c);
    };
    if (zero_ok && one_ok) {
      collect_implications(lp, j, 0.0, moved0, lower, upper, lo0, up0, result.implications);
      collect_implications(lp, j, 1.0, moved1, lower, upper, lo1, up1, result.implications);
      spent += static_cast<double>(collect_row_implications(lp, rows, j, 0.0, moved0, lower, upper, lo0, up0, row_marks,
                                                            result.row_implications));
      spent += static_cast<double>(collect_row_implications(lp, rows, j, 1.0, moved1, lower, upper, lo1, up1, row_marks,
                                                            result.row_implications));
      // The union of the two sides: an integer column moves only if it moved
      // on both (continuous global bounds stay as they are).
      for (int c : moved0) {
        if (!lp.is_integer[uz(c)]) continue;
        const double new_low = std::min(lo0[c], lo1[c]), new_high = std::max(up0[c], up1[c]);
        if (new_low > lower[c] + kHalf || new_high < upper[c] - kHalf) tighten(c, new_low, new_high);
      }
    } else if (zero_ok != one_ok) {
      // One side is impossible: the other side's propagated bounds hold globally.
      ++result.fixed_by_conflict;
      const Eigen::VectorXd& side_lower = zero_ok ? lo0 : lo1;
      const Eigen::VectorXd& side_upper = zero_ok ? up0 : up1;
      for (int c : zero_ok ? moved0 : moved1) {
        if (lp.is_integer[uz(c)]) tighten(c, side_lower[c], side_upper[c]);
      }
    } else {
      result.infeasible = true;
    }
    // Each side's propagation reported every column it wrote (a failed one
    // too), so putting those back makes the scratch copies equal the bounds.
    restore(moved0, lower, upper, lo0, up0);
    restore(moved1, lower, upper, lo1, up1);
    if (result.infeasible) break;
    for (int c : updates) {
      if (!changed[uz(c)]) {
        changed[uz(c)] = 1;
        ++result.tightened;
      }
    }
    if (!updates.empty()) {
      // Global bounds moved: propagate them, and keep the scratch copies equal
      // by copying the columns that moved (whole copies, four per useful
      // probe, were a sixth of mitre's run: 3,677 of its 10,724 columns fix).
      restore(updates, lower, upper, lo0, up0);
      restore(updates, lower, upper, lo1, up1);
      const RowPropagator::Outcome global = propagator.propagate(lower, upper, updates);
      spent += per_propagation + static_cast<double>(global.work);
      last_useful = spent;
      if (global.infeasible) {
        result.infeasible = true;
        break;
      }
      // The sums follow each column from its bounds before this propagation
      // (still in the scratch copies) to the new ones.
      for (int c : global.tightened) probe_propagator.move_column(kept, c, lo0[c], up0[c], lower[c], upper[c]);
      restore(global.tightened, lower, upper, lo0, up0);
      restore(global.tightened, lower, upper, lo1, up1);
    }
  }
  if (!result.infeasible) {
    lower_out = lower;
    upper_out = upper;
  }
  return result;
}

}  // namespace milpsac::bnb
