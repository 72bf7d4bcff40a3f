// The budget sweep as a self-contained SVG: budget (GiB) on x, recompute time
// (ms) on y, one marker per point with a plan; between two neighbours a
// shaded band from the upper one's proven bound to the lower one's plan
// (where the optimum lies there: only solved points are drawn as values),
// the smallest feasible budget
// and the baseline peak marked with vertical lines. Plain SVG 1.1, no
// scripts, no external fonts or files.
#pragma once

#include <string>

#include "model/sac/sac_sweep.h"

namespace milpsac::plots {

std::string sweep_svg(const model::Sweep& sweep, const std::string& title);

// The title the CLI and Python give the drawing: the file's name and the world size.
std::string sweep_plot_title(const std::string& source, int world_size);

}  // namespace milpsac::plots
