// Memory through one training step under a SAC plan, point by point in the
// order the memory model evaluates it, next to the same step without AC: what
// `milp-sac sac` reports as memory_timeline and draws with --plot-memory.
//
// The model has one memory point per module, in the backward pass (the peak
// is there; PyTorch's estimator and the planner constrain nothing else), so
// every point today is in phase kBackward and the points follow bw_pre_order,
// the order the modules start their backward. There are no forward points:
// the model has no memory figure for the forward pass, and inventing one
// would draw a peak the planner never checked. The phase is part of a point
// so that a model with forward points can put them first.
//
// Nothing is recomputed here: plan_bytes are the evaluator's memory_bytes and
// baseline_bytes are baseline_memory_bytes, so the largest plan_bytes is the
// plan's true peak (PlanEvaluation::peak_bytes, the JSON's peak_memory_bytes)
// and the largest baseline_bytes the baseline peak, by construction.
#pragma once

#include <cstdint>
#include <vector>

#include "model/sac/ac_plan.h"
#include "model/sac/module_info.h"
#include "model/sac/plan_evaluator.h"

namespace milpsac::model {

enum class TimelinePhase { kForward, kBackward };

const char* to_string(TimelinePhase phase);  // "forward", "backward"

struct TimelinePoint {
  int module = -1;  // module index (fw_pre_order)
  TimelinePhase phase = TimelinePhase::kBackward;
  std::int64_t baseline_bytes = 0;  // without FSDP or AC
  double plan_bytes = 0.0;          // under the plan (the evaluator's m_i)
  // The AC unit whose backward this point is inside (the module itself or an
  // ancestor; the unit's activations are recomputed there), -1 when none.
  int ac_unit = -1;
};

struct MemoryTimeline {
  std::vector<TimelinePoint> points;  // in time order
  int peak_point = -1;                // index in points of the evaluator's peak module
  int baseline_peak_point = -1;       // index in points of the first largest baseline_bytes
  // AC units that have discarded memory at the peak (they finished their
  // forward before the peak module did, and their ratio discards more than
  // nothing), in fw_post_order.
  std::vector<int> units_discarded_at_peak;
};

// evaluation: evaluate_plan's result for `plan` (same ModuleInfo). Throws
// InputError as check_memory_range does.
MemoryTimeline memory_timeline(const ModuleInfo& info, const AcPlan& plan, const PlanEvaluation& evaluation);

}  // namespace milpsac::model
