// How a SAC solve ended, as the LP and MILP statuses are enums (issue 20).
//
// The MILP's statuses carry over one to one; the SAC solver adds two of its
// own: the model was too large to search (model_too_large) and the caller's
// interrupt flag stopped the solve (interrupted). to_string gives the words of
// the JSON outputs (CLI, Python); it is their one place.
#pragma once

#include "bnb/milp_types.h"

namespace milpsac::model {

enum class SacStatus {
  kOptimal,
  kGapLimit,
  kTimeLimit,
  kNodeLimit,
  kInfeasible,
  kUnbounded,
  kNumericalError,
  kModelTooLarge,  // too many nonzeros to search (too_large_for_lp): the greedy plan
  kInterrupted,    // stopped by the interrupt flag (CLI SIGINT, Python Ctrl-C)
};

// "optimal", "gap_limit", "time_limit", "node_limit", "infeasible",
// "unbounded", "numerical_error", "model_too_large", "interrupted".
const char* to_string(SacStatus status);

// The SAC status of a MILP that ended with `status`.
SacStatus sac_status(bnb::MilpStatus status);

}  // namespace milpsac::model
