// `milp-sac export-mps MODULE_INFO.json --budget GIB [...] [--formulation
// cumulative|chain|pairwise-bigm] -o FILE.mps`: the module-level SAC MILP as
// built, in free MPS, to hand to CBC, HiGHS or GLPK. `cumulative` (default)
// and `chain` are the models `sac` solves (see docs/sac.md); `pairwise-bigm`
// is the reference sac_milp model row for row (old names `ours`, `seed`). Prints a JSON
// summary of the file (or, with -o -, writes the MPS itself to stdout and
// nothing else). --column-map FILE.json also writes which column is which
// module's decision, so a plan can be read back from another solver's
// solution (docs/json.md#export-mps-column-map).
#include <iostream>
#include <limits>
#include <sstream>

#include "cli_args.h"
#include "commands.h"
#include "common/deadline.h"
#include "common/input_file.h"
#include "common/output_file.h"
#include "common/utf8.h"
#include "interrupt.h"
#include "lp/mps/mps.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/sac_formulation.h"
#include "output.h"
#include "sac_options.h"
#include "text_format.h"

namespace milpsac::cli {

namespace {

Json column_name(const model::SacModel& model, int col) {
  return col < 0 ? Json(nullptr) : Json(to_valid_utf8(model.lp.col_names[static_cast<size_t>(col)]));
}

// Per module: its AC-unit column y (1 = checkpointed), the column whose value
// gives the discarded fraction (offset + scale * value when y = 1) and its
// recompute-time column; then the model's other named columns.
Json column_map_json(const model::ModuleInfo& info, const model::SacModel& model, model::SacFormulation formulation) {
  Json map;
  map["formulation"] = model::to_string(formulation);
  map["objective_unit_ms"] = model.objective_unit_ms;
  Json modules = Json::array();
  for (size_t i = 0; i < info.modules.size(); ++i) {
    const int y = i < model.y_col.size() ? model.y_col[i] : -1;
    if (y < 0) continue;  // not a candidate in this model
    Json m;
    m["fqn"] = to_valid_utf8(info.modules[i].fqn);
    m["y"] = column_name(model, y);
    const int ratio = i < model.ratio_col.size() ? model.ratio_col[i] : -1;
    if (ratio >= 0) {
      m["ratio"] = {
          {"column", column_name(model, ratio)}, {"scale", model.ratio_scale[i]}, {"offset", model.ratio_offset[i]}};
    } else {
      m["ratio"] = nullptr;
    }
    m["time"] = column_name(model, i < model.time_col.size() ? model.time_col[i] : -1);
    modules.push_back(std::move(m));
  }
  map["modules"] = std::move(modules);
  map["peak"] = column_name(model, model.peak_col);
  Json twins = Json::array();
  for (const auto& [col, members] : model.twin_count_col) {
    Json names = Json::array();
    for (int i : members) names.push_back(to_valid_utf8(info.modules[static_cast<size_t>(i)].fqn));
    twins.push_back({{"column", column_name(model, col)}, {"modules", std::move(names)}});
  }
  map["twin_counts"] = std::move(twins);
  return map;
}

}  // namespace

int run_export_mps(const Args& argv) {
  // "-o FILE" is the documented short form of --output FILE.
  Args normalized;
  for (const std::string& arg : argv) normalized.push_back(arg == "-o" ? "--output" : arg);
  const CliArgs args(normalized, command_spec("export-mps"));
  args.require_positional(1, "MODULE_INFO.json");
  const model::SacRequest request = sac_request_from_args(args);
  const model::SacFormulation formulation = formulation_from_args(args);
  const auto output = args.value("output");
  if (!output || output->empty()) throw InputError("option -o FILE.mps is required");
  const auto column_map = args.value("column-map");
  if (column_map && column_map->empty()) throw InputError("option --column-map: empty file name");

  // No limit of its own, but Ctrl-C stops the reading and, after it, the
  // export before any output is written (main.cpp reports "interrupted",
  // exit 130).
  const Deadline clock(std::numeric_limits<double>::infinity(), &interrupt_flag());
  const model::ModuleInfo info = model::read_module_info_file(args.positional()[0], &clock);
  print_module_warnings("export-mps", info.warnings);
  model::validate_request(info, request);
  const model::SacModel model = model::build_sac_model(info, request, formulation);
  check_deadline(&clock, input_name(args.positional()[0]), "building the model");
  // The MPS first, then the map that describes it: each is complete or not
  // there at all (output_file.h), and a map never describes a missing MPS.
  if (*output == "-") {
    lp::write_mps(model.lp, std::cout);
  } else {
    std::ostringstream mps;
    lp::write_mps(model.lp, mps);
    write_output_file({"-o", *output}, mps.str());
  }
  if (column_map)
    write_output_file({"--column-map", *column_map}, json_text(with_schema(column_map_json(info, model, formulation))));
  if (*output == "-") return 0;
  long integers = 0;
  for (char v : model.lp.is_integer) integers += v ? 1 : 0;
  Json summary;
  summary["file"] = *output;
  summary["formulation"] = model::to_string(formulation);
  summary["rows"] = model.lp.num_rows();
  summary["columns"] = model.lp.num_cols();
  summary["integer_columns"] = integers;
  long nonzeros = 0;  // stored entries that are not zero
  for (int j = 0; j < model.lp.num_cols(); ++j)
    for (lp::SparseMatrix::InnerIterator it(model.lp.A, j); it; ++it) nonzeros += it.value() != 0.0 ? 1 : 0;
  summary["nonzeros"] = nonzeros;
  if (column_map) summary["column_map"] = *column_map;
  print_json(summary);
  return 0;
}

}  // namespace milpsac::cli
