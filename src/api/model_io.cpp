// Model files for the C++ API (see model_io.h).
#include "api/model_io.h"

#include <fstream>

#include "api/internal/linear_program_of.h"
#include "common/index.h"
#include "common/input_error.h"
#include "lp/lp_format/model_file.h"
#include "lp/mps/mps.h"

namespace milpsac::api {

Model model_of(const lp::LinearProgram& lp, const std::string& source) {
  if (lp.has_semicontinuous())
    throw InputError(source +
                     ": semi-continuous columns cannot be held by api::Model (solve the file with milp-sac solve)");
  Model m;
  m.sense = lp.sense;
  m.objective_offset = lp.offset;
  const int n = lp.num_cols();
  for (int j = 0; j < n; ++j) {
    m.cost.push_back(lp.c[j]);
    m.col_lower.push_back(lp.col_lower[j]);
    m.col_upper.push_back(lp.col_upper[j]);
    m.is_integer.push_back(lp.is_integer[uz(j)]);
    m.col_names.push_back(lp.col_names[uz(j)]);
  }
  for (int i = 0; i < lp.num_rows(); ++i) {
    m.row_lower.push_back(lp.row_lower[i]);
    m.row_upper.push_back(lp.row_upper[i]);
    m.row_names.push_back(lp.row_names[uz(i)]);
  }
  for (int j = 0; j < n; ++j)
    for (lp::SparseMatrix::InnerIterator it(lp.A, j); it; ++it)
      if (it.value() != 0.0) m.entries.push_back({static_cast<int>(it.row()), j, it.value()});
  return m;
}

Model read_model(const std::string& path, std::vector<std::string>* warnings) {
  return model_of(lp::read_model_file(path, warnings), path);
}

void write_mps(const Model& model, const std::string& path) {
  const lp::LinearProgram lp = to_linear_program(model);
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError(path + ": cannot open for writing");
  lp::write_mps(lp, out);
  out.flush();
  if (!out) throw InputError(path + ": write error");
}

}  // namespace milpsac::api
