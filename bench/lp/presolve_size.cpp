// presolve_size FILE...: the size of each MPS model before and after our LP
// presolve (the one `solve` runs), one tab-separated line per model:
//   name rows cols nonzeros presolved_rows presolved_cols presolved_nonzeros status seconds
//   costs presolved_costs
// (costs: the objective's nonzeros. Substituting a costed column spreads its
// cost over the row it leaves, and a dense objective means many dual
// infeasibilities at the slack basis: a longer dual phase 1.)
// bench/compare-presolve-highs.py puts these beside HiGHS's presolved sizes
// (issue 22: compare what each presolve leaves to the simplex).
#include <chrono>
#include <cstdio>

#include "common/input_error.h"
#include "lp/mps/mps.h"
#include "lp/presolve/presolve.h"

int main(int argc, char** argv) {
  using namespace milpsac;
  if (argc < 2) {
    std::fprintf(stderr, "usage: presolve_size FILE...\n");
    return 2;
  }
  for (int k = 1; k < argc; ++k) {
    lp::LinearProgram model;
    try {
      model = lp::read_mps_file(argv[k]);
    } catch (const InputError& e) {
      std::fprintf(stderr, "%s\n", e.what());
      return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    const lp::presolve::PresolveResult result = lp::presolve::presolve(model);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const lp::LinearProgram& reduced = result.reduced;
    const bool has_model = result.status == lp::presolve::PresolveStatus::kReduced;
    auto costs = [](const lp::LinearProgram& lp) { return static_cast<long>((lp.c.array() != 0.0).count()); };
    std::printf("%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%s\t%.3f\t%ld\t%ld\n", model.name.c_str(),
                static_cast<long>(model.A.rows()), static_cast<long>(model.A.cols()),
                static_cast<long>(model.A.nonZeros()), has_model ? static_cast<long>(reduced.A.rows()) : 0L,
                has_model ? static_cast<long>(reduced.A.cols()) : 0L,
                has_model ? static_cast<long>(reduced.A.nonZeros()) : 0L, lp::presolve::to_string(result.status),
                seconds, costs(model), has_model ? costs(reduced) : 0L);
  }
  return 0;
}
