// topological_reach: the nodes of a DAG reachable from a set of seeds, in an
// order where every node comes before the nodes its edges lead to: the
// symbolic step of a hyper-sparse triangular solve (Gilbert and Peierls,
// "Sparse partial pivoting in time proportional to arithmetic operations",
// 1988). A triangular solve with a right-hand side of a few nonzeros touches
// only the pivots reachable from them; finding those by depth-first search
// costs the edges followed, where walking every pivot costs m.
//
// The graph is given by three callables: first_edge(node) and end_edge(node)
// bound a node's edges, and target(node, edge) is the node an edge leads to,
// or -1 for an edge that leaves the block being solved (the node is passed so
// that edges may be numbered per node, as in a list per row). Nodes are 0..N-1; `seen`
// (length N at least) marks a node visited when it equals `stamp`, so the
// caller clears nothing between searches, only moves the stamp.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "common/index.h"

namespace milpsac::lp {

// Appends nothing and returns false once more than `budget` nodes are
// reached (the caller then walks the block densely); otherwise `order` holds
// the reached nodes in topological order and the result is true. `stack` is
// scratch.
template <class FirstEdge, class EndEdge, class Target>
bool topological_reach(const std::vector<int>& seeds, std::vector<unsigned>& seen, unsigned stamp, size_t budget,
                       std::vector<std::pair<int, int>>& stack, std::vector<int>& order, FirstEdge first_edge,
                       EndEdge end_edge, Target target) {
  order.clear();
  stack.clear();
  for (int seed : seeds) {
    if (seen[uz(seed)] == stamp) continue;
    seen[uz(seed)] = stamp;
    stack.push_back({seed, first_edge(seed)});
    while (!stack.empty()) {
      const int node = stack.back().first;
      int edge = stack.back().second;
      const int end = end_edge(node);
      int next = -1;
      for (; edge < end; ++edge) {
        const int t = target(node, edge);
        if (t >= 0 && seen[uz(t)] != stamp) {
          next = t;
          ++edge;
          break;
        }
      }
      stack.back().second = edge;
      if (next >= 0) {
        seen[uz(next)] = stamp;
        stack.push_back({next, first_edge(next)});
        continue;
      }
      // All of node's successors are placed: node goes before them once the
      // postorder is reversed.
      order.push_back(node);
      stack.pop_back();
      if (order.size() > budget) return false;
    }
  }
  std::reverse(order.begin(), order.end());
  return true;
}

}  // namespace milpsac::lp
