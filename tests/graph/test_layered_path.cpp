// The generic layered shortest path (graph/layered_path.h): optimal costs
// against brute force, back-tracking, both tie orders, unreachable layers and
// sparse layers far wider than their reachable part.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "graph/layered_path.h"

using namespace milpsac::graph;

namespace {

struct Label {
  double cost;
  std::uint64_t used;
};

// A tiny knapsack: layer i offers items weight[i][c] / value[i][c]; node = weight used.
struct Knapsack {
  std::vector<std::vector<std::uint64_t>> weight;
  std::vector<std::vector<double>> cost;
  std::uint64_t capacity;

  LayeredPaths<Label> solve(RelaxOrder order) const {
    return layered_shortest_paths<Label>(
        weight.size(), capacity + 1, Label{0.0, 0}, [&](std::size_t i) { return weight[i].size(); },
        [&](std::size_t i, std::uint32_t c, const Label& from, std::uint64_t& node, Label& to) {
          const std::uint64_t w = from.used + weight[i][c];
          if (w > capacity) return false;
          node = w;
          to = {from.cost + cost[i][c], w};
          return true;
        },
        order);
  }
};

}  // namespace

TEST_CASE("layered shortest path: every reachable node gets its cheapest path, and path_to rebuilds it") {
  Knapsack k{{{1, 2, 3}, {0, 2}, {1, 4}}, {{5.0, 3.0, 1.0}, {4.0, 1.0}, {2.0, 0.5}}, 7};
  for (RelaxOrder order : {RelaxOrder::kChoiceMajor, RelaxOrder::kNodeMajor}) {
    auto paths = k.solve(order);
    REQUIRE(paths.links.size() == 3);
    // Brute force over all 12 combinations.
    std::vector<double> best(8, std::numeric_limits<double>::infinity());
    for (std::size_t a = 0; a < 3; ++a)
      for (std::size_t b = 0; b < 2; ++b)
        for (std::size_t c = 0; c < 2; ++c) {
          std::uint64_t w = k.weight[0][a] + k.weight[1][b] + k.weight[2][c];
          if (w <= 7) best[w] = std::min(best[w], k.cost[0][a] + k.cost[1][b] + k.cost[2][c]);
        }
    std::size_t reachable = 0;
    for (std::uint64_t w = 0; w <= 7; ++w) reachable += best[w] < 1e300;
    REQUIRE(paths.last.size() == reachable);
    for (std::size_t p = 0; p < paths.last.size(); ++p) {
      const std::uint64_t w = paths.last.nodes[p];
      if (p > 0) CHECK(paths.last.nodes[p - 1] < w);  // fronts are sorted
      CHECK(paths.last.labels[p].cost == best[w]);
      auto choices = paths.path_to(p);
      REQUIRE(choices.size() == 3);
      double cost = 0;
      std::uint64_t used = 0;
      for (std::size_t i = 0; i < 3; ++i) {
        cost += k.cost[i][choices[i]];
        used += k.weight[i][choices[i]];
      }
      CHECK(used == w);
      CHECK(cost == best[w]);
    }
  }
}

TEST_CASE("layered shortest path: ties keep the first relaxation of the chosen order") {
  // Two ways into node 2 of layer 1 with equal cost: (choice 0 from node 1)
  // and (choice 1 from node 0). Choice-major meets choice 0 first; node-major
  // meets node 0 first.
  Knapsack k{{{0, 1}, {1, 2}}, {{1.0, 1.0}, {1.0, 1.0}}, 2};
  auto choice_major = k.solve(RelaxOrder::kChoiceMajor);
  auto node_major = k.solve(RelaxOrder::kNodeMajor);
  REQUIRE(choice_major.last.nodes.back() == 2);
  REQUIRE(node_major.last.nodes.back() == 2);
  CHECK(choice_major.path_to(choice_major.last.size() - 1) == std::vector<std::uint32_t>{1, 0});
  CHECK(node_major.path_to(node_major.last.size() - 1) == std::vector<std::uint32_t>{0, 1});
}

TEST_CASE("layered shortest path: an unreachable layer leaves no final front") {
  Knapsack k{{{1}, {9}, {0}}, {{1.0}, {1.0}, {1.0}}, 5};
  auto paths = k.solve(RelaxOrder::kChoiceMajor);
  CHECK(paths.last.empty());
  CHECK(paths.links.size() == 1);
  Knapsack none{{}, {}, 5};
  CHECK(none.solve(RelaxOrder::kNodeMajor).last.empty());
}

TEST_CASE("layered shortest path: a wide sparse layer keeps only reachable nodes, in order") {
  // Width 10^7, nodes far apart: the sort path (not the dense scan) orders them.
  const std::uint64_t width = 10'000'000;
  auto paths = layered_shortest_paths<Label>(
      2, width, Label{0.0, 0}, [](std::size_t) { return 3; },
      [&](std::size_t, std::uint32_t c, const Label& from, std::uint64_t& node, Label& to) {
        const std::uint64_t step[] = {3'000'000, 17, 1'000'001};
        node = from.used + step[2 - c];
        to = {from.cost + static_cast<double>(c), node};
        return node < width;
      });
  REQUIRE(paths.last.size() == 6);
  const std::vector<std::uint64_t> expected = {34, 1'000'018, 2'000'002, 3'000'017, 4'000'001, 6'000'000};
  CHECK(paths.last.nodes == expected);
}
