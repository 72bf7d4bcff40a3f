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

namespace {

constexpr size_t kHelpColumns = 80;

// `text` as lines of at most kHelpColumns: the first starts after `first`
// (already `first.size()` columns wide), the others after `indent` spaces.
// A word longer than a line is kept whole (never broken mid-word).
std::string wrap(const std::string& first, const std::string& text, size_t indent) {
  std::string out = first;
  size_t column = first.size();
  std::istringstream words(text);
  std::string word;
  bool line_has_word = false;
  while (words >> word) {
    if (line_has_word && column + 1 + word.size() > kHelpColumns) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
      line_has_word = false;
    }
    if (line_has_word) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    line_has_word = true;
  }
  out += '\n';
  return out;
}

}  // namespace

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
    out << wrap(head, spec.summary, 34);
  }
  out << "\n"
         "INPUT may be '-' (standard input) and may be gzip-compressed (.gz).\n"
         "Output: one JSON object on stdout (or -o FILE); exit 0 success, 1 no solution\n"
         "(the JSON still printed), 2 bad input or usage. Documentation: docs/cli.md.\n";
  return out.str();
}

std::string help_text(const CommandSpec& spec) {
  std::ostringstream out;
  out << wrap("usage: milp-sac " + spec.name + " " + spec.positional + " [OPTIONS]", "", 4) << "\n"
      << wrap("", spec.summary + ".", 0);
  if (!spec.description.empty()) out << wrap("", spec.description, 0);
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
  // Help starts in one column for every row; a very long head (a value name
  // such as chain|cumulative|pairwise-bigm) puts its help on the next line.
  const size_t column = std::min<size_t>(2 + width + 2, 32);
  for (size_t i = 0; i < spec.options.size(); ++i) {
    const OptionSpec& o = spec.options[i];
    std::string head = "  " + heads[i] + "  ";
    if (head.size() > column) {
      out << "  " << heads[i] << "\n";
      head = std::string(column, ' ');
    } else {
      head.resize(column, ' ');
    }
    std::string text = o.help;
    std::string details;
    if (!o.unit.empty()) details += "unit: " + o.unit;
    if (!o.default_text.empty()) details += (details.empty() ? "" : ", ") + std::string("default: ") + o.default_text;
    if (!details.empty()) text += " (" + details + ")";
    out << wrap(head, text, column);
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
  // strtod skips leading spaces (' 2' was taken, '2 ' refused): a value with
  // a space anywhere is refused, the same both ways.
  if (text->empty() || text->find_first_of(" \t\n\r\f\v") != std::string::npos)
    throw InputError("option --" + name + ": '" + *text + "' is not a number");
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text->c_str(), &end);
  if (*end != '\0' || std::isnan(v)) throw InputError("option --" + name + ": '" + *text + "' is not a finite number");
  // ERANGE is also set for a subnormal or underflowing value (1e-310), which
  // is a number like any other: only an overflow is out of range.
  if (std::isinf(v))
    throw InputError("option --" + name + ": '" + *text + "' is not a finite number" +
                     (errno == ERANGE ? " (beyond the range of a double)" : ""));
  return v;
}

long CliArgs::integer(const std::string& name, long fallback) const {
  auto text = value(name);
  if (!text) return fallback;
  // Strict: an optional '-' then digits only. strtol took ' 2' and '+2' but
  // not '2 '; now none of them.
  const size_t first = !text->empty() && (*text)[0] == '-' ? 1 : 0;
  const bool digits = text->size() > first && text->find_first_not_of("0123456789", first) == std::string::npos;
  if (!digits) throw InputError("option --" + name + ": '" + *text + "' is not an integer (digits only)");
  errno = 0;
  long v = std::strtol(text->c_str(), nullptr, 10);
  if (errno == ERANGE) throw InputError("option --" + name + ": '" + *text + "' is out of range");
  return v;
}

double CliArgs::option(const options::OptionRecord& record) const {
  const std::string name(record.name);
  if (!value(name)) return record.default_value;
  // A whole-number record is parsed as integer() parses: digits only.
  const double v = record.integral ? static_cast<double>(integer(name, 0)) : number(name, record.default_value);
  options::check_option(record, v, "--" + name);
  return v;
}

OptionSpec option_spec(const options::OptionRecord& record, std::string help) {
  return {std::string(record.name), std::string(record.value_name), std::string(record.default_text),
          std::string(record.unit), help.empty() ? std::string(record.help) : std::move(help)};
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
