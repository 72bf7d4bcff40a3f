// Reads and validates the autograd graph of docs/formats.md (autograd_graph.h).
// Every rejection names the file, the JSON path (nodes[i].field) and the problem.
#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "analysis/autograd_graph.h"
#include "analysis/name_index.h"
#include "analysis/node_fields.h"
#include "analysis/well_formed_graph.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_fields.h"
#include "common/json_input.h"
#include "graph/dag.h"

namespace milpsac::analysis {

namespace {

[[noreturn]] void fail(const std::string& source, const std::string& where, const std::string& what) {
  throw InputError(source + ": " + where + ": " + what);
}

Stage parse_stage(const JsonField& f) {
  if (f.value().is_string())
    if (const std::optional<Stage> stage = stage_named(f.value().get_ref<const std::string&>())) return *stage;
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

namespace {

// Reads the nodes one at a time in file order, so a streamed file needs one
// node's JSON at a time. The checks, and which error is reported when a file
// has several, are those of reading every name first (inputs may refer to any
// node) and then every other field: errors are recorded, not thrown, and
// finish() throws the one that two-pass reading meets first. An input naming a
// node not read yet waits in `pending_` until every name is known.
class NodeReader {
 public:
  explicit NodeReader(const std::string& source) : source_(source) {}

  // `n` is nodes[v] for the next v.
  void add(const JsonField& n) {
    const std::size_t v = nodes_.size();
    nodes_.emplace_back();
    if (name_error_) return;
    try {
      read_name(n, v);
    } catch (const InputError&) {
      name_error_ = std::current_exception();
      return;
    }
    if (field_error_) return;
    try {
      read_fields(n, v);
    } catch (const InputError&) {
      field_error_ = std::current_exception();
      pending_before_error_ = pending_.size();
    }
  }

  AutogradGraph finish() {
    if (name_error_) std::rethrow_exception(name_error_);
    const std::size_t resolvable = field_error_ ? pending_before_error_ : pending_.size();
    for (std::size_t p = 0; p < resolvable; ++p) {
      const Pending& input = pending_[p];
      const std::size_t found = index_.find(input.name);
      if (found == NameIndex::kNone)
        fail(source_, "nodes[" + std::to_string(input.node) + "].inputs[" + std::to_string(input.slot) + "]",
             "unknown input '" + input.name + "' of node '" + nodes_[input.node].name + "'");
      nodes_[input.node].inputs[input.slot] = found;
    }
    if (field_error_) std::rethrow_exception(field_error_);
    return build_graph(std::move(nodes_), source_);
  }

 private:
  struct Pending {
    std::size_t node, slot;
    std::string name;
  };

  void read_name(const JsonField& n, std::size_t v) {
    if (!n.value().is_object()) n.fail("must be a JSON object");
    n.reject_unknown({"name", "stage", "saved", "out_bytes", "inputs", "fwd_flop", "bwd_flop"});
    bool has_name = false;
    const JsonField name = n.optional_member("name", has_name);
    if (!has_name || !name.value().is_string() || name.value().get_ref<const std::string&>().empty())
      name.fail("must be a non-empty string");
    nodes_[v].name = name.value().get<std::string>();
    if (const std::size_t first = index_.insert(v); first != NameIndex::kNone)
      name.fail("duplicate name '" + nodes_[v].name + "' (first at nodes[" + std::to_string(first) + "])");
  }

  // Sums the analysis forms (FLOP totals, memory over all nodes) must fit in 64
  // bits: checked here, where the message can name the file and the node.
  static void add_to(std::int64_t& total, std::int64_t value, const JsonField& field, const char* what) {
    if (!add_within_int64(total, value))
      field.fail(std::string("the ") + what + " over all nodes does not fit in 64 bits");
  }

  void read_fields(const JsonField& n, std::size_t v) {
    AutogradNode& node = nodes_[v];
    node.stage = parse_stage(n.member("stage"));
    bool found = false;
    if (const JsonField saved = n.optional_member("saved", found); found) {
      if (!saved.value().is_boolean()) saved.fail("must be true or false, got " + describe_json(saved.value()));
      node.saved = saved.value().get<bool>();
    }
    const JsonField out_bytes = n.member("out_bytes");
    node.out_bytes = out_bytes.whole(0, kMaxOutBytes, bytes_.c_str());
    add_to(bytes_total_, node.out_bytes, out_bytes, "sum of out_bytes");
    if (const JsonField f = n.optional_member("fwd_flop", found); found) {
      node.fwd_flop = f.whole(0, kMaxFlop, flop_.c_str());
      add_to(fwd_total_, node.fwd_flop, f, "forward FLOP sum");
    }
    if (const JsonField f = n.optional_member("bwd_flop", found); found) {
      node.bwd_flop = f.whole(0, kMaxFlop, flop_.c_str());
      add_to(bwd_total_, node.bwd_flop, f, "backward FLOP sum");
    }
    if (const JsonField inputs = n.optional_member("inputs", found); found) {
      if (!inputs.value().is_array()) inputs.fail("must be an array of node names");
      node.inputs.reserve(inputs.size());
      for (std::size_t k = 0; k < inputs.size(); ++k) {
        const JsonField input = inputs.element(k);
        if (!input.value().is_string()) input.fail("must be a node name, got " + describe_json(input.value()));
        const std::string& input_name = input.value().get_ref<const std::string&>();
        const std::size_t found_input = index_.find(input_name);
        if (found_input == NameIndex::kNone) {  // a later node, or none: known at finish()
          pending_.push_back({v, k, input_name});
          node.inputs.push_back(0);
        } else {
          node.inputs.push_back(found_input);
        }
      }
    }
  }

  const std::string& source_;
  const std::string bytes_ = "a whole number in [0, " + std::to_string(kMaxOutBytes) + "]";
  const std::string flop_ = "a whole number in [0, " + std::to_string(kMaxFlop) + "]";
  std::vector<AutogradNode> nodes_;
  NameIndex index_{nodes_};
  std::vector<Pending> pending_;
  std::size_t pending_before_error_ = 0;
  std::exception_ptr name_error_, field_error_;
  std::int64_t fwd_total_ = 0, bwd_total_ = 0, bytes_total_ = 0;
};

// The checks of the document around the nodes.
void check_root(const nlohmann::json& doc, const std::string& source) {
  const JsonField root(doc, source);
  if (!doc.is_object()) root.fail("must be a JSON object");
  root.reject_unknown({"nodes"});
  const JsonField list = root.member("nodes");
  if (!list.value().is_array()) list.fail("must be an array of nodes");
}

}  // namespace

AutogradGraph parse_autograd_graph(const nlohmann::json& doc, const std::string& source) {
  check_root(doc, source);
  const JsonField root(doc, source);
  const JsonField list = root.member("nodes");
  NodeReader reader(source);
  for (std::size_t v = 0; v < list.size(); ++v) reader.add(list.element(v));
  return reader.finish();
}

namespace {

// Reads the nodes of `text` into `reader`, one at a time, and checks the
// document around them.
void stream_nodes(std::string_view text, const std::string& source, NodeReader& reader, const Deadline* deadline) {
  const nlohmann::json shape = {{"nodes", nlohmann::json::array()}};  // names the elements' path
  const JsonField shape_root(shape, source);
  const JsonField list = shape_root.member("nodes");
  const nlohmann::json doc = parse_json_streaming(
      text, source, "nodes", [&](std::size_t v, const nlohmann::json& node) { reader.add(list.element(node, v)); },
      deadline);
  check_root(doc, source);
}

}  // namespace

AutogradGraph parse_autograd_graph_text(std::string_view text, const std::string& source, const Deadline* deadline) {
  if (text.size() <= kMaxStreamedJsonBytes)
    if (std::optional<std::vector<AutogradNode>> nodes = read_well_formed_nodes(text))
      return build_graph(std::move(*nodes), source);
  // Streamed: a DOM of the whole text took about 11 times its size.
  NodeReader reader(source);
  stream_nodes(text, source, reader, deadline);
  return reader.finish();
}

AutogradGraph read_autograd_graph(const std::string& path, const Deadline* deadline) {
  const std::string source = input_name(path);
  std::string text = read_file(path, deadline, kMaxStreamedJsonBytes);
  if (std::optional<std::vector<AutogradNode>> nodes = read_well_formed_nodes(text)) {
    std::string().swap(text);  // the text is not needed to build the graph: its memory goes first
    return build_graph(std::move(*nodes), source);
  }
  NodeReader reader(source);
  stream_nodes(text, source, reader, deadline);
  std::string().swap(text);  // the text is not needed to build the graph: its memory goes first
  return reader.finish();
}

}  // namespace milpsac::analysis
