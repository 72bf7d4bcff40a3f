// Tree primitives of src/graph/tree.h: orders, O(1) ancestor test, leaves,
// root-to-leaf paths, bad parent links, and a deep chain (no recursion limits).
#include <doctest/doctest.h>

#include <stdexcept>

#include "common/input_error.h"
#include "graph/tree.h"
#include "graph/tree_digraph.h"

using milpsac::graph::Tree;
namespace g = milpsac::graph;

namespace {

// Vertex: parent -> 0: root, 1: 0, 2: 1, 3: 1, 4: 0, 5: 4, 6: 5
// (0 has children 1 and 4; 1 has leaves 2 and 3; 4 -> 5 -> 6 is a chain).
Tree sample() { return g::make_tree({-1, 0, 1, 1, 0, 4, 5}); }

}  // namespace

TEST_CASE("tree: pre-order and post-order positions") {
  const Tree t = sample();
  CHECK(t.root == 0);
  CHECK(t.pre_order == std::vector<int>{0, 1, 2, 3, 4, 5, 6});
  CHECK(t.post_order == std::vector<int>{2, 3, 1, 6, 5, 4, 0});
  for (int v = 0; v < t.size(); ++v) {
    CHECK(t.pre_order[static_cast<size_t>(t.pre[static_cast<size_t>(v)])] == v);
    CHECK(t.post_order[static_cast<size_t>(t.post[static_cast<size_t>(v)])] == v);
  }
  CHECK(t.depth == std::vector<int>{0, 1, 2, 2, 1, 2, 3});
}

TEST_CASE("tree: children, leaves, paths") {
  const Tree t = sample();
  CHECK(g::children(t, 0) == std::vector<int>{1, 4});
  CHECK(g::children(t, 1) == std::vector<int>{2, 3});
  CHECK(g::children(t, 2).empty());
  CHECK(g::leaves(t) == std::vector<int>{2, 3, 6});
  CHECK(g::is_leaf(t, 6));
  CHECK_FALSE(g::is_leaf(t, 5));
  CHECK(g::path_from_root(t, 6) == std::vector<int>{0, 4, 5, 6});
  CHECK(g::path_from_root(t, 0) == std::vector<int>{0});
  const auto paths = g::root_to_leaf_paths(t);
  REQUIRE(paths.size() == 3);
  CHECK(paths[0] == std::vector<int>{0, 1, 2});
  CHECK(paths[1] == std::vector<int>{0, 1, 3});
  CHECK(paths[2] == std::vector<int>{0, 4, 5, 6});
}

TEST_CASE("tree: ancestor test agrees with walking the parent links") {
  const Tree t = sample();
  for (int u = 0; u < t.size(); ++u)
    for (int v = 0; v < t.size(); ++v) {
      bool walk = false;
      for (int w = v; w != -1; w = t.parent[static_cast<size_t>(w)]) walk = walk || w == u;
      CHECK(g::is_ancestor_or_self(t, u, v) == walk);
      CHECK(g::is_strict_ancestor(t, u, v) == (walk && u != v));
    }
}

TEST_CASE("tree: children follow vertex order even when the root is not vertex 0") {
  // 3 is the root; 0 and 2 its children; 1 under 2.
  const Tree t = g::make_tree({3, 2, 3, -1});
  CHECK(t.root == 3);
  CHECK(g::children(t, 3) == std::vector<int>{0, 2});
  CHECK(t.pre_order == std::vector<int>{3, 0, 2, 1});
  CHECK(t.post_order == std::vector<int>{0, 1, 2, 3});
  CHECK(g::is_strict_ancestor(t, 2, 1));
  CHECK_FALSE(g::is_strict_ancestor(t, 0, 1));
}

TEST_CASE("tree: bad parent links are rejected") {
  CHECK_THROWS_AS(g::make_tree({}), milpsac::InputError);
  CHECK_THROWS_AS(g::make_tree({0}), milpsac::InputError);         // self loop, no root
  CHECK_THROWS_AS(g::make_tree({-1, -1}), milpsac::InputError);    // two roots
  CHECK_THROWS_AS(g::make_tree({-1, 5}), milpsac::InputError);     // out of range
  CHECK_THROWS_AS(g::make_tree({-1, 2, 1}), milpsac::InputError);  // cycle off the root
}

TEST_CASE("tree: a chain of 200000 vertices (no recursion depth limit)") {
  const int n = 200000;
  std::vector<int> parent(static_cast<size_t>(n));
  for (int v = 0; v < n; ++v) parent[static_cast<size_t>(v)] = v - 1;
  const Tree t = g::make_tree(parent);
  CHECK(t.depth.back() == n - 1);
  CHECK(g::leaves(t) == std::vector<int>{n - 1});
  CHECK(g::is_strict_ancestor(t, 0, n - 1));
  CHECK(t.post[0] == n - 1);
}

TEST_CASE("the tree is a Digraph of the DAG layer: users are children, parents come first") {
  const Tree t = sample();
  const g::Digraph graph = g::as_digraph(t);
  for (int v = 0; v < t.size(); ++v) {
    std::vector<int> users;
    for (g::Vertex u : g::users(graph, static_cast<g::Vertex>(v))) users.push_back(static_cast<int>(u));
    CHECK(users == g::children(t, v));
    CHECK(g::num_inputs(graph, static_cast<g::Vertex>(v)) == (v == t.root ? 0u : 1u));
  }
  const g::TopologicalOrder order = g::stable_topological_order(graph);
  REQUIRE(order.is_dag());
  std::vector<int> position(static_cast<size_t>(t.size()));
  for (size_t i = 0; i < order.order.size(); ++i) position[order.order[i]] = static_cast<int>(i);
  for (int v = 0; v < t.size(); ++v)
    if (v != t.root)
      CHECK(position[static_cast<size_t>(t.parent[static_cast<size_t>(v)])] < position[static_cast<size_t>(v)]);
}

TEST_CASE("bad parent links are InputErrors that say what is wrong") {
  CHECK_THROWS_WITH_AS(g::make_tree({-1, -1}), doctest::Contains("several roots"), milpsac::InputError);
  CHECK_THROWS_WITH_AS(g::make_tree({-1, 5}), doctest::Contains("out of range"), milpsac::InputError);
  CHECK_THROWS_WITH_AS(g::make_tree({-1, 2, 1}), doctest::Contains("cycle"), milpsac::InputError);
  CHECK_THROWS_WITH_AS(g::make_tree({0}), doctest::Contains("no root"), milpsac::InputError);
}
