// The option-table parser and the --help text (see cli_args.h).
#include "cli_args.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "common/input_error.h"

namespace milpsac::cli {

const OptionSpec* CommandSpec::find(const std::string& option) const {
  for (const OptionSpec& o : options)
    if (o.name == option) return &o;
  return nullptr;
}

const OptionSpec* CommandSpec::find_short(char short_name) const {
  for (const OptionSpec& o : options)
    if (o.short_name != '\0' && o.short_name == short_name) return &o;
  return nullptr;
}

const CommandSpec* find_command_spec(const std::string& name) {
  for (const CommandSpec& spec : command_specs())
    if (spec.name == name) return &spec;
  return nullptr;
}

const CommandSpec& command_spec(const std::string& name) {
  const CommandSpec* spec = find_command_spec(name);
  if (spec == nullptr) throw std::logic_error("no option table for command '" + name + "'");
  return *spec;
}

std::string usage_text() {
  std::ostringstream out;
  out << "usage: milp-sac COMMAND [OPTIONS] INPUT\n"
         "       milp-sac COMMAND --help     every option of COMMAND, its default and unit\n"
         "       milp-sac --version          the version\n"
         "\n"
         "commands:\n";
  for (const CommandSpec& spec : command_specs()) {
    std::string head = "  " + spec.name + " " + spec.positional;
    if (head.size() < 34)
      head.resize(34, ' ');
    else
      head += "  ";
    out << head << spec.summary << "\n";
  }
  out << "\n"
         "INPUT may be '-' (standard input) and may be gzip-compressed (.gz).\n"
         "Output: one JSON object on stdout (or -o FILE); exit 0 success, 1 no solution\n"
         "(the JSON still printed), 2 bad input or usage. Documentation: docs/cli.md.\n";
  return out.str();
}

std::string help_text(const CommandSpec& spec) {
  std::ostringstream out;
  out << "usage: milp-sac " << spec.name << " " << spec.positional << " [OPTIONS]\n\n" << spec.summary << ".\n";
  if (!spec.description.empty()) out << spec.description << "\n";
  out << "\noptions:\n";
  std::vector<std::string> heads;
  size_t width = 0;
  for (const OptionSpec& o : spec.options) {
    std::string head = o.short_name != '\0' ? std::string("-") + o.short_name + ", " : "    ";
    head += "--" + o.name;
    if (!o.is_flag()) head += " " + o.value_name;
    width = std::max(width, head.size());
    heads.push_back(std::move(head));
  }
  for (size_t i = 0; i < spec.options.size(); ++i) {
    const OptionSpec& o = spec.options[i];
    std::string head = heads[i];
    head.resize(width, ' ');
    out << "  " << head << "  " << o.help;
    std::string details;
    if (!o.unit.empty()) details += "unit: " + o.unit;
    if (!o.default_text.empty()) details += (details.empty() ? "" : ", ") + std::string("default: ") + o.default_text;
    if (!details.empty()) out << " (" << details << ")";
    out << "\n";
  }
  return out.str();
}

bool asks_for_help(const std::vector<std::string>& argv) {
  return std::any_of(argv.begin(), argv.end(), [](const std::string& a) { return a == "--help" || a == "-h"; });
}

CliArgs::CliArgs(const std::vector<std::string>& argv, const CommandSpec& spec) {
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    const OptionSpec* option = nullptr;
    std::optional<std::string> inline_value;
    std::string shown;  // the option as the user wrote it, for messages
    if (arg.size() >= 2 && arg.compare(0, 2, "--") == 0) {
      std::string name = arg.substr(2);
      if (auto eq = name.find('='); eq != std::string::npos) {
        inline_value = name.substr(eq + 1);
        name = name.substr(0, eq);
      }
      shown = "--" + name;
      option = spec.find(name);
      if (option == nullptr)
        throw InputError("unknown option " + shown + " (milp-sac " + spec.name + " --help lists the options)");
    } else if (arg.size() == 2 && arg[0] == '-' && arg[1] != '-') {
      shown = arg;
      option = spec.find_short(arg[1]);
      if (option == nullptr)
        throw InputError("unknown option " + shown + " (milp-sac " + spec.name + " --help lists the options)");
    } else if (arg.size() > 2 && arg[0] == '-' && !std::isdigit(static_cast<unsigned char>(arg[1]))) {
      throw InputError("unknown option " + arg + " (milp-sac " + spec.name + " --help lists the options)");
    } else {
      positional_.push_back(arg);  // includes "-" (standard input)
      continue;
    }
    if (option->is_flag()) {
      if (inline_value) throw InputError("option " + shown + " takes no value");
      flags_.insert(option->name);
      continue;
    }
    if (inline_value) {
      values_[option->name] = *inline_value;
    } else {
      if (i + 1 >= argv.size()) throw InputError("option " + shown + " needs a value (" + option->value_name + ")");
      values_[option->name] = argv[++i];
    }
  }
}

void CliArgs::require_positional(size_t count, const std::string& what) const {
  if (positional_.size() != count)
    throw InputError("expected " + what + " (" + std::to_string(count) + " argument" + (count == 1 ? "" : "s") +
                     "), got " + std::to_string(positional_.size()));
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
