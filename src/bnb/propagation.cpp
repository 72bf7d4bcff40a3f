// RowPropagator: activity bounds per row, implied column bounds, a worklist
// of rows to re-examine (see propagation.h).
#include "bnb/propagation.h"

#include <algorithm>
#include <cmath>

#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kCoefficientZero = 1e-12;  // entries below this are ignored
constexpr double kInfeasibility = 1e-6;     // activity violation (relative to 1 + |rhs|) that proves infeasibility
constexpr double kRounding = 1e-6;          // an implied bound within this of an integer rounds to it
constexpr double kMargin = 1e-9;            // relative floating-point margin on implied bounds
constexpr double kMinProgress = 0.5;        // integer bounds move by whole units: anything less is noise
constexpr long kWorkPerRowEntry = 8;        // total work limit: this many passes over the nonzeros
// Columns::kAll: a continuous bound is loosened by the round-off a sum of the
// row's terms can carry (this much per term, of the magnitude summed: about
// 9 units in the last place), not by kMargin. Its bounds become cuts, and a
// margin of 1e-9 there left the LP bound at a proven optimum 1.06e-9 below
// the incumbent (the minimum-peak SAC model of 8,008 modules), past the
// search's round-off, so a gap-0 search went on for 435 nodes.
constexpr double kRoundOffPerTerm = 1e-15;
// Columns::kAll: a continuous bound moves only by more than this share of
// max(1, its finite range) (max(1, |bound|) when the range is infinite).
constexpr double kContinuousProgress = 1e-3;

}  // namespace

RowPropagator::RowPropagator(const lp::LinearProgram& lp, Columns columns)
    : rows_(uz(lp.num_rows())),
      col_entries_(uz(lp.num_cols())),
      model_widest_(uz(lp.num_rows()), 0.0),
      row_lower_(lp.row_lower),
      row_upper_(lp.row_upper),
      is_integer_(lp.is_integer),
      tighten_continuous_(columns == Columns::kAll) {
  for (int j = 0; j < lp.num_cols(); ++j)
    for (lp::SparseMatrix::InnerIterator it(lp.A, j); it; ++it) {  // rows in increasing order
      const int i = static_cast<int>(it.row());
      const double a = it.value();
      if (std::fabs(a) <= kCoefficientZero) continue;
      rows_[uz(i)].push_back({j, a});
      col_entries_[uz(j)].push_back({i, a});
      ++nonzeros_;
      if (tighten_continuous_ || is_integer_[uz(j)])
        model_widest_[uz(i)] = std::max(model_widest_[uz(i)], std::fabs(a) * (lp.col_upper[j] - lp.col_lower[j]));
    }
  queued_.assign(rows_.size(), 0);
  seen_.assign(col_entries_.size(), 0);
}

namespace {

// Move one term of an activity sum from its old to its new value.
void move_term(double& finite, int& infinite, double old_term, double new_term) {
  if (std::isfinite(old_term))
    finite -= old_term;
  else
    --infinite;
  if (std::isfinite(new_term))
    finite += new_term;
  else
    ++infinite;
}

double finite_magnitude(double term) { return std::isfinite(term) ? std::fabs(term) : 0.0; }

// A term a x over x in [l, u]: its least and its largest value.
struct Term {
  double low, high;
};
Term term(double a, double l, double u) { return a > 0 ? Term{a * l, a * u} : Term{a * u, a * l}; }

}  // namespace

void RowPropagator::Activities::checkpoint() {
  undo_.clear();
  recording_ = true;
  if (++checkpoint_ == 0) {  // the stamps wrapped: none may look current
    std::fill(logged_.begin(), logged_.end(), 0U);
    checkpoint_ = 1;
  }
}

void RowPropagator::Activities::rollback() {
  for (const auto& [row, sums] : undo_) rows_[uz(row)] = sums;
  undo_.clear();
  recording_ = false;
}

RowPropagator::Activities RowPropagator::activities(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper) const {
  Activities kept;
  kept.rows_.resize(rows_.size());
  kept.logged_.assign(rows_.size(), 0U);
  double widest = 0.0;
  for (size_t i = 0; i < rows_.size(); ++i) kept.rows_[i] = sum_row(static_cast<int>(i), lower, upper, widest);
  return kept;
}

void RowPropagator::move_column(Activities& kept, int j, double old_lower, double old_upper, double new_lower,
                                double new_upper) const {
  for (const Entry& e : col_entries_[uz(j)]) {
    RowSums& sums = kept.rows_[uz(e.index)];
    if (kept.recording_ && kept.logged_[uz(e.index)] != kept.checkpoint_) {
      kept.logged_[uz(e.index)] = kept.checkpoint_;
      kept.undo_.emplace_back(e.index, sums);
    }
    const Term before = term(e.value, old_lower, old_upper), after = term(e.value, new_lower, new_upper);
    move_term(sums.min_finite, sums.min_infinite, before.low, after.low);
    move_term(sums.max_finite, sums.max_infinite, before.high, after.high);
    sums.magnitude = std::max(0.0, sums.magnitude - finite_magnitude(before.low) - finite_magnitude(before.high) +
                                       finite_magnitude(after.low) + finite_magnitude(after.high));
    if (tighten_continuous_ || is_integer_[uz(j)]) sums.open += (new_lower < new_upper) - (old_lower < old_upper);
  }
}

RowPropagator::RowSums RowPropagator::sum_row(int row, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                                              double& widest) const {
  RowSums sums;
  widest = 0.0;
  for (const Entry& e : rows_[uz(row)]) {
    const double l = lower[e.index], u = upper[e.index];
    if (tighten_continuous_ || is_integer_[uz(e.index)]) {
      widest = std::max(widest, std::fabs(e.value) * (u - l));
      sums.open += l < u;
    }
    const auto [low_term, high_term] = term(e.value, l, u);
    if (std::isfinite(low_term)) {
      sums.min_finite += low_term;
      sums.magnitude += std::fabs(low_term);
    } else {
      ++sums.min_infinite;
    }
    if (std::isfinite(high_term)) {
      sums.max_finite += high_term;
      sums.magnitude += std::fabs(high_term);
    } else {
      ++sums.max_infinite;
    }
  }
  return sums;
}

bool RowPropagator::propagate_row(int row, Eigen::VectorXd& lower, Eigen::VectorXd& upper, std::vector<int>& moved,
                                  Activities* kept) const {
  const auto& entries = rows_[uz(row)];
  const double lo = row_lower_[row], up = row_upper_[row];
  // The activity bounds, read from the kept sums or summed here; `widest` is
  // the largest |a_j| (u_j - l_j) over the columns that may tighten (with
  // kept sums, the model's: no pass over the row).
  double widest = 0.0;
  RowSums sums;
  if (kept != nullptr) {
    sums = kept->rows_[uz(row)];
    widest = model_widest_[uz(row)];
  } else {
    sums = sum_row(row, lower, upper, widest);
  }
  double min_finite = sums.min_finite, max_finite = sums.max_finite;
  int min_infinite = sums.min_infinite, max_infinite = sums.max_infinite;
  const double magnitude = sums.magnitude;
  const double slack = kMargin * magnitude;
  const double continuous_slack = kRoundOffPerTerm * static_cast<double>(entries.size() + 1) * magnitude;
  if (std::isfinite(up) && min_infinite == 0 && min_finite > up + kInfeasibility * (1.0 + std::fabs(up)) + slack)
    return false;
  if (std::isfinite(lo) && max_infinite == 0 && max_finite < lo - kInfeasibility * (1.0 + std::fabs(lo)) - slack)
    return false;
  // Every column that may tighten is fixed: nothing to do (with kept sums
  // the row's widest is the model's; air03's probes fix whole rows).
  if (sums.open == 0) return true;
  // No column can tighten when each one's whole range fits in the
  // row's slack on both sides (the implied bound lies at or beyond the
  // column's own): skip the second pass. On set-partitioning rows (nw04, 17,000
  // entries) that is every row without a column at 1.
  if (min_infinite == 0 && max_infinite == 0) {
    const double room_up = std::isfinite(up) ? up - min_finite : INFINITY;
    const double room_lo = std::isfinite(lo) ? max_finite - lo : INFINITY;
    if (widest <= std::min(room_up, room_lo)) return true;
  }
  for (const Entry& e : entries) {
    const bool use_up = std::isfinite(up) && min_infinite <= 1;
    const bool use_lo = std::isfinite(lo) && max_infinite <= 1;
    if (!use_up && !use_lo) return true;
    const int j = e.index;
    const bool integer = is_integer_[uz(j)] != 0;
    if (!integer && !tighten_continuous_) continue;
    const double margin = integer ? slack : continuous_slack;
    const double l = lower[j], u = upper[j];
    // Integer bounds round inward; a continuous one keeps the margin alone.
    const auto round_down = [&](double limit) { return integer ? std::floor(limit + kRounding) : limit; };
    const auto round_up = [&](double limit) { return integer ? std::ceil(limit - kRounding) : limit; };
    const double a = e.value;
    const auto [low_term, high_term] = term(a, l, u);
    double new_lower = l, new_upper = u;
    // a x_j <= up - (min activity of the others)
    if (use_up) {
      double others;
      if (min_infinite == 0)
        others = min_finite - low_term;
      else if (!std::isfinite(low_term))
        others = min_finite;  // j is the one infinite term
      else
        others = -INFINITY;
      if (std::isfinite(others)) {
        const double limit = (up - others + margin) / a;  // bound on x_j, direction by the sign of a
        if (a > 0)
          new_upper = std::min(new_upper, round_down(limit));
        else
          new_lower = std::max(new_lower, round_up(limit));
      }
    }
    // a x_j >= lo - (max activity of the others)
    if (use_lo) {
      double others;
      if (max_infinite == 0)
        others = max_finite - high_term;
      else if (!std::isfinite(high_term))
        others = max_finite;
      else
        others = INFINITY;
      if (std::isfinite(others)) {
        const double limit = (lo - others - margin) / a;
        if (a > 0)
          new_lower = std::max(new_lower, round_up(limit));
        else
          new_upper = std::min(new_upper, round_down(limit));
      }
    }
    // The least step that counts (a continuous bound's scaled by its range, or
    // by the bound itself when the range is infinite).
    const auto progress = [&](double bound) {
      if (integer) return kMinProgress;
      return kContinuousProgress * std::max(1.0, std::isfinite(u - l) ? u - l : std::fabs(bound));
    };
    const bool lower_moved = new_lower > l + progress(l) || (!std::isfinite(l) && std::isfinite(new_lower));
    const bool upper_moved = new_upper < u - progress(u) || (!std::isfinite(u) && std::isfinite(new_upper));
    if (!lower_moved && !upper_moved) continue;
    if (lower_moved) lower[j] = new_lower;
    if (upper_moved) upper[j] = new_upper;
    if (lower[j] > upper[j]) {
      // Continuous bounds that cross by round-off only meet instead: the
      // infeasibility verdict must hold beyond the rows' own tolerance.
      const double overlap = kInfeasibility * (1.0 + std::fmax(std::fabs(lower[j]), std::fabs(upper[j])));
      if (integer || lower[j] > upper[j] + overlap) {
        moved.push_back(j);  // written: the caller hears of every column it changed
        if (kept != nullptr) move_column(*kept, j, l, u, lower[j], upper[j]);  // and the sums stay the box's
        return false;
      }
      if (lower_moved)
        lower[j] = upper[j];
      else
        upper[j] = lower[j];
    }
    moved.push_back(j);
    const Term after = term(a, lower[j], upper[j]);
    move_term(min_finite, min_infinite, low_term, after.low);
    move_term(max_finite, max_infinite, high_term, after.high);
    // The kept sums of every row of j follow (this row's by the same steps).
    if (kept != nullptr) move_column(*kept, j, l, u, lower[j], upper[j]);
  }
  return true;
}

RowPropagator::Outcome RowPropagator::propagate(Eigen::VectorXd& lower, Eigen::VectorXd& upper,
                                                const std::vector<int>& touched, Activities* kept) const {
  Outcome outcome;
  const int m = static_cast<int>(rows_.size());
  std::vector<char>& queued = queued_;
  std::vector<char>& seen = seen_;
  std::vector<int>& worklist = worklist_;
  std::vector<int>& moved = moved_;
  worklist.clear();
  auto enqueue_rows_of = [&](int j) {
    for (const Entry& e : col_entries_[uz(j)])
      if (!queued[uz(e.index)]) {
        queued[uz(e.index)] = 1;
        worklist.push_back(e.index);
      }
  };
  if (touched.empty()) {
    for (int i = 0; i < m; ++i) {
      queued[uz(i)] = 1;
      worklist.push_back(i);
    }
  } else {
    for (int j : touched) enqueue_rows_of(j);
  }
  long work_left = kWorkPerRowEntry * std::max(nonzeros_, 1L);
  // FIFO over the worklist (an index that walks forward): deterministic order.
  size_t head = 0;
  for (; head < worklist.size() && work_left > 0; ++head) {
    const int row = worklist[head];
    queued[uz(row)] = 0;
    const long row_work = static_cast<long>(rows_[uz(row)].size()) + 1;
    work_left -= row_work;
    outcome.work += row_work;
    moved.clear();
    const bool feasible = propagate_row(row, lower, upper, moved, kept);
    for (int j : moved) {
      if (!seen[uz(j)]) {
        seen[uz(j)] = 1;
        outcome.tightened.push_back(j);
      }
      if (feasible) enqueue_rows_of(j);  // this row too: earlier columns may tighten further
    }
    if (!feasible) {
      outcome.infeasible = true;
      ++head;
      break;
    }
  }
  // Back to all zero: the rows still queued and the columns seen.
  for (; head < worklist.size(); ++head) queued[uz(worklist[head])] = 0;
  for (int j : outcome.tightened) seen[uz(j)] = 0;
  return outcome;
}

}  // namespace milpsac::bnb
