// Names of the MILP statuses and the relative gap (see milp_types.h).
#include "bnb/milp_types.h"

#include <algorithm>

#include "lp/tolerances.h"

namespace milpsac::bnb {

const char* to_string(MilpEvent event) {
  switch (event) {
    case MilpEvent::kSearch:
      return "search";
    case MilpEvent::kRootLp:
      return "root_lp";
    case MilpEvent::kCutRound:
      return "cut_round";
    case MilpEvent::kIncumbent:
      return "incumbent";
  }
  return "search";
}

const char* to_string(MilpStatus status) {
  switch (status) {
    case MilpStatus::kOptimal:
      return "optimal";
    case MilpStatus::kGapLimit:
      return "gap_limit";
    case MilpStatus::kTimeLimit:
      return "time_limit";
    case MilpStatus::kNodeLimit:
      return "node_limit";
    case MilpStatus::kInfeasible:
      return "infeasible";
    case MilpStatus::kUnbounded:
      return "unbounded";
    case MilpStatus::kNumericalError:
      return "numerical_error";
  }
  return "unknown";
}

double relative_gap(double upper, double lower) {
  if (upper - lower <= lp::tol::kGapZero) return 0.0;
  return (upper - lower) / std::max(std::fabs(upper), lp::tol::kGapZero);
}

MilpResult time_limit_before_search(bool maximize) {
  MilpResult r;
  r.status = MilpStatus::kTimeLimit;
  r.bound = maximize ? INFINITY : -INFINITY;
  return r;
}

}  // namespace milpsac::bnb
