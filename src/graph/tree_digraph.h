// A Tree (graph/tree.h) as the graph layer's Digraph: edges parent -> child.
// Kept out of tree.h so that header, public through ModuleInfo, needs no Boost.
#pragma once

#include "graph/dag.h"
#include "graph/tree.h"

namespace milpsac::graph {

Digraph as_digraph(const Tree& tree);

}  // namespace milpsac::graph
