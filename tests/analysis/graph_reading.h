// What an autograd-graph reader made of a text, as one string: its error
// message, or the graph's nodes, inputs and order. The streamed and the
// whole-document readers must give the same string on every input (the
// analysis tests and the fuzz target compare them).
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
      out += ' ' + graph.nodes[v].name + '<';
      for (std::size_t u : graph.nodes[v].inputs) out += std::to_string(u) + ',';
    }
    return out;
  } catch (const InputError& e) {
    return std::string("error ") + e.what();
  }
}

}  // namespace milpsac::test
