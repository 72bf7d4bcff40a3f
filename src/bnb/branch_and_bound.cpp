// Placeholder: replaced by the real search (issue "Best-first branch-and-bound").
#include "bnb/branch_and_bound.h"

namespace milpsac::bnb {

const char* to_string(MilpStatus status) {
  switch (status) {
    case MilpStatus::kOptimal: return "optimal";
    case MilpStatus::kGapLimit: return "gap_limit";
    case MilpStatus::kTimeLimit: return "time_limit";
    case MilpStatus::kNodeLimit: return "node_limit";
    case MilpStatus::kInfeasible: return "infeasible";
    case MilpStatus::kUnbounded: return "unbounded";
    case MilpStatus::kNumericalError: return "numerical_error";
  }
  return "unknown";
}

double relative_gap(double upper, double lower) {
  if (upper - lower <= 1e-9) return 0.0;
  return (upper - lower) / std::max(std::fabs(upper), 1e-9);
}

MilpResult solve_milp(const lp::LinearProgram&, const MilpOptions&) { return {}; }

}  // namespace milpsac::bnb
