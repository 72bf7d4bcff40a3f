// The names and log lines of progress events (see progress.h).
#include "api/progress.h"

#include <cstdio>

namespace milpsac::api {
namespace {

// 10 significant digits, "-" for a value not known (NaN) or infinite.
std::string number(double value) {
  if (!std::isfinite(value)) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", value == 0.0 ? 0.0 : value);  // never "-0"
  return buffer;
}

// A relative gap as a percentage, three significant digits ("-": unknown).
std::string percent(double gap) {
  if (!std::isfinite(gap)) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g%%", gap > 0.0 ? 100.0 * gap : 0.0);
  return buffer;
}

std::string seconds(double s) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g s", s);
  return buffer;
}

}  // namespace

const char* to_string(Event event) {
  switch (event) {
    case Event::kStart:
      return "start";
    case Event::kRootLp:
      return "root_lp";
    case Event::kCutRound:
      return "cut_round";
    case Event::kIncumbent:
      return "incumbent";
    case Event::kNodeLog:
      return "node_log";
    case Event::kFinish:
      return "finish";
  }
  return "node_log";
}

std::string to_string(const Progress& p) {
  std::string line = seconds(p.seconds) + "  ";
  const std::string values = "  bound " + number(p.bound) + "  gap " + percent(p.gap);
  switch (p.event) {
    case Event::kStart:
      return line + "start  " + std::to_string(p.rows) + " rows, " + std::to_string(p.cols) + " columns (" +
             std::to_string(p.integers) + " integer)";
    case Event::kRootLp:
      return line + "root LP  bound " + number(p.bound) + "  iterations " + std::to_string(p.lp_iterations);
    case Event::kCutRound:
      return line + "cut round " + std::to_string(p.cut_round) + "  +" + std::to_string(p.cuts_added) + " cuts (" +
             std::to_string(p.cuts) + " in LP)  bound " + number(p.bound);
    case Event::kIncumbent:
      return line + "incumbent " + number(p.incumbent) + " by " + p.found_by + values;
    case Event::kNodeLog:
      return line + "nodes " + std::to_string(p.nodes) + " (" + std::to_string(p.open_nodes) + " open)  incumbent " +
             number(p.incumbent) + values;
    case Event::kFinish:
      return line + "finish " + to_string(p.status) + "  nodes " + std::to_string(p.nodes) + "  incumbent " +
             number(p.incumbent) + values + "  iterations " + std::to_string(p.lp_iterations);
  }
  return line;
}

}  // namespace milpsac::api
