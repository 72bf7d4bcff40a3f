// `milp-sac shard` end to end: JSON shape, --proposals, --2d, --format table,
// and the exit codes (0 plan, 1 nothing placeable, 2 bad input or usage).
#include <doctest/doctest.h>

#include "shard_test_support.h"

using namespace milpsac;
using nlohmann::json;

namespace {

json one_d_example() {
  const json c = test::load_json(test::instance_path("shard/tzrec_dp_proposer_cases.json")).at("one_d_variant_example");
  return test::spec_input_from_case(c.at("options"), c.at("topology"));
}

}  // namespace

TEST_CASE("shard CLI: best plan and, with --proposals, every proposal as option indices") {
  test::TempFile input(one_d_example().dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --proposals");
  CAPTURE(run.err);
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out["status"] == "ok");
  CHECK(out["variant"] == "1d");
  CHECK(out["initial_proposal"] == json::array({0, 2, 4}));
  CHECK(out["proposals"] == json::array({json::array({1, 3, 4})}));
  REQUIRE(out["tables"].size() == 3);
  CHECK(out["tables"][0]["fqn"] == "t1");
  CHECK(out["tables"][0]["option"] == 1);
  CHECK(out["tables"][0]["shards"][0].contains("device"));
  REQUIRE(out["devices"].size() == 2);
  CHECK(out["devices"][0].contains("hbm"));
  CHECK(out["devices"][0].contains("ddr"));
  CHECK(out["devices"][0].contains("perf"));
  CHECK(out["rating"] == 2.0);
  // Without --proposals the lists are left out.
  const json plain = json::parse(test::run_cli("shard '" + input.path + "'").out);
  CHECK_FALSE(plain.contains("proposals"));
}

TEST_CASE("shard CLI: --2d runs the HBM x DDR variant") {
  const json c = test::load_json(test::instance_path("shard/tzrec_dp_proposer_cases.json")).at("cases").at(0);
  json doc = test::spec_input_from_case(c.at("options"), c.at("topology"));
  doc["hbm_bins_per_device"] = 20;
  doc["ddr_bins_per_device"] = 20;
  test::TempFile input(doc.dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --2d --proposals");
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out["variant"] == "2d");
  CHECK(out["proposals"] == json::array({json::array({0}), json::array({2})}));
}

TEST_CASE("shard CLI: --format table prints a table") {
  test::TempFile input(one_d_example().dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --format table");
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("device") != std::string::npos);
  CHECK(run.out.find("t1") != std::string::npos);
}

TEST_CASE("shard CLI: nothing placeable exits 1 with the table and the bytes missing") {
  json doc = {{"topology", {{"world_size", 2}, {"compute_device", "cuda"}, {"hbm_per_device", 60}, {"ddr_per_device", 0}}},
              {"options", json::array({{{"fqn", "big"}, {"hbm", 80}, {"ddr", 0}, {"perf", 1.0}}})}};
  test::TempFile input(doc.dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "'");
  CHECK(run.exit_code == 1);
  const json out = json::parse(run.out);
  CHECK(out["status"] == "infeasible");
  CHECK(out["unplaced"]["fqn"] == "big");
  CHECK(out["unplaced"]["missing_bytes"] == 20);
  CHECK(run.err.find("big") != std::string::npos);
}

TEST_CASE("shard CLI: bad input and usage exit 2 with a message") {
  test::TempFile malformed("{\"topology\": [");
  test::CliRun run = test::run_cli("shard '" + malformed.path + "'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find(malformed.path) != std::string::npos);

  json doc = one_d_example();
  doc["options"][2]["hbm"] = -1;
  test::TempFile negative(doc.dump());
  run = test::run_cli("shard '" + negative.path + "'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("options[2].hbm") != std::string::npos);

  run = test::run_cli("shard '" + negative.path + "' --no-such-flag");
  CHECK(run.exit_code == 2);
  run = test::run_cli("shard");
  CHECK(run.exit_code == 2);
  run = test::run_cli("shard /nonexistent/plan.json");
  CHECK(run.exit_code == 2);
}
