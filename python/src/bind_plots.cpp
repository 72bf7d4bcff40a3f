// milp_sac._core.MemoryPlot and SweepPlot (see plots.h).
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <utility>

#include "bindings.h"
#include "model/sac/memory_timeline.h"
#include "model/sac/plots/memory_plot.h"
#include "model/sac/plots/sweep_plot.h"
#include "plots.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

struct MemoryPlot {
  model::ModuleInfo info;
  model::SacSolution solution;
  model::SacRequest request;
  std::string source;

  std::string svg() const {
    const model::MemoryTimeline timeline = model::memory_timeline(info, solution.plan, solution.evaluation);
    return plots::memory_svg(info, timeline, request.budget_gib, request.world_size,
                             plots::no_ac_bytes(info, request, timeline),
                             plots::memory_plot_title(source, request.world_size));
  }
};

struct SweepPlot {
  model::Sweep sweep;
  int world_size = 1;
  std::string source;

  std::string svg() const { return plots::sweep_svg(sweep, plots::sweep_plot_title(source, world_size)); }
};

}  // namespace

py::object memory_plot(model::ModuleInfo info, const model::SacSolution& solution, const model::SacRequest& request,
                       const std::string& source) {
  if (!solution.has_plan) return py::none();
  return py::cast(std::make_unique<MemoryPlot>(MemoryPlot{std::move(info), solution, request, source}));
}

py::object sweep_plot(model::Sweep sweep, int world_size, const std::string& source) {
  return py::cast(std::make_unique<SweepPlot>(SweepPlot{std::move(sweep), world_size, source}));
}

void bind_plots(py::module_& m) {
  py::class_<MemoryPlot>(m, "MemoryPlot").def("svg", [](const MemoryPlot& plot) {
    std::string text;
    {
      const py::gil_scoped_release release;
      text = plot.svg();
    }
    return text;
  });
  py::class_<SweepPlot>(m, "SweepPlot").def("svg", [](const SweepPlot& plot) {
    std::string text;
    {
      const py::gil_scoped_release release;
      text = plot.svg();
    }
    return text;
  });
}

}  // namespace milpsac::python
