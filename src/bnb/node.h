// A branch-and-bound node: plain data. It stores the bounds its path changed
// (relative to the root's) and the optimal basis of its parent, so that it
// re-solves warm with the dual simplex wherever the search jumps.
#pragma once

#include <memory>
#include <vector>

#include "lp/simplex.h"

namespace milpsac::bnb {

struct BoundChange {
  int column;
  double lower;
  double upper;
};

struct Node {
  double bound = -INFINITY;  // lower bound on the node's objective (minimisation form)
  int depth = 0;
  long id = 0;                             // creation order: the last tie-breaker, for determinism
  std::vector<BoundChange> changes;        // applied in order on top of the root bounds
  std::shared_ptr<const lp::Basis> basis;  // parent's optimal basis (shared by siblings)
  // How this node left its parent, to learn pseudocosts once it is solved.
  int branch_column = -1;
  bool branch_up = false;
  double branch_distance = 0.0;  // how far the branch moved the column from the parent's value
  double parent_objective = -INFINITY;
  size_t propagated = 0;  // changes[0..propagated) are at a propagation fixed point
};

// Best-first order: smaller bound first, then deeper, then older.
struct NodeOrder {
  bool operator()(const Node& a, const Node& b) const {
    if (a.bound != b.bound) return a.bound > b.bound;
    if (a.depth != b.depth) return a.depth < b.depth;
    return a.id > b.id;
  }
};

}  // namespace milpsac::bnb
