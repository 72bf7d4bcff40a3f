// milp-sac: command-line entry. Finds the subcommand, parses its options with
// its option table (so `COMMAND --help` and usage errors are handled the same
// way for every command), applies the options every command shares (-o FILE,
// --quiet), then runs it. Bad input or usage is exit 2 with one message on
// stderr, never a crash; docs/cli.md is the contract.
#include <cmath>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include <milpsac/version.h>
#include <nlohmann/json.hpp>
#include "cli_args.h"
#include "commands.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "common/output_file.h"
#include "common/stop_message.h"
#include "common/utf8.h"
#include "interrupt.h"
#include "output.h"
#include "stdout_check.h"
#include "text_format.h"

namespace {

using milpsac::cli::Args;

// Swallows what is written to it (--quiet on stderr).
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c == traits_type::eof() ? 0 : c; }
};

// Points a stream at another buffer for its lifetime.
class StreamRedirect {
 public:
  StreamRedirect(std::ostream& stream, std::streambuf* buffer) : stream_(stream), old_(stream.rdbuf(buffer)) {}
  ~StreamRedirect() { stream_.rdbuf(old_); }
  StreamRedirect(const StreamRedirect&) = delete;
  StreamRedirect& operator=(const StreamRedirect&) = delete;

 private:
  std::ostream& stream_;
  std::streambuf* old_;
};

// The files a run reads: its positional inputs, evaluate's --plan and --column-map.
std::vector<std::string> run_inputs(const std::string& name, const milpsac::cli::CliArgs& parsed) {
  std::vector<std::string> inputs = parsed.positional();
  for (const char* option : {"plan", "column-map"})
    if (auto path = parsed.value(option); path && (name == "evaluate" || std::string(option) != "column-map"))
      inputs.push_back(*path);
  return inputs;
}

// The run's --time-limit in seconds, infinite without one (the command
// itself checks the value and reports a bad one).
double run_time_limit(const milpsac::cli::CliArgs& parsed) {
  const auto text = parsed.value("time-limit");
  const double seconds = text ? std::strtod(text->c_str(), nullptr) : INFINITY;
  return seconds > 0 ? seconds : INFINITY;
}

// The files a run writes, by the option that names them (output_file.h).
std::vector<milpsac::OutputTarget> run_outputs(const std::string& name, const milpsac::cli::CliArgs& parsed) {
  std::vector<milpsac::OutputTarget> outputs;
  for (const char* option : {"output", "plot-memory", "plot", "write-solution", "column-map"}) {
    if (std::string(option) == "column-map" && name != "export-mps") continue;  // evaluate reads it
    if (auto path = parsed.value(option))
      outputs.push_back({std::string(option) == "output" ? "-o" : "--" + std::string(option), *path});
  }
  return outputs;
}

// Every bad-input message names the input file: a message from a layer that
// does not know the file (e.g. an overflowing sum found while analysing) gets
// the file name in front. Usage messages (about options) are left alone, and
// so are messages that start with another file of the command line (evaluate's --plan).
std::string naming_the_input(const std::string& message, const std::vector<std::string>& positional, const Args& args) {
  if (positional.empty()) return message;
  for (const std::string& arg : args)
    if (!arg.empty() && arg != "-" && message.rfind(arg + ": ", 0) == 0) return message;
  const std::string input = positional[0] == "-" ? "<stdin>" : positional[0];
  const bool about_usage =
      message.rfind("option ", 0) == 0 || message.rfind("unknown option", 0) == 0 || message.rfind("expected ", 0) == 0;
  if (about_usage || message.find(input) != std::string::npos) return message;
  return input + ": " + message;
}

// --time-limit passed while the input was still being read (sac, policy):
// the answer is `time_limit` with no result, as `solve` reports it, exit 1.
// Ctrl-C while reading: the same with "interrupted", exit 130.
int report_limit_while_reading(const std::string& name, const milpsac::TimeLimitReached& stop) {
  const bool interrupted = milpsac::cli::interrupt_flag().load();
  return milpsac::cli::print_stopped(name, milpsac::stop_message(stop, interrupted), interrupted);
}

int run_command(const std::string& name, const std::function<int(const Args&)>& run, const Args& args) {
  const milpsac::cli::CommandSpec& spec = milpsac::cli::command_spec(name);
  if (milpsac::cli::asks_for_help(args)) {
    std::cout << milpsac::cli::help_text(spec);
    return 0;
  }
  const milpsac::cli::CliArgs parsed(args, spec);  // usage errors surface here, before any work
  // No output may be an input or another output; the -o file is written
  // under the run's time limit (a FIFO without a reader does not hang it).
  milpsac::check_output_paths(run_inputs(name, parsed), run_outputs(name, parsed));
  const milpsac::Deadline run_clock(run_time_limit(parsed));
  // export-mps uses -o for its MPS file; every other command writes its JSON there.
  const auto output = name == "export-mps" ? std::nullopt : parsed.value("output");
  if (output && output->empty()) throw milpsac::InputError("option -o: empty file name");
  // A table is for a terminal: it is captured and printed with its control
  // characters escaped (names come from the input; text_format.h).
  const bool table = parsed.value("format").value_or("json") == "table" && name != "export-mps";
  NullBuffer null;
  std::ostringstream captured;
  int code = 0;
  {
    std::optional<StreamRedirect> quiet, to_file;
    if (parsed.flag("quiet")) quiet.emplace(std::cerr, &null);
    if (output || table) to_file.emplace(std::cout, captured.rdbuf());
    try {
      code = run(args);
    } catch (const milpsac::TimeLimitReached& stop) {
      code = report_limit_while_reading(name, stop);
    } catch (const milpsac::InputError& e) {
      throw milpsac::InputError(naming_the_input(e.what(), parsed.positional(), args));
    }
  }
  const std::string answer = table ? milpsac::cli::terminal_safe(captured.str()) : captured.str();
  if (output)
    milpsac::write_output_file({"-o", *output}, answer, &run_clock);
  else if (table)
    std::cout << answer;
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace milpsac::cli;
  const std::map<std::string, std::function<int(const Args&)>> commands = {
      {"solve", run_solve},   {"sac", run_sac},     {"baseline", run_baseline}, {"export-mps", run_export_mps},
      {"policy", run_policy}, {"shard", run_shard}, {"analyze", run_analyze},   {"evaluate", run_evaluate},
  };
  if (argc < 2) {
    std::cerr << usage_text();
    return 2;
  }
  const std::string name = argv[1];
  if (name == "--version" || name == "-V") {
    std::cout << "milp-sac " << MILPSAC_VERSION_STRING << "\n";
    return 0;
  }
  if (name == "--help" || name == "-h" || name == "help") {
    if (argc >= 3) {
      if (const CommandSpec* spec = find_command_spec(argv[2])) {
        std::cout << help_text(*spec);
        return 0;
      }
      std::cerr << "milp-sac: unknown command '" << argv[2] << "'\n" << usage_text();
      return 2;
    }
    std::cout << usage_text();
    return 0;
  }
  auto it = commands.find(name);
  if (it == commands.end()) {
    std::cerr << "milp-sac: unknown command '" << name << "'\n" << usage_text();
    return 2;
  }
  // Commands that poll the flag stop on Ctrl-C with their JSON (exit 130).
  // Every command does (export-mps and evaluate while they read their input).
  install_interrupt_handlers();
  try {
    return milpsac::cli::checked_stdout(name, run_command(name, it->second, Args(argv + 2, argv + argc)));
  } catch (const milpsac::InputError& e) {
    std::cerr << "milp-sac " << name << ": error: " << milpsac::to_valid_utf8(e.what()) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "milp-sac " << name << ": error: out of memory\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "milp-sac " << name << ": internal error: " << e.what() << "\n";
    return 3;
  }
}
