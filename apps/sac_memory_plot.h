// The memory timeline of a SAC plan (model/sac/memory_timeline.h) as a
// self-contained SVG: memory (GiB) on y, the timeline's points in time order
// on x; the baseline (no AC) and the plan as lines, the budget as a dashed
// horizontal line, the backward of every AC unit shaded (where its
// activations are recomputed), the plan's peak marked with its module.
// Point names go on the x axis by block: the points are grouped by a common
// fqn prefix, as deep as keeps the blocks few (every module at a handful of
// modules, layers or stages at thousands). Element ids and classes for
// readers and tests: x-axis, y-axis, baseline, plan, budget, peak,
// peak-label, baseline-peak; class ac-unit on the shaded spans.
#pragma once

#include <string>

#include "model/sac/memory_timeline.h"
#include "model/sac/module_info.h"

namespace milpsac::cli {

std::string memory_svg(const model::ModuleInfo& info, const model::MemoryTimeline& timeline, double budget_gib,
                       const std::string& title);

}  // namespace milpsac::cli
