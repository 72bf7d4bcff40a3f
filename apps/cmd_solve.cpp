// milp-sac solve MODEL.mps: solve an LP or MILP read from MPS with our simplex
// and branch-and-bound, and print SPEC section 7's JSON.
#include <chrono>

#include "bnb/branch_and_bound.h"
#include "cli_args.h"
#include "commands.h"
#include "lp/mps.h"
#include "output.h"

namespace milpsac::cli {

int run_solve(const Args& argv) {
  CliArgs args(argv, {"gap", "time-limit", "node-limit", "format"}, {});
  args.require_positional(1, "MODEL.mps");
  bnb::MilpOptions options;
  options.relative_gap = args.number("gap", 1e-4);
  options.time_limit_seconds = args.number("time-limit", INFINITY);
  options.node_limit = args.integer("node-limit", options.node_limit);
  if (options.relative_gap < 0) throw InputError("option --gap: must be >= 0");
  if (options.time_limit_seconds <= 0) throw InputError("option --time-limit: must be positive");
  if (options.node_limit <= 0) throw InputError("option --node-limit: must be positive");
  const OutputFormat format = output_format(args);

  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> warnings;
  const lp::LinearProgram model = lp::read_mps_file(args.positional()[0], &warnings);
  for (const std::string& warning : warnings) std::cerr << warning << "\n";
  const bnb::MilpResult result = bnb::solve_milp(model, options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  auto number_or_null = [](double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); };
  Json out;
  out["status"] = bnb::to_string(result.status);
  out["objective"] = result.has_solution ? Json(result.objective) : Json(nullptr);
  out["bound"] = number_or_null(result.bound);
  out["gap"] = result.has_solution ? number_or_null(result.gap) : Json(nullptr);
  out["nodes"] = result.nodes;
  out["seconds"] = seconds;
  Json x = Json::object();
  if (result.has_solution)
    for (int j = 0; j < model.num_cols(); ++j) x[model.col_names[static_cast<size_t>(j)]] = result.x[j];
  out["x"] = x;
  if (format == OutputFormat::kTable) {
    std::cout << "status     " << out["status"].get<std::string>() << "\n";
    if (result.has_solution) std::cout << "objective  " << result.objective << "\n";
    std::cout << "bound      " << result.bound << "\ngap        " << result.gap << "\nnodes      " << result.nodes
              << "\nseconds    " << seconds << "\n";
    if (result.has_solution)
      for (int j = 0; j < model.num_cols(); ++j)
        std::cout << "  " << model.col_names[static_cast<size_t>(j)] << " = " << result.x[j] << "\n";
  } else {
    print_json(out);
  }
  return result.has_solution ? 0 : 1;
}

}  // namespace milpsac::cli
