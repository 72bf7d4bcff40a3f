// Reads and validates the autograd graph of SPEC section 5 (autograd_graph.h).
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

// A whole number in [0, hi] (integral floats such as 1e9 accepted).
std::int64_t whole_number(const nlohmann::json& v, std::int64_t hi, const std::string& source,
                          const std::string& where) {
  const std::string what = "must be a whole number in [0, " + std::to_string(hi) + "], got " + v.dump();
  if (v.is_number_unsigned()) {
    auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi)) fail(source, where, what);
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) {
    auto i = v.get<std::int64_t>();
    if (i < 0 || i > hi) fail(source, where, what);
    return i;
  }
  if (!v.is_number()) fail(source, where, what);
  const double d = v.get<double>();
  if (!std::isfinite(d) || d != std::floor(d) || d < 0.0 || d > static_cast<double>(hi)) fail(source, where, what);
  return static_cast<std::int64_t>(d);
}

Stage parse_stage(const nlohmann::json& v, const std::string& source, const std::string& where) {
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "placeholder") return Stage::kPlaceholder;
    if (s == "forward") return Stage::kForward;
    if (s == "loss") return Stage::kLoss;
    if (s == "backward") return Stage::kBackward;
  }
  fail(source, where, "must be \"placeholder\", \"forward\", \"loss\" or \"backward\", got " + v.dump());
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

AutogradGraph make_autograd_graph(std::vector<AutogradNode> nodes, const std::string& source) {
  std::unordered_map<std::string, std::size_t> index;
  index.reserve(nodes.size());
  std::vector<graph::Edge> edges;
  for (std::size_t v = 0; v < nodes.size(); ++v) {
    auto [it, inserted] = index.emplace(nodes[v].name, v);
    if (!inserted)
      fail(source, "nodes[" + std::to_string(v) + "].name",
           "duplicate name '" + nodes[v].name + "' (first at nodes[" + std::to_string(it->second) + "])");
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
    const std::string at = "nodes[" + std::to_string(v) + "]";
    const nlohmann::json& n = list[v];
    if (!n.is_object()) fail(source, at, "must be a JSON object");
    for (auto it = n.begin(); it != n.end(); ++it) {
      const std::string& k = it.key();
      if (k != "name" && k != "stage" && k != "saved" && k != "out_bytes" && k != "inputs" && k != "fwd_flop" &&
          k != "bwd_flop")
        fail(source, at, "unknown field '" + k + "'");
    }
    if (!n.contains("name") || !n.at("name").is_string() || n.at("name").get<std::string>().empty())
      fail(source, at + ".name", "must be a non-empty string");
    nodes[v].name = n.at("name").get<std::string>();
    auto [it, inserted] = index.emplace(nodes[v].name, v);
    if (!inserted)
      fail(source, at + ".name",
           "duplicate name '" + nodes[v].name + "' (first at nodes[" + std::to_string(it->second) + "])");
  }
  for (std::size_t v = 0; v < list.size(); ++v) {
    const std::string at = "nodes[" + std::to_string(v) + "]";
    const nlohmann::json& n = list[v];
    AutogradNode& node = nodes[v];
    if (!n.contains("stage")) fail(source, at + ".stage", "missing");
    node.stage = parse_stage(n.at("stage"), source, at + ".stage");
    if (n.contains("saved")) {
      if (!n.at("saved").is_boolean()) fail(source, at + ".saved", "must be true or false, got " + n.at("saved").dump());
      node.saved = n.at("saved").get<bool>();
    }
    if (!n.contains("out_bytes")) fail(source, at + ".out_bytes", "missing");
    node.out_bytes = whole_number(n.at("out_bytes"), kMaxBytes, source, at + ".out_bytes");
    constexpr std::int64_t kMaxFlop = std::numeric_limits<std::int64_t>::max();
    if (n.contains("fwd_flop")) node.fwd_flop = whole_number(n.at("fwd_flop"), kMaxFlop, source, at + ".fwd_flop");
    if (n.contains("bwd_flop")) node.bwd_flop = whole_number(n.at("bwd_flop"), kMaxFlop, source, at + ".bwd_flop");
    if (n.contains("inputs")) {
      const nlohmann::json& inputs = n.at("inputs");
      if (!inputs.is_array()) fail(source, at + ".inputs", "must be an array of node names");
      for (std::size_t k = 0; k < inputs.size(); ++k) {
        const std::string where = at + ".inputs[" + std::to_string(k) + "]";
        if (!inputs[k].is_string()) fail(source, where, "must be a node name, got " + inputs[k].dump());
        auto found = index.find(inputs[k].get<std::string>());
        if (found == index.end())
          fail(source, where, "unknown input '" + inputs[k].get<std::string>() + "' of node '" + node.name + "'");
        node.inputs.push_back(found->second);
      }
    }
  }
  return make_autograd_graph(std::move(nodes), source);
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
