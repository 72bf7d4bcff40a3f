// Cut separation at tree nodes (see node_cuts.h).
#include "bnb/node_cuts.h"

#include <algorithm>
#include <cmath>

#include "bnb/cut_row_implication.h"
#include "bnb/root_cuts.h"
#include "common/index.h"

namespace milpsac::bnb {
namespace {

// Rounds at one node. Each round costs the separators and an LP re-solve,
// and every row added makes every later node LP larger.
constexpr int kRounds = 2;
// The bound must rise by this share of max(1, |bound|) for another round.
constexpr double kProgress = 1e-4;
// A cut row slack (its logical basic) at this many node LP optima in a row
// may leave the LP for the pool (HiGHS's LP age limit). Counted at every
// node, plunge children too, not only where separation runs. Rows that
// stay cost every node LP: misc07 with no retirement had 422 cut rows (on
// 212 model rows) after 5,000 nodes and took 5 times the CPU time.
constexpr int kSlackOptima = 10;
// Retiring rows rebuilds the LP (a refactorisation) and may leave open
// nodes' stored bases unusable (carry_basis): rows are retired only once at
// least this share of the cut rows may go.
constexpr double kRetireShare = 0.25;

// Cuts per round and cut rows in the LP at most, from the model's row count.
size_t cuts_per_round(int rows) { return uz(std::clamp(rows / 4, 5, 50)); }
int max_cut_rows(int rows) { return std::max(2 * rows, 100); }

// Node separation pays where the root's cuts lifted the bound by at least
// kMinRootLift of its size, or closed kMinRootGapClosed of the gap between
// the root LP bound and the root's incumbent. On the 53 MIPLIB models (30 s,
// node cuts at every plunge start), the models where node cuts cost more
// than they saved all had root cuts lifting under 1 % and closing under 10 %
// of the final gap (markshare_4_0, pk1, stein27, stein45 nothing; misc07
// 0.7 % of the final gap, rout 6.8 %, mas76 7.1 %, cap6000 a lift of 10^-4);
// the ones where they paid lifted 7-180 % (lseu 10 %, p0201 7 %, vpm2,
// pp08a, fiber, qnet1) or closed most of a small gap (modglob 96 %, dcmulti
// 82 %). The incumbent alone misleads: lseu's root cuts close 59 % of the
// final gap but under 25 % of the gap to the root's incumbent.
constexpr double kMinRootLift = 0.01;
constexpr double kMinRootGapClosed = 0.25;

}  // namespace

bool NodeCuts::pays_on(double root_lp_bound, double root_cut_bound, const SearchState& state) {
  const double lift = root_cut_bound - root_lp_bound;
  if (lift >= kMinRootLift * std::max(1.0, std::fabs(root_cut_bound))) return true;
  return state.has_incumbent && state.incumbent_value > root_lp_bound &&
         lift >= kMinRootGapClosed * (state.incumbent_value - root_lp_bound) && lift > 0.0;
}

void NodeCuts::note_optimum(const LpRelaxation& relaxation) { count_slack_optima(relaxation, slack_optima_); }

lp::LpStatus NodeCuts::retire_slack_rows(SearchState& state) {
  LpRelaxation& relaxation = state.relaxation;
  slack_optima_.resize(uz(relaxation.num_rows() - relaxation.num_original_rows()), 0);
  std::vector<char> retiring(slack_optima_.size(), 0);
  for (size_t k = 0; k < slack_optima_.size(); ++k) retiring[k] = slack_optima_[k] >= kSlackOptima;
  const auto count = static_cast<double>(std::count(retiring.begin(), retiring.end(), 1));
  if (count == 0.0 || count < kRetireShare * static_cast<double>(slack_optima_.size())) return lp::LpStatus::kOptimal;
  if (retire_cut_rows(relaxation, retiring, slack_optima_, sources_->pool) == 0) return lp::LpStatus::kOptimal;
  // Rows with basic logicals left: the basis is still optimal, but the
  // rebuilt simplex has to refactor before its point can be read.
  return state.solve_lp(nullptr);
}

void NodeCuts::run_separators(const SearchState& state) const {
  const LpRelaxation& relaxation = state.relaxation;
  // The node's bounds are local: cuts from them would not hold elsewhere.
  const CutBounds global{state.root_lower, state.root_upper};
  const std::vector<char> integral = separator_integrality(state, global);
  CutPool& pool = sources_->pool;
  // No c-MIR on tableau rows in the tree: it was a fifth of the search's
  // time on mas76 (each call computes tableau rows of the node's basis), and
  // without it, on the 53 MIPLIB models at 30 s, the tree separated for
  // x1.03 the CPU of no node cuts against x1.07 with it (nodes x0.77 and
  // x0.73).
  separate_row_cuts(state, global, integral, /*tableau_mir=*/false, pool);
  if (sources_->built) {
    separate_cliques(sources_->conflicts, relaxation, pool);
    separate_implied_bounds(sources_->implications, relaxation, pool);
    if (!state.probing_row_implications.empty())
      separate_row_implications(state.probing_row_implications, relaxation, sources_->model_rows, pool);
  }
}

lp::LpStatus NodeCuts::separate(SearchState& state) {
  LpRelaxation& relaxation = state.relaxation;
  if (const lp::LpStatus status = retire_slack_rows(state); status != lp::LpStatus::kOptimal) return status;
  const int original = relaxation.num_original_rows();
  double bound = relaxation.objective();
  for (int round = 0; round < kRounds; ++round) {
    if (state.time_up || state.deadline.expired()) break;
    const Eigen::VectorXd x = relaxation.values();
    if (state.fractional_columns(x).empty()) break;
    const int room = max_cut_rows(original) - (relaxation.num_rows() - original);
    if (room <= 0) break;
    run_separators(state);
    const std::vector<Cut> chosen =
        sources_->pool.take(x, std::min(cuts_per_round(original), uz(room)), kCutMinEfficacy, kCutMaxParallelism);
    if (chosen.empty()) break;
    const int rows_before = relaxation.num_rows();
    const lp::Basis basis_before = relaxation.basis();
    const CutRows added = as_rows(chosen);
    relaxation.add_rows(added.rows, added.lower, added.upper);
    slack_optima_.resize(uz(relaxation.num_rows() - original), 0);
    const lp::LpStatus status = state.solve_lp(nullptr);
    if (status == lp::LpStatus::kOptimal || status == lp::LpStatus::kCutoff || status == lp::LpStatus::kInfeasible) {
      ++rounds_;
      cuts_added_ += static_cast<long>(chosen.size());
    }
    if (status == lp::LpStatus::kCutoff || status == lp::LpStatus::kInfeasible) return status;
    if (status != lp::LpStatus::kOptimal) {
      // As at the root: the round whose LP fails is undone (a time limit too:
      // the node is kept open and solved again later).
      relaxation.truncate_rows(rows_before, basis_before);
      slack_optima_.resize(uz(rows_before - original));
      if (status == lp::LpStatus::kTimeLimit) return status;
      return state.solve_lp(nullptr);
    }
    const double now = relaxation.objective();
    const bool progress = now - bound >= kProgress * std::max(1.0, std::fabs(now));
    bound = std::max(bound, now);
    if (!progress) break;
  }
  return lp::LpStatus::kOptimal;
}

}  // namespace milpsac::bnb
