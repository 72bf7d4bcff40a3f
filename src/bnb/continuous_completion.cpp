#include "bnb/continuous_completion.h"

#include <cmath>

#include "common/index.h"
#include "lp/simplex.h"

namespace milpsac::bnb {
namespace {

// The model the completions solve: semi-continuous columns become plain
// columns, their side set per completion by the pattern's bounds.
lp::LinearProgram without_semicontinuity(const lp::LinearProgram& lp) {
  lp::LinearProgram plain = lp;
  plain.is_semicontinuous.clear();
  return plain;
}

// The one-shot solve: presolve and the checked ladder from a cold start.
Eigen::VectorXd solve_cold(lp::LinearProgram fixed, const Deadline* deadline) {
  lp::LpOptions options;
  options.deadline = deadline;
  const lp::LpSolution solution = lp::solve_lp(fixed, options);
  if (solution.status != lp::LpStatus::kOptimal) return {};
  return solution.x;
}

}  // namespace

Eigen::VectorXd ContinuousCompletion::complete(const Eigen::VectorXd& point, const std::vector<BoundChange>& pattern) {
  if (!warm_) warm_ = std::make_unique<LpRelaxation>(without_semicontinuity(lp_), deadline_);
  // Every column's bounds are set on each call: the last completion's
  // integer values and pattern must not carry over.
  Eigen::VectorXd lower = lp_.col_lower, upper = lp_.col_upper;
  for (const BoundChange& c : pattern) {
    lower[c.column] = c.lower;
    upper[c.column] = c.upper;
  }
  for (int j = 0; j < lp_.num_cols(); ++j)
    if (lp_.is_integer[uz(j)]) lower[j] = upper[j] = std::round(point[j]);
  for (int j = 0; j < lp_.num_cols(); ++j) warm_->set_bounds(j, lower[j], upper[j]);
  Eigen::VectorXd x;
  // The one-shot solve's default limit, as the completions had when solved cold.
  const lp::LpStatus status = warm_->resolve(nullptr, lp::kDefaultIterationLimit);
  if (status == lp::LpStatus::kOptimal) {
    x = warm_->values();
  } else if (status == lp::LpStatus::kInfeasible) {
    return {};  // the LP core reports it only with a checked Farkas certificate
  } else {
    ++cold_solves_;
    lp::LinearProgram fixed = without_semicontinuity(lp_);
    fixed.col_lower = lower;
    fixed.col_upper = upper;
    x = solve_cold(std::move(fixed), deadline_);
    if (x.size() == 0) return {};
  }
  // Exactly the integer values the point was completed for.
  for (int j = 0; j < lp_.num_cols(); ++j)
    if (lp_.is_integer[uz(j)]) x[j] = lower[j];
  return x;
}

}  // namespace milpsac::bnb
