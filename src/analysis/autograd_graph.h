// The autograd graph of docs/formats.md#autograd-graph: one node per value of a training step,
// each with its stage, whether autograd saves it, its size and its inputs.
//
// Validated on construction: names are unique, inputs name existing nodes, the
// graph is acyclic (a cycle is an error naming its nodes). `order` is the
// stable topological order of graph/dag.h: the file order when the file is
// topologically ordered (as the format requires), otherwise the nearest order that
// is, so an out-of-order file is analysed as if it had been sorted.
//
// A public header: the edges are plain index lists, not the graph layer's
// Boost.Graph type (which the reader uses inside), so a consumer of the
// library does not compile Boost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace milpsac {
class Deadline;
}

namespace milpsac::analysis {

enum class Stage { kPlaceholder, kForward, kLoss, kBackward };

struct AutogradNode {
  std::string name;
  Stage stage = Stage::kForward;
  bool saved = false;
  std::int64_t out_bytes = 0;
  std::vector<std::size_t> inputs;  // node indices; duplicates are merged in the graph
  std::int64_t fwd_flop = 0;
  std::int64_t bwd_flop = 0;
};

struct AutogradGraph {
  std::vector<AutogradNode> nodes;
  // The input -> user edges, parallel edges merged: per node, the distinct
  // nodes that consume its value and the distinct nodes it consumes, ascending.
  std::vector<std::vector<std::size_t>> users;
  std::vector<std::vector<std::size_t>> distinct_inputs;
  std::vector<std::size_t> order;  // topological order of node indices
};

// Builds the graph from nodes whose inputs are already indices (< nodes.size()).
// Throws InputError "SOURCE: ..." when names repeat or the graph has a cycle.
AutogradGraph make_autograd_graph(std::vector<AutogradNode> nodes, const std::string& source);

// Validates a parsed document; `source` (a file name) starts every message.
AutogradGraph parse_autograd_graph(const nlohmann::json& doc, const std::string& source);
// Parses and validates JSON text, reading the nodes one at a time (the
// memory of a whole document is not needed): the messages of
// parse_autograd_graph.
// Reading and parsing poll `deadline` (may be null; TimeLimitReached "SOURCE:
// time limit reached while reading" when it expires).
AutogradGraph parse_autograd_graph_text(std::string_view text, const std::string& source,
                                        const Deadline* deadline = nullptr);
// Reads and validates a file; malformed JSON is an InputError too.
AutogradGraph read_autograd_graph(const std::string& path, const Deadline* deadline = nullptr);

const char* to_string(Stage stage);

}  // namespace milpsac::analysis
