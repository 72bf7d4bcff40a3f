// MIP presolve at the root (see root_presolve.h for the invariants).
#include "bnb/root_presolve.h"

#include <algorithm>
#include <cmath>
#include <variant>
#include <vector>

#include "bnb/search_state.h"
#include "common/deadline.h"
#include "common/index.h"
#include "lp/presolve/presolve.h"
#include "lp/solution_check.h"

namespace milpsac::bnb {
namespace {

namespace pre = lp::presolve;

// The relative difference between the reduced model's proven optimum and its
// value on the original data that is still round-off (the point passes the
// original rows to kFeasibilityCheck, relative, too).
constexpr double kOptimalRoundOff = 1e-7;

// The checked point for `x` (original columns): integer columns rounded
// first, the unrounded point as the fallback (the big-M trap, as in
// SearchState::offer_solution). Empty when neither passes.
Eigen::VectorXd checked_point(const lp::LinearProgram& lp, const Eigen::VectorXd& x) {
  if (x.size() != lp.num_cols()) return {};
  Eigen::VectorXd rounded = x;
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.is_integer[uz(j)]) rounded[j] = std::round(x[j]);
  if (lp::is_feasible(lp, rounded, kFeasibilityCheck, true, kIntegrality)) return rounded;
  if (lp::is_feasible(lp, x, kFeasibilityCheck, true, kIntegrality)) return x;
  return {};
}

// The user's initial solution restricted to the reduced columns (the reduced
// columns are original columns, a merged duplicate their sum; the search
// checks the point on the reduced model and ignores it when a reduction
// excluded it).
Eigen::VectorXd reduced_start(const pre::PresolveResult& presolved, const Eigen::VectorXd& x) {
  const std::vector<int>& map = presolved.stack.col_map;
  if (x.size() != presolved.stack.original_cols || map.empty()) return {};
  // A merged duplicate column stands for x_j + s * x_k (in merge order, so
  // that a column merged twice adds both).
  Eigen::VectorXd merged = x;
  for (const pre::Reduction& reduction : presolved.stack.reductions)
    if (const auto* d = std::get_if<pre::DuplicateColumn>(&reduction)) merged[d->kept] += d->scale * merged[d->removed];
  Eigen::VectorXd start(static_cast<Eigen::Index>(map.size()));
  for (size_t k = 0; k < map.size(); ++k) start[static_cast<Eigen::Index>(k)] = merged[map[k]];
  return start;
}

// The reduced model's integer columns plus its implied integers (empty when
// there are none: the separators then read is_integer itself).
std::vector<char> cut_integrality(const pre::PresolveResult& presolved) {
  if (presolved.stats.implied_integers == 0 || presolved.implied_integer.size() != presolved.reduced.is_integer.size())
    return {};
  std::vector<char> flags = presolved.reduced.is_integer;
  for (size_t c = 0; c < flags.size(); ++c) flags[c] = static_cast<char>(flags[c] || presolved.implied_integer[c]);
  return flags;
}

}  // namespace

MilpResult solve_with_root_presolve(const lp::LinearProgram& lp, const MilpOptions& options, const MilpSearch& search) {
  const Deadline clock = Deadline::of_caller(options.deadline);
  const double sign = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  long spent_nodes = 0, spent_resolves = 0, spent_iterations = 0;
  LpIterationShares spent_by;
  // The original model without presolve, with the time, nodes and LP iterations left and
  // (when there is one) a checked point as its first incumbent.
  auto solve_original = [&](const Eigen::VectorXd& start) {
    MilpOptions fallback = options;
    fallback.presolve = false;
    fallback.deadline = &clock;
    fallback.node_limit = std::max(0L, options.node_limit - spent_nodes);
    fallback.lp_iteration_limit = std::max(0L, options.lp_iteration_limit - spent_iterations);
    if (start.size() == lp.num_cols()) fallback.initial_solution = start;
    MilpResult r = search(lp, fallback);
    r.nodes += spent_nodes;
    r.resolves += spent_resolves;
    r.lp_iterations += spent_iterations;
    r.iterations_by += spent_by;
    r.seconds = clock.elapsed_seconds();
    r.presolve_fallback = true;
    return r;
  };

  const bool maximize = lp.sense == lp::ObjectiveSense::kMaximize;
  pre::PresolveOptions presolve_options;
  presolve_options.keep_integrality = true;
  presolve_options.deadline = &clock;
  // The passes poll the clock; building and extracting the models do not
  // (0.1 s each on nw04), so a limit that passed around them stops here.
  // A caller's initial solution is still checked and returned (the search
  // on the original model offers it first and then stops on the clock).
  auto stop_on_clock = [&] {
    return options.initial_solution.size() == lp.num_cols() ? solve_original(options.initial_solution)
                                                            : time_limit_before_search(maximize);
  };
  if (clock.expired()) return stop_on_clock();
  const pre::PresolveResult presolved = pre::presolve(lp, presolve_options);
  if (clock.expired()) return stop_on_clock();
  if (presolved.status != pre::PresolveStatus::kReduced && presolved.status != pre::PresolveStatus::kEmpty)
    return solve_original(options.initial_solution);
  const bool unchanged = presolved.stack.reductions.empty() && presolved.stats.tightened_bounds == 0 &&
                         presolved.stats.tightened_coefficients == 0;
  if (unchanged) {
    MilpOptions plain = options;
    plain.presolve = false;
    plain.deadline = &clock;
    // The same columns: only the implied integers are new.
    if (presolved.stats.implied_integers > 0) plain.cut_integrality = cut_integrality(presolved);
    return search(lp, plain);
  }

  MilpResult sub;
  if (presolved.status == pre::PresolveStatus::kEmpty) {
    // Every row and column removed: the postsolved point is the answer.
    sub.status = MilpStatus::kOptimal;
    sub.has_solution = true;
    sub.x = Eigen::VectorXd();
  } else {
    MilpOptions inner = options;
    inner.presolve = false;
    inner.deadline = &clock;
    inner.initial_solution = reduced_start(presolved, options.initial_solution);
    inner.cut_integrality = cut_integrality(presolved);
    // The caller sees incumbents over its own columns: postsolved and checked.
    if (options.incumbent)
      inner.incumbent = [&](const MilpProgress& p, const Eigen::VectorXd& reduced_x) {
        const Eigen::VectorXd original = checked_point(lp, pre::postsolve_primal(presolved, reduced_x));
        if (original.size() == lp.num_cols()) options.incumbent(p, original);
      };
    const double presolve_seconds = clock.elapsed_seconds();
    sub = search(presolved.reduced, inner);
    spent_nodes = sub.nodes;
    spent_resolves = sub.resolves;
    spent_iterations = sub.lp_iterations;
    spent_by = sub.iterations_by;
    sub.first_incumbent_seconds += presolve_seconds;
  }
  const bool verdict_needs_original = sub.status == MilpStatus::kInfeasible || sub.status == MilpStatus::kUnbounded ||
                                      sub.status == MilpStatus::kNumericalError;
  Eigen::VectorXd x;
  if (sub.has_solution) {
    x = checked_point(lp, pre::postsolve_primal(presolved, sub.x));
    // A postsolved incumbent that fails the check on the original: the
    // reduced search cannot be trusted here; search the original.
    if (x.size() == 0) return solve_original(options.initial_solution);
  }
  if (verdict_needs_original) return solve_original(x.size() > 0 ? x : options.initial_solution);

  MilpResult r = sub;
  r.presolve_removed_rows = lp.num_rows() - presolved.reduced.num_rows();
  r.presolve_removed_cols = lp.num_cols() - presolved.reduced.num_cols();
  r.seconds = clock.elapsed_seconds();
  if (presolved.status == pre::PresolveStatus::kEmpty) {
    r.presolve_removed_rows = lp.num_rows();
    r.presolve_removed_cols = lp.num_cols();
  }
  r.x = x;
  if (r.has_solution && presolved.status == pre::PresolveStatus::kEmpty) {
    // Presolve alone solved it: the one incumbent, reported as a search's would be.
    MilpProgress p;
    p.event = MilpEvent::kIncumbent;
    p.found_by = "presolve";
    p.objective = p.bound = lp::objective_value(lp, x);
    p.gap = 0.0;
    p.seconds = clock.elapsed_seconds();
    if (options.progress) options.progress(p);
    if (options.incumbent) options.incumbent(p, x);
  }
  if (r.has_solution) {
    // The objective on the user's data; the reduced bound is a bound of the
    // original (same optimal value), kept at or below the incumbent.
    r.objective = lp::objective_value(lp, x);
    const double upper = sign * r.objective;
    double lower = presolved.status == pre::PresolveStatus::kEmpty ? upper : std::min(sign * r.bound, upper);
    // A proven optimum of the reduced model is the original's: the two
    // objective values differ by the round-off of evaluating it on the
    // postsolved point (a SAC model: 1.9e-9 relative), which must not turn
    // "optimal" into a nonzero gap.
    if (sub.status == MilpStatus::kOptimal && relative_gap(upper, lower) <= kOptimalRoundOff) lower = upper;
    r.bound = sign * lower;
    r.gap = relative_gap(upper, lower);
    if (presolved.status == pre::PresolveStatus::kEmpty) {
      r.root_lp_bound = r.root_bound = r.objective;
      r.first_incumbent_seconds = r.seconds;
    }
  }
  return r;
}

}  // namespace milpsac::bnb
