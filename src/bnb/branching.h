// Branching-column choice: reliability branching. Candidates are ranked by
// their pseudocost product score; the first few whose pseudocosts are not yet
// reliable (observed fewer than kReliable times in a direction) are
// strong-branched in that order (both children solved with a small iteration
// budget), which records their observations; the best score then wins. A
// child solved to optimality gives its bound to the child node.
//
// Strong branching also proves things about the node: a child that is
// infeasible, or whose bound reaches the cutoff, is a side of the node that
// holds nothing better; the node can keep the other side of that column
// (a fixing), and a column with both sides empty settles the node.
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
  bool settled = false;  // some column has both sides empty: the node holds nothing better
};

// Choose how to branch among `fractional` at the current node, whose LP
// optimum is x with value `objective`; `changes` are the node's bounds. May
// run strong-branching LPs (the solver's bounds are restored, its basis too).
// When it returns fixings (and is not settled), the node is to be solved
// again with them and `column` is -1.
BranchingDecision choose_branching(SearchState& state, const std::vector<int>& fractional, const Eigen::VectorXd& x,
                                   double objective, const std::vector<BoundChange>& changes);

}  // namespace milpsac::bnb
