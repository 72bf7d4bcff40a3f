// The fast road for reading an autograd graph: a file that is well formed,
// written the way our writers and PyTorch's json.dump write it, is read
// straight from its text, without a JSON document per node.
//
// Well formed here means: the object {"nodes": [...]}, each node an object of
// the known fields with valid values, strings of printable ASCII without
// escapes, whole numbers in plain digits, names unique and every input naming
// a node. On anything else (an error, or a file that is valid but written
// another way: escapes, non-ASCII names, 1024.0, duplicate keys) the reader
// answers "not here" and the caller reads the file with the checked reader,
// which accepts every valid file and names the field of every error. So the
// two roads accept the same files and return the same nodes; the fuzz target
// and tests/analysis compare them.
//
// Why: the checked reader builds a JSON value per node through nlohmann's SAX
// parser, which took 2.2 s of CPU on a 10^6-node graph (issue 25 asks for 2 s
// for the whole analysis).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "analysis/autograd_graph.h"

namespace milpsac::analysis {

// The nodes of `text`, inputs resolved to indices, or nullopt when the text is
// not well formed in the sense above. Never throws an InputError.
std::optional<std::vector<AutogradNode>> read_well_formed_nodes(std::string_view text);

}  // namespace milpsac::analysis
