// milp-sac: command-line entry. Dispatches to one subcommand; turns bad input
// into exit code 2 with a message on stderr, never a crash.
#include <cstdio>
#include <exception>
#include <functional>
#include <iostream>
#include <map>
#include <string>

#include "commands.h"
#include "common/input_error.h"
#include <milpsac/version.h>

namespace {

const char* kUsage =
    "usage: milp-sac COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  sac MODULE_INFO.json --budget GIB [--world-size W] [--ac-units a,b] [--fsdp-units a,b]\n"
    "      [--gap G] [--time-limit S] [--format json|table]   module-level activation checkpointing plan\n"
    "  baseline MODULE_INFO.json                               peak memory and compute time without AC\n"
    "  export-mps MODULE_INFO.json --budget GIB [...] [--formulation ours|seed] -o FILE.mps\n"
    "  policy SAC_STATS.json --budget F [--gap G] [--budget-sweep] [--format json|table]\n"
    "  shard PLAN_INPUT.json [--proposals] [--exact] [--2d] [--format json|table]\n"
    "  analyze GRAPH.json [--format json|table]\n"
    "  solve MODEL.mps[.gz] [--gap G] [--time-limit S] [--node-limit N]\n"
    "\n"
    "  --version                                               print the version and exit\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace milpsac::cli;
  const std::map<std::string, std::function<int(const Args&)>> commands = {
      {"solve", run_solve},     {"sac", run_sac},         {"baseline", run_baseline},
      {"export-mps", run_export_mps}, {"policy", run_policy}, {"shard", run_shard},
      {"analyze", run_analyze},
  };
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  std::string name = argv[1];
  if (name == "--version" || name == "-V") {
    std::cout << "milp-sac " << MILPSAC_VERSION_STRING << "\n";
    return 0;
  }
  if (name == "--help" || name == "-h" || name == "help") {
    std::cout << kUsage;
    return 0;
  }
  auto it = commands.find(name);
  if (it == commands.end()) {
    std::cerr << "milp-sac: unknown command '" << name << "'\n" << kUsage;
    return 2;
  }
  try {
    return it->second(Args(argv + 2, argv + argc));
  } catch (const milpsac::InputError& e) {
    std::cerr << "milp-sac " << name << ": error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "milp-sac " << name << ": error: out of memory\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "milp-sac " << name << ": internal error: " << e.what() << "\n";
    return 3;
  }
}
