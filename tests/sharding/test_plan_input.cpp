// Validation of the sharding input (docs/formats.md): every rejection is an
// InputError naming the file, the field and the problem.
#include <doctest/doctest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../text_mutation.h"
#include "common/input_error.h"
#include "common/json_input.h"
#include "shard_test_support.h"
#include "sharding/dp_proposals.h"

using namespace milpsac;
using namespace milpsac::sharding;
using nlohmann::json;

namespace {

json valid_doc() {
  return {{"topology",
           {{"world_size", 2},
            {"local_world_size", 2},
            {"compute_device", "cuda"},
            {"hbm_per_device", 1000},
            {"ddr_per_device", 4000}}},
          {"mem_bins_per_device", 10},
          {"options", json::array({{{"fqn", "t0"},
                                    {"sharding_type", "table_wise"},
                                    {"compute_kernel", "fused"},
                                    {"hbm", 100},
                                    {"ddr", 0},
                                    {"perf", 1.5},
                                    {"shards", json::array({{{"hbm", 100}, {"ddr", 0}, {"perf", 1.5}}})}},
                                   {{"fqn", "t1"}, {"hbm", 200}, {"ddr", 10}, {"perf", 2}}})}};
}

// The message of the InputError that parsing `doc` throws ("" if none).
std::string error_of(const json& doc) {
  try {
    (void)parse_plan_input(doc, "plan.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("plan input: a valid document is read with defaults filled in") {
  const PlanInput in = parse_plan_input(valid_doc(), "plan.json");
  CHECK(in.topology.world_size == 2);
  CHECK(in.topology.compute_device == ComputeDevice::kCuda);
  CHECK(in.mem_bins_per_device == 10);
  CHECK(in.hbm_bins_per_device == 100);
  CHECK(in.ddr_bins_per_device == 25);
  REQUIRE(in.options.size() == 2);
  CHECK(in.options[0].sharding_type == "table_wise");
  // No "shards": one shard holding the whole option.
  REQUIRE(in.options[1].shards.size() == 1);
  CHECK(in.options[1].shards[0].hbm == 200);
  CHECK(in.options[1].shards[0].ddr == 10);
  CHECK(in.options[1].shards[0].perf == 2.0);
  json doc = valid_doc();
  doc["topology"].erase("local_world_size");
  CHECK(parse_plan_input(doc, "plan.json").topology.local_world_size == 2);
}

TEST_CASE("plan input: each kind of bad field is named") {
  struct Case {
    const char* what;
    json doc;
    const char* expect;
  };
  std::vector<Case> cases;
  auto with = [](auto edit) {
    json d = valid_doc();
    edit(d);
    return d;
  };
  // Unknown fields are warnings now, not errors: tests/sharding/test_placement_rules.cpp.
  cases.push_back({"negative size", with([](json& d) { d["options"][1]["hbm"] = -5; }),
                   "options[1].hbm: must be a whole number of bytes"});
  cases.push_back({"fractional size", with([](json& d) { d["options"][1]["ddr"] = 1.5; }), "options[1].ddr: must be"});
  cases.push_back({"negative shard size", with([](json& d) { d["options"][0]["shards"][0]["ddr"] = -1; }),
                   "options[0].shards[0].ddr"});
  cases.push_back({"negative perf", with([](json& d) { d["options"][0]["perf"] = -1.0; }),
                   "options[0].perf: must be a finite number >= 0"});
  cases.push_back({"perf not a number", with([](json& d) { d["options"][0]["perf"] = "fast"; }),
                   "options[0].perf: expected a number"});
  cases.push_back({"missing perf", with([](json& d) { d["options"][1].erase("perf"); }), "options[1].perf: missing"});
  cases.push_back({"empty shards", with([](json& d) { d["options"][0]["shards"] = json::array(); }),
                   "options[0].shards: must hold at least one shard"});
  cases.push_back(
      {"empty fqn", with([](json& d) { d["options"][0]["fqn"] = ""; }), "options[0].fqn: must not be empty"});
  cases.push_back({"zero memory devices", with([](json& d) {
                     d["topology"]["hbm_per_device"] = 0;
                     d["topology"]["ddr_per_device"] = 0;
                   }),
                   "devices have zero memory"});
  cases.push_back({"zero devices", with([](json& d) { d["topology"]["world_size"] = 0; }), "topology.world_size"});
  cases.push_back({"local world larger than world", with([](json& d) { d["topology"]["local_world_size"] = 3; }),
                   "topology.local_world_size"});
  cases.push_back({"unknown compute device", with([](json& d) { d["topology"]["compute_device"] = "tpu"; }),
                   "topology.compute_device: must be \"cuda\" or \"cpu\""});
  cases.push_back({"zero bins", with([](json& d) { d["mem_bins_per_device"] = 0; }), "mem_bins_per_device: must be"});
  cases.push_back({"options not an array", with([](json& d) { d["options"] = 3; }), "options: must be an array"});
  cases.push_back(
      {"option not an object", with([](json& d) { d["options"][0] = 3; }), "options[0]: must be a JSON object"});
  cases.push_back({"missing topology", with([](json& d) { d.erase("topology"); }), "topology: missing"});
  cases.push_back({"document not an object", json::array(), "document: must be a JSON object"});
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const std::string message = error_of(c.doc);
    CAPTURE(message);
    CHECK(contains(message, "plan.json: "));
    CHECK(contains(message, c.expect));
  }
}

TEST_CASE("plan input: malformed JSON and missing files are input errors naming the file") {
  test::TempFile bad("{\"topology\": {\"world_size\": 2,,}");
  try {
    (void)read_plan_input(bad.path);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(contains(e.what(), bad.path));
    CHECK(contains(e.what(), "invalid JSON"));
  }
  CHECK_THROWS_AS((void)read_plan_input("/nonexistent/plan.json"), InputError);
}

TEST_CASE("plan input: the 1-D proposer rejects a topology without the memory it plans by") {
  json doc = valid_doc();
  doc["topology"]["hbm_per_device"] = 0;  // CUDA plans by HBM
  const PlanInput in = parse_plan_input(doc, "plan.json");
  const SearchSpace space = load_search_space(in, Variant::k1D);
  CHECK_THROWS_AS((void)dp_proposals_1d(in, space), InputError);
  // The 2-D proposer collapses the HBM axis instead.
  CHECK_NOTHROW((void)dp_proposals_2d(in, load_search_space(in, Variant::k2D)));
}

namespace {

// What a reader made of a sharding input, as one string: its error message,
// or every field it read and its warnings.
template <class Read>
std::string plan_input_reading(Read read) {
  try {
    const PlanInput in = read();
    std::ostringstream out;
    out << "input " << in.topology.world_size << ' ' << in.topology.local_world_size << ' '
        << in.topology.hbm_per_device << ' ' << in.topology.ddr_per_device << ' ' << in.mem_bins_per_device << ' '
        << in.hbm_bins_per_device << ' ' << in.ddr_bins_per_device << ' ' << in.storage_reservation.value_or(-1);
    for (const ShardingOption& o : in.options) {
      out << " | " << o.fqn << ' ' << o.sharding_type << ' ' << o.compute_kernel << ' ' << o.placement << ' ' << o.hbm
          << ' ' << o.ddr << ' ' << o.perf;
      for (const Shard& s : o.shards) out << " (" << s.hbm << ' ' << s.ddr << ' ' << s.perf << ')';
    }
    for (const std::string& w : in.warnings) out << " ! " << w;
    return out.str();
  } catch (const InputError& e) {
    return std::string("error ") + e.what();
  }
}

}  // namespace

TEST_CASE("plan input: the streamed file reader and the whole-document reader agree on 2,000 mutated files") {
  // A valid input with unknown fields (warnings) at every level, then random
  // edits of its text: syntax errors, duplicate keys, wrong types and values.
  json base = valid_doc();
  base["exporter"] = "x";
  base["topology"]["rack"] = 1;
  base["options"][0]["note"] = "n";
  base["options"][0]["shards"][0]["extra"] = 2;
  const std::string text = base.dump();
  const std::vector<std::string> tokens = {"{",
                                           "}",
                                           "[",
                                           "]",
                                           ",",
                                           ":",
                                           "\"",
                                           "1",
                                           "-1",
                                           "0.5",
                                           "NaN",
                                           "true",
                                           "\"options\": []",
                                           "\"fqn\": \"t9\"",
                                           "\"hmb\": 3",
                                           " "};
  std::mt19937 rng(26);
  int accepted = 0, refused = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string edited = test::mutated_text(text, tokens, rng);
    CAPTURE(edited);
    test::TempFile file(edited);
    const std::string source = file.path;
    const std::string whole = plan_input_reading([&] { return parse_plan_input(parse_json(edited, source), source); });
    const std::string streamed = plan_input_reading([&] { return read_plan_input(file.path); });
    CHECK(streamed == whole);
    (whole.rfind("input", 0) == 0 ? accepted : refused) += 1;
  }
  CHECK(accepted > 50);
  CHECK(refused > 500);
}
