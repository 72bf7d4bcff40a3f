// milp-sac solve MODEL.mps: solve an LP (or, once branch-and-bound lands, a MILP)
// read from MPS and print SPEC section 7's JSON.
#include <chrono>

#include "cli_args.h"
#include "commands.h"
#include "lp/mps.h"
#include "lp/simplex.h"
#include "output.h"

namespace milpsac::cli {

int run_solve(const Args& argv) {
  CliArgs args(argv, {"gap", "time-limit", "node-limit", "format"}, {});
  args.require_positional(1, "MODEL.mps");
  const double time_limit = args.number("time-limit", INFINITY);
  if (time_limit <= 0) throw InputError("option --time-limit: must be positive");
  const auto start = std::chrono::steady_clock::now();
  lp::LinearProgram model = lp::read_mps_file(args.positional()[0]);

  lp::LpOptions options;
  options.time_limit_seconds = time_limit;
  lp::LpSolution solution = lp::solve_lp(model, options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Json out;
  out["status"] = lp::to_string(solution.status);
  const bool has_point = solution.status == lp::LpStatus::kOptimal;
  out["objective"] = has_point ? Json(solution.objective) : Json(nullptr);
  out["bound"] = has_point ? Json(solution.objective) : Json(nullptr);
  out["gap"] = has_point ? Json(0.0) : Json(nullptr);
  out["nodes"] = 0;
  out["seconds"] = seconds;
  out["iterations"] = solution.iterations;
  if (model.has_integers()) out["relaxation"] = true;
  Json x = Json::object();
  if (has_point)
    for (int j = 0; j < model.num_cols(); ++j) x[model.col_names[static_cast<size_t>(j)]] = solution.x[j];
  out["x"] = x;
  print_json(out);
  return has_point ? 0 : 1;
}

}  // namespace milpsac::cli
