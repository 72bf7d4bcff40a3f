#include "cli_args.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "common/input_error.h"

namespace milpsac::cli {

CliArgs::CliArgs(const std::vector<std::string>& argv, const std::set<std::string>& value_options,
                 const std::set<std::string>& flags) {
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (arg.size() < 2 || arg.compare(0, 2, "--") != 0) {
      positional_.push_back(arg);
      continue;
    }
    std::string name = arg.substr(2);
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (value_options.count(name)) {
      if (inline_value) {
        values_[name] = *inline_value;
      } else {
        if (i + 1 >= argv.size()) throw InputError("option --" + name + " needs a value");
        values_[name] = argv[++i];
      }
    } else if (flags.count(name)) {
      if (inline_value) throw InputError("option --" + name + " takes no value");
      flags_.insert(name);
    } else {
      throw InputError("unknown option --" + name);
    }
  }
}

void CliArgs::require_positional(size_t count, const std::string& what) const {
  if (positional_.size() != count)
    throw InputError("expected " + what + " (" + std::to_string(count) + " argument" +
                     (count == 1 ? "" : "s") + "), got " + std::to_string(positional_.size()));
}

std::optional<std::string> CliArgs::value(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

double CliArgs::number(const std::string& name, double fallback) const {
  auto text = value(name);
  if (!text) return fallback;
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text->c_str(), &end);
  if (text->empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v))
    throw InputError("option --" + name + ": '" + *text + "' is not a finite number");
  return v;
}

long CliArgs::integer(const std::string& name, long fallback) const {
  auto text = value(name);
  if (!text) return fallback;
  errno = 0;
  char* end = nullptr;
  long v = std::strtol(text->c_str(), &end, 10);
  if (text->empty() || *end != '\0' || errno == ERANGE)
    throw InputError("option --" + name + ": '" + *text + "' is not an integer");
  return v;
}

std::optional<std::vector<std::string>> CliArgs::list(const std::string& name) const {
  auto text = value(name);
  if (!text) return std::nullopt;
  std::vector<std::string> items;
  size_t start = 0;
  while (true) {
    size_t comma = text->find(',', start);
    std::string item = text->substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty()) throw InputError("option --" + name + ": empty item in '" + *text + "'");
    items.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

}  // namespace milpsac::cli
