// `milp-sac export-mps MODULE_INFO.json --budget GIB [...] [--formulation
// cumulative|chain|pairwise-bigm] -o FILE.mps`: the module-level SAC MILP as
// built, in free MPS, to hand to CBC, HiGHS or GLPK. `cumulative` (default)
// and `chain` are the models `sac` solves (see docs/sac.md); `pairwise-bigm`
// is the reference sac_milp model row for row (old names `ours`, `seed`). Prints a JSON
// summary of the file (or, with -o -, writes the MPS itself to stdout and
// nothing else).
#include <fstream>
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "lp/mps/mps.h"
#include "model/module_info_reader.h"
#include "model/sac/sac_formulation.h"
#include "output.h"
#include "sac_options.h"

namespace milpsac::cli {

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

  const model::ModuleInfo info = model::read_module_info_file(args.positional()[0]);
  print_module_warnings("export-mps", info.warnings);
  model::validate_request(info, request);
  const model::SacModel model = model::build_sac_model(info, request, formulation);

  if (*output == "-") {
    lp::write_mps(model.lp, std::cout);
    return 0;
  }
  {
    std::ofstream out(*output, std::ios::binary);
    if (!out) throw InputError(*output + ": cannot open for writing");
    lp::write_mps(model.lp, out);
    out.flush();
    if (!out) throw InputError(*output + ": write error");
  }
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
  print_json(summary);
  return 0;
}

}  // namespace milpsac::cli
