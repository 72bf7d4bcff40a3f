// The milp-sac subcommands. Each takes the arguments after its name and returns
// the process exit code (0 success, 1 no solution, 2 bad input or usage); an
// InputError thrown inside is turned into exit code 2 by main().
#pragma once

#include <string>
#include <vector>

namespace milpsac::cli {

using Args = std::vector<std::string>;

int run_solve(const Args& args);
int run_sac(const Args& args);
int run_baseline(const Args& args);
int run_export_mps(const Args& args);
int run_policy(const Args& args);
int run_shard(const Args& args);
int run_analyze(const Args& args);
int run_evaluate(const Args& args);

}  // namespace milpsac::cli
