// Cut separation at tree nodes (issue 45). At a node taken from the queue
// (the start of a plunge; the children it plunges into are not separated),
// once its LP is optimal and fractional, a few rounds of the root's
// separators run at the node's LP point, and the cuts the pool selects
// become rows of the LP, as HiGHS does at the start of each plunge. The LP's
// rows are shared by every node, so each cut must be valid for the whole
// model: the separators derive them from the global (root) bounds
// (cut_bounds.h), and GMI, whose cuts come from the node's nonbasic columns
// at their local bounds, does not run. The pool and tables are the root
// loop's (cut_sources.h): candidates it never selected and cuts it dropped
// are offered again wherever they are violated.
//
// The cut rows are kept bounded: at most a cap of them, and cut rows whose
// logical was basic (the cut slack) at several node optima in a row go back
// to the pool, in batches. Open nodes' stored bases are carried to the
// rows left (LpRelaxation::carry_basis): a removed row takes its status
// with it, and where that status was nonbasic one of the row's basic
// columns leaves the stored basis in its place. Separation runs only on
// models where the root's cuts paid (pays_on).
#pragma once

#include <memory>
#include <vector>

#include "bnb/cut_sources.h"
#include "bnb/search_state.h"

namespace milpsac::bnb {

class NodeCuts {
 public:
  // `sources`: the root cut loop's (RootCutResult::sources), not null.
  explicit NodeCuts(std::shared_ptr<CutSources> sources) : sources_(std::move(sources)) {}

  // Decided once, at the end of the root: whether separation in the tree is
  // worth its cost on this model. It is where the root's cuts lifted the
  // LP bound by a good share of its size, or closed a good share of the gap
  // between the root LP bound and the root's incumbent (minimisation form).
  static bool pays_on(double root_lp_bound, double root_cut_bound, const SearchState& state);

  // The relaxation holds the node's optimal LP at a fractional point. Runs
  // the rounds; returns the LP's status after them: kOptimal (the last
  // round's optimum, or the node's own when nothing was added), or the status
  // of a re-solve that did not end optimal (kCutoff and kInfeasible settle
  // the node: the cuts are valid).
  lp::LpStatus separate(SearchState& state);
  // Every node's LP optimum (plunge children too): counts, per cut row, the
  // optima in a row at which the cut was slack (its logical basic).
  void note_optimum(const LpRelaxation& relaxation);

  long rounds() const { return rounds_; }          // rounds that added cuts, over the search
  long cuts_added() const { return cuts_added_; }  // over the search

 private:
  // Return the cut rows slack at enough node optima in a row to the pool.
  // Re-solves when rows went (the LP point must be current); returns that
  // status.
  lp::LpStatus retire_slack_rows(SearchState& state);
  // One round of the separators at the relaxation's point into the pool.
  void run_separators(const SearchState& state) const;

  std::shared_ptr<CutSources> sources_;
  std::vector<int> slack_optima_;  // per cut row of the LP, in row order (note_optimum)
  long rounds_ = 0;
  long cuts_added_ = 0;
};

}  // namespace milpsac::bnb
