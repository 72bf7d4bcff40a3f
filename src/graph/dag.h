// Directed graphs on Boost.Graph for the DAG walks of this project: build a
// graph from an edge list, read a vertex's users (successors) and inputs
// (predecessors), and order the vertices topologically.
//
// Why this file: it is the graph layer's one graph type. The autograd
// analysis (analysis/autograd_graph.h) walks it in topological order and asks
// "who consumes this value?"; the module tree (tree.h) stores its parent ->
// child edges in it. Nothing here knows what a vertex means: vertices are
// 0..n-1, edges run from a producer to its user (a parent to its child).
//
// Invariants: parallel edges are dropped when the graph is built, so
// num_users / num_inputs count distinct neighbours; the topological order is
// the *stable* one (among the vertices ready at each step, the smallest index
// goes first), so a vertex list that is already topologically ordered comes
// back unchanged. When the graph has a cycle, the order names one.
#pragma once

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/range/iterator_range.hpp>
#include <cstddef>
#include <functional>
#include <queue>
#include <vector>

namespace milpsac::graph {

using Digraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;
using Vertex = Digraph::vertex_descriptor;

// A producer -> user edge.
struct Edge {
  Vertex from;
  Vertex to;
};

// A graph with `num_vertices` vertices and the given edges; parallel edges are
// merged. Out-edges of a vertex are in increasing order of their target.
inline Digraph make_digraph(std::size_t num_vertices, std::vector<Edge> edges) {
  std::sort(edges.begin(), edges.end(),
            [](const Edge& a, const Edge& b) { return a.from != b.from ? a.from < b.from : a.to < b.to; });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](const Edge& a, const Edge& b) { return a.from == b.from && a.to == b.to; }),
              edges.end());
  Digraph g(num_vertices);
  for (const Edge& e : edges) boost::add_edge(e.from, e.to, g);
  return g;
}

inline std::size_t num_vertices(const Digraph& g) { return boost::num_vertices(g); }

// The vertices that consume v's value (successors), as a range.
inline auto users(const Digraph& g, Vertex v) { return boost::make_iterator_range(boost::adjacent_vertices(v, g)); }
// The vertices whose values v consumes (predecessors), as a range.
inline auto inputs(const Digraph& g, Vertex v) {
  return boost::make_iterator_range(boost::inv_adjacent_vertices(v, g));
}
inline std::size_t num_users(const Digraph& g, Vertex v) { return boost::out_degree(v, g); }
inline std::size_t num_inputs(const Digraph& g, Vertex v) { return boost::in_degree(v, g); }

// Result of a topological sort: either every vertex in order (cycle empty), or
// a cycle v0 -> v1 -> ... -> v0 (listed without repeating v0) and the vertices
// that could be ordered before the cycle blocked the rest.
struct TopologicalOrder {
  std::vector<Vertex> order;
  std::vector<Vertex> cycle;
  bool is_dag() const { return cycle.empty(); }
};

// Kahn's algorithm with a min-heap of ready vertices: deterministic, and the
// identity when the vertex numbering is already a topological order.
inline TopologicalOrder stable_topological_order(const Digraph& g) {
  const std::size_t n = num_vertices(g);
  TopologicalOrder result;
  result.order.reserve(n);
  std::vector<std::size_t> waiting(n);  // inputs not yet emitted
  std::priority_queue<Vertex, std::vector<Vertex>, std::greater<Vertex>> ready;
  for (Vertex v = 0; v < n; ++v) {
    waiting[v] = num_inputs(g, v);
    if (waiting[v] == 0) ready.push(v);
  }
  while (!ready.empty()) {
    Vertex v = ready.top();
    ready.pop();
    result.order.push_back(v);
    for (Vertex u : users(g, v))
      if (--waiting[u] == 0) ready.push(u);
  }
  if (result.order.size() == n) return result;

  // Every vertex left has an input that is also left: walk inputs backwards
  // from the smallest such vertex until a vertex repeats; that loop is a cycle.
  Vertex start = 0;
  while (waiting[start] == 0) ++start;
  std::vector<std::size_t> seen_at(n, n);
  std::vector<Vertex> walk;
  Vertex v = start;
  while (seen_at[v] == n) {
    seen_at[v] = walk.size();
    walk.push_back(v);
    Vertex next = v;
    for (Vertex p : inputs(g, v))
      if (waiting[p] > 0) {
        next = p;
        break;
      }
    v = next;
  }
  // walk[seen_at[v]..] is the cycle against edge direction; reverse it.
  result.cycle.assign(walk.begin() + static_cast<std::ptrdiff_t>(seen_at[v]), walk.end());
  std::reverse(result.cycle.begin(), result.cycle.end());
  // Start the reported cycle at its smallest vertex, for stable messages.
  auto smallest = std::min_element(result.cycle.begin(), result.cycle.end());
  std::rotate(result.cycle.begin(), smallest, result.cycle.end());
  return result;
}

}  // namespace milpsac::graph
