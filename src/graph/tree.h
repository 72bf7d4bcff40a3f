// Rooted trees built from parent links, traversed with the graph layer's one
// graph type (Digraph of dag.h) inside tree.cpp. The struct itself holds plain
// child lists, so this header (public through ModuleInfo::tree) includes no
// Boost; graph/tree_digraph.h gives the tree as a Digraph. Its one user is the module tree of a network
// (model/sac/module_tree.h), which asks the same few questions many times: who are
// the children, is u an ancestor of v, what are the leaves and the
// root-to-leaf paths.
//
// Vertex v of the graph is element v of the parent array; edges go parent ->
// child and each vertex's children come in increasing vertex order, so
// traversals are deterministic. Vertices are `int` here because the model
// layer numbers modules with int (-1 meaning "no parent"); they convert to
// graph::Vertex one to one.
//
// Invariants of a Tree built by make_tree:
//   - exactly one root (parent -1), every vertex reachable from it;
//   - pre[v] / post[v] are v's positions in a depth-first pre-order / post-order
//     that visits children in increasing vertex order;
//   - u is an ancestor-or-self of v  <=>  pre[u] <= pre[v] && post[v] <= post[u],
//     which makes the ancestor test O(1).
// Nothing here knows what the vertices mean.
#pragma once

#include <cstddef>
#include <vector>

#include "common/index.h"

namespace milpsac::graph {

struct Tree {
  std::vector<std::vector<int>> child_lists;  // child_lists[v]: v's children, increasing
  int root = -1;
  std::vector<int> parent;      // parent[v], -1 for the root
  std::vector<int> depth;       // depth[root] == 0
  std::vector<int> pre;         // pre-order position of each vertex
  std::vector<int> post;        // post-order position of each vertex
  std::vector<int> pre_order;   // vertices in pre-order  (inverse of pre)
  std::vector<int> post_order;  // vertices in post-order (inverse of post)

  int size() const { return static_cast<int>(parent.size()); }
};

// Build a tree from parent links (parent[v] == -1 for the root). Throws
// InputError (without a file name: the caller knows the file and adds it) when
// the links do not form one rooted tree: no root or several, a parent index
// out of range, or a cycle.
Tree make_tree(const std::vector<int>& parent);

// Children of v in increasing vertex order.
std::vector<int> children(const Tree& tree, int v);

bool is_leaf(const Tree& tree, int v);

// u == v or u lies on the path from the root to v. O(1).
inline bool is_ancestor_or_self(const Tree& tree, int u, int v) {
  return tree.pre[uz(u)] <= tree.pre[uz(v)] && tree.post[uz(v)] <= tree.post[uz(u)];
}

// u is a proper ancestor of v. O(1).
inline bool is_strict_ancestor(const Tree& tree, int u, int v) { return u != v && is_ancestor_or_self(tree, u, v); }

// Leaves in pre-order.
std::vector<int> leaves(const Tree& tree);

// Vertices from the root down to v (both included).
std::vector<int> path_from_root(const Tree& tree, int v);

// One path per leaf, root first, leaves taken in pre-order.
std::vector<std::vector<int>> root_to_leaf_paths(const Tree& tree);

}  // namespace milpsac::graph
