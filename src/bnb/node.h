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

// The bound changes on the path from the root to a node, as a chain of links
// that siblings share: a link holds what one node added (what propagation
// and reduced-cost fixing derived there) and points to its parent's link. An
// open node so costs its own few changes, not a copy of its whole path
// (bound_changes.h builds and reads the chain).
struct ChangeLink {
  // Mutable only for the destructor, which unlinks the chain.
  mutable std::shared_ptr<const ChangeLink> parent;
  std::vector<BoundChange> changes;
  size_t total = 0;  // changes on the chain up to and including this link

  ChangeLink() = default;
  ChangeLink(const ChangeLink&) = delete;
  ChangeLink& operator=(const ChangeLink&) = delete;
  // A chain is as long as the search is deep (a link per level): releasing
  // it link by link through the shared pointers' own destructors would
  // recurse once per link and could overflow the stack. The links this one
  // alone holds are released in a loop instead.
  ~ChangeLink() {
    std::shared_ptr<const ChangeLink> next = std::move(parent);
    while (next && next.use_count() == 1) next = std::move(next->parent);
  }
};

struct Node {
  double bound = -INFINITY;  // lower bound on the node's objective (minimisation form)
  int depth = 0;
  long id = 0;  // creation order: the last tie-breaker, for determinism
  // The node's changes, applied in order on top of the root bounds: those of
  // `path` (root first), then its own `changes` (its branching change).
  std::shared_ptr<const ChangeLink> path;
  std::vector<BoundChange> changes;
  std::shared_ptr<const lp::Basis> basis;  // parent's optimal basis (shared by siblings)
  // How this node left its parent, to learn pseudocosts once it is solved.
  int branch_column = -1;
  bool branch_up = false;
  double branch_distance = 0.0;  // how far the branch moved the column from the parent's value
  double parent_objective = -INFINITY;
  size_t propagated = 0;  // the first `propagated` changes (path, then own) are at a propagation fixed point
  // LpRelaxation::row_ids() when `basis` was taken: node separation may
  // remove cut rows since, and the basis is carried to the rows of then.
  std::shared_ptr<const std::vector<long>> basis_rows{};
  bool resolve = false;  // the parent solved again inside fixings it found (MilpResult::resolves)
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
