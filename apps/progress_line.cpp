// One `--log` line of a search report (see progress_line.h).
#include "progress_line.h"

#include <cmath>
#include <sstream>

#include "text_format.h"

namespace milpsac::cli {
namespace {

std::string value_or_dash(double value) { return std::isfinite(value) ? human_number(value) : std::string("-"); }

}  // namespace

std::string gap_percent(double gap) {
  if (!std::isfinite(gap)) return "-";
  if (!(gap > 0.0)) return "0";
  return human_number(100.0 * gap, 3);
}

std::string progress_line(const std::string& command, const bnb::MilpProgress& p) {
  std::ostringstream line;
  line << "milp-sac " << command << ": " << human_number(p.seconds, 3) << " s  ";
  switch (p.event) {
    case bnb::MilpEvent::kRootLp:
      line << "root LP  objective " << value_or_dash(p.bound) << "  iterations " << p.lp_iterations;
      break;
    case bnb::MilpEvent::kCutRound:
      line << "cut round " << p.cut_round << "  +" << p.cuts_added << " cuts (" << p.cut_rows << " in LP)  bound "
           << value_or_dash(p.bound);
      break;
    case bnb::MilpEvent::kIncumbent:
      line << "solution " << value_or_dash(p.objective) << " by " << p.found_by << "  bound " << value_or_dash(p.bound)
           << "  gap " << gap_percent(p.gap) << (std::isfinite(p.gap) ? " %" : "");
      break;
    case bnb::MilpEvent::kSearch:
      line << "nodes " << p.nodes << "  incumbent " << value_or_dash(p.objective) << "  bound "
           << value_or_dash(p.bound) << "  gap " << gap_percent(p.gap) << (std::isfinite(p.gap) ? " %" : "");
      break;
  }
  return line.str();
}

}  // namespace milpsac::cli
