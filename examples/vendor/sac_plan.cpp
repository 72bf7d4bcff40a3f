// The rest of the installed API, through the umbrella header <milpsac/milpsac.h>
// (which brings Eigen's headers: lp::LinearProgram, the planners):
//
//   vendor-sac                          solve a small MILP built as an lp::LinearProgram
//   vendor-sac MODULE_INFO.json GIB W   also plan SAC under GIB GiB per rank on W ranks
//
// Exit 0 when every answer is the expected one, 1 otherwise, 2 on bad input.
#include <milpsac/milpsac.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// maximise 3x + 2y  s.t.  x + y <= 4,  x + 3y <= 6,  0 <= x <= 3,  x, y integer.
// Optimum 11 at (3, 1).
bool solve_small_milp() {
  milpsac::lp::LinearProgram lp;
  lp.name = "vendor";
  lp.resize(2, 2);
  lp.sense = milpsac::lp::ObjectiveSense::kMaximize;
  lp.c << 3.0, 2.0;
  lp.set_coefficient(0, 0, 1.0);  // c1: x + y
  lp.set_coefficient(0, 1, 1.0);
  lp.set_coefficient(1, 0, 1.0);  // c2: x + 3y
  lp.set_coefficient(1, 1, 3.0);
  lp.row_upper << 4.0, 6.0;
  lp.col_upper(0) = 3.0;
  lp.is_integer = {1, 1};
  lp.col_names = {"x", "y"};
  lp.row_names = {"c1", "c2"};

  const milpsac::bnb::MilpResult r = milpsac::bnb::solve_milp(lp);
  std::printf("MILP: status %s, objective %g, x = %g, y = %g\n", milpsac::bnb::to_string(r.status), r.objective,
              r.has_solution ? r.x(0) : NAN, r.has_solution ? r.x(1) : NAN);
  return r.status == milpsac::bnb::MilpStatus::kOptimal && std::fabs(r.objective - 11.0) < 1e-6 &&
         std::fabs(r.x(0) - 3.0) < 1e-6 && std::fabs(r.x(1) - 1.0) < 1e-6;
}

bool plan_sac(const std::string& path, double budget_gib, int world_size) {
  const milpsac::model::ModuleInfo info = milpsac::model::read_module_info_file(path);
  milpsac::model::SacRequest request;
  request.budget_gib = budget_gib;
  request.world_size = world_size;
  const milpsac::model::SacSolution s = milpsac::model::solve_sac(info, request, {});
  std::printf("SAC: %d modules, status %s", info.size(), milpsac::model::to_string(s.status));
  if (!s.has_plan) {
    std::printf(", no plan\n");
    return false;
  }
  std::printf(", %zu AC units, recompute %.3f ms, peak %.0f bytes (budget %.0f)\n", s.plan.size(), s.recompute_ms,
              s.peak_bytes, budget_gib * milpsac::model::kBytesPerGiB);
  for (const milpsac::model::AcDecision& d : s.plan)
    std::printf("  %s discards %.4f\n", info.modules[static_cast<std::size_t>(d.module)].fqn.c_str(), d.ratio);
  return s.violations.empty() && s.peak_bytes <= budget_gib * milpsac::model::kBytesPerGiB;
}

}  // namespace

int main(int argc, char** argv) {
  std::printf("milp-sac %s (API %d.%d.%d)\n", MILPSAC_VERSION_STRING, MILPSAC_VERSION_MAJOR, MILPSAC_VERSION_MINOR,
              MILPSAC_VERSION_PATCH);
  static_assert(MILPSAC_VERSION_AT_LEAST(0, 1, 0), "this example needs milp-sac 0.1.0 or later");
  try {
    bool ok = solve_small_milp();
    if (argc >= 3) ok = plan_sac(argv[1], std::atof(argv[2]), argc >= 4 ? std::atoi(argv[3]) : 1) && ok;
    return ok ? 0 : 1;
  } catch (const milpsac::InputError& e) {
    std::fprintf(stderr, "vendor-sac: %s\n", e.what());
    return 2;
  }
}
