// Reads and validates the autograd graph of docs/formats.md (autograd_graph.h).
// Every rejection names the file, the JSON path (nodes[i].field) and the problem.
#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "analysis/autograd_graph.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_fields.h"
#include "common/json_input.h"
#include "graph/dag.h"

namespace milpsac::analysis {

namespace {

constexpr std::int64_t kMaxBytes = std::int64_t{1} << 53;

[[noreturn]] void fail(const std::string& source, const std::string& where, const std::string& what) {
  throw InputError(source + ": " + where + ": " + what);
}

Stage parse_stage(const JsonField& f) {
  if (f.value().is_string()) {
    const std::string& s = f.value().get_ref<const std::string&>();
    if (s == "placeholder") return Stage::kPlaceholder;
    if (s == "forward") return Stage::kForward;
    if (s == "loss") return Stage::kLoss;
    if (s == "backward") return Stage::kBackward;
  }
  f.fail("must be \"placeholder\", \"forward\", \"loss\" or \"backward\", got " + describe_json(f.value()));
}

}  // namespace

const char* to_string(Stage stage) {
  switch (stage) {
    case Stage::kPlaceholder:
      return "placeholder";
    case Stage::kForward:
      return "forward";
    case Stage::kLoss:
      return "loss";
    case Stage::kBackward:
      return "backward";
  }
  return "unknown";
}

namespace {

// Edges, acyclicity and order; names are known to be unique.
AutogradGraph build_graph(std::vector<AutogradNode> nodes, const std::string& source) {
  std::vector<graph::Edge> edges;
  for (std::size_t v = 0; v < nodes.size(); ++v) {
    for (std::size_t u : nodes[v].inputs) {
      if (u >= nodes.size())
        fail(source, "nodes[" + std::to_string(v) + "].inputs", "input index " + std::to_string(u) + " out of range");
      edges.push_back({u, v});
    }
  }
  AutogradGraph g;
  const graph::Digraph dag = graph::make_digraph(nodes.size(), std::move(edges));
  graph::TopologicalOrder topo = graph::stable_topological_order(dag);
  if (!topo.is_dag()) {
    std::string cycle;
    for (graph::Vertex v : topo.cycle) cycle += "'" + nodes[v].name + "' -> ";
    cycle += "'" + nodes[topo.cycle.front()].name + "'";
    fail(source, "nodes", "the graph has a cycle: " + cycle);
  }
  g.order.assign(topo.order.begin(), topo.order.end());
  g.users.resize(nodes.size());
  g.distinct_inputs.resize(nodes.size());
  for (std::size_t v = 0; v < nodes.size(); ++v) {
    for (graph::Vertex u : graph::users(dag, v)) g.users[v].push_back(u);
    for (graph::Vertex u : graph::inputs(dag, v)) g.distinct_inputs[v].push_back(u);
    // Ascending, whatever order the graph layer lists neighbours in.
    std::sort(g.users[v].begin(), g.users[v].end());
    std::sort(g.distinct_inputs[v].begin(), g.distinct_inputs[v].end());
  }
  g.nodes = std::move(nodes);
  return g;
}

}  // namespace

AutogradGraph make_autograd_graph(std::vector<AutogradNode> nodes, const std::string& source) {
  std::unordered_map<std::string, std::size_t> index;
  index.reserve(nodes.size());
  for (std::size_t v = 0; v < nodes.size(); ++v) {
    auto [it, inserted] = index.emplace(nodes[v].name, v);
    if (!inserted)
      fail(source, "nodes[" + std::to_string(v) + "].name",
           "duplicate name '" + nodes[v].name + "' (first at nodes[" + std::to_string(it->second) + "])");
  }
  return build_graph(std::move(nodes), source);
}

AutogradGraph parse_autograd_graph(const nlohmann::json& doc, const std::string& source) {
  const JsonField root(doc, source);
  if (!doc.is_object()) root.fail("must be a JSON object");
  root.reject_unknown({"nodes"});
  const JsonField list = root.member("nodes");
  if (!list.value().is_array()) list.fail("must be an array of nodes");

  // Names first, so inputs may refer to any node; unknown names are reported below.
  std::unordered_map<std::string, std::size_t> index;
  index.reserve(list.size());
  std::vector<AutogradNode> nodes(list.size());
  for (std::size_t v = 0; v < list.size(); ++v) {
    const JsonField n = list.element(v);
    if (!n.value().is_object()) n.fail("must be a JSON object");
    n.reject_unknown({"name", "stage", "saved", "out_bytes", "inputs", "fwd_flop", "bwd_flop"});
    bool has_name = false;
    const JsonField name = n.optional_member("name", has_name);
    if (!has_name || !name.value().is_string() || name.value().get_ref<const std::string&>().empty())
      name.fail("must be a non-empty string");
    nodes[v].name = name.value().get<std::string>();
    auto [it, inserted] = index.emplace(nodes[v].name, v);
    if (!inserted)
      name.fail("duplicate name '" + nodes[v].name + "' (first at nodes[" + std::to_string(it->second) + "])");
  }
  constexpr std::int64_t kMaxFlop = std::numeric_limits<std::int64_t>::max();
  const std::string bytes = "a whole number in [0, " + std::to_string(kMaxBytes) + "]";
  const std::string flop = "a whole number in [0, " + std::to_string(kMaxFlop) + "]";
  // Sums the analysis forms (FLOP totals, memory over all nodes) must fit in 64
  // bits: checked here, where the message can name the file and the node.
  std::int64_t fwd_total = 0, bwd_total = 0, bytes_total = 0;
  auto add = [](std::int64_t& total, std::int64_t value, const JsonField& field, const char* what) {
    if (value > std::numeric_limits<std::int64_t>::max() - total)
      field.fail(std::string("the ") + what + " over all nodes does not fit in 64 bits");
    total += value;
  };
  for (std::size_t v = 0; v < list.size(); ++v) {
    const JsonField n = list.element(v);
    AutogradNode& node = nodes[v];
    node.stage = parse_stage(n.member("stage"));
    bool found = false;
    if (const JsonField saved = n.optional_member("saved", found); found) {
      if (!saved.value().is_boolean()) saved.fail("must be true or false, got " + describe_json(saved.value()));
      node.saved = saved.value().get<bool>();
    }
    const JsonField out_bytes = n.member("out_bytes");
    node.out_bytes = out_bytes.whole(0, kMaxBytes, bytes.c_str());
    add(bytes_total, node.out_bytes, out_bytes, "sum of out_bytes");
    if (const JsonField f = n.optional_member("fwd_flop", found); found) {
      node.fwd_flop = f.whole(0, kMaxFlop, flop.c_str());
      add(fwd_total, node.fwd_flop, f, "forward FLOP sum");
    }
    if (const JsonField f = n.optional_member("bwd_flop", found); found) {
      node.bwd_flop = f.whole(0, kMaxFlop, flop.c_str());
      add(bwd_total, node.bwd_flop, f, "backward FLOP sum");
    }
    if (const JsonField inputs = n.optional_member("inputs", found); found) {
      if (!inputs.value().is_array()) inputs.fail("must be an array of node names");
      node.inputs.reserve(inputs.size());
      for (std::size_t k = 0; k < inputs.size(); ++k) {
        const JsonField input = inputs.element(k);
        if (!input.value().is_string()) input.fail("must be a node name, got " + describe_json(input.value()));
        const std::string& input_name = input.value().get_ref<const std::string&>();
        auto found_input = index.find(input_name);
        if (found_input == index.end()) input.fail("unknown input '" + input_name + "' of node '" + node.name + "'");
        node.inputs.push_back(found_input->second);
      }
    }
  }
  return build_graph(std::move(nodes), source);
}

AutogradGraph read_autograd_graph(const std::string& path) {
  return parse_autograd_graph(read_json_file(path), input_name(path));
}

}  // namespace milpsac::analysis
