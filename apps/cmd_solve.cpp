// milp-sac solve MODEL.mps[.gz]|MODEL.lp[.gz]: solve an LP or MILP read from MPS
// (or CPLEX LP format, by the file name) with our
// simplex and branch-and-bound, and print the JSON of docs/json.md#solve.
//
// The time limit counts from the start of the command, before the file is
// read, so reading and building count against it. The `x` object is written
// straight to the output (one pass over the columns), not built as a JSON
// object whose inserts would search the keys already there. MPS names that are
// not UTF-8 (Latin-1 in old files) are transcoded so the output is valid JSON;
// --write-solution keeps the names byte for byte.
#include <array>
#include <cmath>
#include <iostream>
#include <string>

#include "bnb/branch_and_bound.h"
#include "cli_args.h"
#include "commands.h"
#include "common/deadline.h"
#include "common/input_file.h"
#include "common/utf8.h"
#include "interrupt.h"
#include "lp/coefficient_range.h"
#include "lp/lp_format/model_file.h"
#include "lp/model_size.h"
#include "output.h"
#include "progress_log.h"
#include "solution_file.h"
#include "text_format.h"

namespace milpsac::cli {
namespace {

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

// The JSON object, with "x" written column by column after the other keys.
// One "key": {name: value, ...} member, streamed (a model may have millions
// of columns), names in model order.
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

void print_solution_json(const Json& head, const lp::LinearProgram& model, const bnb::MilpResult& result) {
  std::string out = json_text(with_schema(head));
  out.pop_back();  // the closing brace; the head always has keys, so "\n}" ends it
  while (!out.empty() && out.back() == '\n') out.pop_back();
  write_named_values(out, "x", model.col_names, result.has_solution ? result.x : Eigen::VectorXd());
  // A pure LP's optimum also has duals (docs/json.md#solve).
  if (result.row_duals.size() == model.num_rows() && result.reduced_costs.size() == model.num_cols()) {
    write_named_values(out, "row_duals", model.row_names, result.row_duals);
    write_named_values(out, "reduced_costs", model.col_names, result.reduced_costs);
  }
  out += "\n}\n";
  std::cout << out;
}

void print_solution_table(const std::string& path, bool read_in_time, const lp::LinearProgram& model,
                          const bnb::MilpResult& result, double seconds) {
  if (read_in_time)
    std::cout << "model " << input_name(path) << ": " << model.num_rows() << " rows, " << model.num_cols()
              << " columns\n";
  else
    std::cout << "model " << input_name(path) << ": not read within the time limit\n";
  TextTable summary({{"", true}, {"", true}});
  summary.add_row({"status", bnb::to_string(result.status)});
  summary.add_row({"objective", result.has_solution ? human_number(result.objective, 10) : "-"});
  summary.add_row({"bound", std::isfinite(result.bound) ? human_number(result.bound, 10) : "-"});
  summary.add_row({"gap (%)", result.has_solution ? gap_percent(result.gap) : "-"});
  summary.add_row({"nodes", std::to_string(result.nodes)});
  summary.add_row({"time (s)", human_number(seconds, 3)});
  std::string text = summary.render();
  std::cout << text.substr(text.find('\n') + 1);  // no header row for the summary
  if (!result.has_solution) return;
  TextTable columns({{"column", true}, {"value"}});
  for (int j = 0; j < model.num_cols(); ++j)
    columns.add_row({to_valid_utf8(model.col_names[static_cast<size_t>(j)]), human_number(result.x[j], 10)});
  std::cout << "\n" << columns.render();
}

}  // namespace

int run_solve(const Args& argv) {
  const Deadline clock;  // the time limit counts from here
  CliArgs args(argv, command_spec("solve"));
  args.require_positional(1, "MODEL.mps");
  bnb::MilpOptions options;
  options.relative_gap = args.option(options::kSolveGap);
  const double time_limit = args.option(options::kTimeLimit);
  options.node_limit = args.integer("node-limit", options.node_limit);
  if (options.node_limit <= 0) throw InputError("option --node-limit: must be positive");
  const double max_model_memory = args.option(options::kMaxModelMemory);
  const OutputFormat format = output_format(args);
  const std::string& path = args.positional()[0];
  const auto solution_path = args.value("write-solution");
  if (solution_path && solution_path->empty()) throw InputError("option --write-solution: empty file name");
  const ProgressSetting progress = progress_from_args(args, "solve");
  options.progress = progress.callback;
  options.progress_interval_seconds = progress.interval_seconds;

  std::vector<std::string> warnings;
  // Reading polls the limit too (nw04 takes about a second to read): a limit
  // that passes first ends the command as `time_limit` with no model.
  const Deadline reading(remaining_limit(clock, time_limit));
  lp::LinearProgram model;
  bnb::MilpResult result;
  bool read_in_time = true;
  try {
    model = lp::read_model_file(path, &warnings, &reading);  // MPS, or CPLEX LP by the name (.lp, .lp.gz)
  } catch (const TimeLimitReached& stop) {
    read_in_time = false;
    warnings.push_back(stop.what());
    result.status = bnb::MilpStatus::kTimeLimit;
  }
  // A model too large to solve is refused before solving (InputError), then
  // spans of coefficients the tolerances cannot resolve: refused or warned.
  lp::check_model_size(model, input_name(path), max_model_memory);
  for (std::string& warning : lp::check_coefficient_ranges(model, input_name(path)))
    warnings.push_back(std::move(warning));
  // The warnings carry "FILE[:LINE]: warning: ..." already. --quiet silences
  // stderr for the whole command (main.cpp), warnings included.
  for (const std::string& warning : warnings) std::cerr << "milp-sac solve: " << to_valid_utf8(warning) << "\n";
  // Reading and checking the model, apart: a solver's own timer (HiGHS's
  // run time, the comparison scripts in bench/) starts from a model in memory.
  const double read_seconds = clock.elapsed_seconds();
  // The search's clock: what is left of the limit, and Ctrl-C (SIGINT,
  // SIGTERM) through its interrupt flag.
  const Deadline solve_clock(remaining_limit(clock, time_limit), &interrupt_flag());
  options.time_limit_seconds = solve_clock.limit_seconds();
  options.deadline = &solve_clock;
  if (read_in_time) result = bnb::solve_milp(model, options);
  // Ctrl-C stops the search as at a time limit; say which it was.
  const bool interrupted = interrupt_flag().load();
  const double seconds = clock.elapsed_seconds();

  if (solution_path) write_solution_file(*solution_path, model, result);
  if (format == OutputFormat::kTable) {
    print_solution_table(path, read_in_time, model, result, seconds);
  } else {
    Json out;
    out["status"] = interrupted ? "interrupted" : bnb::to_string(result.status);
    out["objective"] = result.has_solution ? number_or_null(result.objective) : Json(nullptr);
    out["bound"] = number_or_null(result.bound);
    out["gap"] = result.has_solution ? number_or_null(result.gap) : Json(nullptr);
    out["nodes"] = result.nodes;
    out["seconds"] = seconds;
    out["read_seconds"] = read_seconds;
    // How well the answer holds on the original data (pure LPs: docs/json.md#solve).
    if (!model.needs_search()) {
      Json check = Json::object();
      if (std::isfinite(result.primal_residual)) check["primal_residual"] = result.primal_residual;
      if (std::isfinite(result.dual_residual)) check["dual_residual"] = result.dual_residual;
      if (std::isfinite(result.ray_residual)) check["ray_residual"] = result.ray_residual;
      out["check"] = check;
    }
    print_solution_json(out, model, result);
  }
  if (interrupted) return kExitInterrupted;
  return result.has_solution ? 0 : 1;
}

}  // namespace milpsac::cli
