// SACStats reading: both accepted shapes, and every kind of bad input is an
// InputError that names the file and the field (with its position).
#include <doctest/doctest.h>

#include "common/input_error.h"
#include "model/policy/sac_stats.h"
#include "policy_test_support.h"

using namespace milpsac;
using test::json;

namespace {

json base() { return test::load_cases().at("sac_stats"); }

// The InputError message of parsing `text` as "stats.json", or "" if it parses.
std::string error_of(const std::string& text) {
  try {
    model::parse_sac_stats(text, "stats.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string error_of(const json& doc) { return error_of(doc.dump()); }

// The message names the file and contains every piece of `expected`.
void check_error(const std::string& message, std::initializer_list<std::string> expected) {
  CAPTURE(message);
  REQUIRE_FALSE(message.empty());
  CHECK(message.rfind("stats.json: ", 0) == 0);
  for (const std::string& piece : expected) CHECK(message.find(piece) != std::string::npos);
}

}  // namespace

TEST_CASE("reader: the bare SACStats and the wrapped {sac_stats: ...} give the same stats") {
  const model::SacStats wrapped = model::read_sac_stats_file(test::cases_path());
  const model::SacStats bare = model::parse_sac_stats(base().dump(), "bare.json");
  CHECK(wrapped.size() == 8);
  CHECK(bare.func_names == wrapped.func_names);
  CHECK(bare.runtimes == wrapped.runtimes);
  CHECK(bare.memory == wrapped.memory);
  CHECK(bare.view_like_ops == wrapped.view_like_ops);
  CHECK(bare.rand_ops == wrapped.rand_ops);
  CHECK(bare.inplace_ops == wrapped.inplace_ops);
  CHECK(bare.inplace_ops[1] == std::pair<int, int>{7, 5});
  CHECK_FALSE(bare.force_store_random);
}

TEST_CASE("reader: whole-valued float memory, unknown keys and empty lists are fine") {
  json doc = base();
  doc["memory"][1] = 100.0;
  doc["some_new_pytorch_field"] = {1, 2, 3};
  doc["rand_ops"] = json::array();
  CHECK(error_of(doc).empty());
  CHECK(model::parse_sac_stats(doc.dump(), "x").memory[1] == 100);
  const json empty = {{"func_names", json::array()},  {"runtimes", json::array()},
                      {"memory", json::array()},      {"view_like_ops", json::array()},
                      {"rand_ops", json::array()},    {"saved_autograd_ops", json::array()},
                      {"inplace_ops", json::array()}, {"force_store_random", true}};
  CHECK(error_of(empty).empty());
}

TEST_CASE("reader: every one of the eight fields is required") {
  for (const char* key : {"func_names", "runtimes", "memory", "view_like_ops", "rand_ops", "saved_autograd_ops",
                          "inplace_ops", "force_store_random"}) {
    json doc = base();
    doc.erase(key);
    check_error(error_of(doc), {std::string(key) + ": missing"});
  }
}

TEST_CASE("reader: wrong types name the field and position") {
  json doc = base();
  doc["func_names"] = "aten.mm";
  check_error(error_of(doc), {"func_names: ", "expected a list"});
  doc = base();
  doc["func_names"][1] = 3;
  check_error(error_of(doc), {"func_names[1]: ", "expected a string"});
  doc = base();
  doc["runtimes"][4] = "fast";
  check_error(error_of(doc), {"runtimes[4]: ", "expected a number"});
  doc = base();
  doc["memory"][1] = "100";
  check_error(error_of(doc), {"memory[1]: ", "expected a number"});
  doc = base();
  doc["view_like_ops"] = 6;
  check_error(error_of(doc), {"view_like_ops: ", "expected a list"});
  doc = base();
  doc["rand_ops"][0] = 1.5;
  check_error(error_of(doc), {"rand_ops[0]: ", "integer"});
  doc = base();
  doc["inplace_ops"][0] = {1};
  check_error(error_of(doc), {"inplace_ops[0]: ", "pair"});
  doc = base();
  doc["inplace_ops"][1] = 7;
  check_error(error_of(doc), {"inplace_ops[1]: ", "pair"});
  doc = base();
  doc["inplace_ops"][0][0] = "0";
  check_error(error_of(doc), {"inplace_ops[0][0]: ", "integer"});
  doc = base();
  doc["force_store_random"] = "yes";
  check_error(error_of(doc), {"force_store_random: ", "true or false"});
  doc = {{"sac_stats", 3}};
  check_error(error_of(doc), {"sac_stats: ", "expected an object"});
  check_error(error_of(json::array({1, 2})), {"expected a JSON object"});
}

TEST_CASE("reader: lengths must match func_names") {
  json doc = base();
  doc["runtimes"].erase(doc["runtimes"].size() - 1);
  check_error(error_of(doc), {"runtimes: ", "has 7 entries", "func_names has 8"});
  doc = base();
  doc["memory"].push_back(5);
  check_error(error_of(doc), {"memory: ", "has 9 entries"});
}

TEST_CASE("reader: runtimes and memory finite, >= 0, memory whole bytes and bounded") {
  json doc = base();
  doc["runtimes"][2] = -1.0;
  check_error(error_of(doc), {"runtimes[2]: ", ">= 0"});
  // 1e308 ended numerical_error with the decisions returned: refused by the reader.
  doc = base();
  doc["runtimes"][1] = 1e308;
  check_error(error_of(doc), {"runtimes[1]: ", "sum to more than 1e15 ms"});
  doc = base();
  doc["memory"][3] = -5;
  check_error(error_of(doc), {"memory[3]: ", ">= 0"});
  doc = base();
  doc["memory"][1] = 10.5;
  check_error(error_of(doc), {"memory[1]: ", "whole number"});
  doc = base();
  doc["memory"][1] = 1e300;
  check_error(error_of(doc), {"memory[1]: ", "2^53"});
  doc = base();
  doc["memory"][1] = std::int64_t{1} << 52;
  doc["memory"][2] = (std::int64_t{1} << 52) + 1;
  check_error(error_of(doc), {"memory[2]: ", "total memory"});
  // Python's json.dump writes NaN and Infinity as bare words.
  std::string text = base().dump();
  std::string nan_text = text;
  nan_text.replace(nan_text.find("\"runtimes\":[5,"), 14, "\"runtimes\":[NaN,");
  check_error(error_of(nan_text), {"runtimes[0]: ", "NaN"});
  std::string inf_text = text;
  inf_text.replace(inf_text.find("\"memory\":[0,"), 12, "\"memory\":[Infinity,");
  check_error(error_of(inf_text), {"memory[0]: ", "Infinity"});
}

TEST_CASE("reader: every op index in range, in-place parents that exist") {
  json doc = base();
  doc["view_like_ops"][0] = 8;
  check_error(error_of(doc), {"view_like_ops[0]: ", "index 8 out of range [0, 8)"});
  doc = base();
  doc["rand_ops"][0] = -1;
  check_error(error_of(doc), {"rand_ops[0]: ", "out of range"});
  doc = base();
  doc["saved_autograd_ops"] = {0, 99};
  check_error(error_of(doc), {"saved_autograd_ops[1]: ", "out of range"});
  doc = base();
  doc["inplace_ops"].push_back({3, 12});
  check_error(error_of(doc), {"inplace_ops[2][1]: ", "index 12 out of range"});
  doc = base();
  doc["inplace_ops"][1][0] = 9;
  check_error(error_of(doc), {"inplace_ops[1][0]: ", "out of range"});
  doc = base();
  doc["inplace_ops"][0][1] = 4294967296LL;
  check_error(error_of(doc), {"inplace_ops[0][1]: ", "out of range"});
}

TEST_CASE("reader: invalid JSON and missing files") {
  check_error(error_of(std::string("{\"func_names\": [")), {"invalid JSON"});
  try {
    model::read_sac_stats_file("/nonexistent/stats.json");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("/nonexistent/stats.json: cannot open") == 0);
  }
}

TEST_CASE("validate_sac_stats checks stats built in code") {
  model::SacStats s;
  s.func_names = {"a", "b"};
  s.runtimes = {1.0, 2.0};
  s.memory = {1, 2};
  CHECK_NOTHROW(model::validate_sac_stats(s, "code"));
  s.inplace_ops = {{1, 2}};
  CHECK_THROWS_AS(model::validate_sac_stats(s, "code"), InputError);
  s.inplace_ops.clear();
  s.runtimes[1] = INFINITY;
  CHECK_THROWS_AS(model::validate_sac_stats(s, "code"), InputError);
  s.runtimes = {1.0};
  CHECK_THROWS_AS(model::validate_sac_stats(s, "code"), InputError);
}
