// One solve call for the C++ API (see solve.h): a client of the solve door
// (api/solve_door.h), which owns the clock, the checks, the solve and the
// status; this file translates SolveOptions in and the report out, and turns
// the search's events into the API's (api/progress.h).
#include "api/solve.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "api/internal/linear_program_of.h"
#include "api/solve_door.h"
#include "bnb/branch_and_bound.h"
#include "common/index.h"

namespace milpsac::api {
namespace {

// -0 becomes 0: a dual or reduced cost of -0 reads as a sign where there is none.
double unsigned_zero(double v) { return v == 0.0 ? 0.0 : v; }

std::vector<double> to_vector(const Eigen::VectorXd& v) {
  std::vector<double> out(uz(static_cast<int>(v.size())));
  for (Eigen::Index k = 0; k < v.size(); ++k) out[uz(static_cast<int>(k))] = unsigned_zero(v[k]);
  return out;
}

double known(double v) { return std::isfinite(v) ? v : NAN; }

// Turns the search's reports into the API's events: the API's clock, NaN
// for what is not known, node logs paced by log_interval_seconds (the
// search's last snapshot dropped: kFinish says it), and the bound kept
// monotone across the whole call (a presolve fallback restarts the search's own).
class Reporter {
 public:
  Reporter(const SolveOptions& options, bool maximize)
      : options_(options),
        start_(std::chrono::steady_clock::now()),
        maximize_(maximize),
        next_node_log_(options.log_interval_seconds) {}

  // Seconds since the call began, the events' time.
  double elapsed_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  bool wanted() const { return options_.progress || options_.log; }
  void set_maximize(bool maximize) { maximize_ = maximize; }

  void emit(Progress p) {
    if (!std::isnan(p.bound)) {
      if (!std::isnan(best_bound_))
        p.bound = maximize_ ? std::min(p.bound, best_bound_) : std::max(p.bound, best_bound_);
      best_bound_ = p.bound;
    }
    if (options_.progress) options_.progress(p);
    if (options_.log) options_.log(to_string(p));
  }

  Progress convert(const bnb::MilpProgress& m) const {
    Progress p;
    switch (m.event) {
      case bnb::MilpEvent::kRootLp:
        p.event = Event::kRootLp;
        break;
      case bnb::MilpEvent::kCutRound:
        p.event = Event::kCutRound;
        break;
      case bnb::MilpEvent::kIncumbent:
        p.event = Event::kIncumbent;
        break;
      case bnb::MilpEvent::kSearch:
        p.event = Event::kNodeLog;
        break;
    }
    p.seconds = elapsed_seconds();
    p.nodes = m.nodes;
    p.open_nodes = m.open_nodes;
    p.lp_iterations = m.lp_iterations;
    p.cut_round = m.cut_round;
    p.cuts_added = m.cuts_added;
    p.cuts = m.cut_rows;
    p.incumbent = known(m.objective);
    p.bound = known(m.bound);
    if (!std::isnan(best_bound_) && !std::isnan(p.bound))
      p.bound = maximize_ ? std::min(p.bound, best_bound_) : std::max(p.bound, best_bound_);
    p.gap = p.has_incumbent() && !std::isnan(p.bound)
                ? bnb::relative_gap(maximize_ ? -p.incumbent : p.incumbent, maximize_ ? -p.bound : p.bound)
                : NAN;
    p.found_by = m.found_by;
    return p;
  }

  void report(const bnb::MilpProgress& m) {
    if (m.event == bnb::MilpEvent::kSearch) {
      const double now = elapsed_seconds();
      if (m.final_report || now < next_node_log_) return;
      next_node_log_ = now + options_.log_interval_seconds;
    }
    emit(convert(m));
  }

  double best_bound() const { return best_bound_; }

 private:
  const SolveOptions& options_;
  std::chrono::steady_clock::time_point start_;
  bool maximize_;
  double next_node_log_;
  double best_bound_ = NAN;
};

Progress finish_event(const Solution& s, double seconds) {
  Progress p;
  p.event = Event::kFinish;
  p.status = s.status;
  p.seconds = seconds;
  p.nodes = s.nodes;
  p.lp_iterations = s.iterations;
  p.incumbent = s.has_solution ? s.objective : NAN;
  p.bound = s.has_solution || s.is_mip ? known(s.bound) : NAN;
  p.gap = s.has_solution ? known(s.gap) : NAN;
  return p;
}

// The door's report in the API's terms: values by column and row index, no
// -0, and the bound the events showed when it is better than the result's.
Solution solution_of(const SolveReport& report, const Reporter& reporter) {
  const lp::LinearProgram& lp = report.model;
  const bnb::MilpResult& r = report.result;
  Solution out;
  out.status = report.status;
  out.warnings = report.warnings;
  out.is_mip = report.is_mip();
  out.has_solution = r.has_solution;
  out.iterations = r.lp_iterations;
  out.seconds = report.seconds;
  if (!out.is_mip) {
    // An LP: its objective is its bound; no gap, no nodes.
    if (r.has_solution) out.objective = out.bound = r.objective;
  } else {
    out.objective = r.objective;
    out.bound = r.bound;
    out.gap = r.gap;
    out.nodes = r.nodes;
    // The bound the events showed, when it is better than the result's own
    // (both proven; a presolve fallback restarts the search's).
    const double shown = reporter.best_bound();
    if (!std::isnan(shown) && r.status != bnb::MilpStatus::kInfeasible && r.status != bnb::MilpStatus::kUnbounded) {
      const bool maximize = lp.sense == lp::ObjectiveSense::kMaximize;
      out.bound = maximize ? std::min(out.bound, shown) : std::max(out.bound, shown);
      if (r.has_solution) {
        out.bound = maximize ? std::max(out.bound, r.objective) : std::min(out.bound, r.objective);
        out.gap = maximize ? bnb::relative_gap(-r.objective, -out.bound) : bnb::relative_gap(r.objective, out.bound);
      }
    }
  }
  if (r.has_solution) {
    out.x = to_vector(r.x);
    const Eigen::VectorXd activity = lp.A * r.x;
    out.row_activity = to_vector(activity);
  }
  if (report.has_duals()) {
    out.row_duals = to_vector(r.row_duals);
    out.reduced_costs = to_vector(r.reduced_costs);
  }
  return out;
}

// The request of `options` and the door called by `run(request)`, with the
// API's events around it.
template <class Run>
Solution solve_through_door(const SolveOptions& options, bool maximize, Run&& run) {
  options::check_option(options::kNodeLimit, options.node_limit, "node_limit");
  options::check_option(options::kLogInterval, options.log_interval_seconds, "log_interval_seconds");
  SolveRequest request;
  request.relative_gap = options.relative_gap;
  request.time_limit_seconds = options.time_limit_seconds;
  if (options.node_limit < static_cast<double>(request.node_limit))
    request.node_limit = static_cast<long>(options.node_limit);
  request.max_model_memory_gib = options.max_model_memory_gib;
  request.initial_solution = options.initial_solution;
  request.progress_interval_seconds = options.log_interval_seconds;
  Reporter reporter(options, maximize);
  request.started = [&reporter](const SolveReport& report) {
    const lp::LinearProgram& lp = report.model;
    reporter.set_maximize(lp.sense == lp::ObjectiveSense::kMaximize);  // a file's sense is known from here
    if (!reporter.wanted()) return;
    Progress p;
    p.rows = lp.num_rows();
    p.cols = lp.num_cols();
    p.integers = static_cast<int>(std::count(lp.is_integer.begin(), lp.is_integer.end(), 1));
    reporter.emit(p);
  };
  if (reporter.wanted()) request.progress = [&reporter](const bnb::MilpProgress& p) { reporter.report(p); };
  if (options.incumbent)
    request.incumbent = [&reporter, &options](const bnb::MilpProgress& p, const Eigen::VectorXd& x) {
      options.incumbent(reporter.convert(p), to_vector(x));
    };
  const SolveReport report = run(request);
  Solution out = solution_of(report, reporter);
  if (reporter.wanted()) reporter.emit(finish_event(out, out.seconds));
  return out;
}

}  // namespace

Solution solve(const Model& model, const SolveOptions& options) {
  return solve_through_door(options, model.sense == lp::ObjectiveSense::kMaximize, [&](const SolveRequest& request) {
    return solve_model(to_linear_program(model), request, options.interrupt);
  });
}

Solution solve_file(const std::string& path, const SolveOptions& options) {
  // The sense is the file's, known once it is read (request.started).
  return solve_through_door(options, false,
                            [&](const SolveRequest& request) { return solve_file(path, request, options.interrupt); });
}

}  // namespace milpsac::api
