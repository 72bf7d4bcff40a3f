#include "bnb/heuristics.h"

#include <algorithm>
#include <cmath>

#include "bnb/branch_and_bound.h"
#include "bnb/feasibility_jump.h"
#include "lp/solution_check.h"

namespace milpsac::bnb {

bool simple_rounding(SearchState& state, const Eigen::VectorXd& x) {
  Eigen::VectorXd rounded = x;
  for (int j : state.integer_cols) rounded[j] = std::round(x[j]);
  return state.offer_solution(rounded);
}

bool fractional_dive(SearchState& state, const std::vector<BoundChange>& changes, long iteration_budget) {
  const lp::Basis start_basis = state.relaxation.basis();
  std::vector<BoundChange> path = changes;
  const long start_iterations = state.relaxation.iterations();
  bool found = false;
  bool backtracked = false;
  const int max_depth = 2 * static_cast<int>(state.integer_cols.size()) + 10;
  for (int depth = 0; depth < max_depth; ++depth) {
    const long left = iteration_budget - (state.relaxation.iterations() - start_iterations);
    if (left <= 0 || state.time_up || state.deadline.expired()) break;
    const Eigen::VectorXd x = state.relaxation.values();
    const std::vector<int> fractional = state.fractional_columns(x);
    if (fractional.empty()) {
      found = state.offer_solution(x);
      break;
    }
    // Least fractional first: the rounding most likely to stay feasible.
    int best = fractional.front();
    double best_distance = 1.0;
    for (int j : fractional) {
      const double distance = std::fabs(x[j] - std::round(x[j]));
      if (distance < best_distance) {
        best_distance = distance;
        best = j;
      }
    }
    const bool up = std::round(x[best]) > x[best];
    auto fix = [&](bool direction_up) {
      return direction_up ? BoundChange{best, std::ceil(x[best]), INFINITY}
                          : BoundChange{best, -INFINITY, std::floor(x[best])};
    };
    path.push_back(fix(up));
    state.apply_bounds(path);
    lp::LpStatus status = state.solve_lp(nullptr, left);
    if (status != lp::LpStatus::kOptimal && !backtracked && !state.time_up) {
      backtracked = true;
      path.back() = fix(!up);
      state.apply_bounds(path);
      status = state.solve_lp(nullptr, left);
    }
    if (status != lp::LpStatus::kOptimal) break;
  }
  state.apply_bounds(changes);
  state.relaxation.restore_basis(start_basis);
  return found;
}

namespace {

constexpr double kMinFixedShare = 0.3;  // below this a neighbourhood is not small
constexpr int kSubMipCutRounds = 5;     // HiGHS's maxSepaRounds for a sub-MIP
constexpr int kSubMipReliability = 1;   // observations a side (MilpOptions::pseudocost_reliability)

// The model within the root's global bounds, a semi-continuous column keeping
// its on interval (the root relaxed it to include 0), so the sub-MIP still
// knows it is semi-continuous.
lp::LinearProgram root_neighbourhood(const SearchState& state) {
  lp::LinearProgram sub = state.lp;
  sub.col_lower = state.root_lower;
  sub.col_upper = state.root_upper;
  for (int j : state.semicontinuous_cols) {
    const double low = std::max(state.root_lower[j], state.on_lower[j]);
    const double high = std::min(state.root_upper[j], state.on_upper[j]);
    sub.col_lower[j] = low <= high ? low : 0.0;
    sub.col_upper[j] = low <= high ? high : 0.0;
  }
  return sub;
}

// Solve the neighbourhood as a sub-MIP (no RINS, pump or jump inside) within the
// budgets and the search's clock; its answer is offered like any other point.
bool solve_neighbourhood(SearchState& state, const lp::LinearProgram& sub, long node_limit, long lp_iteration_limit) {
  MilpOptions options;
  options.relative_gap = state.options.relative_gap;
  options.deadline = &state.deadline;  // the sub-MIP is the search's child: same end, same interrupt flag
  options.node_limit = node_limit;
  options.lp_iteration_limit = lp_iteration_limit;
  options.branching = state.options.branching;  // the caller's rule, in its sub-MIPs too
  options.root_cut_rounds = kSubMipCutRounds;
  options.pseudocost_reliability = kSubMipReliability;
  options.rins = false;
  options.feasibility_pump = false;
  options.feasibility_jump = false;
  options.root_restarts = 0;
  // A sub-MIP's budgets count nodes and LP iterations, not the separators'
  // own work: with node cuts, mod011's root RINS ran the whole 30 s (one
  // node searched); without, the same trees elsewhere on the 53.
  options.node_cuts = false;
  const MilpResult result = solve_milp(sub, options);
  state.sub_mip_iterations += result.lp_iterations + result.iterations_by.sub_mips;
  if (!result.has_solution) return false;
  // The sub-MIP's point went through its own presolve and postsolve, which
  // leave round-off in the continuous columns: on a presolve test's model
  // RENS found diving's point again, 4e-11 better by a row 1e-9 outside,
  // where the node LPs' points are exact. Such a point replaces the
  // incumbent only when it is better by more than round-off.
  constexpr double kSubMipGain = 1e-9;  // relative
  if (state.has_incumbent && state.sign * lp::objective_value(state.lp, result.x) >
                                 state.incumbent_value - kSubMipGain * std::max(1.0, std::fabs(state.incumbent_value)))
    return false;
  return state.offer_solution(result.x);
}

// Too few fixed columns (the sub-MIP would be most of the model) or all of
// them (a neighbourhood of one point, which the caller has already tried).
bool worth_a_sub_mip(size_t fixed, size_t integers) {
  return static_cast<double>(fixed) >= kMinFixedShare * static_cast<double>(integers) && fixed < integers;
}

}  // namespace

bool rins(SearchState& state, const Eigen::VectorXd& x, long node_limit, long lp_iteration_limit) {
  if (!state.has_incumbent || !state.options.rins || state.integer_cols.empty()) return false;
  lp::LinearProgram sub = root_neighbourhood(state);
  size_t fixed = 0;
  for (int j : state.integer_cols) {
    const double v = std::round(state.incumbent[j]);
    if (std::fabs(x[j] - v) <= kIntegrality) {
      sub.col_lower[j] = sub.col_upper[j] = v;
      ++fixed;
    }
  }
  if (!worth_a_sub_mip(fixed, state.integer_cols.size())) return false;
  return solve_neighbourhood(state, sub, node_limit, lp_iteration_limit);
}

bool rens(SearchState& state, const Eigen::VectorXd& x, long node_limit, long lp_iteration_limit) {
  if (!state.options.rins || state.integer_cols.empty()) return false;
  lp::LinearProgram sub = root_neighbourhood(state);
  std::vector<char> semicontinuous(static_cast<size_t>(state.lp.num_cols()), 0);
  for (int j : state.semicontinuous_cols) semicontinuous[static_cast<size_t>(j)] = 1;
  size_t fixed = 0;
  for (int j : state.integer_cols) {
    // A semi-continuous column keeps its two pieces: [floor, ceil] of an x
    // between 0 and the on interval could miss both.
    if (semicontinuous[static_cast<size_t>(j)]) continue;
    const double v = std::round(x[j]);
    if (std::fabs(x[j] - v) <= kIntegrality) {
      sub.col_lower[j] = sub.col_upper[j] = v;
      ++fixed;
    } else {
      sub.col_lower[j] = std::max(sub.col_lower[j], std::floor(x[j]));
      sub.col_upper[j] = std::min(sub.col_upper[j], std::ceil(x[j]));
    }
  }
  if (!worth_a_sub_mip(fixed, state.integer_cols.size())) return false;
  return solve_neighbourhood(state, sub, node_limit, lp_iteration_limit);
}

bool jump_for_incumbent(SearchState& state) {
  const long work =
      std::clamp(kJumpWorkPerNonzero * static_cast<long>(state.lp.A.nonZeros()), kJumpMinWork, kJumpMaxWork);
  const JumpResult jump = feasibility_jump(state.lp, state.root_lower, state.root_upper, work, &state.deadline);
  if (!jump.found) return false;
  return state.offer_completion(jump.x) || state.offer_solution(jump.x);
}

}  // namespace milpsac::bnb
