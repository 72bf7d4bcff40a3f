// The command line's option tables and the parser that reads them.
//
// Every subcommand declares its options once, in command_specs.cpp, as a table
// of OptionSpec rows (name, value or flag, default, unit, help). The same table
// parses the arguments (CliArgs) and prints `milp-sac COMMAND --help`, so the
// help cannot fall out of step with what is accepted. docs/cli.md documents
// the same options; tests/cli checks that --help lists every row.
//
// Grammar: positional arguments, `--name value`, `--name=value`, `--flag`, and
// a declared short form (`-o FILE`). A lone `-` is a positional argument (read
// standard input). An unknown option, a missing value or a malformed number is
// an InputError (exit 2); `--help` / `-h` anywhere asks for the help (exit 0).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/options.h"

namespace milpsac::cli {

struct OptionSpec {
  std::string name;          // long name without "--"
  std::string value_name;    // "GIB", "FILE", ...; empty for a flag
  std::string default_text;  // shown by --help: "0.05", "required", "none", ...
  std::string unit;          // "GiB", "s", "ms", ...; empty when dimensionless
  std::string help;          // one line
  char short_name = '\0';    // e.g. 'o' for -o; '\0' when none

  bool is_flag() const { return value_name.empty(); }
};

struct CommandSpec {
  std::string name;         // "sac"
  std::string positional;   // "MODULE_INFO.json" (one input file; "-" reads stdin)
  std::string summary;      // one line for the command list
  std::string description;  // a paragraph for COMMAND --help: output, exit codes
  std::vector<OptionSpec> options;

  const OptionSpec* find(const std::string& name) const;
  const OptionSpec* find_short(char short_name) const;
};

// The row of a numeric option, read from its record (common/options.h):
// name, value name, default, unit and help written once. `help` replaces the
// record's help where a command words it differently (e.g. "per solve").
OptionSpec option_spec(const options::OptionRecord& record, std::string help = {});

// Every subcommand, in the order `milp-sac --help` lists them.
const std::vector<CommandSpec>& command_specs();
// The spec of one subcommand; nullptr when there is none of that name.
const CommandSpec* find_command_spec(const std::string& name);
// The spec of a subcommand that exists (throws std::logic_error otherwise).
const CommandSpec& command_spec(const std::string& name);

// `milp-sac --help`: the command list.
std::string usage_text();
// `milp-sac COMMAND --help`: usage line, description, one row per option
// with its default and unit.
std::string help_text(const CommandSpec& spec);

// True when `--help` or `-h` appears among the arguments.
bool asks_for_help(const std::vector<std::string>& argv);

class CliArgs {
 public:
  CliArgs(const std::vector<std::string>& argv, const CommandSpec& spec);

  const std::vector<std::string>& positional() const { return positional_; }
  // Exactly `count` positional arguments, named in `what` for the error message.
  void require_positional(size_t count, const std::string& what) const;

  bool flag(const std::string& name) const { return flags_.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;
  double number(const std::string& name, double fallback) const;
  long integer(const std::string& name, long fallback) const;
  // A numeric option by its record: the record's default when absent, else
  // the value checked against the record's range (InputError otherwise).
  double option(const options::OptionRecord& record) const;
  // Comma-separated list (empty items rejected); nullopt when the option is absent.
  std::optional<std::vector<std::string>> list(const std::string& name) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
  std::set<std::string> flags_;
};

}  // namespace milpsac::cli
