// The root cut loop: rounds of separation (GMI from the tableau, lifted
// knapsack covers from single rows, c-MIR on rows and aggregations, cliques
// of the conflict graph, implied bounds), selection from the pool by efficacy
// and parallelism, cuts added to the LP as rows (global: the root's bounds are
// global), re-solve, and cuts whose slack has been basic for three consecutive
// optima dropped again (the ones still slack when the loop ends too). The pool
// lives over all rounds: candidates not selected stay in it, cuts dropped from
// the LP go back to it, and a candidate unviolated for a few rounds is
// discarded (aging, see cut_pool.h). Rounds stop when the bound stalls,
// nothing is separated, the LP is integral, or the round/time budget is
// spent. A round whose re-solve does not end optimal is undone (its cuts
// removed, the previous basis restored). Models with general-integer columns
// get no GMI cuts, and lose all their cuts again when the loop gained too
// little (undo_weak_cuts, which the search calls once the root's heuristics
// had their chance to find an incumbent, see root_cuts.cpp).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "bnb/cut_bounds.h"
#include "bnb/cut_pool.h"
#include "bnb/cut_sources.h"
#include "bnb/search_state.h"

namespace milpsac::bnb {

struct RootCutResult {
  lp::LpStatus status = lp::LpStatus::kOptimal;  // of the relaxation after the loop
  int rounds = 0;
  int cuts_added = 0;  // over all rounds (some may have been dropped since)
  // For undo_weak_cuts: the model has general-integer columns; the LP value
  // and basis before the first round (cut rows present before the loop stay
  // in the basis).
  bool general_integers = false;
  double first_bound = -INFINITY;
  lp::Basis first_basis;
  int first_rows = 0;  // LP rows before the loop
  // The loop's pool (with the cuts it dropped as slack at its end) and the
  // separators' tables, for node separation (null when the loop never ran).
  std::shared_ptr<CutSources> sources;
};

// One finished round, for the search's log (MilpEvent::kCutRound).
struct RootCutRound {
  int round = 0;       // 1, 2, ...
  int cuts_added = 0;  // this round
  int cut_rows = 0;    // cut rows in the LP after it (slack ones retired)
  double bound = 0.0;  // the LP value after it (minimisation form)
};

// The columns Gomory and MIR may treat as integer with cuts derived from
// `bounds`: the declared integers, and the implied integers
// (MilpOptions::cut_integrality) whose bounds are integral or infinite.
std::vector<char> separator_integrality(const SearchState& state, const CutBounds& bounds);

// Selection from the pool, at the root and at tree nodes: at least this
// efficacy, at most this |cos| with a cut already selected.
constexpr double kCutMinEfficacy = 1e-5;
constexpr double kCutMaxParallelism = 0.98;

// One round of the separators that read the model's rows, at the relaxation's
// point, with cuts derived from `bounds` (integrality from
// separator_integrality on the same bounds), into `pool`: the tableau c-MIR
// (when `tableau_mir`), knapsack covers, c-MIR on rows and aggregations (with
// flow covers when MilpOptions::flow_covers). The root loop and the tree's
// node separation both run it; GMI, the tables' separators and zero-half are
// called around it by each.
void separate_row_cuts(const SearchState& state, const CutBounds& bounds, const std::vector<char>& integral,
                       bool tableau_mir, CutPool& pool);

// The cut rows of the LP (those after its original rows), as cuts, in row order.
std::vector<Cut> cut_rows(const LpRelaxation& relaxation);

// Cut-row ageing, at the root and in the tree: per cut row (in row order),
// the consecutive LP optima at which its logical was basic (the cut not
// binding), counted at the relaxation's last optimum.
void count_slack_optima(const LpRelaxation& relaxation, std::vector<int>& slack_optima);
// The cut rows flagged in `retiring` (one flag per cut row) whose logical is
// basic leave the LP for `pool`; `slack_optima` keeps the counts of the rows
// that stay. The rest of the basis carries over. Returns how many went.
int retire_cut_rows(LpRelaxation& relaxation, const std::vector<char>& retiring, std::vector<int>& slack_optima,
                    CutPool& pool);

// The relaxation must hold the optimal root LP at the root bounds.
// `on_round` (optional) hears about each round that added cuts.
RootCutResult run_root_cuts(SearchState& state, const std::function<void(const RootCutRound&)>& on_round = {});

// On a model with general-integer columns, the loop's cuts (those `cuts`
// added) are removed again when they lifted the LP value by less than a
// share of its size *and* closed less than a share of the gap to the
// incumbent (when there is one): true when they were. Then the relaxation is
// re-solved (its status is in relaxation.last_status()).
bool undo_weak_cuts(SearchState& state, const RootCutResult& cuts);

}  // namespace milpsac::bnb
