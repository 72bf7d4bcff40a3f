// One solve call for the C++ API (see solve.h).
#include "api/solve.h"

#include <algorithm>
#include <cmath>

#include "api/internal/linear_program_of.h"
#include "api/internal/mip_start.h"
#include "bnb/branch_and_bound.h"
#include "common/index.h"
#include "lp/coefficient_range.h"
#include "lp/model_size.h"
#include "lp/simplex.h"

namespace milpsac::api {
namespace {

// The incumbent check's tolerance (bnb/search_state.h kFeasibilityCheck),
// which a MIP start must pass to be used.
constexpr double kStartTolerance = 1e-6;

// -0 becomes 0: a dual or reduced cost of -0 reads as a sign where there is none.
double unsigned_zero(double v) { return v == 0.0 ? 0.0 : v; }

std::vector<double> to_vector(const Eigen::VectorXd& v) {
  std::vector<double> out(uz(static_cast<int>(v.size())));
  for (Eigen::Index k = 0; k < v.size(); ++k) out[uz(static_cast<int>(k))] = unsigned_zero(v[k]);
  return out;
}

bool raised(const std::atomic<bool>* flag) { return flag != nullptr && flag->load(std::memory_order_relaxed); }

double known(double v) { return std::isfinite(v) ? v : NAN; }

Status from_lp(lp::LpStatus status) {
  switch (status) {
    case lp::LpStatus::kOptimal:
      return Status::kOptimal;
    case lp::LpStatus::kInfeasible:
      return Status::kInfeasible;
    case lp::LpStatus::kUnbounded:
      return Status::kUnbounded;
    case lp::LpStatus::kIterationLimit:
      return Status::kIterationLimit;
    case lp::LpStatus::kTimeLimit:
      return Status::kTimeLimit;
    default:
      return Status::kNumericalError;
  }
}

Status from_milp(bnb::MilpStatus status) {
  switch (status) {
    case bnb::MilpStatus::kOptimal:
      return Status::kOptimal;
    case bnb::MilpStatus::kGapLimit:
      return Status::kGapLimit;
    case bnb::MilpStatus::kTimeLimit:
      return Status::kTimeLimit;
    case bnb::MilpStatus::kNodeLimit:
      return Status::kNodeLimit;
    case bnb::MilpStatus::kInfeasible:
      return Status::kInfeasible;
    case bnb::MilpStatus::kUnbounded:
      return Status::kUnbounded;
    default:
      return Status::kNumericalError;
  }
}

// Turns the search's reports into the API's events: the API's clock, NaN
// for what is not known, node logs paced by log_interval_seconds (the
// search's last snapshot dropped: kFinish says it), and the bound kept
// monotone across the whole call (a presolve fallback restarts the search's own).
class Reporter {
 public:
  Reporter(const SolveOptions& options, const Deadline& clock, bool maximize)
      : options_(options), clock_(clock), maximize_(maximize), next_node_log_(options.log_interval_seconds) {}

  bool wanted() const { return options_.progress || options_.log; }

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
    p.seconds = clock_.elapsed_seconds();
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
      const double now = clock_.elapsed_seconds();
      if (m.final_report || now < next_node_log_) return;
      next_node_log_ = now + options_.log_interval_seconds;
    }
    emit(convert(m));
  }

  double best_bound() const { return best_bound_; }

 private:
  const SolveOptions& options_;
  const Deadline& clock_;
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

void solve_lp(const lp::LinearProgram& lp, const Deadline& clock, const SolveOptions& options, Solution& out) {
  lp::LpOptions lp_options;
  lp_options.time_limit_seconds = options.time_limit_seconds;
  lp_options.deadline = &clock;
  const lp::LpSolution s = lp::solve_lp(lp, lp_options);
  out.status =
      raised(options.interrupt) && s.status != lp::LpStatus::kOptimal ? Status::kInterrupted : from_lp(s.status);
  out.iterations = s.iterations;
  out.has_solution = s.status == lp::LpStatus::kOptimal;
  if (!out.has_solution) return;
  out.objective = out.bound = s.objective;
  out.x = to_vector(s.x);
  out.row_activity = to_vector(s.row_activity);
  // The simplex reports duals of the minimisation form; a maximisation
  // is min -c^T x, so its duals in the model's sense are negated.
  const double sign = lp.sense == lp::ObjectiveSense::kMaximize ? -1.0 : 1.0;
  out.row_duals = to_vector(sign * s.row_duals);
  out.reduced_costs = to_vector(sign * s.reduced_costs);
}

void solve_milp(const lp::LinearProgram& lp, const Deadline& clock, const SolveOptions& options,
                const std::vector<double>* start, Reporter& reporter, Solution& out) {
  bnb::MilpOptions milp;
  milp.relative_gap = options.relative_gap;
  milp.time_limit_seconds = options.time_limit_seconds;
  milp.deadline = &clock;
  if (options.node_limit < static_cast<double>(milp.node_limit))
    milp.node_limit = static_cast<long>(options.node_limit);
  if (start != nullptr) milp.initial_solution = Eigen::Map<const Eigen::VectorXd>(start->data(), lp.num_cols());
  milp.progress_interval_seconds = options.log_interval_seconds;
  if (reporter.wanted()) milp.progress = [&reporter](const bnb::MilpProgress& p) { reporter.report(p); };
  if (options.incumbent)
    milp.incumbent = [&reporter, &options](const bnb::MilpProgress& p, const Eigen::VectorXd& x) {
      options.incumbent(reporter.convert(p), to_vector(x));
    };
  const bnb::MilpResult r = bnb::solve_milp(lp, milp);
  out.status = raised(options.interrupt) ? Status::kInterrupted : from_milp(r.status);
  out.has_solution = r.has_solution;
  out.objective = r.objective;
  out.bound = r.bound;
  out.gap = r.gap;
  out.nodes = r.nodes;
  out.iterations = r.lp_iterations;
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
  if (r.has_solution) {
    out.x = to_vector(r.x);
    const Eigen::VectorXd activity = lp.A * r.x;
    out.row_activity = to_vector(activity);
  }
}

}  // namespace

Solution solve(const Model& model, const SolveOptions& options) {
  options::check_option(options::kSolveGap, options.relative_gap, "relative_gap");
  options::check_option(options::kTimeLimit, options.time_limit_seconds, "time_limit_seconds");
  options::check_option(options::kNodeLimit, options.node_limit, "node_limit");
  options::check_option(options::kMaxModelMemory, options.max_model_memory_gib, "max_model_memory_gib");
  options::check_option(options::kLogInterval, options.log_interval_seconds, "log_interval_seconds");
  // The one clock of this call: every layer below polls it, and its
  // interrupt flag is the caller's.
  const Deadline clock(options.time_limit_seconds, options.interrupt);
  const lp::LinearProgram lp = to_linear_program(model);
  Solution out;
  lp::check_model_size(lp, "model", options.max_model_memory_gib);
  out.warnings = lp::check_coefficient_ranges(lp, "model");
  out.is_mip = lp.has_integers();
  const std::vector<double>* start = nullptr;
  if (!options.initial_solution.empty()) {
    const std::string rejected = check_initial_solution(lp, options.initial_solution, kStartTolerance);
    if (rejected.empty())
      start = &options.initial_solution;
    else
      out.warnings.push_back(rejected);
  }
  Reporter reporter(options, clock, lp.sense == lp::ObjectiveSense::kMaximize);
  if (reporter.wanted()) {
    Progress p;
    p.rows = lp.num_rows();
    p.cols = lp.num_cols();
    p.integers = static_cast<int>(std::count(lp.is_integer.begin(), lp.is_integer.end(), 1));
    reporter.emit(p);
  }
  if (raised(options.interrupt)) {
    out.status = Status::kInterrupted;
  } else if (!out.is_mip) {
    solve_lp(lp, clock, options, out);
  } else {
    solve_milp(lp, clock, options, start, reporter, out);
  }
  if (!out.is_mip && !out.has_solution) out.gap = 0.0;
  out.seconds = clock.elapsed_seconds();
  if (reporter.wanted()) reporter.emit(finish_event(out, out.seconds));
  return out;
}

}  // namespace milpsac::api
