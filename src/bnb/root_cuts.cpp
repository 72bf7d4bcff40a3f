// The root cut loop (see root_cuts.h).
#include "bnb/root_cuts.h"

#include <algorithm>
#include <cmath>

#include "bnb/cut_clique.h"
#include "bnb/cut_flow_cover.h"
#include "bnb/cut_gomory.h"
#include "bnb/cut_implied_bound.h"
#include "bnb/cut_knapsack_cover.h"
#include "bnb/cut_mir.h"
#include "bnb/cut_pool.h"
#include "bnb/cut_row_implication.h"
#include "bnb/cut_zero_half.h"
#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr int kStallRounds = 3;     // rounds without real progress before stopping
constexpr double kProgress = 1e-4;  // relative bound improvement that counts as progress
constexpr int kGomoryRowsPerRound = 200;
// Tableau rows the c-MIR tries per round (each costs a tableau row and up to
// two knapsacks with their divisor search).
constexpr int kTableauMirRowsPerRound = 50;
// GMI cuts run on models whose integer columns all have a range of at most
// this. It was 1 (binaries only); at 2 it takes in the columns presolve
// makes of duplicate binaries: p2756 193 -> 38 nodes (root bound 3,072 ->
// 3,120 of 3,124; gap 1e-6). Measured at 10 (gap 1e-6, 60 s): gesa2 586 ->
// 262 nodes, gesa3 266 -> 95, gesa3_o 1,810 -> 145, but gesa2_o 29,598 ->
// 47,893 and about three times the time, so not there; rout (range 2) does
// not change (its cuts are undone).
constexpr double kGomoryMaxRange = 2.0;
// The tableau c-MIR runs on models whose integer columns all have a range of
// at most this (GMI's limit was its limit before). It chooses its divisor and
// complementation, so on small general integers it closes roots GMI would
// not: gesa2 362 -> 94 nodes, gesa2_o 36,781 -> 5,128, gesa3_o 162 -> 60,
// blend2 3,466 -> 1,376 (ranges 4 and 5). Without a limit bell5 (range
// 10,000) went 196,544 -> 14,650, but a transformed copy of it (rows and
// continuous columns rescaled) ran 2.8 million nodes without proving, and
// gt2 (15) and qnet1 (12) grew: so not above 10.
constexpr double kTableauMirMaxRange = 10.0;
// Rounds a pool candidate may go unviolated before it is discarded. It was
// 3; at 5 the cuts a round left behind are still there when the LP point
// swings back (gap 1e-6, nodes 3 -> 5): fixnet6 525 -> 215, vpm2 11,585 ->
// 2,627, dcmulti 59 -> 42, qnet1_o 56 -> 57, fiber 87 -> 123; 30 other
// MIPLIB models unchanged. 10 and 20 gave fixnet6 145 but fiber 216.
constexpr int kMaxCutAge = 5;
// A cut row leaves the LP after this many consecutive optima with its logical
// basic, and goes back to the pool. Measured on fiber, fixnet6, pp08a, vpm2,
// modglob, khb05250, dcmulti, p0548 (30 s): immediate removal (1) with the
// return to the pool let fiber cycle cuts in and out of the LP (root bound
// 392k against 400k, then a numerical_error); 2 gave the best root bounds
// (vpm2 3,500 nodes against 9,500-21,000) but its cut set left vpm1's node LP
// with an integral point 1.4e-6 outside the original rows (the search then
// reports numerical_error); 3 solves both and is within the noise of 2 on
// the rest.
constexpr int kSlackRounds = 3;
// On models with general-integer columns, a cut loop that lifts the root
// bound by less than this share of max(1, |root LP bound|) is undone (every
// cut row removed), unless it closed kKeepGapClosed of the root gap.
// Measured at gap 0, 15-30 s: c-MIR cuts are what solve
// gesa2 (gain 0.8 %: 456 nodes against 34,000+ unfinished) and gesa2_o (0.47
// %), but on bell5 (gain 0.15 %) they made 7,704 nodes into 300,000+
// unfinished, and on rout (no gain) the search slower.
constexpr double kMinGeneralIntegerGain = 3e-3;
// The share of |root LP bound| is blind to an objective offset: gen's cuts
// lift its bound 112,234 -> 112,313 (0.07 %) and so were undone, though
// that closes 92 % of the gap to the root's RINS incumbent 112,320 (278 nodes
// without them). Cuts that close at least this share of the gap between the
// root LP bound and the incumbent stay. bell5's close 18 % (undone, as before).
constexpr double kKeepGapClosed = 0.5;

// The root loop's rows slack for `limit` optima in a row (counted by
// count_slack_optima) leave the LP and go back to the pool. Returns how many
// rows were removed.
int retire_slack_cuts(LpRelaxation& relaxation, std::vector<int>& slack_rounds, int limit, CutPool& pool) {
  count_slack_optima(relaxation, slack_rounds);
  std::vector<char> retiring(slack_rounds.size(), 0);
  for (size_t k = 0; k < slack_rounds.size(); ++k) retiring[k] = slack_rounds[k] >= limit;
  return retire_cut_rows(relaxation, retiring, slack_rounds, pool);
}

// The cut rows whose logical is basic at the last optimum go back to the
// pool before remove_slack_cuts drops them: node separation may want them.
void pool_slack_cuts(const LpRelaxation& relaxation, CutPool& pool) {
  const lp::Basis basis = relaxation.basis();
  const std::vector<Cut> cuts = cut_rows(relaxation);
  for (size_t k = 0; k < cuts.size(); ++k)
    if (basis.rows[uz(relaxation.num_original_rows()) + k] == lp::VarStatus::kBasic) pool.add(cuts[k]);
}

}  // namespace

// Both separators complement an integer column by its bound, so a bound that
// propagation made fractional (it treats implied integers as continuous)
// would make the cut invalid.
std::vector<char> separator_integrality(const SearchState& state, const CutBounds& bounds) {
  std::vector<char> integral = state.lp.is_integer;
  // Presolve rounds them exactly, so only round-off distinguishes them.
  const auto integral_bound = [](double b) {
    return !std::isfinite(b) || std::fabs(b - std::round(b)) <= 1e-12 * std::fmax(1.0, std::fabs(b));
  };
  for (int j = 0; j < static_cast<int>(integral.size()); ++j) {
    const auto uj = uz(j);
    if (integral[uj] || !state.cut_integrality[uj]) continue;
    integral[uj] = integral_bound(bounds.lower[j]) && integral_bound(bounds.upper[j]);
  }
  return integral;
}

void count_slack_optima(const LpRelaxation& relaxation, std::vector<int>& slack_optima) {
  const int first = relaxation.num_original_rows();
  slack_optima.resize(uz(relaxation.num_rows() - first), 0);
  const lp::Basis basis = relaxation.basis();
  for (size_t k = 0; k < slack_optima.size(); ++k)
    slack_optima[k] = basis.rows[uz(first) + k] == lp::VarStatus::kBasic ? slack_optima[k] + 1 : 0;
}

int retire_cut_rows(LpRelaxation& relaxation, const std::vector<char>& retiring, std::vector<int>& slack_optima,
                    CutPool& pool) {
  const lp::Basis basis = relaxation.basis();
  const size_t first = uz(relaxation.num_original_rows());
  // Only rows slack now go (remove_slack_cuts): the basis keeps one basic
  // variable per row.
  std::vector<char> going(retiring.size(), 0);
  for (size_t k = 0; k < retiring.size(); ++k) going[k] = retiring[k] && basis.rows[first + k] == lp::VarStatus::kBasic;
  if (std::find(going.begin(), going.end(), 1) == going.end()) return 0;
  const std::vector<Cut> cuts = cut_rows(relaxation);
  std::vector<int> kept;
  for (size_t k = 0; k < cuts.size(); ++k) {
    if (going[k])
      pool.add(cuts[k]);
    else
      kept.push_back(slack_optima[k]);
  }
  slack_optima = std::move(kept);
  return relaxation.remove_slack_cuts(&going);
}

std::vector<Cut> cut_rows(const LpRelaxation& relaxation) {
  const lp::LinearProgram& model = relaxation.model();
  const int first = relaxation.num_original_rows();
  std::vector<Cut> cuts(uz(relaxation.num_rows() - first));
  for (size_t k = 0; k < cuts.size(); ++k) {
    cuts[k].a = Eigen::VectorXd::Zero(relaxation.num_cols());
    cuts[k].lower = model.row_lower[first + static_cast<int>(k)];
    cuts[k].upper = model.row_upper[first + static_cast<int>(k)];
  }
  for (int j = 0; j < relaxation.num_cols(); ++j)
    for (lp::SparseMatrix::InnerIterator it(model.A, j); it; ++it)
      if (it.row() >= first) cuts[uz(it.row() - first)].a[j] = it.value();
  return cuts;
}

void separate_row_cuts(const SearchState& state, const CutBounds& bounds, const std::vector<char>& integral,
                       bool tableau_mir, CutPool& pool) {
  const LpRelaxation& relaxation = state.relaxation;
  if (tableau_mir) separate_tableau_mir(relaxation, bounds, integral, pool, kTableauMirRowsPerRound);
  separate_knapsack_covers(relaxation, bounds, state.lp.is_integer, pool);
  if (state.options.flow_covers) {
    const FlowCoverSeparator flow_covers(relaxation, bounds, state.lp.is_integer);
    separate_mir(relaxation, bounds, integral, pool, &flow_covers);
    flow_covers.run(pool);
  } else {
    separate_mir(relaxation, bounds, integral, pool);
  }
}

RootCutResult run_root_cuts(SearchState& state, const std::function<void(const RootCutRound&)>& on_round) {
  RootCutResult result;
  LpRelaxation& relaxation = state.relaxation;
  auto tell = [&](int added) {
    if (on_round)
      on_round({result.rounds, added, relaxation.num_rows() - relaxation.num_original_rows(), relaxation.objective()});
  };
  // GMI is skipped on models with wide general-integer columns (a range
  // above kGomoryMaxRange): on bell5 (ranges up to 1,000) even two GMI cuts
  // made the tree an order of magnitude larger (28,659 nodes uncut;
  // unfinished after 400,000 with cuts). The other separators still run
  // there: covers, cliques and implied bounds read only binaries (other
  // columns are relaxed over their bounds), and skipping them too left p2756
  // uncut at its root LP bound, because presolve merges duplicate binaries
  // into one column of range [0, 2]. The tableau c-MIR goes further
  // (kTableauMirMaxRange).
  double widest = 0.0;
  for (int j : state.integer_cols) widest = std::max(widest, state.root_upper[j] - state.root_lower[j]);
  const bool general_integers = widest > 1.0;
  const bool gomory = widest <= kGomoryMaxRange;
  const bool tableau_mir = state.options.tableau_mir && widest <= kTableauMirMaxRange;
  // Semi-continuous columns are left uncut too: the separators derive their
  // cuts from the model's column bounds, which for such a column are not
  // valid bounds (it may also be 0).
  if (!state.semicontinuous_cols.empty()) {
    result.status = relaxation.last_status();
    return result;
  }
  const size_t max_per_round = uz(std::clamp(relaxation.num_original_rows() / 2, 10, 100));
  const int max_cut_rows = std::max(2 * relaxation.num_original_rows(), 100);
  double bound = relaxation.objective();
  const double first_bound = bound;
  result.general_integers = general_integers;
  result.first_bound = first_bound;
  result.first_basis = relaxation.basis();
  result.first_rows = relaxation.num_rows();
  int stalled = 0;
  // Persistent over the rounds: candidates not selected stay (and age), cuts
  // dropped from the LP come back to it. Kept for node separation, with the
  // tables below.
  result.sources = std::make_shared<CutSources>(kMaxCutAge);
  CutPool& pool = result.sources->pool;
  // Built on the first round that separates (not for a root that needs no
  // cuts), and within the time limit.
  ConflictGraph& conflicts = result.sources->conflicts;
  ImpliedBoundTable& implications = result.sources->implications;
  lp::RowMajorMatrix& model_rows = result.sources->model_rows;  // for the rows probing strengthens
  std::vector<int> slack_rounds;  // per cut row of the LP: consecutive optima with its logical basic
  bool& conflicts_built = result.sources->built;
  for (int round = 0; round < state.options.root_cut_rounds; ++round) {
    if (state.time_up || state.deadline.expired()) break;
    // The root bound already proves the incumbent within the requested gap:
    // the search will stop at the root, so more cuts only cost time.
    if (state.has_incumbent &&
        relative_gap(state.incumbent_value, relaxation.objective()) <= state.options.relative_gap)
      break;
    const Eigen::VectorXd x = relaxation.values();
    if (state.fractional_columns(x).empty()) break;
    // Gomory and MIR may treat implied integers (integral at every
    // integer-feasible point, see MilpOptions::cut_integrality) as integers;
    // the binary-based separators keep to the declared integers.
    // At the root the relaxation's bounds are the global ones.
    const CutBounds bounds = current_bounds(relaxation);
    const std::vector<char> integral = separator_integrality(state, bounds);
    if (gomory) separate_gomory(relaxation, integral, pool, kGomoryRowsPerRound);
    separate_row_cuts(state, bounds, integral, tableau_mir, pool);
    if (!conflicts_built) {
      conflicts = build_conflict_graph(relaxation, state.lp.is_integer, &state.deadline);
      implications = find_implied_bounds(relaxation, state.lp.is_integer, &state.deadline);
      merge_implied_bounds(implications, state.probing_implications);
      if (!state.probing_row_implications.empty()) model_rows = relaxation.model().A;
      conflicts_built = true;
    }
    separate_cliques(conflicts, relaxation, pool);
    if (state.options.zero_half) separate_zero_half(relaxation, integral, pool);
    separate_implied_bounds(implications, relaxation, pool);
    if (!state.probing_row_implications.empty())
      separate_row_implications(state.probing_row_implications, relaxation, model_rows, pool);
    const int room = max_cut_rows - (relaxation.num_rows() - relaxation.num_original_rows());
    if (room <= 0) break;
    const std::vector<Cut> chosen =
        pool.take(x, std::min(max_per_round, uz(room)), kCutMinEfficacy, kCutMaxParallelism);
    if (chosen.empty()) break;
    const int rows_before = relaxation.num_rows();
    const lp::Basis basis_before = relaxation.basis();
    const CutRows added = as_rows(chosen);
    relaxation.add_rows(added.rows, added.lower, added.upper);
    slack_rounds.resize(uz(relaxation.num_rows() - relaxation.num_original_rows()), 0);
    const lp::LpStatus status = state.solve_lp(nullptr);
    if (status == lp::LpStatus::kCutoff) {
      // The cuts lift the root above the incumbent's cutoff: the search ends at the root.
      result.status = status;
      result.cuts_added += static_cast<int>(chosen.size());
      ++result.rounds;
      tell(static_cast<int>(chosen.size()));
      return result;
    }
    if (status != lp::LpStatus::kOptimal) {
      relaxation.truncate_rows(rows_before, basis_before);
      slack_rounds.resize(uz(rows_before - relaxation.num_original_rows()));
      result.status = state.solve_lp(nullptr);
      return result;
    }
    result.cuts_added += static_cast<int>(chosen.size());
    ++result.rounds;
    const double now = relaxation.objective();
    const double scale = std::max({1.0, std::fabs(now), std::fabs(now - first_bound)});
    stalled = now - bound < kProgress * scale ? stalled + 1 : 0;
    bound = std::max(bound, now);
    // Cuts that are no longer binding only slow the node LPs down; once slack
    // for kSlackRounds optima they go back to the pool, where they may be
    // selected again if violated later.
    if (retire_slack_cuts(relaxation, slack_rounds, kSlackRounds, pool) > 0) {
      const lp::LpStatus again = state.solve_lp(nullptr);
      if (again != lp::LpStatus::kOptimal) {
        result.status = again;
        return result;
      }
    }
    tell(static_cast<int>(chosen.size()));
    if (stalled >= kStallRounds) break;
  }
  // Cuts still slack at the end of the loop (not yet retired) leave now: the
  // node LPs carry only binding cuts.
  if (relaxation.last_status() == lp::LpStatus::kOptimal) pool_slack_cuts(relaxation, pool);
  if (relaxation.last_status() == lp::LpStatus::kOptimal && relaxation.remove_slack_cuts() > 0) {
    result.status = state.solve_lp(nullptr);
    return result;
  }
  result.status = relaxation.last_status();
  return result;
}

bool undo_weak_cuts(SearchState& state, const RootCutResult& cuts) {
  LpRelaxation& relaxation = state.relaxation;
  if (!cuts.general_integers || cuts.cuts_added == 0 || relaxation.last_status() != lp::LpStatus::kOptimal)
    return false;
  const double gain = relaxation.objective() - cuts.first_bound;
  if (gain >= kMinGeneralIntegerGain * std::max(1.0, std::fabs(cuts.first_bound))) return false;
  if (state.has_incumbent && state.incumbent_value > cuts.first_bound &&
      gain >= kKeepGapClosed * (state.incumbent_value - cuts.first_bound))
    return false;
  relaxation.truncate_rows(cuts.first_rows, cuts.first_basis);
  state.solve_lp(nullptr);
  return true;
}

}  // namespace milpsac::bnb
