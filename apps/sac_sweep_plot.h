// The budget sweep as a self-contained SVG: budget (GiB) on x, recompute time
// (ms) on y, one marker per point with a plan joined by a step line (the
// curve is a staircase between grid points), the smallest feasible budget
// and the baseline peak marked with vertical lines. Plain SVG 1.1, no
// scripts, no external fonts or files.
#pragma once

#include <string>

#include "model/sac/sac_sweep.h"

namespace milpsac::cli {

std::string sweep_svg(const model::Sweep& sweep, const std::string& title);

}  // namespace milpsac::cli
