// Memory timeline of a plan (see memory_timeline.h).
#include "model/sac/memory_timeline.h"
#include "common/index.h"

#include "model/sac/baseline.h"

namespace milpsac::model {

const char* to_string(TimelinePhase phase) { return phase == TimelinePhase::kForward ? "forward" : "backward"; }

MemoryTimeline memory_timeline(const ModuleInfo& info, const AcPlan& plan, const PlanEvaluation& evaluation) {
  const auto u = [](int i) { return uz(i); };
  check_memory_range(info);  // baseline_memory_bytes is then exact
  std::vector<char> is_unit(u(info.size()), 0);
  for (const AcDecision& d : plan) is_unit[u(d.module)] = 1;

  MemoryTimeline result;
  result.points.reserve(u(info.size()));
  for (const std::string& fqn : info.order.bw_pre_order) {
    TimelinePoint point;
    point.module = find_module(info, fqn);
    point.baseline_bytes = baseline_memory_bytes(info, point.module);
    point.plan_bytes = evaluation.memory_bytes[u(point.module)];
    // AC units are never nested: at most one unit on the path to the root.
    for (int v = point.module; v >= 0 && point.ac_unit < 0; v = info.tree.parent[u(v)])
      if (is_unit[u(v)]) point.ac_unit = v;
    if (point.module == evaluation.peak_module) result.peak_point = static_cast<int>(result.points.size());
    if (result.baseline_peak_point < 0 ||
        point.baseline_bytes > result.points[u(result.baseline_peak_point)].baseline_bytes)
      result.baseline_peak_point = static_cast<int>(result.points.size());
    result.points.push_back(point);
  }

  if (evaluation.peak_module >= 0) {
    const int peak_position = info.fw_post_position[u(evaluation.peak_module)];
    for (const std::string& fqn : info.order.fw_post_order) {
      const int j = find_module(info, fqn);
      if (info.fw_post_position[u(j)] >= peak_position) break;
      if (is_unit[u(j)] && evaluation.discarded_bytes[u(j)] > 0) result.units_discarded_at_peak.push_back(j);
    }
  }
  return result;
}

}  // namespace milpsac::model
