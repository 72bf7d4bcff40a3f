// The option table of every subcommand: what each accepts, its default and
// unit. CliArgs parses with it and `milp-sac COMMAND --help` prints it, so a
// new option is added here once (docs/cli.md describes the same options).
#include "cli_args.h"
#include "model/sac/sac_formulation.h"

namespace milpsac::cli {
namespace {

OptionSpec format_option() {
  return {"format", "json|table", "json", "", "JSON for programs, or a table with units for people"};
}
OptionSpec output_option() {
  return {"output", "FILE", "standard output", "", "write the JSON (or table) to FILE instead of stdout", 'o'};
}
OptionSpec quiet_option() {
  return {"quiet", "", "", "", "no warnings or progress on stderr (errors are still printed)"};
}
OptionSpec log_option() {
  return {"log", "", "", "", "progress lines on stderr every few seconds: nodes, incumbent, bound, gap, time"};
}
OptionSpec formulation_option() {
  // The default shown is the one formulation_from_args applies (one constant).
  return {"formulation", "cumulative|chain|pairwise-bigm", model::to_string(model::kDefaultFormulation), "",
          "the SAC MILP: cumulative columns (linear size), one row per memory prefix, or the reference's "
          "pairwise big-M model row for row (old names: ours = chain, seed = pairwise-bigm)"};
}
// The record's, with the unit --help has always shown.
OptionSpec policy_budget_spec() {
  OptionSpec spec = option_spec(options::kPolicyBudget);
  spec.unit = "fraction of the ops' memory";
  return spec;
}

OptionSpec help_option() { return {"help", "", "", "", "print this help and exit 0", 'h'}; }

// The options every JSON-writing command shares, after its own.
std::vector<OptionSpec> with_common(std::vector<OptionSpec> own, bool table, bool json_output_option, bool log) {
  if (table) own.push_back(format_option());
  if (json_output_option) own.push_back(output_option());
  own.push_back(quiet_option());
  if (log) {
    own.push_back(log_option());
    own.push_back(option_spec(options::kLogInterval));
  }
  own.push_back(help_option());
  return own;
}

const char* kExitCodes = "Exit 0 success, 1 no solution (the JSON still printed), 2 bad input or usage.";

std::vector<OptionSpec> sac_request_options() {
  return {
      option_spec(options::kBudgetGib),
      option_spec(options::kWorldSize),
      {"ac-units", "a,b", "every non-leaf module", "", "comma-separated fqns that may be AC units"},
      {"fsdp-units", "a,b", "none", "", "comma-separated fqns of FSDP units (their strict ancestors are not AC units)"},
  };
}

std::vector<CommandSpec> build_specs() {
  std::vector<CommandSpec> specs;

  std::vector<OptionSpec> sac = sac_request_options();
  sac.push_back(option_spec(options::kSacGap));
  sac.push_back(option_spec(options::kSacTimeLimit));
  sac.push_back(formulation_option());
  sac.push_back(
      {"budget-sweep", "", "", "", "the whole recompute-vs-budget curve instead of one plan (--budget not needed)"});
  sac.push_back({"from", "GIB", "smallest feasible budget", "GiB", "with --budget-sweep: lowest budget of the curve"});
  sac.push_back({"to", "GIB", "peak without AC", "GiB", "with --budget-sweep: highest budget of the curve"});
  sac.push_back(option_spec(options::kSweepPoints));
  sac.push_back(option_spec(options::kMaxBreakpoints));
  sac.push_back({"plot-memory", "FILE.svg", "none", "",
                 "draw the plan's memory through the step (baseline, plan, budget, AC units, peak) as an SVG"});
  sac.push_back({"plot", "FILE.svg", "none", "", "with --budget-sweep: draw the curve as a self-contained SVG"});
  sac.push_back(option_spec(options::kThreads));
  specs.push_back({"sac", "MODULE_INFO.json", "module-level activation checkpointing plan under a memory budget",
                   std::string("Output keys: docs/json.md#sac. ") + kExitCodes,
                   with_common(std::move(sac), true, true, true)});

  specs.push_back({"baseline", "MODULE_INFO.json", "peak memory and compute time without FSDP or AC",
                   "Output keys: docs/json.md#baseline. Exit 0, or 2 on bad input.",
                   with_common({}, true, true, false)});

  std::vector<OptionSpec> evaluating = sac_request_options();
  evaluating[0].default_text = "none (no budget rule)";
  evaluating.insert(evaluating.begin(), {"plan", "PLAN.json", "required", "",
                                         "the plan: ac_decisions, sac_milp's tuple, `sac` output, or a solver's "
                                         "solution with --column-map"});
  evaluating.push_back({"column-map", "FILE.json", "none", "",
                        "PLAN is a solver's solution of `export-mps`; read the plan through the map written with it"});
  specs.push_back(
      {"evaluate", "MODULE_INFO.json", "true peak, recompute time and broken rules of a SAC plan made elsewhere",
       "Output keys: docs/json.md#evaluate. Exit 0 the plan breaks no rule, 1 it breaks one (the JSON still "
       "printed), 2 bad input or usage.",
       with_common(std::move(evaluating), true, true, false)});

  std::vector<OptionSpec> exporting = sac_request_options();
  exporting.push_back(formulation_option());
  exporting.push_back({"output", "FILE.mps", "required", "", "the MPS file to write ('-': the MPS on stdout)", 'o'});
  exporting.push_back({"column-map", "FILE.json", "none", "",
                       "also write which column is which module's decision (read a plan back from another solver)"});
  specs.push_back({"export-mps", "MODULE_INFO.json", "the SAC MILP as free MPS, for another solver",
                   "Prints a JSON summary of the file written (docs/json.md#export-mps). Exit 0, or 2 on bad input.",
                   with_common(std::move(exporting), false, false, false)});

  specs.push_back(
      {"policy", "SAC_STATS.json", "operator-level SAC policy: which ops to save under a memory fraction",
       std::string("Output keys: docs/json.md#policy. ") + kExitCodes,
       with_common({policy_budget_spec(),
                    {"budget-sweep", "", "", "", "also list the whole trade-off curve (budget may be left out)"},
                    option_spec(options::kPolicyGap),
                    option_spec(options::kTimeLimit,
                                "wall-clock limit for the whole command, reading and a sweep's every solve included")},
                   true, true, true)});

  specs.push_back(
      {"shard", "PLAN_INPUT.json", "embedding-table sharding plan (DP proposer and planner loop)",
       std::string("Output keys: docs/json.md#shard. ") + kExitCodes,
       with_common({{"proposals", "", "", "", "also list the initial proposal and every DP proposal"},
                    {"exact", "", "", "", "also solve the selection exactly as a MILP (what the bins cost)"},
                    {"2d", "", "", "", "the HBM x DDR proposer of TorchEasyRec instead of the 1-D one"},
                    option_spec(options::kStorageReservation),
                    option_spec(options::kTimeLimit, "wall-clock limit for the planner loop and --exact")},
                   true, true, true)});

  specs.push_back({"analyze", "GRAPH.json", "liveness memory and FLOPs of an autograd graph",
                   "Output keys: docs/json.md#analyze. Exit 0, or 2 on bad input.",
                   with_common({}, true, true, false)});

  specs.push_back(
      {"solve", "MODEL.mps[.gz]",
       "solve an LP or MILP in MPS (fixed or free) or CPLEX LP format (*.lp), optionally gzip",
       std::string("Output keys: docs/json.md#solve. ") + kExitCodes,
       with_common({option_spec(options::kSolveGap),
                    option_spec(options::kTimeLimit, "wall-clock limit, counted from before reading the file"),
                    option_spec(options::kNodeLimit),
                    option_spec(options::kMaxModelMemory),
                    {"write-solution", "FILE", "none", "",
                     "write the solution as 'name value' lines (HiGHS solution-file layout)"}},
                   true, true, true)});
  return specs;
}

}  // namespace

const std::vector<CommandSpec>& command_specs() {
  static const std::vector<CommandSpec> specs = build_specs();
  return specs;
}

}  // namespace milpsac::cli
