// SAC solve statuses and their words (see sac_status.h).
#include "model/sac/sac_status.h"

#include "bnb/job_status.h"

namespace milpsac::model {

const char* to_string(SacStatus status) {
  switch (status) {
    case SacStatus::kModelTooLarge:
      return "model_too_large";
    case SacStatus::kInterrupted:
      return "interrupted";
    case SacStatus::kOptimal:
      return bnb::to_string(bnb::MilpStatus::kOptimal);
    case SacStatus::kGapLimit:
      return bnb::to_string(bnb::MilpStatus::kGapLimit);
    case SacStatus::kTimeLimit:
      return bnb::to_string(bnb::MilpStatus::kTimeLimit);
    case SacStatus::kNodeLimit:
      return bnb::to_string(bnb::MilpStatus::kNodeLimit);
    case SacStatus::kInfeasible:
      return bnb::to_string(bnb::MilpStatus::kInfeasible);
    case SacStatus::kUnbounded:
      return bnb::to_string(bnb::MilpStatus::kUnbounded);
    case SacStatus::kNumericalError:
      return bnb::to_string(bnb::MilpStatus::kNumericalError);
  }
  return "unknown";
}

SacStatus sac_status(bnb::MilpStatus status) { return bnb::job_status<SacStatus>(status); }

}  // namespace milpsac::model
