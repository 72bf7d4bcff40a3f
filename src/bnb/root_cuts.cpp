// The root cut loop (see root_cuts.h).
#include "bnb/root_cuts.h"

#include <algorithm>
#include <cmath>

#include "bnb/cut_clique.h"
#include "bnb/cut_gomory.h"
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
  CutPool pool;
  // Built on the first round that separates (not for a root that needs no
  // cuts), and within the time limit.
  ConflictGraph conflicts;
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
    pool.clear();
    separate_gomory(relaxation, state.lp.is_integer, pool, kGomoryRowsPerRound);
    separate_knapsack_covers(relaxation, state.lp.is_integer, pool);
    separate_mir(relaxation, state.lp.is_integer, pool);
    if (!conflicts_built) {
      conflicts = build_conflict_graph(relaxation, state.lp.is_integer, &state.deadline);
      conflicts_built = true;
    }
    separate_cliques(conflicts, relaxation, pool);
    const int room = max_cut_rows - (relaxation.num_rows() - relaxation.num_original_rows());
    if (room <= 0) break;
    const std::vector<Cut> chosen =
        pool.select(x, std::min(max_per_round, static_cast<size_t>(room)), kMinEfficacy, kMaxParallelism);
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
    // Cuts that are no longer binding only slow the node LPs down.
    if (relaxation.remove_slack_cuts() > 0) {
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
