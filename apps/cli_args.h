// CliArgs: the small argument parser every subcommand shares.
//
// Grammar: positional arguments and `--name value` / `--name=value` / `--flag`.
// Each subcommand declares which options take a value and which are flags; an
// unknown option, a missing value or a malformed number is an InputError (exit 2).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace milpsac::cli {

class CliArgs {
 public:
  // value_options: names (without --) that take a value; flags: names that do not.
  CliArgs(const std::vector<std::string>& argv, const std::set<std::string>& value_options,
          const std::set<std::string>& flags);

  const std::vector<std::string>& positional() const { return positional_; }
  // Exactly `count` positional arguments, named in `what` for the error message.
  void require_positional(size_t count, const std::string& what) const;

  bool flag(const std::string& name) const { return flags_.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;
  double number(const std::string& name, double fallback) const;
  long integer(const std::string& name, long fallback) const;
  // Comma-separated list (empty items rejected); nullopt when the option is absent.
  std::optional<std::vector<std::string>> list(const std::string& name) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
  std::set<std::string> flags_;
};

}  // namespace milpsac::cli
