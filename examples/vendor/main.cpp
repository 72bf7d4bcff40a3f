// What a vendor's solver code looks like against the installed milp-sac API:
// one include, <milpsac/api.h>, which needs only the standard library (the
// check in check.sh: no Eigen and no Boost header reaches this file).
//
//   vendor-example MODEL.lp     read an LP file, solve it with a MIP start and an
//                               incumbent callback, and solve a small model built in code
//
// Exit 0 when every answer is the expected one, 1 otherwise, 2 on bad input.
#include <milpsac/api.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace api = milpsac::api;

// factory.lp: optimum 1120 at chairs 8, tables 6, desks 2. The MIP start
// (4, 4, 2), worth 760, is the search's first incumbent; each better one
// comes to the callback over the file's columns.
bool solve_file(const std::string& path) {
  const api::Model model = api::read_model(path);
  std::vector<double> start(model.num_cols(), 0.0);
  for (int j = 0; j < model.num_cols(); ++j) {
    const std::string& name = model.col_names[static_cast<std::size_t>(j)];
    start[static_cast<std::size_t>(j)] = name == "desks" ? 2.0 : 4.0;
  }
  api::SolveOptions options;
  options.initial_solution = start;
  options.log = [](const std::string& line) { std::printf("  log: %s\n", line.c_str()); };
  std::vector<double> first_values;
  int incumbents = 0;
  options.incumbent = [&](const api::Progress& event, const std::vector<double>& x) {
    if (incumbents++ == 0) first_values.push_back(event.incumbent);
    std::printf("  incumbent %g by %s\n", event.incumbent, event.found_by.c_str());
    (void)x;
  };
  const api::Solution s = api::solve(model, options);
  std::printf("%s: %s, objective %g, %ld nodes, %ld iterations\n", path.c_str(), s.status_text().c_str(), s.objective,
              s.nodes, s.iterations);
  return s.status == api::Status::kOptimal && std::fabs(s.objective - 1120.0) < 1e-6 && s.warnings.empty() &&
         !first_values.empty() && std::fabs(first_values[0] - 760.0) < 1e-6;
}

// maximise 3x + 2y  s.t.  x + y <= 4,  x + 3y <= 6,  0 <= x <= 3: as an LP
// (duals too) and as a MILP, optimum 11 at (3, 1) for both.
bool solve_in_memory() {
  api::Model m;
  m.sense = api::ObjectiveSense::kMaximize;
  const int x = api::add_col(m, 3.0, 0.0, 3.0, false, "x");
  const int y = api::add_col(m, 2.0, 0.0, milpsac::options::kNone, false, "y");
  api::add_row(m, -milpsac::options::kNone, 4.0, {x, y}, {1.0, 1.0}, "c1");
  api::add_row(m, -milpsac::options::kNone, 6.0, {x, y}, {1.0, 3.0}, "c2");
  const api::Solution lp = api::solve(m);
  std::printf("LP: %s, objective %g, dual of c1 %g\n", lp.status_text().c_str(), lp.objective,
              lp.row_duals.empty() ? NAN : lp.row_duals[0]);
  m.is_integer = {1, 1};
  const api::Solution mip = api::solve(m);
  std::printf("MILP: %s, objective %g\n", mip.status_text().c_str(), mip.objective);
  // The duals of this degenerate vertex are not unique: checked for sign and
  // objective = y^T (A x) + d^T x.
  double dual_objective = 0.0;
  for (std::size_t i = 0; i < lp.row_duals.size(); ++i) dual_objective += lp.row_duals[i] * lp.row_activity[i];
  for (std::size_t j = 0; j < lp.reduced_costs.size(); ++j) dual_objective += lp.reduced_costs[j] * lp.x[j];
  return lp.status == api::Status::kOptimal && std::fabs(lp.objective - 11.0) < 1e-6 && lp.row_duals.size() == 2 &&
         lp.row_duals[0] >= 0.0 && lp.row_duals[1] >= 0.0 && std::fabs(dual_objective - 11.0) < 1e-6 &&
         mip.status == api::Status::kOptimal && std::fabs(mip.objective - 11.0) < 1e-6;
}

}  // namespace

int main(int argc, char** argv) {
  std::printf("milp-sac %s (API %d.%d.%d)\n", MILPSAC_VERSION_STRING, MILPSAC_VERSION_MAJOR, MILPSAC_VERSION_MINOR,
              MILPSAC_VERSION_PATCH);
  static_assert(MILPSAC_VERSION_AT_LEAST(0, 1, 0), "this example needs milp-sac 0.1.0 or later");
  if (argc < 2) {
    std::fprintf(stderr, "usage: vendor-example MODEL.lp\n");
    return 2;
  }
  try {
    bool ok = solve_file(argv[1]);
    ok = solve_in_memory() && ok;
    return ok ? 0 : 1;
  } catch (const milpsac::InputError& e) {
    std::fprintf(stderr, "vendor-example: %s\n", e.what());
    return 2;
  }
}
