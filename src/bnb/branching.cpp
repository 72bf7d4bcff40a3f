#include "bnb/branching.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace milpsac::bnb {
namespace {

constexpr int kReliable = 2;  // observations per direction before pseudocosts are trusted
constexpr int kMaxStrongCandidates = 8;
constexpr long kStrongIterations = 60;  // dual iterations per strong-branching child

// Objective gain of one child; the cutoff stands in for infeasible children.
double child_gain(SearchState& state, const lp::Basis& basis, double objective) {
  const lp::LpStatus status = state.solve_lp(&basis, kStrongIterations);
  const double cutoff = state.cutoff();
  const double cap = std::isfinite(cutoff) ? cutoff - objective : 1e6 * (1.0 + std::fabs(objective));
  switch (status) {
    case lp::LpStatus::kOptimal:
    case lp::LpStatus::kIterationLimit:
    case lp::LpStatus::kCutoff:
      return std::min(std::max(state.relaxation.objective() - objective, 0.0), std::max(cap, 0.0));
    case lp::LpStatus::kInfeasible:
      return std::max(cap, 0.0);
    default:
      return 0.0;
  }
}

}  // namespace

int choose_branching_column(SearchState& state, const std::vector<int>& fractional, const Eigen::VectorXd& x,
                            double objective, const std::vector<BoundChange>& changes) {
  // Strong-branch the unreliable candidates closest to one half first.
  std::vector<int> unreliable;
  for (int j : fractional)
    if (state.pseudocosts.observations(j, false) < kReliable || state.pseudocosts.observations(j, true) < kReliable)
      unreliable.push_back(j);
  if (!unreliable.empty() && !state.deadline.expired()) {
    auto distance_to_half = [&](int j) { return std::fabs(x[j] - std::floor(x[j]) - 0.5); };
    std::stable_sort(unreliable.begin(), unreliable.end(),
                     [&](int a, int b) { return distance_to_half(a) < distance_to_half(b); });
    if (static_cast<int>(unreliable.size()) > kMaxStrongCandidates) unreliable.resize(kMaxStrongCandidates);
    const lp::Basis basis = state.relaxation.basis();
    for (int j : unreliable) {
      if (state.time_up) break;
      const double down = std::floor(x[j]), up = std::ceil(x[j]);
      std::vector<BoundChange> child = changes;
      child.push_back({j, -INFINITY, down});
      state.apply_bounds(child);
      state.pseudocosts.record(j, false, x[j] - down, child_gain(state, basis, objective));
      child.back() = {j, up, INFINITY};
      state.apply_bounds(child);
      state.pseudocosts.record(j, true, up - x[j], child_gain(state, basis, objective));
    }
    state.apply_bounds(changes);
    state.relaxation.restore_basis(basis);
  }
  int best = fractional.front();
  double best_score = -1.0;
  for (int j : fractional) {
    const double fraction = x[j] - std::floor(x[j]);
    const double score = state.pseudocosts.score(j, fraction);
    if (score > best_score * (1.0 + 1e-12)) {  // ties keep the lower column index
      best_score = score;
      best = j;
    }
  }
  return best;
}

}  // namespace milpsac::bnb
