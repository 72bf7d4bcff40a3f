#include "bnb/search_state.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "bnb/cut_row_implication.h"
#include "bnb/objective_step.h"
#include "bnb/probing.h"
#include "common/index.h"
#include "lp/simplex.h"
#include "lp/solution_check.h"
#include "lp/tolerances.h"

namespace milpsac::bnb {

SearchState::SearchState(const lp::LinearProgram& lp_in, const MilpOptions& options_in)
    : lp(lp_in),
      options(options_in),
      deadline(Deadline::of_caller(options_in.deadline)),
      relaxation(lp_in, &deadline),
      sign(lp_in.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0),
      pseudocosts(lp_in.num_cols()),
      propagator(lp_in),
      completion(lp_in, &deadline) {
  root_lower = lp.col_lower;
  root_upper = lp.col_upper;
  cut_integrality = options.cut_integrality.size() == uz(lp.num_cols()) ? options.cut_integrality : lp.is_integer;
  // Implied integers are integral at every integer-feasible point: costs on
  // them keep the objective on a grid as costs on integer columns do.
  step = objective_step(lp, cut_integrality);
  on_lower = lp.col_lower;
  on_upper = lp.col_upper;
  for (int j = 0; j < lp.num_cols(); ++j) {
    if (!lp.is_semicontinuous_column(j)) continue;
    semicontinuous_cols.push_back(j);
    root_lower[j] = std::min(root_lower[j], 0.0);
    root_upper[j] = std::max(root_upper[j], 0.0);
  }
  for (int j = 0; j < lp.num_cols(); ++j) {
    if (!lp.is_integer[uz(j)]) continue;
    integer_cols.push_back(j);
    // Integer columns take integer bounds: rounding inward is exact.
    for (Eigen::VectorXd* lower : {&root_lower, &on_lower})
      if (std::isfinite((*lower)[j])) (*lower)[j] = std::ceil((*lower)[j] - kIntegrality);
    for (Eigen::VectorXd* upper : {&root_upper, &on_upper})
      if (std::isfinite((*upper)[j])) (*upper)[j] = std::floor((*upper)[j] + kIntegrality);
  }
  // Root propagation tightens the global bounds. If it finds the rows
  // unsatisfiable, the bounds are left alone: the root LP gives the verdict.
  Eigen::VectorXd lower = root_lower, upper = root_upper;
  if (!propagator.propagate(lower, upper, {}).infeasible) {
    if (options.probing) {
      // bnb/probing.h: leaves the bounds alone if it proves infeasibility.
      const RowPropagator probe_propagator(lp, RowPropagator::Columns::kAll);
      ProbingOutcome probed = probe_binaries(lp, propagator, probe_propagator, lower, upper, &deadline);
      probing_implications = std::move(probed.implications);
      probing_row_implications = unique_row_implications(std::move(probed.row_implications));
    }
    root_lower = lower;
    root_upper = upper;
  }
  // A semi-continuous column whose root bounds exclude one side is on the other.
  for (int j : semicontinuous_cols) {
    const bool off_possible = root_lower[j] <= 0.0 && 0.0 <= root_upper[j];
    const double on_low = std::max(root_lower[j], on_lower[j]), on_high = std::min(root_upper[j], on_upper[j]);
    if (!off_possible && on_low <= on_high) {
      root_lower[j] = on_low;
      root_upper[j] = on_high;
    } else if (off_possible && !(on_low <= on_high)) {
      root_lower[j] = root_upper[j] = 0.0;
    }
  }
  for (int j : integer_cols) relaxation.set_bounds(j, root_lower[j], root_upper[j]);
  for (int j : semicontinuous_cols) relaxation.set_bounds(j, root_lower[j], root_upper[j]);
}

bool SearchState::propagate(std::vector<BoundChange>& changes, size_t from) {
  if (from >= changes.size()) return true;
  Eigen::VectorXd lower = root_lower, upper = root_upper;
  for (const BoundChange& c : changes) {
    lower[c.column] = std::max(lower[c.column], c.lower);
    upper[c.column] = std::min(upper[c.column], c.upper);
  }
  std::vector<int> touched;
  for (size_t k = from; k < changes.size(); ++k) touched.push_back(changes[k].column);
  const RowPropagator::Outcome outcome = propagator.propagate(lower, upper, touched);
  if (outcome.infeasible) return false;
  for (int j : outcome.tightened) changes.push_back({j, lower[j], upper[j]});
  return true;
}

double SearchState::exact_cutoff() const {
  if (!has_incumbent) return INFINITY;
  const double ub = incumbent_value;
  if (step > 0) return ub - step + std::max(1e-6 * step, lp::tol::kSearchRoundOff * std::fabs(ub));
  return ub - std::max(lp::tol::kSearchRoundOff, lp::tol::kSearchRoundOff * std::fabs(ub));
}

double SearchState::gap_cutoff() const {
  if (!has_incumbent) return INFINITY;
  return incumbent_value - options.relative_gap * std::max(std::fabs(incumbent_value), lp::tol::kGapZero);
}

bool SearchState::within_root_bounds(const std::vector<BoundChange>& changes) const {
  for (const BoundChange& c : changes)
    if (c.lower > root_upper[c.column] + kIntegrality || c.upper < root_lower[c.column] - kIntegrality) return false;
  return true;
}

void SearchState::apply_bounds(const std::vector<BoundChange>& changes) {
  Eigen::VectorXd lower = root_lower, upper = root_upper;
  for (const BoundChange& c : changes) {
    lower[c.column] = std::max(lower[c.column], c.lower);
    upper[c.column] = std::min(upper[c.column], c.upper);
  }
  for (int j = 0; j < lp.num_cols(); ++j) relaxation.set_bounds(j, lower[j], upper[j]);
}

std::vector<int> SearchState::fractional_columns(const Eigen::VectorXd& x) const {
  std::vector<int> fractional;
  for (int j : integer_cols)
    if (std::fabs(x[j] - std::round(x[j])) > kIntegrality) fractional.push_back(j);
  return fractional;
}

std::vector<int> SearchState::semicontinuous_violations(const Eigen::VectorXd& x) const {
  std::vector<std::pair<double, int>> violated;
  for (int j : semicontinuous_cols) {
    const double v = std::min(std::fabs(x[j]), lp::interval_violation(x[j], on_lower[j], on_upper[j]));
    if (v > kFeasibilityCheck) violated.emplace_back(-v, j);
  }
  std::sort(violated.begin(), violated.end());
  std::vector<int> columns;
  for (const auto& [v, j] : violated) columns.push_back(j);
  return columns;
}

std::vector<BoundChange> SearchState::semicontinuous_pattern(const Eigen::VectorXd& x) const {
  std::vector<BoundChange> pattern;
  for (int j : semicontinuous_cols) {
    if (std::fabs(x[j]) <= lp::interval_violation(x[j], on_lower[j], on_upper[j]))
      pattern.push_back({j, 0.0, 0.0});
    else
      pattern.push_back({j, on_lower[j], on_upper[j]});
  }
  return pattern;
}

bool SearchState::offer_solution(const Eigen::VectorXd& x) {
  Eigen::VectorXd rounded = x;
  for (int j : integer_cols) rounded[j] = std::round(x[j]);
  // Rounding can move a row with a large coefficient (the big-M trap): the
  // rounded point is checked, and the unrounded one is the fallback.
  const Eigen::VectorXd* candidate = nullptr;
  if (lp::is_feasible(lp, rounded, kFeasibilityCheck, true, kIntegrality))
    candidate = &rounded;
  else if (lp::is_feasible(lp, x, kFeasibilityCheck, true, kIntegrality))
    candidate = &x;
  if (candidate == nullptr) return false;
  // A point that holds the rows only to the check's tolerance (relative 1e-6
  // of the right-hand side) can sit below the true optimum by more than the
  // answer may: a rounding heuristic on mas76 left x151 0.084 under its row,
  // the incumbent was 2.1e-6 (relative) too good, pruned the true optimum and
  // was reported as optimal. Its continuous columns are re-solved with the
  // integers fixed, and the exact completion replaces it when the tolerance
  // bought more than kCompletionGain of objective. Smaller differences are
  // round-off the node LPs share (4e-9 on the SAC big-M models): replacing
  // the point there would leave nodes whose LP value sits that much below the
  // incumbent, and a gap-0 search could not close.
  Eigen::VectorXd completed;
  if (integer_cols.size() < uz(lp.num_cols()) &&
      !(lp::max_bound_violation(lp, *candidate) <= lp::tol::kPolishResidual)) {
    completed = completion.complete(*candidate, semicontinuous_pattern(*candidate));
    const double raw = sign * lp::objective_value(lp, *candidate);
    if (completed.size() == lp.num_cols() && lp::is_feasible(lp, completed, kFeasibilityCheck, true, kIntegrality) &&
        sign * lp::objective_value(lp, completed) - raw > kCompletionGain * std::max(1.0, std::fabs(raw)))
      candidate = &completed;
  }
  const double value = sign * lp::objective_value(lp, *candidate);
  if (has_incumbent && value >= incumbent_value - 1e-12 * std::max(1.0, std::fabs(incumbent_value))) return false;
  if (!has_incumbent) first_incumbent_seconds = deadline.elapsed_seconds();
  has_incumbent = true;
  incumbent_value = value;
  incumbent = *candidate;
  ++incumbent_updates;
  return true;
}

bool SearchState::offer_completion(const Eigen::VectorXd& x) {
  if (integer_cols.size() >= uz(lp.num_cols())) return false;
  const Eigen::VectorXd completed = completion.complete(x, semicontinuous_pattern(x));
  return completed.size() == lp.num_cols() && offer_solution(completed);
}

lp::LpStatus SearchState::solve_lp(const lp::Basis* basis, long iteration_budget, LpRelaxation::StartWeights weights) {
  relaxation.set_cutoff(cutoff());
  const lp::LpStatus status = relaxation.resolve(basis, iteration_budget, weights);
  if (status == lp::LpStatus::kTimeLimit) time_up = true;
  return status;
}

}  // namespace milpsac::bnb
