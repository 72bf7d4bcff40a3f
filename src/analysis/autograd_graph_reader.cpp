// Reads and validates the autograd graph of docs/formats.md (autograd_graph.h).
// Every rejection names the file, the JSON path (nodes[i].field) and the problem.
#include <cmath>
#include <limits>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unordered_map>

#include "analysis/autograd_graph.h"
#include "common/input_error.h"

namespace milpsac::analysis {

namespace {

constexpr std::int64_t kMaxBytes = std::int64_t{1} << 53;

[[noreturn]] void fail(const std::string& source, const std::string& where, const std::string& what) {
  throw InputError(source + ": " + where + ": " + what);
}

// A whole number in [0, hi] (integral floats such as 1e9 accepted) in field
// `field` of node `node`.
std::int64_t whole_number(const nlohmann::json& v, std::int64_t hi, const std::string& source, std::size_t node,
                          const char* field) {
  auto reject = [&] {
    fail(source, "nodes[" + std::to_string(node) + "]." + field,
         "must be a whole number in [0, " + std::to_string(hi) + "], got " + v.dump());
  };
  if (v.is_number_unsigned()) {
    auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi)) reject();
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) {
    auto i = v.get<std::int64_t>();
    if (i < 0 || i > hi) reject();
    return i;
  }
  if (!v.is_number()) reject();
  const double d = v.get<double>();
  if (!std::isfinite(d) || d != std::floor(d) || d < 0.0 || d > static_cast<double>(hi)) reject();
  return static_cast<std::int64_t>(d);
}

Stage parse_stage(const nlohmann::json& v, std::size_t node, const std::string& source) {
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "placeholder") return Stage::kPlaceholder;
    if (s == "forward") return Stage::kForward;
    if (s == "loss") return Stage::kLoss;
    if (s == "backward") return Stage::kBackward;
  }
  fail(source, "nodes[" + std::to_string(node) + "].stage",
       "must be \"placeholder\", \"forward\", \"loss\" or \"backward\", got " + v.dump());
}

}  // namespace

const char* to_string(Stage stage) {
  switch (stage) {
    case Stage::kPlaceholder: return "placeholder";
    case Stage::kForward: return "forward";
    case Stage::kLoss: return "loss";
    case Stage::kBackward: return "backward";
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
  g.dag = graph::make_digraph(nodes.size(), std::move(edges));
  graph::TopologicalOrder topo = graph::stable_topological_order(g.dag);
  if (!topo.is_dag()) {
    std::string cycle;
    for (graph::Vertex v : topo.cycle) cycle += "'" + nodes[v].name + "' -> ";
    cycle += "'" + nodes[topo.cycle.front()].name + "'";
    fail(source, "nodes", "the graph has a cycle: " + cycle);
  }
  g.order = std::move(topo.order);
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
  if (!doc.is_object()) fail(source, "document", "must be a JSON object");
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "nodes") fail(source, "document", "unknown field '" + it.key() + "'");
  if (!doc.contains("nodes")) fail(source, "nodes", "missing");
  const nlohmann::json& list = doc.at("nodes");
  if (!list.is_array()) fail(source, "nodes", "must be an array of nodes");

  // Names first, so inputs may refer to any node; unknown names are reported below.
  std::unordered_map<std::string, std::size_t> index;
  index.reserve(list.size());
  std::vector<AutogradNode> nodes(list.size());
  for (std::size_t v = 0; v < list.size(); ++v) {
    const nlohmann::json& n = list[v];
    auto at = [v](const char* field) { return "nodes[" + std::to_string(v) + "]" + field; };
    if (!n.is_object()) fail(source, at(""), "must be a JSON object");
    for (auto it = n.begin(); it != n.end(); ++it) {
      const std::string& k = it.key();
      if (k != "name" && k != "stage" && k != "saved" && k != "out_bytes" && k != "inputs" && k != "fwd_flop" &&
          k != "bwd_flop")
        fail(source, at(""), "unknown field '" + k + "'");
    }
    const auto name = n.find("name");
    if (name == n.end() || !name->is_string() || name->get_ref<const std::string&>().empty())
      fail(source, at(".name"), "must be a non-empty string");
    nodes[v].name = name->get<std::string>();
    auto [it, inserted] = index.emplace(nodes[v].name, v);
    if (!inserted)
      fail(source, at(".name"),
           "duplicate name '" + nodes[v].name + "' (first at nodes[" + std::to_string(it->second) + "])");
  }
  for (std::size_t v = 0; v < list.size(); ++v) {
    const nlohmann::json& n = list[v];
    AutogradNode& node = nodes[v];
    // Built only when needed: most nodes are fine.
    auto where = [v](const char* field) { return "nodes[" + std::to_string(v) + "]." + field; };
    const auto stage = n.find("stage");
    if (stage == n.end()) fail(source, where("stage"), "missing");
    node.stage = parse_stage(*stage, v, source);
    if (const auto saved = n.find("saved"); saved != n.end()) {
      if (!saved->is_boolean()) fail(source, where("saved"), "must be true or false, got " + saved->dump());
      node.saved = saved->get<bool>();
    }
    const auto out_bytes = n.find("out_bytes");
    if (out_bytes == n.end()) fail(source, where("out_bytes"), "missing");
    node.out_bytes = whole_number(*out_bytes, kMaxBytes, source, v, "out_bytes");
    constexpr std::int64_t kMaxFlop = std::numeric_limits<std::int64_t>::max();
    if (const auto f = n.find("fwd_flop"); f != n.end()) node.fwd_flop = whole_number(*f, kMaxFlop, source, v, "fwd_flop");
    if (const auto f = n.find("bwd_flop"); f != n.end()) node.bwd_flop = whole_number(*f, kMaxFlop, source, v, "bwd_flop");
    if (const auto inputs = n.find("inputs"); inputs != n.end()) {
      if (!inputs->is_array()) fail(source, where("inputs"), "must be an array of node names");
      node.inputs.reserve(inputs->size());
      for (std::size_t k = 0; k < inputs->size(); ++k) {
        const nlohmann::json& name = (*inputs)[k];
        auto input_at = [&] { return where("inputs") + "[" + std::to_string(k) + "]"; };
        if (!name.is_string()) fail(source, input_at(), "must be a node name, got " + name.dump());
        auto found = index.find(name.get_ref<const std::string&>());
        if (found == index.end())
          fail(source, input_at(), "unknown input '" + name.get<std::string>() + "' of node '" + node.name + "'");
        node.inputs.push_back(found->second);
      }
    }
  }
  return build_graph(std::move(nodes), source);
}

AutogradGraph read_autograd_graph(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": malformed JSON: " + e.what());
  }
  return parse_autograd_graph(doc, path);
}

}  // namespace milpsac::analysis
