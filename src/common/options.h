// One record per numeric option: name, default, unit, valid range and help,
// written once (as HiGHS's OptionRecord or glop's parameters). The CLI's
// option tables and --help (apps/command_specs.cpp), its range checks, the
// Python bindings' defaults and checks and the C++ API's option structs all
// read these records, so a default or a bound is changed here and nowhere else.
//
// A record is a literal type: `double gap = options::kSacGap.default_value;`
// works in a struct's default member initialiser.
#pragma once

#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace milpsac::options {

inline constexpr double kNone = std::numeric_limits<double>::infinity();

struct OptionRecord {
  std::string_view name;          // "gap": --gap on the command line, gap= in Python
  std::string_view value_name;    // "G", shown by --help
  double default_value;           // kNone (+inf) when there is no limit
  std::string_view default_text;  // as --help shows it: "0.05", "none", ...
  std::string_view unit;          // "fraction", "s", "GiB", ...
  double lower;                   // valid range: lower (<= or <, see lower_open) ... upper (<= or <)
  bool lower_open;                // true: value > lower; false: value >= lower
  double upper;                   // kNone: no upper bound
  bool upper_open;                // true: value < upper (with kNone: any finite value); false: value <= upper
  bool integral;                  // a whole number
  std::string_view help;          // one sentence (--help wraps it)
};

// Module-level SAC (`milp-sac sac`, milp_sac.plan_sac / sweep_sac).
inline constexpr OptionRecord kSacGap{"gap",
                                      "G",
                                      0.05,
                                      "0.05",
                                      "fraction",
                                      0.0,
                                      false,
                                      kNone,
                                      false,
                                      false,
                                      "relative gap at which the search stops (0: proven optimal; 0.05 is the "
                                      "reference's setting); above 0.1 % it first aims at 0.1 % for up to 30 nodes"};
inline constexpr OptionRecord kSacTimeLimit{
    "time-limit",
    "S",
    180.0,
    "180",
    "s",
    0.0,
    true,
    kNone,
    false,
    false,
    "wall-clock limit, counted from the start of the command (the reference's setting)"};
inline constexpr OptionRecord kWorldSize{"world-size",
                                         "W",
                                         1.0,
                                         "1",
                                         "ranks",
                                         1.0,
                                         false,
                                         1e6,
                                         false,
                                         true,
                                         "number of ranks FSDP shards parameters and gradients over"};
inline constexpr OptionRecord kBudgetGib{
    "budget", "GIB", kNone, "required", "GiB", 0.0, true, kNone, false, false, "memory budget per device (2^30 bytes)"};

// The SAC budget sweep (`milp-sac sac --budget-sweep`, milp_sac.sweep_sac;
// model::SweepOptions takes its defaults from here).
inline constexpr OptionRecord kSweepPoints{"points",
                                           "N",
                                           21.0,
                                           "21",
                                           "points",
                                           2.0,
                                           false,
                                           10000.0,
                                           false,
                                           true,
                                           "with --budget-sweep: grid points (breakpoints are added between them)"};
inline constexpr OptionRecord kMaxBreakpoints{
    "max-breakpoints",
    "N",
    8.0,
    "8",
    "breakpoints",
    0.0,
    false,
    1000.0,
    false,
    true,
    "with --budget-sweep: locate the budgets where the set of AC units changes when there are at most N (0: the "
    "grid alone)"};
// No fixed default: the CPUs this process may use (kNone here; Python's 0).
inline constexpr OptionRecord kThreads{
    "threads",
    "N",
    kNone,
    "usable CPUs",
    "threads",
    1.0,
    false,
    1024.0,
    false,
    true,
    "with --budget-sweep: points solved at once (the curve is the same for every N; 1: one at a time)"};

// Operator-level SAC policy (`milp-sac policy`, milp_sac.solve_policy).
// The budget has no default: it is required unless --budget-sweep.
inline constexpr OptionRecord kPolicyBudget{"budget",
                                            "F",
                                            kNone,
                                            "required unless --budget-sweep",
                                            "fraction",
                                            0.0,
                                            false,
                                            1.0,
                                            false,
                                            false,
                                            "memory budget as a fraction in [0, 1] of the total op memory"};
inline constexpr OptionRecord kPolicyGap{"gap",
                                         "G",
                                         0.0,
                                         "0",
                                         "fraction",
                                         0.0,
                                         false,
                                         kNone,
                                         false,
                                         false,
                                         "relative gap at which the search stops (0: proven optimal)"};

// LP/MILP solve (`milp-sac solve`, milp_sac.solve_mps, the C++ API's Solver).
inline constexpr OptionRecord kSolveGap{
    "gap", "G", 1e-4, "1e-4", "fraction", 0.0, false, kNone, false, false, "relative gap at which the search stops"};
inline constexpr OptionRecord kNodeLimit{
    "node-limit", "N", kNone, "none", "nodes", 0.0, true, kNone, false, true, "branch-and-bound node limit"};

// The size guard of an LP/MILP read from the user (lp/model_size.h): the
// largest estimated solver memory accepted. 8 GiB passes every test model and
// a 10^6-column model (0.4 GiB); a larger machine may raise it.
inline constexpr OptionRecord kMaxModelMemory{
    "max-model-memory",
    "GIB",
    8.0,
    "8",
    "GiB",
    0.0,
    true,
    kNone,
    false,
    false,
    "refuse a model whose estimated solver memory (64 B per nonzero, 320 B per row or column) is larger"};

// A wall-clock limit without a default (solve, policy, shard).
inline constexpr OptionRecord kTimeLimit{"time-limit",      "S", kNone, "none", "s", 0.0, true, kNone, false, false,
                                         "wall-clock limit"};

// Progress lines of a search (`--log-interval`, apps/progress_log.h): 0
// prints every report (the tests use it); an infinite interval would print
// none, which is what leaving out --log is for.
inline constexpr OptionRecord kLogInterval{
    "log-interval",
    "S",
    2.0,
    "2",
    "s",
    0.0,
    false,
    kNone,
    true,
    false,
    "with --log: seconds between progress lines (0: every report of the search)"};

// Sharding (`milp-sac shard`, milp_sac.propose_sharding): the share of each
// device's HBM kept free, as TorchRec's planner does. Below 1, since a
// reservation of all of it leaves no device to place a table on. Without the
// option the input's field is used, else this default.
inline constexpr OptionRecord kStorageReservation{"storage-reservation",
                                                  "R",
                                                  0.15,
                                                  "the input's, else 0.15",
                                                  "fraction",
                                                  0.0,
                                                  false,
                                                  1.0,
                                                  true,
                                                  false,
                                                  "fraction of each device's HBM kept free for the framework"};

// Empty when `value` is in the record's range; otherwise what is wrong
// ("must be >= 0, got -1"), for a message that names the option.
std::string range_error(const OptionRecord& record, double value);

// Throws InputError("option <spelled>: must be ...") when `value` is out of range;
// `spelled` is how the caller's user wrote the option ("--gap", "gap").
void check_option(const OptionRecord& record, double value, std::string_view spelled);

// The Python name of a record: "time-limit" -> "time_limit".
std::string python_name(const OptionRecord& record);

}  // namespace milpsac::options
