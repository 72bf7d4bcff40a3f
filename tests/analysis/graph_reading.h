// What an autograd-graph reader made of a text, as one string: its error
// message, or the graph's nodes (every field), inputs and order. The fast, the
// streamed and the whole-document readers must give the same string on every
// input (the analysis tests and the fuzz target compare them).
#pragma once

#include <string>

#include "analysis/autograd_graph.h"
#include "common/input_error.h"

namespace milpsac::test {

template <class Read>
std::string graph_reading(Read read) {
  try {
    const analysis::AutogradGraph graph = read();
    std::string out = "graph";
    for (std::size_t v : graph.order) {
      const analysis::AutogradNode& node = graph.nodes[v];
      out += ' ' + node.name + ':' + analysis::to_string(node.stage) + (node.saved ? ":saved:" : ":") +
             std::to_string(node.out_bytes) + ':' + std::to_string(node.fwd_flop) + ':' +
             std::to_string(node.bwd_flop) + '<';
      for (std::size_t u : node.inputs) out += std::to_string(u) + ',';
    }
    return out;
  } catch (const InputError& e) {
    return std::string("error ") + e.what();
  }
}

}  // namespace milpsac::test
