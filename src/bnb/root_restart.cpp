// Root restart (see root_restart.h).
#include "bnb/root_restart.h"

#include <algorithm>
#include <cmath>

#include "common/index.h"

namespace milpsac::bnb {

NewlyFixed newly_fixed(const lp::LinearProgram& model, const std::vector<int>& integer_cols,
                       const Eigen::VectorXd& lower, const Eigen::VectorXd& upper) {
  size_t free = 0, fixed = 0;
  for (int j : integer_cols) {
    // Integer bounds: "fixed" is a range below one, not an exact comparison.
    if (model.col_upper[j] - model.col_lower[j] < 0.5) continue;
    ++free;
    fixed += upper[j] - lower[j] < 0.5;
  }
  NewlyFixed out;
  out.count = static_cast<int>(fixed);
  out.share = free == 0 ? 0.0 : static_cast<double>(fixed) / static_cast<double>(free);
  return out;
}

std::optional<lp::LinearProgram> restarted_model(const lp::LinearProgram& model, const std::vector<int>& integer_cols,
                                                 const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                                                 const std::vector<Cut>& cuts, const Eigen::VectorXd& incumbent) {
  lp::LinearProgram out = model;
  for (int j : integer_cols) {
    const double low = std::max(model.col_lower[j], lower[j]);
    const double high = std::min(model.col_upper[j], upper[j]);
    // Integer columns of an incumbent are integral: a bound it misses by any
    // amount would make the restarted model lose it.
    if (!(incumbent[j] >= low - 1e-9 && incumbent[j] <= high + 1e-9)) return std::nullopt;
    out.col_lower[j] = low;
    out.col_upper[j] = high;
  }
  const CutRows added = as_rows(cuts);
  out.append_dense_rows(added.rows, added.lower, added.upper);
  if (!out.row_names.empty())
    for (size_t k = 0; k < cuts.size(); ++k) out.row_names.push_back("root_cut_" + std::to_string(k));
  return out;
}

MilpResult merge_restart(const MilpResult& first, MilpResult second, const RestartPoint& point,
                         lp::ObjectiveSense sense, double requested_gap) {
  const double sign = sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  MilpResult r = std::move(second);
  // On a tie the first point stays: it went through one postsolve fewer.
  if (first.has_solution && (!r.has_solution || sign * first.objective <= sign * r.objective)) {
    r.has_solution = true;
    r.objective = first.objective;
    r.x = first.x;
  }
  // Minimisation form from here on.
  double lower = std::min(sign * r.bound, point.gap_pruned_bound);
  lower = std::max(lower, sign * first.bound);
  if (r.has_solution) lower = std::min(lower, sign * r.objective);
  r.bound = sign * lower;
  r.gap = r.has_solution ? relative_gap(sign * r.objective, lower) : INFINITY;
  if (r.status == MilpStatus::kOptimal || r.status == MilpStatus::kGapLimit) {
    if (r.gap <= 0.0)
      r.status = MilpStatus::kOptimal;
    else
      r.status = r.gap <= requested_gap ? MilpStatus::kGapLimit : MilpStatus::kNumericalError;
  }
  r.nodes += first.nodes;
  r.resolves += first.resolves;
  r.lp_iterations += first.lp_iterations;
  r.iterations_by += first.iterations_by;
  r.lp_fallbacks += first.lp_fallbacks;
  r.root_lp_bound = first.root_lp_bound;  // the first root LP; root_bound stays the restarted root's
  ++r.restarts;
  if (first.has_solution) r.first_incumbent_seconds = first.first_incumbent_seconds;
  return r;
}

}  // namespace milpsac::bnb
