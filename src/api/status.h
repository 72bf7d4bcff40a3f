// How an api::solve call ended. The enum is what code tests; to_string gives
// the word `milp-sac solve` prints in its JSON (docs/json.md#solve), which is
// also Solution::status_text().
#pragma once

namespace milpsac::api {

enum class Status {
  kOptimal,         // proven optimal (a MILP: gap closed)
  kGapLimit,        // a MILP stopped at the requested relative gap
  kInfeasible,      // proven: no point satisfies the rows, bounds and integrality
  kUnbounded,       // the objective improves without limit
  kTimeLimit,       // time_limit_seconds reached (has_solution says whether with a solution)
  kNodeLimit,       // node_limit reached (idem)
  kIterationLimit,  // an LP's iteration limit
  kInterrupted,     // SolveOptions::interrupt raised (idem)
  kNumericalError,  // no verified answer
};

// "optimal", "gap_limit", "infeasible", "unbounded", "time_limit",
// "node_limit", "iteration_limit", "interrupted", "numerical_error".
const char* to_string(Status status);

}  // namespace milpsac::api
