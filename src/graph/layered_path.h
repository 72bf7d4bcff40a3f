// Shortest paths through an implicit layered DAG, with back-tracking.
//
// The graph: a source, then layers 0..L-1, each holding nodes numbered
// 0..width-1. Layer i offers num_choices(i) choices; taking choice c from a
// node of layer i-1 (from the source when i = 0) leads to one node of layer i,
// or nowhere. The edges are never stored: `extend` computes them from the
// label of the node they leave, so the target may depend on more than the node
// (a label can carry the exact resource a path has used while the node is the
// bin that resource falls in: the knapsack DP of the embedding proposers).
//
// Each node keeps one label, the best path found to it: lower `cost` wins, and
// among equal costs the first one relaxed stays. The relax order is a
// parameter because callers reproduce reference implementations whose ties
// depend on it. Only reachable nodes are kept per layer (sorted by node), so
// a layer with millions of possible cells but few reachable ones stays cheap,
// and the cost is O(sum over layers of reachable(i-1) * choices(i)). Narrow
// layers (up to 2^20 nodes) keep their work arrays indexed by node; wider
// ones go through a node -> slot table.
//
// Why not a Boost graph: a DP over 5,000 layers x 6,400 bins x 20 choices has
// 640 million edges; materialising them would cost gigabytes and buy nothing.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "common/index.h"

namespace milpsac::graph {

enum class RelaxOrder {
  kChoiceMajor,  // for each choice, for each node of the previous layer (ascending)
  kNodeMajor,    // for each node of the previous layer (ascending), for each choice
};

// How a node was reached: the choice taken and the position of the previous
// node in the previous layer's front (kFromSource for layer 0).
struct BackLink {
  std::uint32_t choice;
  std::uint32_t prev;
};
inline constexpr std::uint32_t kFromSource = std::numeric_limits<std::uint32_t>::max();

// The reachable nodes of one layer in increasing order, with their labels.
template <class Label>
struct LayerFront {
  std::vector<std::uint64_t> nodes;
  std::vector<Label> labels;
  std::size_t size() const { return nodes.size(); }
  bool empty() const { return nodes.empty(); }
};

template <class Label>
struct LayeredPaths {
  // links[i][k]: how the k-th reachable node of layer i was reached. Shorter
  // than the number of layers when some layer had no reachable node.
  std::vector<std::vector<BackLink>> links;
  // Reachable nodes of the last layer; empty when the last layer is unreachable.
  LayerFront<Label> last;

  // The choices along the kept path to last.nodes[k], layer 0 first.
  std::vector<std::uint32_t> path_to(std::size_t k) const { return std::move(paths_to({k}).front()); }

  // paths_to(ks)[r] == path_to(ks[r]), walking all paths back together one
  // layer at a time: each layer's links are read while they are in cache,
  // which is many times faster than one path after another when thousands
  // of paths cross thousands of layers.
  std::vector<std::vector<std::uint32_t>> paths_to(const std::vector<std::size_t>& ks) const {
    std::vector<std::vector<std::uint32_t>> choices(ks.size(), std::vector<std::uint32_t>(links.size()));
    std::vector<std::uint32_t> pos(ks.begin(), ks.end());
    for (std::size_t i = links.size(); i-- > 0;) {
      const std::vector<BackLink>& layer = links[i];
      for (std::size_t r = 0; r < pos.size(); ++r) {
        const BackLink& link = layer[pos[r]];
        choices[r][i] = link.choice;
        pos[r] = link.prev;
      }
    }
    return choices;
  }
};

// num_choices(layer) -> number of choices of that layer.
// extend(layer, choice, const Label& from, std::uint64_t& node, Label& to) -> bool:
//   false when the choice leads nowhere; otherwise sets the target node (< width)
//   and its label. Label needs a `cost` member ordered by <.
template <class Label, class NumChoices, class Extend>
LayeredPaths<Label> layered_shortest_paths(std::size_t num_layers, std::uint64_t width, const Label& source,
                                           NumChoices&& num_choices, Extend&& extend,
                                           RelaxOrder order = RelaxOrder::kChoiceMajor) {
  constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
  // Layers up to this width keep their labels at the node's index (no
  // indirection); wider ones keep only the reachable nodes, found through a
  // node -> slot table.
  constexpr std::uint64_t kDenseWidth = std::uint64_t{1} << 20;
  LayeredPaths<Label> result;
  if (num_layers == 0 || width == 0) return result;
  const bool dense = width <= kDenseWidth;
  const auto w = uz(width);

  // Dense storage: per node, whether it was reached and its label and link.
  std::vector<std::uint8_t> seen(dense ? w : 0, 0);
  std::vector<Label> node_labels(dense ? w : 0);
  std::vector<BackLink> node_links(dense ? w : 0);
  // Sparse storage: node -> candidate position, candidates in creation order.
  std::vector<std::uint32_t> slot(dense ? 0 : w, kEmpty);
  std::vector<std::uint64_t> cand_nodes;
  std::vector<Label> cand_labels;
  std::vector<BackLink> cand_links;
  std::vector<std::uint32_t> sorted_positions;

  LayerFront<Label> prev;
  prev.nodes.push_back(0);
  prev.labels.push_back(source);
  result.links.reserve(num_layers);

  for (std::size_t layer = 0; layer < num_layers; ++layer) {
    const std::uint32_t choices = static_cast<std::uint32_t>(num_choices(layer));
    const std::uint32_t prev_count = static_cast<std::uint32_t>(prev.size());
    const bool from_source = layer == 0;
    std::uint64_t min_node = width;
    std::uint64_t max_node = 0;
    std::size_t count = 0;
    std::uint64_t node = 0;
    Label to{};

    auto sweep = [&](auto&& relax) {
      if (order == RelaxOrder::kChoiceMajor) {
        for (std::uint32_t c = 0; c < choices; ++c)
          for (std::uint32_t p = 0; p < prev_count; ++p)
            if (extend(layer, c, prev.labels[p], node, to)) relax(BackLink{c, from_source ? kFromSource : p});
      } else {
        for (std::uint32_t p = 0; p < prev_count; ++p)
          for (std::uint32_t c = 0; c < choices; ++c)
            if (extend(layer, c, prev.labels[p], node, to)) relax(BackLink{c, from_source ? kFromSource : p});
      }
    };
    auto check_node = [&] {
      if (node >= width) throw std::logic_error("layered_shortest_paths: extend returned a node outside the layer");
    };

    LayerFront<Label> next;
    std::vector<BackLink> links;
    if (dense) {
      sweep([&](const BackLink& link) {
        check_node();
        const auto v = uz(node);
        if (!seen[v]) {
          seen[v] = 1;
          ++count;
          node_labels[v] = to;
          node_links[v] = link;
          min_node = std::min(min_node, node);
          max_node = std::max(max_node, node);
        } else if (to.cost < node_labels[v].cost) {
          node_labels[v] = to;
          node_links[v] = link;
        }
      });
      next.nodes.reserve(count);
      next.labels.reserve(count);
      links.reserve(count);
      for (std::uint64_t v = min_node; count > 0 && v <= max_node; ++v) {
        const auto i = uz(v);
        if (!seen[i]) continue;
        seen[i] = 0;
        next.nodes.push_back(v);
        next.labels.push_back(node_labels[i]);
        links.push_back(node_links[i]);
      }
    } else {
      cand_nodes.clear();
      cand_labels.clear();
      cand_links.clear();
      sweep([&](const BackLink& link) {
        check_node();
        std::uint32_t& s = slot[uz(node)];
        if (s == kEmpty) {
          s = static_cast<std::uint32_t>(cand_nodes.size());
          cand_nodes.push_back(node);
          cand_labels.push_back(to);
          cand_links.push_back(link);
          min_node = std::min(min_node, node);
          max_node = std::max(max_node, node);
        } else if (to.cost < cand_labels[s].cost) {
          cand_labels[s] = to;
          cand_links[s] = link;
        }
      });
      count = cand_nodes.size();
      // Order the candidates by node: scan the slot table when the touched
      // range is dense, sort otherwise; either way reset the slots.
      sorted_positions.clear();
      if (count > 0 && max_node - min_node < 4 * static_cast<std::uint64_t>(count) + 64) {
        for (std::uint64_t v = min_node; v <= max_node; ++v) {
          std::uint32_t& s = slot[uz(v)];
          if (s != kEmpty) {
            sorted_positions.push_back(s);
            s = kEmpty;
          }
        }
      } else {
        sorted_positions.resize(count);
        for (std::uint32_t i = 0; i < count; ++i) sorted_positions[i] = i;
        std::sort(sorted_positions.begin(), sorted_positions.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return cand_nodes[a] < cand_nodes[b]; });
        for (std::uint64_t v : cand_nodes) slot[uz(v)] = kEmpty;
      }
      next.nodes.reserve(count);
      next.labels.reserve(count);
      links.reserve(count);
      for (std::uint32_t s : sorted_positions) {
        next.nodes.push_back(cand_nodes[s]);
        next.labels.push_back(cand_labels[s]);
        links.push_back(cand_links[s]);
      }
    }
    if (count == 0) return result;  // this layer is unreachable: no final front
    result.links.push_back(std::move(links));
    prev = std::move(next);
  }
  result.last = std::move(prev);
  return result;
}

}  // namespace milpsac::graph
