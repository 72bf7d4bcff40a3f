// Solution files in HiGHS's layout (see solution_file.h).
#include "solution_file.h"

#include <cstdio>
#include <sstream>

#include "common/input_error.h"
#include "common/output_file.h"

namespace milpsac::cli {
namespace {

std::string exact(double value) {
  if (value == 0.0) return "0";  // also -0
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

// HiGHS's words for the statuses it shares with us; ours otherwise.
std::string model_status(bnb::MilpStatus status) {
  switch (status) {
    case bnb::MilpStatus::kOptimal:
      return "Optimal";
    case bnb::MilpStatus::kInfeasible:
      return "Infeasible";
    case bnb::MilpStatus::kUnbounded:
      return "Unbounded";
    case bnb::MilpStatus::kTimeLimit:
      return "Time limit reached";
    default:
      return bnb::to_string(status);
  }
}

}  // namespace

void write_solution_file(const std::string& path, const lp::LinearProgram& model, const bnb::MilpResult& result) {
  std::ostringstream out;
  out << "Model status\n" << model_status(result.status) << "\n\n# Primal solution values\n";
  if (!result.has_solution) {
    out << "None\n";
  } else {
    out << "Feasible\nObjective " << exact(result.objective) << "\n# Columns " << model.num_cols() << "\n";
    for (int j = 0; j < model.num_cols(); ++j)
      out << model.col_names[static_cast<size_t>(j)] << " " << exact(result.x[j]) << "\n";
    const Eigen::VectorXd activity = model.A * result.x;
    out << "# Rows " << model.num_rows() << "\n";
    for (int i = 0; i < model.num_rows(); ++i)
      out << model.row_names[static_cast<size_t>(i)] << " " << exact(activity[i]) << "\n";
  }
  // An LP's optimum has row duals and reduced costs (model's sense, as the
  // JSON gives them); a MILP or an LP without an optimum has none.
  const bool has_duals = result.has_solution && result.row_duals.size() == model.num_rows() &&
                         result.reduced_costs.size() == model.num_cols();
  out << "\n# Dual solution values\n";
  if (!has_duals) {
    out << "None\n";
  } else {
    out << "Feasible\n# Columns " << model.num_cols() << "\n";
    for (int j = 0; j < model.num_cols(); ++j)
      out << model.col_names[static_cast<size_t>(j)] << " " << exact(result.reduced_costs[j]) << "\n";
    out << "# Rows " << model.num_rows() << "\n";
    for (int i = 0; i < model.num_rows(); ++i)
      out << model.row_names[static_cast<size_t>(i)] << " " << exact(result.row_duals[i]) << "\n";
  }
  write_output_file({"--write-solution", path}, out.str());
}

}  // namespace milpsac::cli
