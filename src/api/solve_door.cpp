// The solve job's door (see solve_door.h).
#include "api/solve_door.h"

#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

#include "api/internal/mip_start.h"
#include "bnb/branch_and_bound.h"
#include "bnb/job_status.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "common/stop_message.h"
#include "common/utf8.h"
#include "lp/coefficient_range.h"
#include "lp/lp_format/model_file.h"
#include "lp/model_size.h"

namespace milpsac::api {
namespace {

// The incumbent check's tolerance (bnb/search_state.h kFeasibilityCheck),
// which a MIP start must pass to be used.
constexpr double kStartTolerance = 1e-6;

// The one rule of every door (bnb/job_status.h): `interrupted` when the flag
// stopped the run, reading or solving; otherwise the MILP's own verdict.
Status final_status(const bnb::MilpResult& result, const Deadline& clock) {
  return bnb::final_status(bnb::job_status<Status>(result.status), clock);
}

// The checks and the solve of a model in memory, on the door's clock.
void check_and_solve(SolveReport& report, const SolveRequest& request, const Deadline& clock) {
  const lp::LinearProgram& lp = report.model;
  // A model too large to solve is refused before solving (InputError), then
  // spans of coefficients the tolerances cannot resolve: refused or warned.
  lp::check_model_size(lp, report.source, request.max_model_memory_gib);
  for (std::string& warning : lp::check_coefficient_ranges(lp, report.source))
    report.warnings.push_back(std::move(warning));
  bnb::MilpOptions options;
  options.relative_gap = request.relative_gap;
  options.deadline = &clock;
  options.node_limit = request.node_limit;
  options.presolve = request.presolve;
  options.progress = request.progress;
  options.progress_interval_seconds = request.progress_interval_seconds;
  options.incumbent = request.incumbent;
  if (!request.initial_solution.empty()) {
    const std::string rejected = check_initial_solution(lp, request.initial_solution, kStartTolerance);
    if (rejected.empty())
      options.initial_solution = Eigen::Map<const Eigen::VectorXd>(request.initial_solution.data(), lp.num_cols());
    else
      report.warnings.push_back(rejected);
  }
  // Reading and checking the model, apart: a solver's own timer (HiGHS's
  // run time, the comparison scripts in bench/) starts from a model in memory.
  report.read_seconds = clock.elapsed_seconds();
  if (request.started) request.started(report);
  report.result = clock.expired() ? bnb::time_limit_before_search(lp.sense == lp::ObjectiveSense::kMaximize)
                                  : bnb::solve_milp(lp, options);
}

void check_request(const SolveRequest& request) {
  options::check_option(options::kSolveGap, request.relative_gap, "relative_gap");
  options::check_option(options::kTimeLimit, request.time_limit_seconds, "time_limit_seconds");
  options::check_option(options::kMaxModelMemory, request.max_model_memory_gib, "max_model_memory_gib");
  if (request.node_limit <= 0) throw InputError("option node_limit: must be positive");
}

}  // namespace

SolveReport solve_file(const std::string& path, const SolveRequest& request, const std::atomic<bool>* interrupt) {
  check_request(request);
  // The one clock of the call: reading, checking and solving count against it.
  const Deadline clock(request.time_limit_seconds, interrupt);
  SolveReport report;
  report.source = input_name(path);
  try {
    // MPS, or CPLEX LP by the name (.lp, .lp.gz); reading polls the clock
    // (nw04 takes about a second to read).
    report.model = lp::read_model_file(path, &report.warnings, &clock);
  } catch (const TimeLimitReached& stop) {
    report.read_in_time = false;
    report.warnings.push_back(stop_message(stop, clock.interrupted()));
    report.result = bnb::time_limit_before_search(false);
  }
  if (report.read_in_time) check_and_solve(report, request, clock);
  report.status = final_status(report.result, clock);
  report.seconds = clock.elapsed_seconds();
  if (!report.read_in_time) report.read_seconds = report.seconds;
  return report;
}

SolveReport solve_model(lp::LinearProgram model, const SolveRequest& request, const std::atomic<bool>* interrupt) {
  check_request(request);
  const Deadline clock(request.time_limit_seconds, interrupt);
  SolveReport report;
  report.source = "model";
  report.model = std::move(model);
  check_and_solve(report, request, clock);
  report.status = final_status(report.result, clock);
  report.seconds = clock.elapsed_seconds();
  return report;
}

namespace {

using Json = nlohmann::ordered_json;

double without_negative_zero(double v) { return v == 0.0 ? 0.0 : v; }

Json number_or_null(double v) { return std::isfinite(v) ? Json(without_negative_zero(v)) : Json(nullptr); }

// A JSON string of an MPS name, as Json(to_valid_utf8(name)).dump() writes it.
// Names are nearly always printable ASCII that needs no escape: those are
// copied as they are (10^6 names would otherwise be 10^6 small documents).
void append_name(std::string& out, const std::string& name) {
  bool plain = true;
  for (const char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    plain = plain && c >= 0x20 && c < 0x7F && ch != '"' && ch != '\\';
  }
  if (!plain) {
    out += Json(to_valid_utf8(name)).dump();
    return;
  }
  out += '"';
  out += name;
  out += '"';
}

// A number, byte for byte as Json(v).dump(): nlohmann's own shortest
// round-trip formatting (the routine its serializer calls), null if not finite.
void append_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  std::array<char, 64> buffer{};
  char* end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), without_negative_zero(v));
  out.append(buffer.data(), static_cast<size_t>(end - buffer.data()));
}

// One "key": {name: value, ...} member, streamed (a model may have millions
// of columns) rather than built as a JSON object whose inserts would search
// the keys already there; names in model order.
void write_named_values(std::string& out, const char* key, const std::vector<std::string>& names,
                        const Eigen::VectorXd& values) {
  out += ",\n  \"";
  out += key;
  out += "\": {";
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    out += i == 0 ? "\n    " : ",\n    ";
    append_name(out, names[static_cast<size_t>(i)]);
    out += ": ";
    append_number(out, values[i]);
  }
  if (values.size() > 0) out += "\n  ";
  out += "}";
}

}  // namespace

std::string solve_report_json(const SolveReport& report) {
  const bnb::MilpResult& result = report.result;
  Json head;
  head["schema"] = 1;  // docs/json.md: the CLI's JSON schema version
  head["status"] = to_string(report.status);
  head["objective"] = result.has_solution ? number_or_null(result.objective) : Json(nullptr);
  head["bound"] = number_or_null(result.bound);
  head["gap"] = result.has_solution ? number_or_null(result.gap) : Json(nullptr);
  head["nodes"] = result.nodes;
  head["lp_iterations"] = result.lp_iterations;
  if (report.is_mip()) {
    // Where they went, as HiGHS's solving report splits them (docs/json.md#solve).
    const bnb::LpIterationShares& by = result.iterations_by;
    head["lp_iterations_by"] = {{"strong_branching", by.strong_branching},
                                {"separation", by.separation},
                                {"heuristics", by.heuristics},
                                {"sub_mips", by.sub_mips}};
  }
  head["seconds"] = report.seconds;
  head["read_seconds"] = report.read_seconds;
  // How well the answer holds on the original data (pure LPs: docs/json.md#solve).
  if (!report.is_mip()) {
    Json check = Json::object();
    if (std::isfinite(result.primal_residual)) check["primal_residual"] = result.primal_residual;
    if (std::isfinite(result.dual_residual)) check["dual_residual"] = result.dual_residual;
    if (std::isfinite(result.ray_residual)) check["ray_residual"] = result.ray_residual;
    head["check"] = check;
  }
  std::string out = head.dump(2, ' ', false, Json::error_handler_t::replace);
  out.pop_back();  // the closing brace; the head always has keys, so "\n}" ends it
  while (!out.empty() && out.back() == '\n') out.pop_back();
  const lp::LinearProgram& model = report.model;
  write_named_values(out, "x", model.col_names, result.has_solution ? result.x : Eigen::VectorXd());
  // A pure LP's optimum also has duals (docs/json.md#solve).
  if (report.has_duals()) {
    write_named_values(out, "row_duals", model.row_names, result.row_duals);
    write_named_values(out, "reduced_costs", model.col_names, result.reduced_costs);
  }
  out += "\n}\n";
  return out;
}

}  // namespace milpsac::api
