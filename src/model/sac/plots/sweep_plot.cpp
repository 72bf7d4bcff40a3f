// SVG drawing of a budget sweep (see sweep_plot.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "model/sac/plots/svg_document.h"
#include "model/sac/plots/sweep_plot.h"

namespace milpsac::plots {
namespace {

constexpr double kWidth = 720, kHeight = 440;
constexpr double kLeft = 80, kRight = 30, kTop = 40, kBottom = 60;
using svg::escape;
using svg::number;
using svg::ticks;

}  // namespace

std::string sweep_plot_title(const std::string& source, int world_size) {
  return "recompute time vs memory budget: " + svg::file_label(source) + ", world size " + std::to_string(world_size);
}

std::string sweep_svg(const model::Sweep& sweep, const std::string& title) {
  double x_low = INFINITY, x_high = -INFINITY, y_high = 0;
  for (const model::SweepPoint& p : sweep.points) {
    x_low = std::min(x_low, p.budget_gib);
    x_high = std::max(x_high, p.budget_gib);
    if (p.solution.has_plan) y_high = std::max(y_high, p.solution.recompute_ms);
  }
  x_high = std::max(x_high, sweep.baseline_peak_gib);
  if (!std::isfinite(x_low)) x_low = 0;  // no points (a time limit): the axes alone
  if (!(x_high > x_low)) x_high = x_low + 1;
  const double pad = 0.03 * (x_high - x_low);
  x_low -= pad;
  x_high += pad;
  if (!(y_high > 0)) y_high = 1;
  y_high *= 1.08;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  auto sx = [&](double x) { return kLeft + (x - x_low) / (x_high - x_low) * plot_w; };
  auto sy = [&](double y) { return kTop + plot_h - y / y_high * plot_h; };

  std::ostringstream svg;
  svg::open_document(svg, kWidth, kHeight, title);
  // Axes, grid and ticks.
  svg << "<g stroke=\"#ddd\">\n";
  for (double t : ticks(x_low, x_high))
    svg << "<line x1=\"" << sx(t) << "\" y1=\"" << kTop << "\" x2=\"" << sx(t) << "\" y2=\"" << kTop + plot_h
        << "\"/>\n";
  for (double t : ticks(0, y_high))
    svg << "<line x1=\"" << kLeft << "\" y1=\"" << sy(t) << "\" x2=\"" << kLeft + plot_w << "\" y2=\"" << sy(t)
        << "\"/>\n";
  svg << "</g>\n<g fill=\"#333\">\n";
  for (double t : ticks(x_low, x_high))
    svg << "<text x=\"" << sx(t) << "\" y=\"" << kTop + plot_h + 18 << "\" text-anchor=\"middle\">" << number(t)
        << "</text>\n";
  for (double t : ticks(0, y_high))
    svg << "<text x=\"" << kLeft - 8 << "\" y=\"" << sy(t) + 4 << "\" text-anchor=\"end\">" << number(t) << "</text>\n";
  svg << "<text x=\"" << kLeft + plot_w / 2 << "\" y=\"" << kHeight - 15
      << "\" text-anchor=\"middle\">memory budget (GiB)</text>\n"
      << "<text transform=\"translate(20," << kTop + plot_h / 2
      << ") rotate(-90)\" text-anchor=\"middle\">recompute time (ms)</text>\n</g>\n";
  svg << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << plot_w << "\" height=\"" << plot_h
      << "\" fill=\"none\" stroke=\"#333\"/>\n";
  // Markers for the range ends that matter to a user.
  auto vertical = [&](double x, const char* colour, const std::string& label, double label_y) {
    if (!(x >= x_low && x <= x_high)) return;
    const bool left_half = sx(x) < kLeft + plot_w / 2;
    svg << "<line x1=\"" << sx(x) << "\" y1=\"" << kTop << "\" x2=\"" << sx(x) << "\" y2=\"" << kTop + plot_h
        << "\" stroke=\"" << colour
        << "\" stroke-dasharray=\"6,4\"/>\n"
        // The label on the side of the line with room for it.
        << "<text x=\"" << (left_half ? sx(x) + 4 : sx(x) - 4) << "\" y=\"" << label_y << "\" text-anchor=\""
        << (left_half ? "start" : "end") << "\" fill=\"" << colour << "\">" << escape(label) << "</text>\n";
  };
  vertical(sweep.baseline_peak_gib, "#c0392b", "baseline peak " + number(sweep.baseline_peak_gib) + " GiB", kTop + 16);
  if (sweep.min_feasible_budget_gib)
    vertical(*sweep.min_feasible_budget_gib, "#7f8c8d",
             "smallest feasible " + number(*sweep.min_feasible_budget_gib) + " GiB", kTop + plot_h - 8);
  // Only what was solved is drawn as a value: a marker at each point with a
  // plan. Between two neighbours a and b (budgets a < b) the optimum is not
  // known; it lies between b's proven bound (the optimum at b, and budgets
  // only loosen) and a's plan (it fits at every larger budget): that band
  // is shaded, not a step that would claim a's value up to b.
  const model::SweepPoint* before = nullptr;
  svg << "<g fill=\"#2c6fbb\" fill-opacity=\"0.15\" stroke=\"none\">\n";
  for (const model::SweepPoint& p : sweep.points) {
    if (!p.solution.has_plan) continue;
    if (before != nullptr) {
      const double high = before->solution.recompute_ms, low = std::min(p.solution.bound_ms, high);
      svg << "<rect x=\"" << sx(before->budget_gib) << "\" y=\"" << sy(high) << "\" width=\""
          << sx(p.budget_gib) - sx(before->budget_gib) << "\" height=\"" << std::max(0.5, sy(low) - sy(high))
          << "\"><title>between " << number(before->budget_gib) << " and " << number(p.budget_gib)
          << " GiB: the optimum lies in " << number(low) << " .. " << number(high) << " ms</title></rect>\n";
    }
    before = &p;
  }
  svg << "</g>\n";
  svg << "<text x=\"" << kLeft + plot_w - 4 << "\" y=\"" << kTop + 34
      << "\" text-anchor=\"end\" fill=\"#2c6fbb\">points: solved; shaded: where the optimum lies between "
         "them</text>\n";
  for (const model::SweepPoint& p : sweep.points)
    if (p.solution.has_plan)
      svg << "<circle cx=\"" << sx(p.budget_gib) << "\" cy=\"" << sy(p.solution.recompute_ms)
          << "\" r=\"3.5\" fill=\"#2c6fbb\"><title>" << number(p.budget_gib)
          << " GiB: " << number(p.solution.recompute_ms) << " ms (" << escape(model::to_string(p.solution.status))
          << ")</title></circle>\n";
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace milpsac::plots
