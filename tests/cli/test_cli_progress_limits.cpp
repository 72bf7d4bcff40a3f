// --log and --time-limit on the commands that search (sac, policy,
// shard --exact, solve): with --log the progress lines go to stderr and the
// JSON on stdout is the same as without it; with a tiny --time-limit the
// command still answers with a status from the documented vocabulary, valid
// JSON and the matching exit code. No timing is asserted: the limit is only
// made small enough that it can be reached, and either outcome is checked.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "cli_test_support.h"

using namespace milpsac;
using nlohmann::json;

namespace {

struct Search {
  std::string command;  // subcommand name, as the log lines carry it
  std::string args;     // with INPUT where the file goes
  std::string input;    // examples/ file
};

std::vector<Search> searches() {
  return {{"sac", "sac INPUT --budget 1.5 --gap 0", "transformer_l4.json"},
          {"policy", "policy INPUT --budget 0.5", "sac_stats.json"},
          {"shard", "shard INPUT --exact", "sharding_input.json"}};
}

std::string with_input(std::string args, const std::string& input) {
  return args.replace(args.find("INPUT"), 5, test::example(input));
}

// The JSON without its wall-clock fields (top level and nested), which differ run to run.
json without_seconds(json j) {
  if (j.is_object()) {
    j.erase("seconds");
    for (auto& [key, value] : j.items()) value = without_seconds(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = without_seconds(value);
  }
  return j;
}

}  // namespace

TEST_CASE("--log writes progress lines to stderr and leaves the JSON on stdout unchanged") {
  for (const Search& s : searches()) {
    CAPTURE(s.args);
    const test::CliRun plain = test::run_cli(with_input(s.args, s.input));
    REQUIRE(plain.exit_code == 0);
    // Interval 0: every report of the search is printed, so even a fast solve logs.
    const test::CliRun logged = test::run_cli(with_input(s.args, s.input) + " --log --log-interval 0");
    CAPTURE(logged.err);
    CHECK(logged.exit_code == 0);
    CHECK(without_seconds(json::parse(logged.out)) == without_seconds(json::parse(plain.out)));
    // The lines --log adds (stderr also carries the reader's warnings, with or without it).
    const std::string prefix = "milp-sac " + s.command + ": ";
    int progress_lines = 0;
    int root_lines = 0;
    size_t start = 0;
    while (start < logged.err.size()) {
      const size_t end = logged.err.find('\n', start);
      REQUIRE(end != std::string::npos);
      const std::string line = logged.err.substr(start, end - start + 1);
      start = end + 1;
      if (plain.err.find(line) != std::string::npos) continue;
      CHECK(line.rfind(prefix, 0) == 0);
      // Root events as they happen (root LP, cut rounds, better solutions), then search snapshots.
      if (line.find(" s  root LP  objective ") != std::string::npos) {
        ++root_lines;
        continue;
      }
      if (line.find(" s  cut round ") != std::string::npos || line.find(" s  solution ") != std::string::npos) {
        CHECK(line.find("  bound ") != std::string::npos);
        continue;
      }
      ++progress_lines;
      CHECK(line.find(" s  nodes ") != std::string::npos);
      CHECK(line.find("  bound ") != std::string::npos);
      CHECK(line.find("  gap ") != std::string::npos);
      CHECK(line.find("gap 0.0 %") == std::string::npos);  // an open gap shows its digits, a closed one "0 %"
    }
    CHECK(progress_lines >= 1);
    if (s.command == "sac") CHECK(root_lines >= 1);  // its model has an LP at the root
    // --quiet wins over --log; -o keeps the log on stderr and the JSON in the file.
    CHECK(test::run_cli(with_input(s.args, s.input) + " --log --log-interval 0 --quiet").err.empty());
    test::TempFile target("", ".json");
    const test::CliRun to_file =
        test::run_cli(with_input(s.args, s.input) + " --log --log-interval 0 -o '" + target.path + "'");
    CHECK(to_file.out.empty());
    CHECK(to_file.err.find(" s  nodes ") != std::string::npos);
    CHECK(without_seconds(json::parse(test::read_text(target.path))) == without_seconds(json::parse(plain.out)));
  }
}

TEST_CASE("--log-interval must be a number of seconds >= 0") {
  for (const std::string bad : {"-1", "nan", "inf", "x"}) {
    CAPTURE(bad);
    const test::CliRun run =
        test::run_cli("sac " + test::example("transformer_l4.json") + " --budget 8 --log --log-interval " + bad);
    CHECK(run.exit_code == 2);
    CHECK(run.out.empty());
    CHECK(run.err.find("--log-interval") != std::string::npos);
  }
}

TEST_CASE("a tiny --time-limit: a valid status, valid JSON, the matching exit code") {
  const std::set<std::string> statuses = {"optimal",   "gap_limit", "time_limit",      "node_limit",     "infeasible",
                                          "unbounded", "feasible",  "numerical_error", "model_too_large"};
  for (const Search& s : searches()) {
    CAPTURE(s.args);
    const test::CliRun run = test::run_cli(with_input(s.args, s.input) + " --time-limit 0.001");
    CAPTURE(run.err);
    REQUIRE((run.exit_code == 0 || run.exit_code == 1));
    const json out = json::parse(run.out);
    REQUIRE(out.contains("status"));
    const std::string status = out["status"].get<std::string>();
    CHECK(statuses.count(status) == 1);
    if (s.command == "sac") {
      // A plan (the greedy one at least) with exit 0, or none with exit 1 and a message.
      // value(): a JSON without the key (a limit that passed while the file was
      // read) reads as null, not as a missing-key access.
      CHECK((run.exit_code == 0) == out.value("peak_memory_bytes", json()).is_number());
      if (run.exit_code == 0) {
        CHECK(out["ac_decisions"].is_object());
        CHECK(out["peak_memory_bytes"].get<double>() <= 1.5 * 1073741824.0);
      } else {
        CHECK(out.value("message", json()).is_string());
      }
    } else if (s.command == "policy") {
      CHECK((run.exit_code == 0) == out.value("decisions", json()).is_array());
      if (run.exit_code == 0)
        CHECK(out["saved_memory_bytes"].get<long long>() <= out["max_memory_bytes"].get<long long>());
    } else {
      // shard: the planner's plan (exit 0) or time_limit without one (exit 1); the exact part has its own status.
      CHECK((run.exit_code == 0) == (status == "feasible"));
      if (status != "feasible") CHECK(status == "time_limit");
      // A limit that passed while the input was read: the message alone, as for sac.
      if (out.value("message", json()).is_string() &&
          out["message"].get<std::string>().find("time limit reached while reading") != std::string::npos) {
        CHECK(status == "time_limit");
        CHECK_FALSE(out.contains("tables"));
        continue;
      }
      REQUIRE(out.contains("exact"));
      const std::string exact = out["exact"]["status"].get<std::string>();
      CHECK(statuses.count(exact) == 1);
      if (out["exact"].contains("total_perf_ms")) CHECK(out["exact"]["options"].is_array());
    }
  }
}

TEST_CASE("solve: a limit that passes while the file is read ends as time_limit, with no model") {
  // 1e-9 s has passed before the first 64 KiB of the file are in: the reader
  // stops and the command answers as a search stopped by the limit would.
  const test::CliRun run = test::run_cli("solve " + test::example("smalllp.mps") + " --time-limit 1e-9");
  CAPTURE(run.err);
  CHECK(run.exit_code == 1);
  const json out = json::parse(run.out);
  CHECK(out["status"] == "time_limit");
  CHECK(out["objective"].is_null());
  CHECK(out["nodes"] == 0);
  CHECK(out["x"].empty());
  CHECK(run.err.find("smalllp.mps: time limit reached while reading") != std::string::npos);
  const test::CliRun table =
      test::run_cli("solve " + test::example("smalllp.mps") + " --time-limit 1e-9 --format table");
  CHECK(table.exit_code == 1);
  CHECK(table.out.find("not read within the time limit") != std::string::npos);
}

TEST_CASE("a sweep in which no budget has a plan is exit 1, as sac at one of its budgets (issue 46, item 10)") {
  const std::string info = test::example("transformer_l4.json");
  const test::CliRun none = test::run_cli("sac " + info + " --budget-sweep --from 0.1 --to 0.5 --points 3");
  CAPTURE(none.err);
  CHECK(none.exit_code == 1);
  const json curve = json::parse(none.out);
  REQUIRE(curve["points"].size() >= 3);
  for (const json& p : curve["points"]) CHECK(p["status"] == "infeasible");
  CHECK(none.err.find("no point of the sweep has a plan") != std::string::npos);
  CHECK(test::run_cli("sac " + info + " --budget 0.3 --quiet").exit_code == 1);  // the same budget alone
  // Infeasible points below plans are answers: exit 0.
  CHECK(test::run_cli("sac " + info + " --budget-sweep --from 0.5 --to 4 --points 3 --quiet").exit_code == 0);
}

TEST_CASE(
    "whole-number options are digits only, whatever side a space or sign is on; a subnormal is a number (issue 46, "
    "item 10)") {
  const std::string sweep =
      "sac " + test::example("transformer_l4.json") + " --budget-sweep --points 3 --quiet --threads ";
  for (const char* bad : {"'2 '", "' 2'", "'+2'", "0x2", "2.0"}) {
    CAPTURE(bad);
    const test::CliRun run = test::run_cli(sweep + bad);
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("option --threads: ") != std::string::npos);
    CHECK(run.err.find("is not an integer (digits only)") != std::string::npos);
  }
  CHECK(test::run_cli(sweep + "2").exit_code == 0);
  const std::string sac = "sac " + test::example("transformer_l4.json") + " --budget 4 --quiet --gap ";
  CHECK(test::run_cli(sac + "1e-310").exit_code == 0);  // subnormal: a valid (tiny) gap, not "not a finite number"
  const test::CliRun spaced = test::run_cli(sac + "' 0.1'");
  CHECK(spaced.exit_code == 2);
  CHECK(spaced.err.find("' 0.1' is not a number") != std::string::npos);
  const test::CliRun huge = test::run_cli(sac + "1e999");
  CHECK(huge.err.find("'1e999' is not a finite number (beyond the range of a double)") != std::string::npos);
}
