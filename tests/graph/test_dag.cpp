// The generic DAG layer (graph/dag.h): construction, users/inputs, the stable
// topological order, and cycles named.
#include <doctest/doctest.h>

#include <vector>

#include "graph/dag.h"

using namespace milpsac::graph;

namespace {

std::vector<Vertex> collect(auto range) {
  std::vector<Vertex> out;
  for (Vertex v : range) out.push_back(v);
  return out;
}

}  // namespace

TEST_CASE("dag: parallel edges merge; users and inputs are the two directions") {
  const Digraph g = make_digraph(4, {{0, 2}, {1, 2}, {0, 2}, {2, 3}, {0, 3}});
  CHECK(num_vertices(g) == 4);
  CHECK(collect(users(g, 0)) == std::vector<Vertex>{2, 3});
  CHECK(num_users(g, 0) == 2);
  CHECK(num_inputs(g, 2) == 2);
  auto in3 = collect(inputs(g, 3));
  std::sort(in3.begin(), in3.end());
  CHECK(in3 == std::vector<Vertex>{0, 2});
  CHECK(num_users(g, 3) == 0);
}

TEST_CASE("dag: the stable topological order keeps an ordered numbering and fixes a shuffled one") {
  const Digraph ordered = make_digraph(5, {{0, 1}, {1, 2}, {0, 3}, {3, 4}, {2, 4}});
  TopologicalOrder t = stable_topological_order(ordered);
  REQUIRE(t.is_dag());
  CHECK(t.order == std::vector<Vertex>{0, 1, 2, 3, 4});
  // 3 depends on 4: 4 moves before 3, everything else stays as early as it can.
  const Digraph shuffled = make_digraph(5, {{0, 1}, {4, 3}, {1, 4}, {2, 4}});
  t = stable_topological_order(shuffled);
  REQUIRE(t.is_dag());
  CHECK(t.order == std::vector<Vertex>{0, 1, 2, 4, 3});
}

TEST_CASE("dag: a cycle is reported with its vertices in edge order") {
  // 0 -> 1 -> 2 -> 3 -> 1, plus 3 -> 4.
  const Digraph g = make_digraph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 1}, {3, 4}});
  const TopologicalOrder t = stable_topological_order(g);
  CHECK_FALSE(t.is_dag());
  CHECK(t.cycle == std::vector<Vertex>{1, 2, 3});
  CHECK(t.order == std::vector<Vertex>{0});
  const TopologicalOrder self = stable_topological_order(make_digraph(2, {{1, 1}}));
  CHECK(self.cycle == std::vector<Vertex>{1});
}
