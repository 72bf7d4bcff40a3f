// What every subcommand shares: "schema": 1 first in every JSON output, `-`
// reads standard input, gzip input (.json.gz, .mps.gz), -o FILE writes the
// output there (and nothing on stdout), --quiet silences stderr but not
// errors, bad input names the file. Runs the bundled examples/, so the
// README's example commands are tested too.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"

using namespace milpsac;
using nlohmann::json;

namespace {

struct Command {
  std::string args;   // subcommand and options, with INPUT where the file goes
  std::string input;  // examples/ file
};

std::vector<Command> every_command() {
  return {{"sac INPUT --budget 8", "transformer_l4.json"},
          {"baseline INPUT", "transformer_l4.json"},
          {"policy INPUT --budget 0.5", "sac_stats.json"},
          {"shard INPUT", "sharding_input.json"},
          {"analyze INPUT", "autograd_graph.json"},
          {"solve INPUT", "smalllp.mps"},
          {"evaluate INPUT --world-size 4 --plan " + test::example("transformer_l4_sac_milp_plan.json"),
           "transformer_l4.json"}};
}

std::string with_input(std::string args, const std::string& input) {
  return args.replace(args.find("INPUT"), 5, input);
}

}  // namespace

TEST_CASE("every subcommand's JSON starts with \"schema\": 1, on the bundled examples") {
  for (const Command& c : every_command()) {
    CAPTURE(c.args);
    const test::CliRun run = test::run_cli(with_input(c.args, test::example(c.input)));
    CAPTURE(run.err);
    CHECK(run.exit_code == 0);
    const nlohmann::ordered_json out = nlohmann::ordered_json::parse(run.out);
    REQUIRE(out.is_object());
    CHECK(out.begin().key() == "schema");
    CHECK(out["schema"] == 1);
  }
  test::TempFile mps("", ".mps");
  const test::CliRun exported =
      test::run_cli("export-mps " + test::example("transformer_l4.json") + " --budget 8 -o '" + mps.path + "'");
  CHECK(exported.exit_code == 0);
  CHECK(json::parse(exported.out)["schema"] == 1);
}

TEST_CASE("'-' reads standard input and gzip input is accepted, with the same output") {
  for (const Command& c : every_command()) {
    CAPTURE(c.args);
    const std::string path = test::source_path("examples/" + c.input);
    json expected = json::parse(test::run_cli(with_input(c.args, "'" + path + "'")).out);
    const test::CliRun piped = test::run_cli(with_input(c.args, "-"), path);
    CAPTURE(piped.err);
    REQUIRE(piped.exit_code == 0);
    json from_stdin = json::parse(piped.out);
    const std::string suffix = c.input.substr(c.input.find('.')) + ".gz";
    test::TempFile gz("", suffix);
    test::write_gzip(gz.path, test::read_text(path));
    const test::CliRun zipped = test::run_cli(with_input(c.args, "'" + gz.path + "'"));
    CAPTURE(zipped.err);
    REQUIRE(zipped.exit_code == 0);
    json from_gzip = json::parse(zipped.out);
    for (json* j : {&expected, &from_stdin, &from_gzip}) {
      j->erase("seconds");
      j->erase("read_seconds");
    }
    CHECK(from_stdin == expected);
    CHECK(from_gzip == expected);
  }
}

TEST_CASE("-o FILE writes the output to FILE and nothing to stdout; no file on bad input") {
  test::TempFile target("", ".json");
  const test::CliRun run =
      test::run_cli("analyze " + test::example("autograd_graph.json") + " -o '" + target.path + "'");
  CHECK(run.exit_code == 0);
  CHECK(run.out.empty());
  CHECK(json::parse(test::read_text(target.path))["schema"] == 1);
  test::TempFile table("", ".txt");
  CHECK(
      test::run_cli("analyze " + test::example("autograd_graph.json") + " --format table --output='" + table.path + "'")
          .exit_code == 0);
  CHECK(test::read_text(table.path).find("bwd_mem_tmp") != std::string::npos);
  // Bad input: exit 2, and the file is not created.
  test::TempFile broken("{\"nodes\": [", ".json");
  const std::string never = target.path + ".never";
  const test::CliRun bad = test::run_cli("analyze '" + broken.path + "' -o '" + never + "'");
  CHECK(bad.exit_code == 2);
  CHECK_FALSE(std::filesystem::exists(never));
  CHECK(test::run_cli("analyze " + test::example("autograd_graph.json") + " -o /nonexistent/dir/x.json").exit_code ==
        2);
}

TEST_CASE("--quiet silences warnings but not errors") {
  test::TempFile input(R"({"topology": {"world_size": 1, "compute_device": "cuda", "hbm_per_device": 100,
                                         "ddr_per_device": 0}, "vendor": 1,
                           "options": [{"fqn": "t", "hbm": 1, "ddr": 0, "perf": 1.0}]})");
  CHECK(test::run_cli("shard '" + input.path + "'").err.find("vendor") != std::string::npos);
  CHECK(test::run_cli("shard '" + input.path + "' --quiet").err.empty());
  const test::CliRun bad = test::run_cli("shard /nonexistent.json --quiet");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("/nonexistent.json") != std::string::npos);
}

TEST_CASE("exit 2 names the input file, also for errors found after reading") {
  // A FLOP sum past 64 bits is found while analysing, not while reading.
  json graph = {{"nodes", json::array({{{"name", "a"},
                                        {"stage", "forward"},
                                        {"out_bytes", 1},
                                        {"inputs", json::array()},
                                        {"fwd_flop", 9000000000000000000LL}},
                                       {{"name", "b"},
                                        {"stage", "forward"},
                                        {"out_bytes", 1},
                                        {"inputs", json::array()},
                                        {"fwd_flop", 9000000000000000000LL}}})}};
  test::TempFile input(graph.dump());
  const test::CliRun run = test::run_cli("analyze '" + input.path + "'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find(input.path) != std::string::npos);
  const test::CliRun piped = test::run_cli("analyze -", input.path);
  CHECK(piped.exit_code == 2);
  CHECK(piped.err.find("<stdin>") != std::string::npos);
  // The message is printed once.
  const std::string err = run.err;
  CHECK(err.find("error") == err.rfind("error"));
}

TEST_CASE("a failure is printed once: in the table, or on stderr beside the JSON") {
  test::TempFile input(R"({"topology": {"world_size": 1, "compute_device": "cuda", "hbm_per_device": 10,
                                         "ddr_per_device": 0}, "options": [{"fqn": "big", "hbm": 80, "ddr": 0, "perf": 1.0}]})");
  const test::CliRun table = test::run_cli("shard '" + input.path + "' --format table");
  CHECK(table.exit_code == 1);
  CHECK(table.out.find("no proposal could be placed") != std::string::npos);
  CHECK(table.err.find("no proposal could be placed") == std::string::npos);
  const test::CliRun as_json = test::run_cli("shard '" + input.path + "'");
  CHECK(as_json.exit_code == 1);
  CHECK(as_json.err.find("no proposal could be placed") != std::string::npos);
}

TEST_CASE("one name per quantity: recomputation_time_ms in sac and policy") {
  const json sac = json::parse(test::run_cli("sac " + test::example("transformer_l4.json") + " --budget 8").out);
  const json policy = json::parse(test::run_cli("policy " + test::example("sac_stats.json") + " --budget 0.5").out);
  CHECK(sac.contains("recomputation_time_ms"));
  CHECK(policy.contains("recomputation_time_ms"));
  CHECK_FALSE(policy.contains("recompute_time_ms"));
}

TEST_CASE("an option with an exclusive upper bound: --storage-reservation 1 is refused, 0.99 accepted") {
  const std::string shard = "shard " + test::example("sharding_input.json") + " --storage-reservation ";
  const test::CliRun refused = test::run_cli(shard + "1");
  CHECK(refused.exit_code == 2);
  CHECK(refused.out.empty());
  CHECK(refused.err.find("option --storage-reservation: must be a fraction in [0, 1), got 1") != std::string::npos);
  const test::CliRun accepted = test::run_cli(shard + "0.99");
  CHECK(accepted.exit_code != 2);  // a valid option; whether a plan fits in 1 % of HBM is the input's business
  CHECK(json::parse(accepted.out)["storage_reservation"] == 0.99);
}
