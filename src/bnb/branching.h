// Branching-column choice at a node: reliability branching, in one of two
// forms (MilpOptions::branching).
//
// Batch (BranchingRule::kBatch, branching_batch.cpp): candidates are ranked by
// their pseudocost product score; the first few whose pseudocosts are not
// yet reliable are strong-branched in that order (both children solved with
// a small iteration budget), which records their observations; the best
// score then wins. A child solved to optimality gives its bound to the child
// node.
//
// Per child (BranchingRule::kPerChild, branching_per_child.cpp; the rule of
// HiGHS's HighsSearch::selectBranchingCandidate, written here anew):
//  1. Each fractional column starts with the gains its pseudocosts predict
//     for the sides observed often enough, or already evaluated at this node
//     (the node solved again inside the fixings its strong branching found,
//     evaluated_sides.h); its other sides are unknown.
//  2. The column with the best score (the product of its two gains) is
//     taken. If both its sides are known it is the branching column. A
//     column with an unknown side scores above every known one, so each
//     unreliable column is looked at before the choice is made.
//  3. Otherwise one unknown side of it is solved as a child: propagated on
//     the rows first (a contradiction empties it without an LP), then its LP.
//     The child's gain becomes the side's, and the child's solution bounds
//     the gains of the other columns it leaves at one of their sides (a
//     point of the child lies in that side too); a gain bounded by a
//     negligible amount is known.
//  4. Strong branching stops when its iterations pass a budget (a base plus
//     half of the search's other LP iterations); past half of that budget
//     the reliability threshold falls towards 1. Once stopped, the columns
//     still unknown are scored by their pseudocosts.
//
// Both rules also prove things about the node: a child that is infeasible, or
// whose bound reaches the cutoff, is a side of the node that holds nothing
// better; the node keeps the other side of that column (a fixing), and (batch
// rule) a column with both sides empty settles the node. A child whose LP
// point is integral offers it as a solution (strong_branching_child.h): as
// the incumbent, it empties its own side.
#pragma once

#include <vector>

#include "bnb/search_state.h"

namespace milpsac::bnb {

struct BranchingDecision {
  int column = -1;  // the column to branch on; -1 when `settled` or `fixings` say what to do instead
  // Lower bounds (minimisation form) of the two children: the node's
  // objective, or the strong-branching child's optimum when it was solved.
  double down_bound = -INFINITY;
  double up_bound = -INFINITY;
  // Columns with one side proven empty: the bound change that keeps the other.
  std::vector<BoundChange> fixings;
  // The least bound of the sides proven empty by the cutoff (INFINITY when
  // every empty side was infeasible): the search records it as pruned.
  double pruned_bound = INFINITY;
  bool settled = false;      // some column has both sides empty: the node holds nothing better
  long children_solved = 0;  // strong-branching child LPs solved (statistics, tests)
  bool improved = false;     // a child's integral point became the incumbent
};

// Choose how to branch among `fractional` at the current node, whose LP
// optimum is x with value `objective`; `changes` are the node's bounds. May
// run strong-branching LPs (the solver's bounds are restored, its basis too).
// When it returns fixings (and is not settled), the node is to be solved
// again with them and `column` is -1. The rule is state.options.branching.
BranchingDecision choose_branching(SearchState& state, const std::vector<int>& fractional, const Eigen::VectorXd& x,
                                   double objective, const std::vector<BoundChange>& changes);

// The two rules, as choose_branching calls them.
BranchingDecision choose_branching_batch(SearchState& state, const std::vector<int>& fractional,
                                         const Eigen::VectorXd& x, double objective,
                                         const std::vector<BoundChange>& changes);
BranchingDecision choose_branching_per_child(SearchState& state, const std::vector<int>& fractional,
                                             const Eigen::VectorXd& x, double objective,
                                             const std::vector<BoundChange>& changes);

}  // namespace milpsac::bnb
