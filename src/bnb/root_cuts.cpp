// The root cut loop (see root_cuts.h).
#include "bnb/root_cuts.h"

#include <algorithm>
#include <cmath>

#include "bnb/cut_clique.h"
#include "bnb/cut_gomory.h"
#include "bnb/cut_implied_bound.h"
#include "bnb/cut_knapsack_cover.h"
#include "bnb/cut_mir.h"
#include "bnb/cut_pool.h"

namespace milpsac::bnb {
namespace {

constexpr int kMaxRounds = 25;
constexpr int kStallRounds = 3;     // rounds without real progress before stopping
constexpr double kProgress = 1e-4;  // relative bound improvement that counts as progress
constexpr double kMinEfficacy = 1e-5;
constexpr double kMaxParallelism = 0.98;
constexpr int kGomoryRowsPerRound = 200;
constexpr int kMaxCutAge = 3;  // rounds a pool candidate may go unviolated before it is discarded

// The cut rows of the LP whose logical is basic (the ones remove_slack_cuts
// drops), as cuts, in row order.
std::vector<Cut> slack_cut_rows(const LpRelaxation& relaxation) {
  const lp::Basis basis = relaxation.basis();
  const lp::LinearProgram& model = relaxation.model();
  std::vector<int> slack;
  for (int i = relaxation.num_original_rows(); i < relaxation.num_rows(); ++i)
    if (basis.rows[static_cast<size_t>(i)] == lp::VarStatus::kBasic) slack.push_back(i);
  if (slack.empty()) return {};
  std::vector<Cut> cuts(slack.size());
  std::vector<int> position(static_cast<size_t>(relaxation.num_rows()), -1);
  for (size_t k = 0; k < slack.size(); ++k) {
    position[static_cast<size_t>(slack[k])] = static_cast<int>(k);
    cuts[k].a = Eigen::VectorXd::Zero(relaxation.num_cols());
    cuts[k].lower = model.row_lower[slack[k]];
    cuts[k].upper = model.row_upper[slack[k]];
  }
  for (int j = 0; j < relaxation.num_cols(); ++j)
    for (lp::SparseMatrix::InnerIterator it(model.A, j); it; ++it)
      if (const int k = position[static_cast<size_t>(it.row())]; k >= 0) cuts[static_cast<size_t>(k)].a[j] = it.value();
  return cuts;
}

}  // namespace

RootCutResult run_root_cuts(SearchState& state) {
  RootCutResult result;
  LpRelaxation& relaxation = state.relaxation;
  // Models with general-integer columns (range above 1) are left uncut for
  // now: on bell5 even two GMI cuts made the tree an order of magnitude
  // larger (28,659 nodes uncut; unfinished after 400,000 with cuts), while
  // binary and mixed-binary models are where the cuts pay (egout: 8,130 ->
  // about 300 nodes).
  for (int j : state.integer_cols)
    if (state.root_upper[j] - state.root_lower[j] > 1.0) {
      result.status = relaxation.last_status();
      return result;
    }
  // Semi-continuous columns are left uncut too: the separators derive their
  // cuts from the model's column bounds, which for such a column are not
  // valid bounds (it may also be 0).
  if (!state.semicontinuous_cols.empty()) {
    result.status = relaxation.last_status();
    return result;
  }
  const size_t max_per_round = static_cast<size_t>(std::clamp(relaxation.num_original_rows() / 2, 10, 100));
  const int max_cut_rows = std::max(2 * relaxation.num_original_rows(), 100);
  double bound = relaxation.objective();
  const double first_bound = bound;
  int stalled = 0;
  // Persistent over the rounds: candidates not selected stay (and age), cuts
  // dropped from the LP come back to it.
  CutPool pool(kMaxCutAge);
  // Built on the first round that separates (not for a root that needs no
  // cuts), and within the time limit.
  ConflictGraph conflicts;
  ImpliedBoundTable implications;
  bool conflicts_built = false;
  for (int round = 0; round < kMaxRounds; ++round) {
    if (state.time_up || state.deadline.expired()) break;
    // The root bound already proves the incumbent within the requested gap:
    // the search will stop at the root, so more cuts only cost time.
    if (state.has_incumbent &&
        relative_gap(state.incumbent_value, relaxation.objective()) <= state.options.relative_gap)
      break;
    const Eigen::VectorXd x = relaxation.values();
    if (state.fractional_columns(x).empty()) break;
    separate_gomory(relaxation, state.lp.is_integer, pool, kGomoryRowsPerRound);
    separate_knapsack_covers(relaxation, state.lp.is_integer, pool);
    separate_mir(relaxation, state.lp.is_integer, pool);
    if (!conflicts_built) {
      conflicts = build_conflict_graph(relaxation, state.lp.is_integer, &state.deadline);
      implications = find_implied_bounds(relaxation, state.lp.is_integer);
      conflicts_built = true;
    }
    separate_cliques(conflicts, relaxation, pool);
    separate_implied_bounds(implications, relaxation, pool);
    const int room = max_cut_rows - (relaxation.num_rows() - relaxation.num_original_rows());
    if (room <= 0) break;
    const std::vector<Cut> chosen =
        pool.take(x, std::min(max_per_round, static_cast<size_t>(room)), kMinEfficacy, kMaxParallelism);
    if (chosen.empty()) break;
    std::vector<Eigen::VectorXd> rows;
    std::vector<double> lower, upper;
    for (const Cut& cut : chosen) {
      rows.push_back(cut.a);
      lower.push_back(cut.lower);
      upper.push_back(cut.upper);
    }
    const int rows_before = relaxation.num_rows();
    const lp::Basis basis_before = relaxation.basis();
    relaxation.add_rows(rows, lower, upper);
    const lp::LpStatus status = state.solve_lp(nullptr);
    if (status == lp::LpStatus::kCutoff) {
      // The cuts lift the root above the incumbent's cutoff: the search ends at the root.
      result.status = status;
      result.cuts_added += static_cast<int>(chosen.size());
      ++result.rounds;
      return result;
    }
    if (status != lp::LpStatus::kOptimal) {
      relaxation.truncate_rows(rows_before, basis_before);
      result.status = state.solve_lp(nullptr);
      return result;
    }
    result.cuts_added += static_cast<int>(chosen.size());
    ++result.rounds;
    const double now = relaxation.objective();
    const double scale = std::max({1.0, std::fabs(now), std::fabs(now - first_bound)});
    stalled = now - bound < kProgress * scale ? stalled + 1 : 0;
    bound = std::max(bound, now);
    // Cuts that are no longer binding only slow the node LPs down; they go
    // back to the pool, where they may be selected again if violated later.
    std::vector<Cut> dropped = slack_cut_rows(relaxation);
    if (relaxation.remove_slack_cuts() > 0) {
      for (Cut& cut : dropped) pool.add(std::move(cut));
      const lp::LpStatus again = state.solve_lp(nullptr);
      if (again != lp::LpStatus::kOptimal) {
        result.status = again;
        return result;
      }
    }
    if (stalled >= kStallRounds) break;
  }
  result.status = relaxation.last_status();
  return result;
}

}  // namespace milpsac::bnb
