// Tree construction and queries (see tree.h). The depth-first traversal is
// Boost's non-recursive depth_first_visit, so deep trees cannot overflow the stack.
#include "graph/tree.h"
#include "common/index.h"

#include "graph/tree_digraph.h"

#include <boost/graph/depth_first_search.hpp>
#include <string>

#include "common/input_error.h"

namespace milpsac::graph {
namespace {

// Records discovery (pre) and finish (post) order.
struct OrderRecorder : boost::default_dfs_visitor {
  std::vector<int>* pre_order;
  std::vector<int>* post_order;
  void discover_vertex(Vertex v, const Digraph&) const { pre_order->push_back(static_cast<int>(v)); }
  void finish_vertex(Vertex v, const Digraph&) const { post_order->push_back(static_cast<int>(v)); }
};

}  // namespace

Tree make_tree(const std::vector<int>& parent) {
  const int n = static_cast<int>(parent.size());
  Tree tree;
  tree.parent = parent;
  std::vector<Edge> edges;
  edges.reserve(parent.size());
  for (int v = 0; v < n; ++v) {
    const int p = parent[uz(v)];
    if (p == -1) {
      if (tree.root != -1)
        throw InputError("tree has several roots: " + std::to_string(tree.root) + " and " + std::to_string(v));
      tree.root = v;
      continue;
    }
    if (p < 0 || p >= n)
      throw InputError("vertex " + std::to_string(v) + " has parent " + std::to_string(p) + " out of range");
    edges.push_back({static_cast<Vertex>(p), static_cast<Vertex>(v)});
  }
  tree.child_lists.assign(uz(n), {});
  for (const Edge& e : edges) tree.child_lists[e.from].push_back(static_cast<int>(e.to));  // v increasing
  const Digraph graph = make_digraph(uz(n), std::move(edges));
  if (tree.root == -1) throw InputError("tree has no root");

  tree.pre_order.reserve(uz(n));
  tree.post_order.reserve(uz(n));
  OrderRecorder recorder;
  recorder.pre_order = &tree.pre_order;
  recorder.post_order = &tree.post_order;
  std::vector<boost::default_color_type> color(uz(n), boost::white_color);
  boost::depth_first_visit(graph, uz(tree.root), recorder,
                           boost::make_iterator_property_map(color.begin(), boost::get(boost::vertex_index, graph)));
  if (static_cast<int>(tree.pre_order.size()) != n)
    throw InputError("parent links contain a cycle: " + std::to_string(n - static_cast<int>(tree.pre_order.size())) +
                     " vertices are not reachable from the root");

  tree.pre.assign(uz(n), 0);
  tree.post.assign(uz(n), 0);
  tree.depth.assign(uz(n), 0);
  for (int i = 0; i < n; ++i) {
    tree.pre[uz(tree.pre_order[uz(i)])] = i;
    tree.post[uz(tree.post_order[uz(i)])] = i;
  }
  // Parents come before children in pre-order, so one pass sets every depth.
  for (int v : tree.pre_order) {
    const int p = parent[uz(v)];
    if (p != -1) tree.depth[uz(v)] = tree.depth[uz(p)] + 1;
  }
  return tree;
}

std::vector<int> children(const Tree& tree, int v) { return tree.child_lists[uz(v)]; }

bool is_leaf(const Tree& tree, int v) { return tree.child_lists[uz(v)].empty(); }

Digraph as_digraph(const Tree& tree) {
  std::vector<Edge> edges;
  for (size_t p = 0; p < tree.child_lists.size(); ++p)
    for (int c : tree.child_lists[p]) edges.push_back({static_cast<Vertex>(p), static_cast<Vertex>(c)});
  return make_digraph(tree.child_lists.size(), std::move(edges));
}

std::vector<int> leaves(const Tree& tree) {
  std::vector<int> result;
  for (int v : tree.pre_order)
    if (is_leaf(tree, v)) result.push_back(v);
  return result;
}

std::vector<int> path_from_root(const Tree& tree, int v) {
  std::vector<int> path(uz(tree.depth[uz(v)]) + 1);
  for (int u = v, i = static_cast<int>(path.size()) - 1; u != -1; u = tree.parent[uz(u)], --i) path[uz(i)] = u;
  return path;
}

std::vector<std::vector<int>> root_to_leaf_paths(const Tree& tree) {
  std::vector<std::vector<int>> paths;
  for (int leaf : leaves(tree)) paths.push_back(path_from_root(tree, leaf));
  return paths;
}

}  // namespace milpsac::graph
