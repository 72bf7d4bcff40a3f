// The words of api::Status (see status.h).
#include "api/status.h"

namespace milpsac::api {

const char* to_string(Status status) {
  switch (status) {
    case Status::kOptimal:
      return "optimal";
    case Status::kGapLimit:
      return "gap_limit";
    case Status::kInfeasible:
      return "infeasible";
    case Status::kUnbounded:
      return "unbounded";
    case Status::kTimeLimit:
      return "time_limit";
    case Status::kNodeLimit:
      return "node_limit";
    case Status::kIterationLimit:
      return "iteration_limit";
    case Status::kInterrupted:
      return "interrupted";
    case Status::kNumericalError:
      return "numerical_error";
  }
  return "numerical_error";
}

}  // namespace milpsac::api
