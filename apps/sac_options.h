// Options shared by `milp-sac sac` and `milp-sac export-mps`: the SAC request
// (--budget, --world-size, --ac-units, --fsdp-units), checked for range here
// and against the ModuleInfo by model::validate_request; --formulation; and
// the ModuleInfo warnings, printed once as a summary (--quiet, in main.cpp, hides them).
#pragma once

#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli_args.h"
#include "common/input_error.h"
#include "model/sac/sac_formulation.h"
#include "model/sac/sac_request.h"

namespace milpsac::cli {

// budget_required = false (the budget sweep): --budget is not read.
inline model::SacRequest sac_request_from_args(const CliArgs& args, bool budget_required = true) {
  model::SacRequest request;
  if (budget_required) {
    if (!args.value("budget")) throw InputError("option --budget GIB is required");
    request.budget_gib = args.option(options::kBudgetGib);
  }
  request.world_size = static_cast<int>(args.option(options::kWorldSize));
  request.ac_units = args.list("ac-units");
  request.fsdp_units = args.list("fsdp-units");
  return request;
}

inline model::SacFormulation formulation_from_args(const CliArgs& args) {
  const std::string text = args.value("formulation").value_or(model::to_string(model::kDefaultFormulation));
  const auto formulation = model::parse_formulation(text);
  if (!formulation)
    throw InputError(
        "option --formulation: expected 'cumulative', 'chain' or 'pairwise-bigm' (old names: 'ours' = "
        "chain, 'seed' = pairwise-bigm), got '" +
        text + "'");
  return *formulation;
}

// The reader's warnings, one line per kind: "module 'a.b': <text>" messages
// that differ only in the module and its numbers are counted together, with
// the first few module names. --quiet needs no check here: main.cpp silences
// stderr for the whole command.
inline void print_module_warnings(const std::string& command, const std::vector<std::string>& warnings) {
  if (warnings.empty()) return;
  struct Kind {
    std::string first;
    std::vector<std::string> modules;
  };
  std::vector<std::string> order;
  std::map<std::string, Kind> kinds;
  for (const std::string& warning : warnings) {
    std::string module, key = warning;
    if (warning.rfind("module '", 0) == 0) {
      const size_t end = warning.find("': ", 8);
      if (end != std::string::npos) {
        module = warning.substr(8, end - 8);
        key.clear();
        for (char c : warning.substr(end)) key += (c >= '0' && c <= '9') ? '#' : c;
      }
    }
    auto [it, added] = kinds.try_emplace(key, Kind{warning, {}});
    if (added) order.push_back(key);
    if (!module.empty()) it->second.modules.push_back(module);
  }
  constexpr size_t kNamesShown = 3;
  for (const std::string& key : order) {
    const Kind& kind = kinds[key];
    std::cerr << "milp-sac " << command << ": warning: " << kind.first;
    if (kind.modules.size() > 1) {
      std::cerr << " (and " << kind.modules.size() - 1 << " more module" << (kind.modules.size() > 2 ? "s" : "")
                << " like it:";
      for (size_t i = 1; i < kind.modules.size() && i <= kNamesShown; ++i) std::cerr << " " << kind.modules[i];
      if (kind.modules.size() > kNamesShown + 1) std::cerr << " ...";
      std::cerr << ")";
    }
    std::cerr << "; --quiet hides this\n";
  }
}

// `milp-sac sac --budget-sweep` (cmd_sac_sweep.cpp); args as parsed by run_sac.
int run_sac_sweep(const CliArgs& args);

}  // namespace milpsac::cli
