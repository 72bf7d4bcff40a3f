// One solve call for the C++ API (see solve.h).
#include "api/solve.h"

#include <cstdio>

#include "bnb/branch_and_bound.h"
#include "lp/coefficient_range.h"
#include "lp/model_size.h"
#include "lp/simplex.h"

namespace milpsac::api {
namespace {

std::vector<double> to_vector(const Eigen::VectorXd& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

bool raised(const std::atomic<bool>* flag) { return flag != nullptr && flag->load(std::memory_order_relaxed); }

}  // namespace

Solution solve(const Model& model, const SolveOptions& options) {
  options::check_option(options::kSolveGap, options.relative_gap, "relative_gap");
  options::check_option(options::kTimeLimit, options.time_limit_seconds, "time_limit_seconds");
  options::check_option(options::kNodeLimit, options.node_limit, "node_limit");
  options::check_option(options::kMaxModelMemory, options.max_model_memory_gib, "max_model_memory_gib");
  const lp::LinearProgram lp = to_linear_program(model);
  Solution out;
  lp::check_model_size(lp, "model", options.max_model_memory_gib);
  out.warnings = lp::check_coefficient_ranges(lp, "model");
  out.is_mip = lp.has_integers();
  // The one clock of this call: every layer below polls it, and its
  // interrupt flag is the caller's.
  const Deadline clock(options.time_limit_seconds, options.interrupt);
  if (raised(options.interrupt)) {
    out.status = "interrupted";
    return out;
  }
  if (!out.is_mip) {
    lp::LpOptions lp_options;
    lp_options.time_limit_seconds = options.time_limit_seconds;
    lp_options.deadline = &clock;
    const lp::LpSolution s = lp::solve_lp(lp, lp_options);
    out.status = lp::to_string(s.status);
    out.has_solution = s.status == lp::LpStatus::kOptimal;
    if (out.has_solution) {
      out.objective = out.bound = s.objective;
      out.x = to_vector(s.x);
      out.row_activity = to_vector(s.row_activity);
      // The simplex reports duals of the minimisation form; a maximisation
      // is min -c^T x, so its duals in the model's sense are negated.
      const double sign = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
      out.row_duals = to_vector(sign * s.row_duals);
      out.reduced_costs = to_vector(sign * s.reduced_costs);
    }
    if (options.log)
      options.log("LP: " + out.status + " after " + std::to_string(s.iterations) + " simplex iterations");
    return out;
  }
  bnb::MilpOptions milp;
  milp.relative_gap = options.relative_gap;
  milp.time_limit_seconds = options.time_limit_seconds;
  milp.deadline = &clock;
  if (options.node_limit < static_cast<double>(milp.node_limit))
    milp.node_limit = static_cast<long>(options.node_limit);
  if (options.log) {
    milp.progress = [&options](const bnb::MilpProgress& p) {
      char line[160];
      std::snprintf(line, sizeof line, "nodes %ld, incumbent %.10g, bound %.10g", p.nodes, p.objective, p.bound);
      options.log(line);
    };
  }
  const bnb::MilpResult r = bnb::solve_milp(lp, milp);
  out.status = raised(options.interrupt) ? "interrupted" : bnb::to_string(r.status);
  out.has_solution = r.has_solution;
  out.objective = r.objective;
  out.bound = r.bound;
  out.gap = r.gap;
  out.nodes = r.nodes;
  if (r.has_solution) {
    out.x = to_vector(r.x);
    Eigen::VectorXd activity = lp.A * r.x;
    out.row_activity = to_vector(activity);
  }
  return out;
}

}  // namespace milpsac::api
