// lp_solve_file FILE [--seed S] [--no-scale] [--time-limit T]: solve one MPS
// file (or its transformed copy, tests/lp/lp_transform.h) through
// lp::solve_lp and print one tab-separated line:
//   name status objective iterations seconds primal_residual dual_residual ray_residual
// Used by bench/netlib-table.py and to reproduce reports on single models.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../../tests/lp/lp_transform.h"
#include "common/input_error.h"
#include "lp/mps/mps.h"
#include "lp/simplex.h"

int main(int argc, char** argv) {
  using namespace milpsac;
  if (argc < 2) {
    std::fprintf(stderr, "usage: lp_solve_file FILE [--seed S] [--no-scale] [--time-limit T]\n");
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  lp::LpOptions options;
  double time_limit = INFINITY;
  long long seed = -1;
  for (int k = 2; k < argc; ++k) {
    const std::string arg = argv[k];
    if (arg == "--seed" && k + 1 < argc)
      seed = std::atoll(argv[++k]);
    else if (arg == "--no-scale")
      options.scale = false;
    else if (arg == "--time-limit" && k + 1 < argc)
      time_limit = std::atof(argv[++k]);
    else {
      std::fprintf(stderr, "unknown argument %s\n", arg.c_str());
      return 2;
    }
  }
  lp::LinearProgram model;
  try {
    model = lp::read_mps_file(argv[1]);
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  if (seed >= 0) model = test::transformed_copy(model, static_cast<std::uint64_t>(seed));
  // The time limit counts reading as well.
  const double read_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const Deadline clock(time_limit - read_seconds);
  options.deadline = &clock;
  const lp::LpSolution s = lp::solve_lp(model, options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s\t%s\t%.12g\t%ld\t%.3f\t%.3g\t%.3g\t%.3g\n", model.name.c_str(), lp::to_string(s.status), s.objective,
              s.iterations, seconds, s.primal_residual, s.dual_residual, s.ray_residual);
  return 0;
}
