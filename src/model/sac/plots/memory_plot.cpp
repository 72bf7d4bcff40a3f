// SVG drawing of a plan's memory timeline (see memory_plot.h).
#include "model/sac/plots/memory_plot.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "common/index.h"
#include "model/sac/plan_evaluator.h"
#include "model/sac/plots/svg_document.h"

namespace milpsac::plots {
namespace {

using svg::escape;
using svg::number;

constexpr double kWidth = 900, kHeight = 500;
constexpr double kLeft = 80, kRight = 30, kTop = 60, kBottom = 115;
constexpr double kHeadroom = 1.25;    // y range over the data: the top fifth holds the peak labels
constexpr size_t kMaxBlocks = 24;     // x-axis blocks at most, as a rule (see blocks())
constexpr size_t kMaxTicks = 128;     // x-axis blocks at most when one block would hold most points (6 px apart)
constexpr double kLabelSpacing = 18;  // px between two block labels, at least (rotated 11 px text)
constexpr size_t kLabelChars = 22;    // longer block names keep their end (rotated, 22 fit above the axis title)
constexpr size_t kPeakChars = 60;     // likewise the module in a peak label (it must stay inside the plot)
constexpr size_t kMarkersUpTo = 60;   // a dot per point up to this many points
constexpr const char* kBaselineColour = "#c0392b";
constexpr const char* kPlanColour = "#2c6fbb";
constexpr const char* kShardedColour = "#8e44ad";
constexpr const char* kBudgetColour = "#333";
constexpr const char* kUnitColour = "#f0a030";

// The first `depth` dot-separated parts of a name.
std::string prefix(const std::string& fqn, int depth) {
  size_t end = 0;
  for (int d = 0; d < depth; ++d) {
    end = fqn.find('.', d == 0 ? 0 : end + 1);
    if (end == std::string::npos) return fqn;
  }
  return fqn.substr(0, end);
}

struct Block {
  size_t first = 0, last = 0;  // point indices, inclusive
  std::string name;
};

std::vector<Block> blocks_at(const model::ModuleInfo& info, const model::MemoryTimeline& timeline, int depth) {
  std::vector<Block> blocks;
  for (size_t k = 0; k < timeline.points.size(); ++k) {
    const std::string name = prefix(info.modules[static_cast<size_t>(timeline.points[k].module)].fqn, depth);
    if (blocks.empty() || blocks.back().name != name)
      blocks.push_back({k, k, name});
    else
      blocks.back().last = k;
  }
  return blocks;
}

// The deepest grouping with at most kMaxBlocks blocks (the top level when
// even that has more). When one of its blocks holds most points (a model
// whose layers sit under one "stages" or "layers" module), one level deeper
// if that gives at most kMaxTicks blocks: more ticks than labels then, the
// labels thinned to fit.
std::vector<Block> blocks(const model::ModuleInfo& info, const model::MemoryTimeline& timeline) {
  int max_depth = 1;
  for (const model::ModStats& m : info.modules)
    max_depth = std::max(max_depth, 1 + static_cast<int>(std::count(m.fqn.begin(), m.fqn.end(), '.')));
  std::vector<Block> chosen = blocks_at(info, timeline, 1);
  int depth = 1;
  for (int d = 2; d <= max_depth; ++d) {
    std::vector<Block> finer = blocks_at(info, timeline, d);
    if (finer.size() > kMaxBlocks) break;
    chosen = std::move(finer);
    depth = d;
  }
  size_t largest = 0;
  for (const Block& b : chosen) largest = std::max(largest, b.last - b.first + 1);
  if (depth < max_depth && 2 * largest > timeline.points.size()) {
    std::vector<Block> finer = blocks_at(info, timeline, depth + 1);
    if (finer.size() <= kMaxTicks) chosen = std::move(finer);
  }
  return chosen;
}

}  // namespace

std::vector<double> no_ac_bytes(const model::ModuleInfo& info, const model::SacRequest& request,
                                const model::MemoryTimeline& timeline) {
  const model::PlanEvaluation empty = model::evaluate_plan(info, {}, request);
  std::vector<double> bytes;
  bytes.reserve(timeline.points.size());
  for (const model::TimelinePoint& p : timeline.points) bytes.push_back(empty.memory_bytes[uz(p.module)]);
  return bytes;
}

std::string memory_plot_title(const std::string& source, int world_size) {
  return "memory through one training step: " + svg::file_label(source) + ", world size " + std::to_string(world_size);
}

std::string memory_svg(const model::ModuleInfo& info, const model::MemoryTimeline& timeline, double budget_gib,
                       int world_size, const std::vector<double>& no_ac_sharded, const std::string& title) {
  const auto& points = timeline.points;
  const size_t n = points.size();
  const double gib = model::kBytesPerGiB;
  const bool sharded_line = world_size > 1 && no_ac_sharded.size() == n;
  double y_high = budget_gib, y_low = 0;
  for (size_t k = 0; k < n; ++k) {
    const model::TimelinePoint& p = points[k];
    y_high = std::max({y_high, static_cast<double>(p.baseline_bytes) / gib, p.plan_bytes / gib});
    y_low = std::min({y_low, static_cast<double>(p.baseline_bytes) / gib, p.plan_bytes / gib});
    if (sharded_line) {
      y_high = std::max(y_high, no_ac_sharded[k] / gib);
      y_low = std::min(y_low, no_ac_sharded[k] / gib);
    }
  }
  if (!(y_high > y_low)) y_high = y_low + 1;
  y_high = y_low + (y_high - y_low) * kHeadroom;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  const double step = plot_w / static_cast<double>(std::max<size_t>(n, 1));
  auto sx = [&](size_t k) { return kLeft + (static_cast<double>(k) + 0.5) * step; };
  auto sy = [&](double value_gib) { return kTop + plot_h - (value_gib - y_low) / (y_high - y_low) * plot_h; };
  auto name = [&](size_t k) { return info.modules[static_cast<size_t>(points[k].module)].fqn; };

  std::ostringstream out;
  svg::open_document(out, kWidth, kHeight, title);

  // AC units: the span of each unit's backward, where its activations are recomputed.
  // Neighbouring units alternate two shades so that each one's span shows.
  out << "<g fill=\"" << kUnitColour << "\" stroke=\"none\">\n";
  bool darker = false;
  for (size_t k = 0; k < n;) {
    size_t end = k;
    while (end + 1 < n && points[end + 1].ac_unit == points[k].ac_unit) ++end;
    darker = points[k].ac_unit >= 0 && k > 0 && points[k - 1].ac_unit >= 0 && !darker;
    if (points[k].ac_unit >= 0)
      out << "<rect class=\"ac-unit\" fill-opacity=\"" << (darker ? "0.36" : "0.2") << "\" x=\""
          << number(sx(k) - step / 2) << "\" y=\"" << kTop << "\" width=\""
          << number(step * static_cast<double>(end - k + 1)) << "\" height=\"" << plot_h << "\"><title>AC unit "
          << escape(info.modules[static_cast<size_t>(points[k].ac_unit)].fqn) << "</title></rect>\n";
    k = end + 1;
  }
  out << "</g>\n";

  // y axis: grid, ticks in GiB, label.
  out << "<g id=\"y-axis\">\n<g stroke=\"#ddd\">\n";
  const std::vector<double> y_ticks = svg::ticks(y_low, y_high);
  for (double t : y_ticks)
    out << "<line x1=\"" << kLeft << "\" y1=\"" << number(sy(t)) << "\" x2=\"" << kLeft + plot_w << "\" y2=\""
        << number(sy(t)) << "\"/>\n";
  out << "</g>\n<g fill=\"#333\">\n";
  for (double t : y_ticks)
    out << "<text x=\"" << kLeft - 8 << "\" y=\"" << number(sy(t) + 4) << "\" text-anchor=\"end\">" << number(t)
        << "</text>\n";
  out << "<text transform=\"translate(22," << kTop + plot_h / 2
      << ") rotate(-90)\" text-anchor=\"middle\">memory (GiB)</text>\n</g>\n</g>\n";

  // x axis: one tick per block, its name below where there is room.
  out << "<g id=\"x-axis\">\n";
  const std::vector<Block> groups = blocks(info, timeline);
  double last_label = -INFINITY;
  for (const Block& b : groups) {
    const double left = sx(b.first) - step / 2, middle = (sx(b.first) + sx(b.last)) / 2;
    out << "<line x1=\"" << number(left) << "\" y1=\"" << kTop + plot_h << "\" x2=\"" << number(left) << "\" y2=\""
        << kTop + plot_h + 5 << "\" stroke=\"#333\"/>\n";
    if (middle - last_label < kLabelSpacing) continue;
    last_label = middle;
    out << "<text class=\"block\" transform=\"translate(" << number(middle + 4) << "," << kTop + plot_h + 10
        << ") rotate(-40)\" text-anchor=\"end\" font-size=\"11\" fill=\"#333\">"
        << escape(svg::shortened(b.name, kLabelChars)) << "<title>" << escape(b.name) << ": points " << b.first + 1
        << " to " << b.last + 1 << "</title></text>\n";
  }
  out << "<text x=\"" << kLeft + plot_w / 2 << "\" y=\"" << kHeight - 10
      << "\" text-anchor=\"middle\" fill=\"#333\">backward pass: modules in the order their backward starts (" << n
      << " point" << (n == 1 ? "" : "s") << ")</text>\n</g>\n";
  out << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << plot_w << "\" height=\"" << plot_h
      << "\" fill=\"none\" stroke=\"#333\"/>\n";

  // Budget.
  out << "<line id=\"budget\" x1=\"" << kLeft << "\" y1=\"" << number(sy(budget_gib)) << "\" x2=\"" << kLeft + plot_w
      << "\" y2=\"" << number(sy(budget_gib)) << "\" stroke=\"" << kBudgetColour
      << "\" stroke-width=\"1.5\" stroke-dasharray=\"8,4\"/>\n"
      // At the right end, where the backward is nearly done and memory low; a white halo keeps it readable on a line.
      << "<text x=\"" << kLeft + plot_w - 4 << "\" y=\"" << number(sy(budget_gib) - 5)
      << "\" text-anchor=\"end\" fill=\"" << kBudgetColour
      << "\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">budget " << number(budget_gib)
      << " GiB</text>\n";

  // The two lines.
  auto line = [&](const char* id, const char* colour, auto value_gib, const char* dash = nullptr) {
    out << "<polyline id=\"" << id << "\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"1.5\""
        << (dash ? std::string(" stroke-dasharray=\"") + dash + "\"" : std::string())
        << " stroke-linejoin=\"round\" points=\"";
    for (size_t k = 0; k < n; ++k) out << (k ? " " : "") << number(sx(k)) << "," << number(sy(value_gib(k)));
    out << "\"/>\n";
    if (n <= kMarkersUpTo)
      for (size_t k = 0; k < n; ++k)
        out << "<circle cx=\"" << number(sx(k)) << "\" cy=\"" << number(sy(value_gib(k))) << "\" r=\"2.5\" fill=\""
            << colour << "\"><title>" << escape(name(k)) << ": " << number(value_gib(k)) << " GiB</title></circle>\n";
  };
  line("baseline", kBaselineColour, [&](size_t k) { return static_cast<double>(points[k].baseline_bytes) / gib; });
  if (sharded_line)
    line(
        "no-ac-sharded", kShardedColour, [&](size_t k) { return no_ac_sharded[k] / gib; }, "2,2");
  line("plan", kPlanColour, [&](size_t k) { return points[k].plan_bytes / gib; });

  // Peaks: circled, labelled in two rows at the top of the plot (kept free
  // by kHeadroom) with a dotted leader down to the circle, so that the labels
  // never sit on the lines, the budget or each other.
  auto mark = [&](const char* id, int point, double value_gib, const char* colour, double row,
                  const std::string& label) {
    if (point < 0) return;
    const size_t k = static_cast<size_t>(point);
    const bool left_half = sx(k) < kLeft + plot_w / 2;
    out << "<circle id=\"" << id << "\" cx=\"" << number(sx(k)) << "\" cy=\"" << number(sy(value_gib))
        << "\" r=\"5\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\"/>\n"
        << "<line x1=\"" << number(sx(k)) << "\" y1=\"" << number(row + 4) << "\" x2=\"" << number(sx(k)) << "\" y2=\""
        << number(sy(value_gib) - 5) << "\" stroke=\"" << colour << "\" stroke-dasharray=\"2,2\"/>\n"
        << "<text id=\"" << id << "-label\" x=\"" << number(left_half ? sx(k) + 6 : sx(k) - 6) << "\" y=\""
        << number(row) << "\" text-anchor=\"" << (left_half ? "start" : "end") << "\" fill=\"" << colour
        << "\" font-weight=\"bold\">" << escape(label) << "<title>" << escape(name(k)) << "</title></text>\n";
  };
  if (timeline.peak_point >= 0) {
    const size_t k = static_cast<size_t>(timeline.peak_point);
    mark("peak", timeline.peak_point, points[k].plan_bytes / gib, kPlanColour, kTop + 16,
         "plan peak " + number(points[k].plan_bytes / gib) + " GiB at " + svg::shortened(name(k), kPeakChars));
  }
  if (timeline.baseline_peak_point >= 0) {
    const size_t k = static_cast<size_t>(timeline.baseline_peak_point);
    const double value = static_cast<double>(points[k].baseline_bytes) / gib;
    mark("baseline-peak", timeline.baseline_peak_point, value, kBaselineColour, kTop + 34,
         "baseline peak " + number(value) + " GiB at " + svg::shortened(name(k), kPeakChars));
  }

  // Legend, above the plot.
  double x = kLeft;
  auto legend = [&](const std::string& swatch, const std::string& text) {
    out << swatch << "<text x=\"" << x + 26 << "\" y=\"" << kTop - 14 << "\" fill=\"#333\">" << escape(text)
        << "</text>\n";
    x += 26 + 7.0 * static_cast<double>(text.size()) + 18;
  };
  auto stroke = [&](const char* colour, const char* dash) {
    return "<line x1=\"" + number(x) + "\" y1=\"" + number(kTop - 18) + "\" x2=\"" + number(x + 20) + "\" y2=\"" +
           number(kTop - 18) + "\" stroke=\"" + colour + "\" stroke-width=\"2\"" +
           (dash ? std::string(" stroke-dasharray=\"") + dash + "\"" : std::string()) + "/>\n";
  };
  legend(stroke(kBaselineColour, nullptr), "no AC, no FSDP");
  if (sharded_line) legend(stroke(kShardedColour, "2,2"), "no AC at " + std::to_string(world_size) + " ranks");
  legend(stroke(kPlanColour, nullptr), "plan");
  legend(stroke(kBudgetColour, "6,3"), "budget");
  legend("<rect x=\"" + number(x) + "\" y=\"" + number(kTop - 24) + "\" width=\"20\" height=\"12\" fill=\"" +
             kUnitColour + "\" fill-opacity=\"0.35\"/>\n",
         "AC unit (recomputed in its backward)");
  out << "</svg>\n";
  return out.str();
}

}  // namespace milpsac::plots
