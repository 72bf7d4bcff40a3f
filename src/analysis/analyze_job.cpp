// The analyze job's door (see analyze_job.h).
#include "analysis/analyze_job.h"

#include <cmath>

#include "common/stop_message.h"

namespace milpsac::analysis {

AnalyzeReport analyze_graph(const std::function<AutogradGraph(const Deadline*)>& read, const std::string& source,
                            const std::atomic<bool>* interrupt) {
  const Deadline clock(INFINITY, interrupt);  // the one clock of the call: reading and the pass
  AnalyzeReport report;
  try {
    const AutogradGraph graph = read(&clock);
    report.num_nodes = graph.nodes.size();
    try {
      report.info = analyze_autograd_graph(graph, &clock);
    } catch (const TimeLimitReached& stop) {
      throw TimeLimitReached(source + ": " + stop.what());  // the pass does not know the file
    }
  } catch (const TimeLimitReached& stop) {
    report.finished = false;
    report.interrupted = clock.interrupted();
    report.stop_message = stop_message(stop, report.interrupted);
  }
  return report;
}

nlohmann::ordered_json analyze_json(const AnalyzeReport& report) {
  if (!report.finished) return stopped_json(report.stop_message, report.interrupted);
  nlohmann::ordered_json out;
  const GraphInfo& info = report.info;
  out["fwd_flop"] = info.fwd_flop;
  out["bwd_flop"] = info.bwd_flop;
  out["fwd_mem_in"] = info.fwd_mem_in;
  out["fwd_mem_tmp"] = info.fwd_mem_tmp;
  out["bwd_mem_tmp"] = info.bwd_mem_tmp;
  out["bwd_mem_out"] = info.bwd_mem_out;
  out["num_nodes"] = report.num_nodes;
  return out;
}

}  // namespace milpsac::analysis
