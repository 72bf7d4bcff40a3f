// ModuleInfo reading and validation (docs/formats.md#moduleinfo): the bundled instances,
// both tradeoff_curve encodings, the module tree from fqn prefixes, and every
// kind of bad input, whose message must name the file, module and field.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "common/input_error.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/module_tree.h"
#include "model_test_support.h"
#include "synthetic/synthetic_module_info.h"

using namespace milpsac;
using model::ModuleInfo;
using Json = nlohmann::ordered_json;

namespace {

ModuleInfo parse(const Json& json) { return model::parse_module_info(json.dump(), "tiny.json"); }

// The message of the InputError that parsing `text` throws ("" if none).
std::string error_of(const std::string& text) {
  try {
    model::parse_module_info(text, "bad.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
std::string error_of(const Json& json) { return error_of(json.dump()); }

void check_contains(const std::string& message, std::initializer_list<const char*> parts) {
  CAPTURE(message);
  CHECK_FALSE(message.empty());
  for (const char* part : parts) CHECK(message.find(part) != std::string::npos);
}

}  // namespace

TEST_CASE("module info: the bundled instances read, sorted by fw_pre_order") {
  for (const char* name : {"gpt4", "gpt12", "moe2", "resnet50", "transformer_l4"}) {
    CAPTURE(name);
    const std::string path = test::instance_path(std::string("sac/") + name + ".json");
    const ModuleInfo info = model::read_module_info_file(path);
    REQUIRE(info.size() > 0);
    REQUIRE(info.order.fw_pre_order.size() == info.modules.size());
    for (size_t i = 0; i < info.modules.size(); ++i) {
      CHECK(info.modules[i].fqn == info.order.fw_pre_order[i]);
      CHECK(info.order.fw_post_order[static_cast<size_t>(info.fw_post_position[i])] == info.modules[i].fqn);
    }
    CHECK(info.tree.root == 0);
    // Every parent is a true fqn prefix of its child.
    for (int i = 1; i < info.size(); ++i)
      CHECK(model::is_submodule_fqn(info.modules[static_cast<size_t>(i)].fqn,
                                    info.modules[static_cast<size_t>(info.tree.parent[static_cast<size_t>(i)])].fqn));
  }
}

TEST_CASE("module info: transformer_l4 (list-encoded curves, sac_memory warnings)") {
  const ModuleInfo info = model::read_module_info_file(test::instance_path("sac/transformer_l4.json"));
  CHECK(info.size() == 62);
  CHECK(info.modules[0].fqn == "Transformer");
  CHECK(info.modules[0].param_per_module == 141674496);
  CHECK(info.modules[0].tradeoff_curve.size() > 10);
  CHECK(info.modules[0].tradeoff_curve[0].x == doctest::Approx(0.01));
  // "Transformer.layers" is not a module: layers hang under the root.
  const int layer = model::find_module(info, "Transformer.layers.2");
  REQUIRE(layer > 0);
  CHECK(info.tree.parent[static_cast<size_t>(layer)] == 0);
  CHECK(info.warnings.size() == 4);  // the attention modules: sac_memory < act_fw_per_module
  const int attention = model::find_module(info, "Transformer.layers.0.attention");
  CHECK(model::effective_sac_memory(info.modules[static_cast<size_t>(attention)]) ==
        info.modules[static_cast<size_t>(attention)].act_fw_per_module);
}

TEST_CASE("module info: gpt4 (object-encoded curves, mod_stats not in pre-order)") {
  const ModuleInfo info = model::read_module_info_file(test::instance_path("sac/gpt4.json"));
  CHECK(info.modules[0].fqn == "Model");
  const auto& curve = info.modules[0].tradeoff_curve;
  REQUIRE(curve.size() > 2);
  CHECK(std::is_sorted(curve.begin(), curve.end(), [](auto a, auto b) { return a.x < b.x; }));
}

TEST_CASE("module info: the tiny model, tree and orders") {
  const ModuleInfo info = parse(test::tiny_module_info());
  REQUIRE(info.size() == 7);
  CHECK(info.tree.parent == std::vector<int>{-1, 0, 1, 1, 0, 4, 5});
  CHECK(info.fw_post_position == std::vector<int>{6, 2, 0, 1, 5, 4, 3});
  CHECK(info.modules[1].act_fw_per_module == 300 * 1048576LL);
  CHECK(info.modules[0].slopes == std::vector<double>{0.2, 1.8});
}

TEST_CASE("module info: mod_stats order does not matter; unknown keys are ignored") {
  Json json = test::tiny_module_info();
  std::mt19937 rng(7);
  std::shuffle(json["mod_stats"].begin(), json["mod_stats"].end(), rng);
  json["extra_top_level"] = {1, 2, 3};
  json["mod_order"]["fw_extra_order"] = "ignored";
  test::tiny_stats(json, "M.a")["new_pytorch_field"] = {{"x", 1}};
  const ModuleInfo shuffled = parse(json);
  const ModuleInfo plain = parse(test::tiny_module_info());
  for (int i = 0; i < plain.size(); ++i) {
    CHECK(shuffled.modules[static_cast<size_t>(i)].fqn == plain.modules[static_cast<size_t>(i)].fqn);
    CHECK(shuffled.modules[static_cast<size_t>(i)].act_total == plain.modules[static_cast<size_t>(i)].act_total);
  }
  CHECK(shuffled.tree.parent == plain.tree.parent);
}

TEST_CASE("module info: numbers given as floats, object curves with any key order") {
  Json json = test::tiny_module_info();
  test::tiny_stats(json, "M.a")["act_total"] = 419430400.0;
  test::tiny_stats(json, "M.a")["tradeoff_curve"] = {{"1.01", 1.0}, {"0.51", 0.25}, {"0.01", 0.0}};
  const ModuleInfo info = parse(json);
  CHECK(info.modules[1].act_total == 419430400);
  REQUIRE(info.modules[1].tradeoff_curve.size() == 3);
  CHECK(info.modules[1].tradeoff_curve[0].x == doctest::Approx(0.01));
  CHECK(info.modules[1].tradeoff_curve[2].y == doctest::Approx(1.0));
}

TEST_CASE("module info: a fractional byte count is refused, as the SACStats reader refuses it") {
  Json json = test::tiny_module_info();
  test::tiny_stats(json, "M.a")["act_total"] = 1024.5;
  check_contains(error_of(json), {"bad.json", "module 'M.a'", "act_total", "whole number of bytes", "1024.5"});
  test::tiny_stats(json, "M.a")["act_total"] = 1024.0;  // a whole float is a byte count
  CHECK(parse(json).modules[1].act_total == 1024);
}

TEST_CASE("module info: negative act_grad_per_module is allowed") {
  Json json = test::tiny_module_info();
  test::tiny_stats(json, "M.b")["act_grad_per_module"] = -1048576;
  CHECK(parse(json).modules[4].act_grad_per_module == -1048576);
}

TEST_CASE("module info: bad input names file, module and field") {
  const std::string good = test::tiny_module_info().dump();

  SUBCASE("truncated JSON") {
    check_contains(error_of(good.substr(0, good.size() / 2)), {"bad.json", "invalid JSON"});
    check_contains(error_of(std::string("")), {"bad.json", "invalid JSON"});
  }
  SUBCASE("not an object") { check_contains(error_of(std::string("[1, 2]")), {"bad.json", "expected a JSON object"}); }
  SUBCASE("missing top-level keys") {
    Json json = test::tiny_module_info();
    json.erase("mod_stats");
    check_contains(error_of(json), {"bad.json", "mod_stats"});
    json = test::tiny_module_info();
    json.erase("mod_order");
    check_contains(error_of(json), {"bad.json", "mod_order"});
    json = test::tiny_module_info();
    json["mod_order"].erase("fw_post_order");
    check_contains(error_of(json), {"bad.json", "fw_post_order", "missing"});
  }
  SUBCASE("missing field of a module") {
    for (const char* field : {"act_total", "act_grad_per_module", "sac_memory", "slopes", "is_leaf", "grad_total",
                              "param_per_module", "sac_runtime", "n_segments"}) {
      CAPTURE(field);
      Json json = test::tiny_module_info();
      test::tiny_stats(json, "M.b").erase(field);
      check_contains(error_of(json), {"bad.json", "module 'M.b'", field, "missing"});
    }
    Json json = test::tiny_module_info();
    json["mod_stats"][2].erase("fqn");
    check_contains(error_of(json), {"bad.json", "mod_stats[2]", "fqn"});
  }
  SUBCASE("unknown fqn in the orders") {
    Json json = test::tiny_module_info();
    json["mod_order"]["fw_post_order"][3] = "M.b.c.nope";
    check_contains(error_of(json), {"bad.json", "fw_post_order", "M.b.c.nope"});
  }
  SUBCASE("fw_post_order inconsistent with the module tree") {
    Json json = test::tiny_module_info();
    json["mod_order"]["fw_post_order"] = json["mod_order"]["fw_pre_order"];  // parents before children
    check_contains(error_of(json), {"bad.json", "fw_post_order", "comes after its parent"});
  }
  SUBCASE("a module missing from an order, or listed twice") {
    Json json = test::tiny_module_info();
    json["mod_order"]["bw_pre_order"].erase(json["mod_order"]["bw_pre_order"].begin() + 2);
    check_contains(error_of(json), {"bad.json", "bw_pre_order", "M.b.c", "missing"});
    json = test::tiny_module_info();
    json["mod_order"]["bw_post_order"][0] = "M";
    check_contains(error_of(json), {"bad.json", "bw_post_order", "'M'", "more than once"});
  }
  SUBCASE("a module listed twice in mod_stats") {
    Json json = test::tiny_module_info();
    json["mod_stats"].push_back(json["mod_stats"][1]);
    check_contains(error_of(json), {"bad.json", "M.a", "more than once"});
  }
  SUBCASE("NaN and Infinity, as Python's json.dump writes them") {
    std::string text = good;
    const std::string needle = "\"act_total\":" + std::to_string(400LL * 1048576);
    const auto at = text.find(needle);
    REQUIRE(at != std::string::npos);
    text.replace(at, needle.size(), "\"act_total\":NaN");
    check_contains(error_of(text), {"bad.json", "module 'M.a'", "act_total", "NaN"});
    text = good;
    text.replace(at, needle.size(), "\"act_total\": -Infinity");
    check_contains(error_of(text), {"bad.json", "module 'M.a'", "act_total", "Infinity"});
    // A string that merely contains NaN is not touched.
    Json json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["note"] = "NaN and Infinity are fine in strings";
    CHECK(error_of(json).empty());
  }
  SUBCASE("numbers outside double range, memory whose sums would overflow, deep nesting") {
    std::string text = good;
    const std::string needle = "\"act_total\":" + std::to_string(400LL * 1048576);
    const auto at = text.find(needle);
    REQUIRE(at != std::string::npos);
    text.replace(at, needle.size(), "\"act_total\":1e999");
    check_contains(error_of(text), {"bad.json", "module 'M.a'", "act_total", "1e999", "out of double range"});
    Json json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["act_total"] = std::int64_t{1} << 62;
    check_contains(error_of(json), {"bad.json", "module 'M.a'", "act_total", "2^53"});
    // Each value allowed, their total not: sums in the planners would overflow.
    // 30 more leaves under M make 37 modules x 5 fields x 2^53 > 2^60.
    json = test::tiny_module_info();
    for (int k = 0; k < 30; ++k) {
      Json leaf = test::tiny_stats(json, "M.a.x");
      const std::string fqn = "M.z" + std::to_string(k);
      leaf["fqn"] = fqn;
      json["mod_stats"].push_back(leaf);
      json["mod_order"]["fw_pre_order"].push_back(fqn);
      json["mod_order"]["bw_pre_order"].insert(json["mod_order"]["bw_pre_order"].begin() + 1, fqn);
      auto& fw_post = json["mod_order"]["fw_post_order"];
      fw_post.insert(fw_post.end() - 1, fqn);
      json["mod_order"]["bw_post_order"].insert(json["mod_order"]["bw_post_order"].begin(), fqn);
    }
    CHECK(error_of(json).empty());
    for (Json& m : json["mod_stats"])
      for (const char* field : {"param_per_module", "grad_total", "act_total", "act_fw_per_module", "sac_memory"})
        m[field] = std::int64_t{1} << 53;
    check_contains(error_of(json), {"bad.json", "mod_stats", "2^60"});
    check_contains(error_of(std::string(100000, '[') + std::string(100000, ']')), {"bad.json", "nested deeper"});
    check_contains(error_of(std::string("{\"mod_stats\": [], \"mod_stats\": []}")),
                   {"bad.json", "duplicate key 'mod_stats'"});
  }
  SUBCASE("negative memory, negative runtime") {
    Json json = test::tiny_module_info();
    test::tiny_stats(json, "M.b.c")["act_fw_per_module"] = -5;
    check_contains(error_of(json), {"bad.json", "module 'M.b.c'", "act_fw_per_module", ">= 0"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M.a.x")["param_per_module"] = -1.5;
    check_contains(error_of(json), {"module 'M.a.x'", "param_per_module"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M")["fw_runtime_per_module"] = -0.1;
    check_contains(error_of(json), {"module 'M'", "fw_runtime_per_module", "runtime"});
  }
  SUBCASE("wrong types") {
    Json json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["act_total"] = "12";
    check_contains(error_of(json), {"module 'M.a'", "act_total", "number"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["is_leaf"] = 0;
    check_contains(error_of(json), {"module 'M.a'", "is_leaf"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["slopes"] = {0.5, "x"};
    check_contains(error_of(json), {"module 'M.a'", "slopes"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["tradeoff_curve"] = {{"abc", 1.0}};
    check_contains(error_of(json), {"module 'M.a'", "tradeoff_curve", "abc"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["tradeoff_curve"] = Json::array({Json::array({0.1, 0.2, 0.3})});
    check_contains(error_of(json), {"module 'M.a'", "tradeoff_curve"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["n_segments"] = 1.5;
    check_contains(error_of(json), {"module 'M.a'", "n_segments"});
  }
  SUBCASE("segments disagree with n_segments") {
    Json json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["n_segments"] = 3;
    check_contains(error_of(json), {"module 'M.a'", "slopes", "n_segments"});
    json = test::tiny_module_info();
    test::tiny_stats(json, "M.a")["intercepts"] = {0.0};
    check_contains(error_of(json), {"module 'M.a'", "intercepts"});
  }
  SUBCASE("a non-leaf without sac_memory") {
    Json json = test::tiny_module_info();
    test::tiny_stats(json, "M.b")["sac_memory"] = 0;
    check_contains(error_of(json), {"module 'M.b'", "sac_memory", "non-leaf"});
  }
  SUBCASE("a module outside the root, or before its parent") {
    Json json = test::tiny_module_info();
    Json stray = test::tiny_stats(json, "M.a.x");
    stray["fqn"] = "Other.x";
    json["mod_stats"].push_back(stray);
    for (const char* order : {"fw_pre_order", "bw_pre_order", "fw_post_order", "bw_post_order"})
      json["mod_order"][order].push_back("Other.x");
    check_contains(error_of(json), {"bad.json", "Other.x", "root"});
    // "Mx.a" shares a string prefix with "M" but is not its submodule.
    json = test::tiny_module_info();
    stray["fqn"] = "Mx.a";
    json["mod_stats"].push_back(stray);
    for (const char* order : {"fw_pre_order", "bw_pre_order", "fw_post_order", "bw_post_order"})
      json["mod_order"][order].push_back("Mx.a");
    check_contains(error_of(json), {"Mx.a", "not a submodule"});
    json = test::tiny_module_info();
    std::swap(json["mod_order"]["fw_pre_order"][1], json["mod_order"]["fw_pre_order"][2]);
    check_contains(error_of(json), {"M.a.x", "before its parent"});
  }
  SUBCASE("empty mod_stats") {
    Json json = test::tiny_module_info();
    json["mod_stats"] = Json::array();
    check_contains(error_of(json), {"bad.json", "empty"});
  }
  SUBCASE("missing file") {
    try {
      model::read_module_info_file("/nonexistent/dir/x.json");
      FAIL("no error");
    } catch (const InputError& e) {
      check_contains(e.what(), {"/nonexistent/dir/x.json", "cannot open"});
    }
  }
}

TEST_CASE("module info: a synthetic file of 1000+ modules is read whole") {
  // Read speed is measured in bench/model, not asserted here.
  const model::SyntheticSpec spec = model::synthetic_spec_for(1200, 2);
  const std::string text = model::synthetic_module_info_json(spec);
  const ModuleInfo info = model::parse_module_info(text, "synthetic.json");
  CHECK(info.size() >= 1200);
}
