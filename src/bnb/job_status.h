// The final status of a job (api::Status of the solve door, model::SacStatus
// of the sac door), decided by one rule for every door.
//
// A job's status enum extends the MILP's: the same verdicts under the same
// names (kOptimal, kGapLimit, kTimeLimit, kNodeLimit, kInfeasible,
// kUnbounded, kNumericalError), plus kInterrupted. The MILP cannot tell a
// limit from an interrupt (both expire its Deadline): the door that owns the
// clock can, once, here.
#pragma once

#include "bnb/milp_types.h"
#include "common/deadline.h"

namespace milpsac::bnb {

// The job status of a MILP that ended with `status`.
template <class JobStatus>
JobStatus job_status(MilpStatus status) {
  switch (status) {
    case MilpStatus::kOptimal:
      return JobStatus::kOptimal;
    case MilpStatus::kGapLimit:
      return JobStatus::kGapLimit;
    case MilpStatus::kTimeLimit:
      return JobStatus::kTimeLimit;
    case MilpStatus::kNodeLimit:
      return JobStatus::kNodeLimit;
    case MilpStatus::kInfeasible:
      return JobStatus::kInfeasible;
    case MilpStatus::kUnbounded:
      return JobStatus::kUnbounded;
    case MilpStatus::kNumericalError:
      return JobStatus::kNumericalError;
  }
  return JobStatus::kNumericalError;
}

// The one place a door decides how its run ended: a run the clock stopped
// (reading or solving) was stopped by the interrupt flag when it is raised;
// a run that finished on its own keeps its verdict.
template <class JobStatus>
JobStatus final_status(JobStatus status, const Deadline& clock) {
  return status == JobStatus::kTimeLimit && clock.interrupted() ? JobStatus::kInterrupted : status;
}

}  // namespace milpsac::bnb
