// The feasibility pump (see feasibility_pump.h for what it does and why).
#include "bnb/feasibility_pump.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

#include "common/index.h"
#include "lp/checked_simplex.h"

namespace milpsac::bnb {
namespace {

constexpr double kObjectiveDecay = 0.7;       // weight of the original objective, per round
constexpr double kObjectiveFloor = 1e-3;      // below this weight the pump is pure distance
constexpr int kFlipsOnShortCycle = 10;        // T of the short-cycle flip, varied in [T/2, 3T/2)
constexpr size_t kCycleHistory = 100;         // rounded points remembered for long cycles
constexpr double kPerturbLow = -0.3;          // rho in [low, high): a column flips when
constexpr double kPerturbHigh = 0.7;          //   |x* - x~| + max(rho, 0) > 0.5
constexpr int kMaxFailedLps = 3;              // failed distance LPs before the pump gives up
constexpr int kStallRounds = 30;              // rounds without a better distance before a stall
constexpr double kStallProgress = 0.01;       // relative decrease of the distance that counts
constexpr int kStallRestarts = 1;             // restarts on a stall before the pump gives up
constexpr double kRestartLow = 0.0;           // rho of a stall restart: a wider perturbation
constexpr long kRoundingWorkPerNonzero = 50;  // propagation work of one rounding, per nonzero of A
constexpr std::uint32_t kSeed = 20261123;     // fixed: the same model gives the same rounds

// Uniform in [0, 1) from the engine's raw 32-bit output (the same on every
// platform, unlike the library's distributions).
double unit(std::mt19937& rng) { return static_cast<double>(rng()) / 4294967296.0; }

// The pump's LP: the relaxation's rows and columns, plus for each general
// integer k an auxiliary column d_k >= 0 and two rows x_j - d_k <= x~_j and
// x_j + d_k >= x~_j (only their bounds change between rounds).
struct PumpModel {
  lp::LinearProgram lp;
  std::vector<int> binaries;  // integer columns with domain {l, l+1}
  std::vector<int> generals;  // the other integer columns (aux column n + k)
  int n = 0, m = 0;
};

PumpModel build_model(const lp::LinearProgram& base, const std::vector<int>& integer_cols) {
  PumpModel p;
  p.n = base.num_cols();
  p.m = base.num_rows();
  for (int j : integer_cols) {
    const double width = base.col_upper[j] - base.col_lower[j];
    if (width <= 0.5) continue;  // fixed: no distance to measure
    (width <= 1.5 ? p.binaries : p.generals).push_back(j);
  }
  const int g = static_cast<int>(p.generals.size());
  p.lp.resize(p.m + 2 * g, p.n + g);
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(uz(base.A.nonZeros()) + 4 * uz(g));
  for (int j = 0; j < p.n; ++j)
    for (lp::SparseMatrix::InnerIterator it(base.A, j); it; ++it)
      entries.emplace_back(static_cast<int>(it.row()), j, it.value());
  p.lp.col_lower.head(p.n) = base.col_lower;
  p.lp.col_upper.head(p.n) = base.col_upper;
  p.lp.row_lower.head(p.m) = base.row_lower;
  p.lp.row_upper.head(p.m) = base.row_upper;
  for (int k = 0; k < g; ++k) {
    const int j = p.generals[uz(k)];
    entries.emplace_back(p.m + 2 * k, j, 1.0);
    entries.emplace_back(p.m + 2 * k, p.n + k, -1.0);
    entries.emplace_back(p.m + 2 * k + 1, j, 1.0);
    entries.emplace_back(p.m + 2 * k + 1, p.n + k, 1.0);
  }
  p.lp.A.setFromTriplets(entries.begin(), entries.end());
  return p;
}

// Set the distance objective to x~ (blended with `alpha` times the scaled
// original objective `scaled_cost`) and the auxiliary rows' bounds.
void set_target(PumpModel& p, const Eigen::VectorXd& target, const Eigen::VectorXd& scaled_cost, double alpha) {
  p.lp.c.setZero();
  for (int j : p.binaries) p.lp.c[j] = target[j] <= p.lp.col_lower[j] + 0.5 ? 1.0 : -1.0;
  for (size_t k = 0; k < p.generals.size(); ++k) {
    const int j = p.generals[k];
    const int row = p.m + 2 * static_cast<int>(k);
    p.lp.c[p.n + static_cast<int>(k)] = 1.0;
    p.lp.row_upper[row] = target[j];
    p.lp.row_lower[row + 1] = target[j];
  }
  p.lp.c *= 1.0 - alpha;
  if (alpha > 0) p.lp.c.head(p.n) += alpha * scaled_cost;
}

// The integer columns of x rounded (within bounds); other entries copied.
Eigen::VectorXd rounded(const PumpModel& p, const Eigen::VectorXd& x) {
  Eigen::VectorXd r = x.head(p.n);
  auto round_one = [&](int j) { r[j] = std::clamp(std::round(x[j]), p.lp.col_lower[j], p.lp.col_upper[j]); };
  for (int j : p.binaries) round_one(j);
  for (int j : p.generals) round_one(j);
  return r;
}

// Rounding that respects propagation: integer columns are fixed one by one,
// the most nearly integral first, each to its rounded value within the bounds
// the earlier fixings implied on the rows. Once the rows are contradicted, or
// the propagation work (row entries of the fixed columns' rows, a lower
// bound on what the propagator reads) passes kRoundingWorkPerNonzero times
// the nonzeros of A, the rest is rounded plainly: on nw04 (87,482 columns in
// 36 rows of about 17,000 entries) one full pass would read 10^10 entries.
Eigen::VectorXd propagated_rounding(const PumpModel& p, const RowPropagator& propagator, const Eigen::VectorXd& x,
                                    const std::vector<long>& row_length) {
  Eigen::VectorXd r = rounded(p, x);
  std::vector<std::pair<double, int>> order;
  for (int j : p.binaries) order.emplace_back(std::fabs(x[j] - std::round(x[j])), j);
  for (int j : p.generals) order.emplace_back(std::fabs(x[j] - std::round(x[j])), j);
  std::sort(order.begin(), order.end());  // by distance, ties by index: deterministic
  Eigen::VectorXd lower = p.lp.col_lower.head(p.n), upper = p.lp.col_upper.head(p.n);
  const long budget = kRoundingWorkPerNonzero * std::max<long>(1, p.lp.A.nonZeros());
  long work = 0;
  for (const auto& [distance, j] : order) {
    const double v = std::clamp(std::round(x[j]), lower[j], upper[j]);
    r[j] = v;
    if (lower[j] == v && upper[j] == v) continue;  // already fixed there: nothing new to propagate
    lower[j] = upper[j] = v;
    for (lp::SparseMatrix::InnerIterator it(p.lp.A, j); it; ++it)
      if (it.row() < p.m) work += row_length[uz(it.row())];
    if (work > budget || propagator.propagate(lower, upper, {j}).infeasible) break;
  }
  return r;
}

// L1 distance of x* to x~ over the integer columns (what the pump minimises).
double distance(const PumpModel& p, const Eigen::VectorXd& x, const Eigen::VectorXd& target) {
  double d = 0.0;
  for (int j : p.binaries) d += std::fabs(x[j] - target[j]);
  for (int j : p.generals) d += std::fabs(x[j] - target[j]);
  return d;
}

bool same_integers(const PumpModel& p, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  for (int j : p.binaries)
    if (a[j] != b[j]) return false;
  for (int j : p.generals)
    if (a[j] != b[j]) return false;
  return true;
}

// Move x~_j one step away from its value, towards x*_j (within bounds).
void flip(const PumpModel& p, Eigen::VectorXd& target, const Eigen::VectorXd& x, int j) {
  const double step = x[j] > target[j] ? 1.0 : (x[j] < target[j] ? -1.0 : (target[j] > p.lp.col_lower[j] ? -1.0 : 1.0));
  target[j] = std::clamp(target[j] + step, p.lp.col_lower[j], p.lp.col_upper[j]);
}

// Short cycle: flip the columns where x* is furthest from x~.
void flip_least_certain(const PumpModel& p, Eigen::VectorXd& target, const Eigen::VectorXd& x, std::mt19937& rng) {
  std::vector<std::pair<double, int>> scored;
  for (int j : p.binaries) scored.emplace_back(std::fabs(x[j] - target[j]), j);
  for (int j : p.generals) scored.emplace_back(std::fabs(x[j] - target[j]), j);
  // Largest distance first; ties by index, so the order is deterministic.
  std::sort(scored.begin(), scored.end(),
            [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  const int flips = kFlipsOnShortCycle / 2 + static_cast<int>(rng() % kFlipsOnShortCycle);
  for (int k = 0; k < flips && k < static_cast<int>(scored.size()); ++k) {
    if (scored[uz(k)].first <= 0.0 && k > 0) break;
    flip(p, target, x, scored[uz(k)].second);
  }
}

// Long cycle: perturb every integer column at random (rho from [low, kPerturbHigh)).
void perturb(const PumpModel& p, Eigen::VectorXd& target, const Eigen::VectorXd& x, std::mt19937& rng,
             double low = kPerturbLow) {
  auto maybe_flip = [&](int j) {
    const double rho = low + (kPerturbHigh - low) * unit(rng);
    if (std::fabs(x[j] - target[j]) + std::max(rho, 0.0) > 0.5) flip(p, target, x, j);
  };
  for (int j : p.binaries) maybe_flip(j);
  for (int j : p.generals) maybe_flip(j);
}

// With the integer columns fixed at the incumbent, the LP with the true
// objective gives the continuous columns their best values.
void polish_continuous(SearchState& state, const std::vector<BoundChange>& changes) {
  if (state.integer_cols.size() == uz(state.lp.num_cols())) return;
  const lp::Basis start = state.relaxation.basis();
  std::vector<BoundChange> fixed = changes;
  for (int j : state.integer_cols) fixed.push_back({j, state.incumbent[j], state.incumbent[j]});
  state.apply_bounds(fixed);
  if (state.solve_lp(nullptr) == lp::LpStatus::kOptimal) state.offer_solution(state.relaxation.values());
  state.apply_bounds(changes);
  state.relaxation.restore_basis(start);
}

}  // namespace

PumpResult feasibility_pump(SearchState& state, const std::vector<BoundChange>& changes, const PumpLimits& limits) {
  PumpResult result;
  if (state.integer_cols.empty()) return result;
  const Deadline& clock = state.deadline;
  PumpModel p = build_model(state.relaxation.model(), state.integer_cols);
  if (p.binaries.empty() && p.generals.empty()) return result;

  // The original objective (minimisation form), scaled to the distance's size.
  Eigen::VectorXd scaled_cost = state.sign * state.relaxation.model().c;
  const double norm = scaled_cost.norm();
  double alpha = 0.0;
  if (norm > 0) {
    scaled_cost *= std::sqrt(static_cast<double>(p.binaries.size() + p.generals.size())) / norm;
    alpha = 1.0;
  }

  // Warm start: the relaxation's basis, auxiliary columns at 0, their rows basic.
  lp::Basis basis = state.relaxation.basis();
  basis.cols.resize(uz(p.lp.num_cols()), lp::VarStatus::kAtLower);
  basis.rows.resize(uz(p.lp.num_rows()), lp::VarStatus::kBasic);

  std::mt19937 rng(kSeed);
  Eigen::VectorXd x = state.relaxation.values();
  std::vector<long> row_length(uz(p.m), 0);
  for (int j = 0; j < p.n; ++j)
    for (lp::SparseMatrix::InnerIterator it(p.lp.A, j); it; ++it)
      if (it.row() < p.m) ++row_length[uz(it.row())];
  Eigen::VectorXd target = propagated_rounding(p, state.propagator, x, row_length);
  std::vector<Eigen::VectorXd> history;
  int failures = 0;
  double best_distance = INFINITY;
  int rounds_without_progress = 0;
  for (result.rounds = 0; result.rounds < limits.max_rounds; ++result.rounds) {
    if (clock.expired() || result.lp_iterations >= limits.max_lp_iterations) break;
    alpha = alpha * kObjectiveDecay;
    if (alpha < kObjectiveFloor) alpha = 0.0;
    set_target(p, target, scaled_cost, alpha);
    // The same checked engine the relaxation uses (its check and fallback
    // ladder), on the distance LP of this round.
    lp::CheckedSimplex engine(p.lp, &clock);
    // A basis that does not fit leaves the engine on the slack basis.
    if (!engine.set_basis(basis)) ++result.refused_bases;
    const lp::LpStatus status =
        engine.solve(std::min(limits.max_iterations_per_lp, limits.max_lp_iterations - result.lp_iterations));
    result.lp_iterations += engine.iterations();
    if (status != lp::LpStatus::kOptimal) {
      // A stalled distance LP (degenerate models such as 10teams): restart
      // from a perturbed target and the last good basis, a few times.
      if (status == lp::LpStatus::kTimeLimit || ++failures > kMaxFailedLps) break;
      perturb(p, target, x, rng);
      ++result.perturbations;
      continue;
    }
    basis = engine.active().basis();
    x = engine.active().primal_values().head(p.n);
    // Offered with its continuous values; offer_solution rounds the integer
    // columns and checks the point on the model.
    if (state.offer_solution(x)) {
      result.found = true;
      ++result.rounds;
      break;
    }
    // The stall rule, once the objective no longer pulls x* (see the header).
    if (alpha == 0.0) {
      const double d = distance(p, x, target);
      if (d < (1.0 - kStallProgress) * best_distance) {
        best_distance = d;
        rounds_without_progress = 0;
      } else if (++rounds_without_progress >= kStallRounds) {
        if (result.stall_restarts >= kStallRestarts) {
          result.stalled = true;
          ++result.rounds;
          break;
        }
        ++result.stall_restarts;
        perturb(p, target, x, rng, kRestartLow);
        history.clear();
        best_distance = INFINITY;
        rounds_without_progress = 0;
        continue;
      }
    }
    Eigen::VectorXd next = propagated_rounding(p, state.propagator, x, row_length);
    // The rounded point itself, with x*'s continuous values.
    Eigen::VectorXd candidate = x;
    for (int j : p.binaries) candidate[j] = next[j];
    for (int j : p.generals) candidate[j] = next[j];
    if (state.offer_solution(candidate)) {
      result.found = true;
      ++result.rounds;
      break;
    }
    if (same_integers(p, next, target)) {
      flip_least_certain(p, next, x, rng);
    } else {
      const bool seen = std::any_of(history.begin(), history.end(),
                                    [&](const Eigen::VectorXd& old) { return same_integers(p, old, next); });
      if (seen) {
        perturb(p, next, x, rng);
        ++result.perturbations;
      }
    }
    history.push_back(target);
    if (history.size() > kCycleHistory) history.erase(history.begin());
    target = std::move(next);
  }
  if (state.deadline.expired()) state.time_up = true;
  if (result.found && !state.time_up) polish_continuous(state, changes);
  return result;
}

}  // namespace milpsac::bnb
