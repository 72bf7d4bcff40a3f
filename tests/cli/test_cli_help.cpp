// `milp-sac --help` and `milp-sac COMMAND --help`: exit 0, every subcommand
// listed, every option of its table listed with its default and unit, and
// every option accepted by the parser (none is "unknown"); docs/cli.md
// documents every option too. Usage errors stay exit 2.
#include <doctest/doctest.h>

#include "cli_args.h"
#include "cli_test_support.h"
#include "common/input_error.h"

#include <sstream>

using namespace milpsac;

TEST_CASE("milp-sac --help lists every subcommand and exits 0") {
  for (const char* form : {"--help", "-h", "help"}) {
    const test::CliRun run = test::run_cli(form);
    CHECK(run.exit_code == 0);
    for (const cli::CommandSpec& spec : cli::command_specs())
      CHECK(run.out.find("  " + spec.name + " ") != std::string::npos);
  }
  const test::CliRun none = test::run_cli("");
  CHECK(none.exit_code == 2);
  CHECK(none.err.find("usage") != std::string::npos);
  CHECK(test::run_cli("no-such-command").exit_code == 2);
}

TEST_CASE("every subcommand's --help exits 0 and lists every option with its default and unit") {
  REQUIRE(cli::command_specs().size() == 8);
  for (const cli::CommandSpec& spec : cli::command_specs()) {
    CAPTURE(spec.name);
    for (const std::string& form : {spec.name + " --help", spec.name + " -h", "help " + spec.name}) {
      const test::CliRun run = test::run_cli(form);
      CHECK(run.exit_code == 0);
      CHECK(run.out == cli::help_text(spec));
    }
    const std::string help = test::run_cli(spec.name + " --help").out;
    for (const cli::OptionSpec& option : spec.options) {
      CAPTURE(option.name);
      const size_t at = help.find("--" + option.name + (option.is_flag() ? "" : " " + option.value_name));
      REQUIRE(at != std::string::npos);
      // The option's row: its wrapped lines up to the next option, joined
      // with single spaces (a default may fall on a continuation line).
      const size_t next = std::min(help.find("\n  -", at), help.find("\n      --", at));
      std::string line;
      std::istringstream words(help.substr(at, next - at));
      for (std::string word; words >> word;) line += (line.empty() ? "" : " ") + word;
      if (!option.default_text.empty()) CHECK(line.find("default: " + option.default_text) != std::string::npos);
      if (!option.unit.empty()) CHECK(line.find("unit: " + option.unit) != std::string::npos);
      if (option.short_name != '\0')
        CHECK(help.find(std::string("-") + option.short_name + ", --" + option.name) != std::string::npos);
    }
  }
}

TEST_CASE("--help lines fit in 80 columns") {
  std::vector<std::string> texts = {cli::usage_text()};
  for (const cli::CommandSpec& spec : cli::command_specs()) texts.push_back(cli::help_text(spec));
  for (const std::string& text : texts) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      CAPTURE(line);
      CHECK(line.size() <= 80);
    }
  }
}

TEST_CASE("every option of every table is accepted by the parser") {
  for (const cli::CommandSpec& spec : cli::command_specs()) {
    CAPTURE(spec.name);
    for (const cli::OptionSpec& option : spec.options) {
      if (option.name == "help") continue;
      CAPTURE(option.name);
      std::vector<std::string> argv = {"input.json", "--" + option.name};
      if (!option.is_flag()) argv.push_back("1");
      const cli::CliArgs args(argv, spec);
      CHECK(args.positional() == std::vector<std::string>{"input.json"});
      if (option.is_flag())
        CHECK(args.flag(option.name));
      else
        CHECK(args.value(option.name) == "1");
    }
  }
}

TEST_CASE("docs/cli.md documents every subcommand and every option") {
  const std::string doc = test::read_text(test::source_path("docs/cli.md"));
  REQUIRE_FALSE(doc.empty());
  for (const cli::CommandSpec& spec : cli::command_specs()) {
    CAPTURE(spec.name);
    const size_t section = doc.find("## `milp-sac " + spec.name);
    REQUIRE(section != std::string::npos);
    const size_t end = doc.find("\n## ", section + 1);
    const std::string text = doc.substr(section, end == std::string::npos ? std::string::npos : end - section);
    for (const cli::OptionSpec& option : spec.options) {
      CAPTURE(option.name);
      CHECK(text.find("--" + option.name) != std::string::npos);
    }
  }
}

TEST_CASE("the parser: forms, short options, stdin, and usage errors") {
  const cli::CommandSpec& solve = cli::command_spec("solve");
  const cli::CliArgs args({"-", "--gap=0.5", "-o", "out.json", "--quiet"}, solve);
  CHECK(args.positional() == std::vector<std::string>{"-"});
  CHECK(args.number("gap", 0.0) == 0.5);
  CHECK(args.value("output") == "out.json");
  CHECK(args.flag("quiet"));
  CHECK_THROWS_AS(cli::CliArgs({"m.mps", "--no-such"}, solve), InputError);
  CHECK_THROWS_AS(cli::CliArgs({"m.mps", "-x"}, solve), InputError);
  CHECK_THROWS_AS(cli::CliArgs({"m.mps", "--gap"}, solve), InputError);
  CHECK_THROWS_AS(cli::CliArgs({"m.mps", "--quiet=yes"}, solve), InputError);
  CHECK_THROWS_AS(cli::CliArgs({"m.mps", "--gap", "x"}, solve).number("gap", 0.0), InputError);
  CHECK(cli::asks_for_help({"m.mps", "--bogus", "--help"}));
  const test::CliRun run = test::run_cli("solve " + test::example("smalllp.mps") + " --gap");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("--gap needs a value") != std::string::npos);
  const test::CliRun unknown =
      test::run_cli("sac " + test::example("transformer_l4.json") + " --budget 4 --frobnicate");
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown option --frobnicate") != std::string::npos);
}
