// The memory timeline of a SAC plan (model/sac/memory_timeline.h) as a
// self-contained SVG: memory (GiB) on y, the timeline's points in time order
// on x; the baseline (no AC, no FSDP), the same step without AC at the
// request's world size W (parameters and gradients sharded over W ranks, as
// the SAC model counts them; drawn when W > 1) and the plan as lines, the budget as a dashed
// horizontal line, the backward of every AC unit shaded (where its
// activations are recomputed), the plan's peak marked with its module.
// Point names go on the x axis by block: the points are grouped by a common
// fqn prefix, as deep as keeps the blocks few (every module at a handful of
// modules, layers or stages at thousands). Element ids and classes for
// readers and tests: x-axis, y-axis, baseline, no-ac-sharded, plan, budget,
// peak, peak-label, baseline-peak; class ac-unit on the shaded spans.
#pragma once

#include <string>

#include <vector>

#include "model/sac/memory_timeline.h"
#include "model/sac/module_info.h"
#include "model/sac/sac_request.h"

namespace milpsac::plots {

// Memory without AC at `request.world_size` at every point of `timeline`
// (bytes, the evaluator's m_i of the empty plan): the no-ac-sharded line.
std::vector<double> no_ac_bytes(const model::ModuleInfo& info, const model::SacRequest& request,
                                const model::MemoryTimeline& timeline);

// no_ac_sharded: no_ac_bytes() (one value per point; empty or world_size 1: not drawn).
std::string memory_svg(const model::ModuleInfo& info, const model::MemoryTimeline& timeline, double budget_gib,
                       int world_size, const std::vector<double>& no_ac_sharded, const std::string& title);

// The title the CLI and Python give the drawing: the file's name and the world size.
std::string memory_plot_title(const std::string& source, int world_size);

}  // namespace milpsac::plots
