// `milp-sac shard` end to end: JSON shape, --proposals, --2d, --format table,
// storage reservation, unknown fields, --time-limit, and the exit codes (0
// plan, 1 nothing placeable, 2 bad input or usage). The case file's capacities
// are what the proposer sees (after reservation), so the runs that compare
// with it pass --storage-reservation 0.
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
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --proposals --storage-reservation 0");
  CAPTURE(run.err);
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out["schema"] == 1);
  CHECK(out["status"] == "feasible");
  CHECK(out["storage_reservation"] == 0.0);
  CHECK(out["variant"] == "1d");
  CHECK(out["initial_proposal"] == json::array({0, 2, 4}));
  CHECK(out["proposals"] == json::array({json::array({1, 3, 4})}));
  REQUIRE(out["tables"].size() == 3);
  CHECK(out["tables"][0]["fqn"] == "t1");
  CHECK(out["tables"][0]["option"] == 1);
  CHECK(out["tables"][0]["shards"][0].contains("device"));
  REQUIRE(out["devices"].size() == 2);
  CHECK(out["devices"][0].contains("hbm_bytes"));
  CHECK(out["devices"][0].contains("ddr_bytes"));
  CHECK(out["devices"][0].contains("perf_ms"));
  CHECK(out["devices"][0]["hbm_capacity_bytes"] == one_d_example()["topology"]["hbm_per_device"]);
  CHECK(out["rating_ms"] == 2.0);
  // Without --proposals the lists are left out.
  const json plain = json::parse(test::run_cli("shard '" + input.path + "' --storage-reservation 0").out);
  CHECK_FALSE(plain.contains("proposals"));
}

TEST_CASE("shard CLI: --2d runs the HBM x DDR variant") {
  const json c = test::load_json(test::instance_path("shard/tzrec_dp_proposer_cases.json")).at("cases").at(0);
  json doc = test::spec_input_from_case(c.at("options"), c.at("topology"));
  doc["hbm_bins_per_device"] = 20;
  doc["ddr_bins_per_device"] = 20;
  test::TempFile input(doc.dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --2d --proposals --storage-reservation 0");
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out["variant"] == "2d");
  CHECK(out["proposals"] == json::array({json::array({0}), json::array({2})}));
}

TEST_CASE("shard CLI: --format table prints a table") {
  test::TempFile input(one_d_example().dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --format table --storage-reservation 0");
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("HBM used (%)") != std::string::npos);
  CHECK(run.out.find("sharding type") != std::string::npos);
  CHECK(run.out.find("t1") != std::string::npos);
  CHECK(run.out.find("e+") == std::string::npos);
}

TEST_CASE("shard CLI: nothing placeable exits 1 with the table and the bytes missing") {
  json doc = {
      {"topology", {{"world_size", 2}, {"compute_device", "cuda"}, {"hbm_per_device", 60}, {"ddr_per_device", 0}}},
      {"options", json::array({{{"fqn", "big"}, {"hbm", 80}, {"ddr", 0}, {"perf", 1.0}}})}};
  test::TempFile input(doc.dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --storage-reservation 0");
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

TEST_CASE("shard CLI: the storage reservation comes from the option, else the input, else 0.15") {
  // One table of 80 bytes on devices of 100: fits with a reservation up to 0.2, not above.
  json doc = {
      {"topology", {{"world_size", 1}, {"compute_device", "cuda"}, {"hbm_per_device", 100}, {"ddr_per_device", 0}}},
      {"options", json::array({{{"fqn", "t"}, {"hbm", 80}, {"ddr", 0}, {"perf", 1.0}}})}};
  test::TempFile plain(doc.dump());
  test::CliRun run = test::run_cli("shard '" + plain.path + "'");
  CHECK(run.exit_code == 0);  // 0.15 of 100 leaves 85
  CHECK(json::parse(run.out)["storage_reservation"] == 0.15);
  run = test::run_cli("shard '" + plain.path + "' --storage-reservation 0.25");
  CHECK(run.exit_code == 1);  // 75 left
  CHECK(json::parse(run.out)["unplaced"]["missing_bytes"] == 5);
  doc["storage_reservation"] = 0.3;
  test::TempFile reserved(doc.dump());
  CHECK(test::run_cli("shard '" + reserved.path + "'").exit_code == 1);
  CHECK(test::run_cli("shard '" + reserved.path + "' --storage-reservation 0.1").exit_code == 0);
  CHECK(test::run_cli("shard '" + plain.path + "' --storage-reservation 1").exit_code == 2);
  doc["storage_reservation"] = 1.5;
  test::TempFile bad(doc.dump());
  run = test::run_cli("shard '" + bad.path + "'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("storage_reservation") != std::string::npos);
}

TEST_CASE("shard CLI: unknown input fields are ignored with a warning, in the JSON and on stderr") {
  json doc = one_d_example();
  doc["exporter_version"] = "1.2";
  doc["options"][1]["hmb"] = 3;
  test::TempFile input(doc.dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --storage-reservation 0");
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  REQUIRE(out["warnings"].size() == 2);
  CHECK(out["warnings"][0].get<std::string>().find("exporter_version") != std::string::npos);
  CHECK(out["warnings"][1].get<std::string>().find("options[1]: unknown field 'hmb'") != std::string::npos);
  CHECK(run.err.find("warning") != std::string::npos);
  CHECK(run.err.find("hmb") != std::string::npos);
  // --quiet keeps stderr empty, the JSON still lists them.
  const test::CliRun quiet = test::run_cli("shard '" + input.path + "' --storage-reservation 0 --quiet");
  CHECK(quiet.err.empty());
  CHECK(json::parse(quiet.out)["warnings"].size() == 2);
}

TEST_CASE("shard CLI: --time-limit is accepted and reported; --exact honours it too") {
  test::TempFile input(one_d_example().dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --storage-reservation 0 --time-limit 30 --exact");
  REQUIRE(run.exit_code == 0);
  const json out = json::parse(run.out);
  CHECK(out["time_limit_reached"] == false);
  CHECK(out["exact"]["status"] == "optimal");
  CHECK(out["exact"]["total_perf_ms"].get<double>() <= out["total_perf_ms"].get<double>());
  CHECK(test::run_cli("shard '" + input.path + "' --time-limit 0").exit_code == 2);
  CHECK(test::run_cli("shard '" + input.path + "' --time-limit abc").exit_code == 2);
}

TEST_CASE("shard CLI: --time-limit counts the reading; a limit passed while reading is status time_limit") {
  test::TempFile input(one_d_example().dump());
  const test::CliRun run = test::run_cli("shard '" + input.path + "' --time-limit 1e-9");
  CHECK(run.exit_code == 1);
  const json out = json::parse(run.out);
  CHECK(out["status"] == "time_limit");
  CHECK(out["message"].get<std::string>().find(input.path + ": time limit reached while reading") == 0);
  CHECK_FALSE(out.contains("tables"));
}
