// One `--log` line of a search report (bnb::MilpProgress), by its event:
// root LP, cut round, a better solution, or the periodic search snapshot.
// Gaps print with enough digits that an open gap never reads "0.0 %".
#pragma once

#include <string>

#include "bnb/milp_types.h"

namespace milpsac::cli {

std::string progress_line(const std::string& command, const bnb::MilpProgress& p);

// A relative gap as a percentage for people: "-" when unknown, "0" when
// closed, otherwise three significant digits ("4.81", "0.0123", "2.5e-05"),
// so a gap that is open never prints as zero.
std::string gap_percent(double gap);

}  // namespace milpsac::cli
