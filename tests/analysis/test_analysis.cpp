// GraphInfo with ColossalAI's liveness semantics: the shared cases, one test per
// branch of the rules, a transcription of the seed's loop on random graphs,
// and validation of the graph file.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../test_support.h"
#include "../text_mutation.h"
#include "analysis/autograd_graph.h"
#include "analysis/graph_info.h"
#include "analysis/well_formed_graph.h"
#include "common/input_error.h"
#include "common/json_input.h"
#include "graph_reading.h"

using namespace milpsac;
using namespace milpsac::analysis;
using nlohmann::json;

namespace {

json node(const std::string& name, const std::string& stage, bool saved, std::int64_t bytes,
          std::vector<std::string> inputs = {}) {
  return {{"name", name}, {"stage", stage}, {"saved", saved}, {"out_bytes", bytes}, {"inputs", inputs}};
}

// "n" + number, built with += (GCC 12 warns falsely, -Wrestrict, on
// literal + std::string temporaries in some inlining contexts).
std::string numbered(const char* prefix, std::size_t n) {
  std::string s(prefix);
  s += std::to_string(n);
  return s;
}

GraphInfo analyze(const json& nodes) {
  return analyze_autograd_graph(parse_autograd_graph(json{{"nodes", nodes}}, "graph.json"));
}

std::string error_of(const json& doc) {
  try {
    (void)parse_autograd_graph(doc, "graph.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// The message of reading `doc` from a file (the streamed reader), with the
// file's path replaced by "graph.json" so it compares with error_of.
std::string file_error_of(const json& doc) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("milpsac-graph-" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << doc.dump(1);
  std::string message;
  try {
    (void)read_autograd_graph(path.string());
  } catch (const InputError& e) {
    message = e.what();
  }
  std::filesystem::remove(path);
  if (message.rfind(path.string(), 0) == 0) message = "graph.json" + message.substr(path.string().size());
  return message;
}

}  // namespace

TEST_CASE("analysis: the shared cases give the expected GraphInfo") {
  std::ifstream in(test::instance_path("analysis/cases.json"));
  REQUIRE(in);
  const json file = json::parse(in);
  REQUIRE_FALSE(file.at("cases").empty());
  for (const json& c : file.at("cases")) {
    CAPTURE(c.at("name").get<std::string>());
    const GraphInfo info = analyze_autograd_graph(parse_autograd_graph(c.at("graph"), "cases.json"));
    const json& e = c.at("expected");
    CHECK(info.fwd_mem_in == e.at("fwd_mem_in").get<std::int64_t>());
    CHECK(info.fwd_mem_tmp == e.at("fwd_mem_tmp").get<std::int64_t>());
    CHECK(info.bwd_mem_tmp == e.at("bwd_mem_tmp").get<std::int64_t>());
    CHECK(info.bwd_mem_out == e.at("bwd_mem_out").get<std::int64_t>());
    if (e.contains("fwd_flop")) CHECK(info.fwd_flop == e.at("fwd_flop").get<std::int64_t>());
    if (e.contains("bwd_flop")) CHECK(info.bwd_flop == e.at("bwd_flop").get<std::int64_t>());
  }
}

TEST_CASE("analysis: a saved forward node feeding the loss is not kept for backward") {
  const GraphInfo info =
      analyze(json::array({node("x", "placeholder", true, 10), node("f", "forward", true, 20, {"x"}),
                           node("g", "forward", true, 30, {"f"}), node("loss", "loss", false, 4, {"g"})}));
  CHECK(info.fwd_mem_in == 10);
  CHECK(info.fwd_mem_tmp == 20);  // g feeds the loss: not counted
}

TEST_CASE("analysis: placeholders count in fwd_mem_in only when saved and not feeding the loss") {
  const GraphInfo info =
      analyze(json::array({node("x", "placeholder", true, 10), node("y", "placeholder", false, 100),
                           node("label", "placeholder", true, 1000), node("f", "forward", false, 20, {"x", "y"}),
                           node("loss", "loss", true, 4, {"f", "label"})}));
  CHECK(info.fwd_mem_in == 10);
  CHECK(info.fwd_mem_tmp == 0);  // f is not saved; a saved loss counts nowhere
}

TEST_CASE("analysis: a backward node without users is a gradient output") {
  const GraphInfo info =
      analyze(json::array({node("grad", "backward", false, 8), node("dw1", "backward", false, 64, {"grad"}),
                           node("dw2", "backward", false, 32, {"grad"})}));
  CHECK(info.bwd_mem_out == 96);
  CHECK(info.bwd_mem_tmp == 8);  // only grad was ever live
}

TEST_CASE("analysis: backward inputs are freed as their last user runs") {
  // A chain: each value dies when the next one has been computed.
  const GraphInfo chain =
      analyze(json::array({node("g", "backward", false, 100), node("b1", "backward", false, 200, {"g"}),
                           node("b2", "backward", false, 50, {"b1"}), node("b3", "backward", false, 10, {"b2"}),
                           node("out", "backward", false, 1, {"b3"})}));
  CHECK(chain.bwd_mem_tmp == 300);  // g + b1; without freeing it would be 360
  CHECK(chain.bwd_mem_out == 1);
  // g has two users: it lives until the second has run. The users' own users
  // have no users and, as in the seed, release nothing: b1 stays live.
  const GraphInfo fan =
      analyze(json::array({node("g", "backward", false, 100), node("b1", "backward", false, 10, {"g"}),
                           node("o1", "backward", false, 1, {"b1"}), node("b2", "backward", false, 10, {"g"}),
                           node("o2", "backward", false, 1, {"b2"})}));
  CHECK(fan.bwd_mem_tmp == 120);
  CHECK(fan.bwd_mem_out == 2);
}

TEST_CASE("analysis: a saved backward node takes the saved branch and is never live (seed semantics)") {
  const GraphInfo info = analyze(json::array({node("g", "backward", true, 100), node("b", "backward", false, 10, {"g"}),
                                              node("o", "backward", false, 1, {"b"})}));
  CHECK(info.bwd_mem_tmp == 10);
  CHECK(info.fwd_mem_tmp == 0);
  CHECK(info.bwd_mem_out == 1);
}

TEST_CASE("analysis: FLOPs are summed; repeated inputs count once; file order need not be topological") {
  json nodes = json::array({node("x", "placeholder", true, 10), node("f", "forward", true, 20, {"x", "x"}),
                            node("g", "backward", false, 5), node("b", "backward", false, 7, {"g", "g"}),
                            node("o", "backward", false, 1, {"b"})});
  nodes[1]["fwd_flop"] = 1000;
  nodes[3]["bwd_flop"] = 2000;
  nodes[4]["bwd_flop"] = 30;
  const GraphInfo info = analyze(nodes);
  CHECK(info.fwd_flop == 1000);
  CHECK(info.bwd_flop == 2030);
  CHECK(info.bwd_mem_tmp == 12);  // g (one user, released once) + b
  // The same graph listed out of order gives the same result.
  json shuffled = json::array({nodes[4], nodes[3], nodes[1], nodes[0], nodes[2]});
  const GraphInfo again = analyze(shuffled);
  CHECK(again.bwd_mem_tmp == info.bwd_mem_tmp);
  CHECK(again.fwd_mem_tmp == info.fwd_mem_tmp);
  CHECK(again.bwd_mem_out == info.bwd_mem_out);
}

TEST_CASE("analysis: the running live total equals the seed's re-summing loop on random graphs") {
  std::uint64_t state = 12345;
  auto next = [&](std::uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % n;
  };
  const char* stages[] = {"placeholder", "forward", "loss", "backward"};
  for (int round = 0; round < 300; ++round) {
    CAPTURE(round);
    const std::size_t n = 1 + next(40);
    json nodes = json::array();
    std::vector<std::vector<std::size_t>> inputs(n);
    for (std::size_t v = 0; v < n; ++v) {
      std::vector<std::string> names;
      const std::size_t k = v == 0 ? 0 : next(4);
      for (std::size_t i = 0; i < k; ++i) {
        const std::size_t u = next(v);
        names.push_back(numbered("n", u));
        inputs[v].push_back(u);
      }
      // Backward-heavy, so the liveness rules get exercised.
      const char* stage = stages[next(10) < 6 ? 3 : next(3)];
      nodes.push_back(node(numbered("n", v), stage, next(3) == 0, static_cast<std::int64_t>(next(1000)), names));
    }
    const GraphInfo ours = analyze(nodes);

    // The seed: users as sets, deps as a map, the live total re-summed each time.
    std::vector<std::set<std::size_t>> users(n);
    for (std::size_t v = 0; v < n; ++v)
      for (std::size_t u : inputs[v]) users[u].insert(v);
    GraphInfo seed;
    std::map<std::size_t, long> deps;
    for (std::size_t v = 0; v < n; ++v) {
      const json& nd = nodes[v];
      const std::string stage = nd["stage"];
      bool to_loss = false;
      for (std::size_t u : users[v]) to_loss = to_loss || nodes[u]["stage"] == "loss";
      const std::int64_t bytes = nd["out_bytes"];
      if (nd["saved"].get<bool>() && !to_loss) {
        if (stage == "placeholder") seed.fwd_mem_in += bytes;
        if (stage == "forward") seed.fwd_mem_tmp += bytes;
      } else if (stage == "backward") {
        if (!users[v].empty()) {
          deps[v] = static_cast<long>(users[v].size());
          std::int64_t peak = 0;
          for (const auto& [k, count] : deps)
            if (count > 0) peak += nodes[k]["out_bytes"].get<std::int64_t>();
          seed.bwd_mem_tmp = std::max(seed.bwd_mem_tmp, peak);
          std::set<std::size_t> unique(inputs[v].begin(), inputs[v].end());
          for (std::size_t u : unique)
            if (deps.count(u)) --deps[u];
        } else {
          seed.bwd_mem_out += bytes;
        }
      }
    }
    CHECK(ours.fwd_mem_in == seed.fwd_mem_in);
    CHECK(ours.fwd_mem_tmp == seed.fwd_mem_tmp);
    CHECK(ours.bwd_mem_tmp == seed.bwd_mem_tmp);
    CHECK(ours.bwd_mem_out == seed.bwd_mem_out);
  }
}

TEST_CASE("analysis: bad graphs are input errors naming the node and field") {
  struct Case {
    const char* what;
    json doc;
    const char* expect;
  };
  const std::vector<Case> cases = {
      {"unknown input", json{{"nodes", json::array({node("a", "forward", false, 1, {"zz"})})}},
       "nodes[0].inputs[0]: unknown input 'zz' of node 'a'"},
      {"duplicate name", json{{"nodes", json::array({node("a", "forward", false, 1), node("a", "forward", false, 1)})}},
       "nodes[1].name: duplicate name 'a'"},
      {"cycle",
       json{{"nodes", json::array({node("a", "forward", false, 1, {"c"}), node("b", "forward", false, 1, {"a"}),
                                   node("c", "forward", false, 1, {"b"})})}},
       "cycle: 'a' -> 'b' -> 'c' -> 'a'"},
      {"self loop", json{{"nodes", json::array({node("a", "backward", false, 1, {"a"})})}}, "cycle: 'a' -> 'a'"},
      {"unknown stage", json{{"nodes", json::array({node("a", "fwd", false, 1)})}}, "nodes[0].stage: must be"},
      {"negative size", json{{"nodes", json::array({node("a", "forward", false, -1)})}}, "nodes[0].out_bytes"},
      {"missing size", json{{"nodes", json::array({{{"name", "a"}, {"stage", "forward"}}})}},
       "nodes[0].out_bytes: missing"},
      {"unknown field",
       json{{"nodes", json::array({{{"name", "a"}, {"stage", "forward"}, {"out_bytes", 1}, {"size", 2}}})}},
       "nodes[0]: unknown field 'size'"},
      {"saved not a bool",
       json{{"nodes", json::array({{{"name", "a"}, {"stage", "forward"}, {"out_bytes", 1}, {"saved", 1}}})}},
       "nodes[0].saved"},
      {"no nodes", json::object(), "nodes: missing"},
      {"nodes not an array", json{{"nodes", 3}}, "nodes: must be an array"},
      {"not an object", json::array({1}), "document: must be a JSON object"},
      {"node not an object", json{{"nodes", json::array({node("a", "forward", false, 1), 7})}},
       "nodes[1]: must be a JSON object"},
      // Several errors: names are read before the other fields, the document
      // before the nodes, and otherwise the first in file order is reported.
      {"a duplicate name before an earlier bad stage",
       json{{"nodes", json::array({node("a", "fwd", false, 1), node("a", "forward", false, 1)})}},
       "nodes[1].name: duplicate name 'a'"},
      {"an unknown root field after bad nodes", json{{"nodes", json::array({node("a", "fwd", false, 1)})}, {"x", 1}},
       "document: unknown field 'x'"},
      {"an unknown input before a later bad stage",
       json{{"nodes", json::array({node("a", "forward", false, 1, {"zz"}), node("b", "fwd", false, 1)})}},
       "nodes[0].inputs[0]: unknown input 'zz' of node 'a'"},
      {"a bad stage before a later unknown input",
       json{{"nodes", json::array({node("a", "fwd", false, 1), node("b", "forward", false, 1, {"zz"})})}},
       "nodes[0].stage: must be"},
      {"an unknown input after a forward reference",
       json{{"nodes", json::array({node("a", "forward", false, 1, {"b", "zz"}), node("b", "forward", false, 1)})}},
       "nodes[0].inputs[1]: unknown input 'zz' of node 'a'"},
      {"a bad input type after an unknown one",
       json{{"nodes", json::array({{{"name", "a"}, {"stage", "forward"}, {"out_bytes", 1}, {"inputs", {"zz", 3}}}})}},
       "nodes[0].inputs[0]: unknown input 'zz'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const std::string message = error_of(c.doc);
    CAPTURE(message);
    CHECK(message.find("graph.json: ") == 0);
    CHECK(message.find(c.expect) != std::string::npos);
    // The file reader streams the nodes and must report the same error.
    CHECK(file_error_of(c.doc) == message);
  }
}

TEST_CASE("analysis: the streamed file reader builds the graph the document reader builds") {
  // Inputs that refer forward (resolved once every name is known) and back.
  const json doc = {
      {"nodes", json::array({node("x", "placeholder", true, 8), node("g", "backward", false, 4, {"l", "f"}),
                             node("f", "forward", true, 16, {"x"}), node("l", "loss", false, 2, {"f"})})}};
  const AutogradGraph from_doc = parse_autograd_graph(doc, "graph.json");
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("milpsac-graph-ok-" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << doc.dump();
  const AutogradGraph from_file = read_autograd_graph(path.string());
  std::filesystem::remove(path);
  REQUIRE(from_file.nodes.size() == 4);
  for (std::size_t v = 0; v < 4; ++v) {
    CAPTURE(v);
    CHECK(from_file.nodes[v].name == from_doc.nodes[v].name);
    CHECK(from_file.nodes[v].inputs == from_doc.nodes[v].inputs);
    CHECK(from_file.nodes[v].out_bytes == from_doc.nodes[v].out_bytes);
  }
  CHECK(from_file.nodes[1].inputs == std::vector<std::size_t>{3, 2});
  CHECK(from_file.order == from_doc.order);
  CHECK(from_file.users == from_doc.users);
}

// Random edits of `base`'s text: characters deleted, JSON punctuation and
// words inserted, so the readers meet syntax errors, duplicate keys, wrong
// types and unknown names at every place. Each edited text is read by the
// whole-document reader and by parse_autograd_graph_text (the fast reader of
// well-formed text, else the streamed one); both must give the same digest.
// Returns how many edited texts the fast reader took alone.
int compare_readers_on_mutations(const std::string& base, int trials, unsigned seed, int& accepted, int& refused) {
  const std::vector<std::string> tokens = {
      "{", "}",  "[",  "]",  ",",   ":",    "\"",     "\"name\": \"x\"", "\"inputs\"",    "1",
      "0", "-1", ".5", "e3", "NaN", "true", "\"zz\"", "\\u0041",         "\"nodes\": []", " "};
  std::mt19937 rng(seed);
  int fast = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const std::string text = test::mutated_text(base, tokens, rng);
    CAPTURE(text);
    const std::string whole =
        test::graph_reading([&] { return parse_autograd_graph(parse_json(text, "m.json"), "m.json"); });
    const std::string streamed = test::graph_reading([&] { return parse_autograd_graph_text(text, "m.json"); });
    CHECK(streamed == whole);
    const bool took = read_well_formed_nodes(text).has_value();
    // The fast reader takes only texts that the checked reader accepts.
    if (took) CHECK(whole.rfind("graph", 0) == 0);
    fast += took ? 1 : 0;
    (whole.rfind("graph", 0) == 0 ? accepted : refused) += 1;
  }
  return fast;
}

TEST_CASE("analysis: the streamed and the whole-document readers agree on 3,000 mutated files") {
  // A valid graph with a forward reference and a number in exponent form
  // (1e3), which sends every edit of it through the streamed reader.
  const std::string base =
      R"({"nodes": [{"name": "x", "stage": "placeholder", "saved": true, "out_bytes": 8, "inputs": []},)"
      R"( {"name": "g", "stage": "backward", "out_bytes": 4, "inputs": ["l", "f"]},)"
      R"( {"name": "f", "stage": "forward", "saved": true, "out_bytes": 16, "inputs": ["x"], "fwd_flop": 3},)"
      R"( {"name": "l", "stage": "loss", "out_bytes": 2, "inputs": ["f"], "bwd_flop": 1e3}]})";
  int accepted = 0, refused = 0;
  compare_readers_on_mutations(base, 3000, 25, accepted, refused);
  // Both kinds of outcome were compared.
  CHECK(accepted > 10);
  CHECK(refused > 1000);
}

TEST_CASE("analysis: the fast reader of well-formed text agrees with the checked reader on 3,000 mutated files") {
  // Plain digits, ASCII names, no escapes: the fast reader takes the base.
  const std::string base =
      R"({"nodes": [{"name": "x", "stage": "placeholder", "saved": true, "out_bytes": 8, "inputs": []},)"
      R"( {"name": "g", "stage": "backward", "out_bytes": 4, "inputs": ["l", "f", "f"]},)"
      R"( {"inputs": ["x"], "name": "f", "stage": "forward", "saved": false, "out_bytes": 16, "fwd_flop": 3},)"
      "\n\t{\"name\":\"l\",\"stage\":\"loss\",\"out_bytes\":2,\"inputs\":[\"f\"],\"bwd_flop\":1000}\r\n]} ";
  const std::optional<std::vector<AutogradNode>> nodes = read_well_formed_nodes(base);
  REQUIRE(nodes.has_value());
  REQUIRE(nodes->size() == 4);
  CHECK((*nodes)[1].inputs == std::vector<std::size_t>{3, 2, 2});
  CHECK((*nodes)[2].inputs == std::vector<std::size_t>{0});
  CHECK((*nodes)[3].bwd_flop == 1000);
  CHECK_FALSE((*nodes)[2].saved);
  int accepted = 0, refused = 0;
  const int fast = compare_readers_on_mutations(base, 3000, 26, accepted, refused);
  // Edits the fast reader took, and valid edits it left to the checked reader.
  CHECK(fast > 10);
  CHECK(accepted > fast);
  CHECK(refused > 1000);
}

TEST_CASE("analysis: valid text the fast reader leaves to the checked reader reads the same") {
  const std::string plain =
      R"({"nodes": [{"name": "x", "stage": "placeholder", "out_bytes": 1024}, )"
      R"({"name": "y", "stage": "forward", "out_bytes": 8, "inputs": ["x"], "fwd_flop": 9223372036854775807}]})";
  REQUIRE(read_well_formed_nodes(plain).has_value());
  const auto digest = [](const std::string& text) {
    return test::graph_reading([&] { return parse_autograd_graph_text(text, "m.json"); });
  };
  const std::string expect = digest(plain);
  CHECK(expect.rfind("graph", 0) == 0);
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = plain;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  // Each is valid JSON with the same meaning, written another way; the fast
  // reader takes the last one only.
  const std::vector<std::pair<std::string, bool>> same_graph = {
      {replaced("1024", "1024.0"), false},
      {replaced("1024", "1.024e3"), false},
      {replaced("\"x\"", "\"\\u0078\""), false},
      {"\xEF\xBB\xBF" + plain, false},  // a byte-order mark
      {replaced("\"x\", \"stage\"", "\"x\", \"saved\": false, \"stage\""), true}};
  for (const auto& [text, fast] : same_graph) {
    CAPTURE(text);
    CHECK(read_well_formed_nodes(text).has_value() == fast);
    CHECK(digest(text) == expect);
  }
  // Past the limits of a field: the checked reader reports, naming the field.
  CHECK_FALSE(read_well_formed_nodes(replaced("9223372036854775807", "9223372036854775808")).has_value());
  CHECK(digest(replaced("9223372036854775807", "9223372036854775808")).find("nodes[1].fwd_flop") != std::string::npos);
  CHECK_FALSE(read_well_formed_nodes(replaced("1024", "9007199254740993")).has_value());
  CHECK(digest(replaced("1024", "9007199254740993")).find("nodes[0].out_bytes") != std::string::npos);
  CHECK_FALSE(read_well_formed_nodes(replaced("1024", "01024")).has_value());
  CHECK(digest(replaced("1024", "01024")).find("invalid JSON") != std::string::npos);
}
