// What a vendor's code looks like against the installed milp-sac API: one
// include prefix, <milpsac/...>, and the umbrella header.
//
//   vendor-example                          solve a small MILP built in code
//   vendor-example MODULE_INFO.json GIB W   also plan SAC under GIB GiB per rank on W ranks
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

// The same model through the in-memory API, as an LP (duals too) and a MILP:
// LP optimum 3x + 2y at (3, 1) = 11 as well (a degenerate vertex: the duals
// are not unique, so they are checked for sign and c = A^T y + d, i.e.
// objective = y^T (A x) + d^T x).
bool solve_in_memory() {
  namespace api = milpsac::api;
  api::Model m;
  m.sense = milpsac::lp::ObjectiveSense::kMaximize;
  const int x = api::add_col(m, 3.0, 0.0, 3.0, false, "x");
  const int y = api::add_col(m, 2.0, 0.0, milpsac::options::kNone, false, "y");
  api::add_row(m, -milpsac::options::kNone, 4.0, {x, y}, {1.0, 1.0}, "c1");
  api::add_row(m, -milpsac::options::kNone, 6.0, {x, y}, {1.0, 3.0}, "c2");
  const api::Solution lp = api::solve(m);
  std::printf("LP: status %s, objective %g, dual of c1 %g\n", lp.status.c_str(), lp.objective,
              lp.row_duals.empty() ? NAN : lp.row_duals[0]);
  m.is_integer = {1, 1};
  api::SolveOptions options;
  options.log = [](const std::string& line) { std::printf("  log: %s\n", line.c_str()); };
  const api::Solution mip = api::solve(m, options);
  std::printf("MILP: status %s, objective %g\n", mip.status.c_str(), mip.objective);
  double dual_objective = 0.0;
  for (int i = 0; i < 2 && lp.row_duals.size() == 2; ++i) dual_objective += lp.row_duals[i] * lp.row_activity[i];
  for (int j = 0; j < 2 && lp.reduced_costs.size() == 2; ++j) dual_objective += lp.reduced_costs[j] * lp.x[j];
  return lp.status == "optimal" && std::fabs(lp.objective - 11.0) < 1e-6 && lp.row_duals.size() == 2 &&
         lp.row_duals[0] >= -1e-9 && lp.row_duals[1] >= -1e-9 && std::fabs(dual_objective - 11.0) < 1e-6 &&
         mip.status == "optimal" && std::fabs(mip.objective - 11.0) < 1e-6;
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
    ok = solve_in_memory() && ok;
    if (argc >= 3) ok = plan_sac(argv[1], std::atof(argv[2]), argc >= 4 ? std::atoi(argv[3]) : 1) && ok;
    return ok ? 0 : 1;
  } catch (const milpsac::InputError& e) {
    std::fprintf(stderr, "vendor-example: %s\n", e.what());
    return 2;
  }
}
