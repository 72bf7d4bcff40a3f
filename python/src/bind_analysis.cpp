// milp_sac._core: autograd memory analysis. analyze_graph_text / _file call
// the analyze job's door (analysis/analyze_job.h), as `milp-sac analyze`
// does, and return its JSON as a dict. The work runs on a worker thread
// (interruptible.h) whose interrupt flag is the door's clock: Ctrl-C stops
// the reading or the liveness pass at its next poll and raises
// KeyboardInterrupt.
#include <pybind11/pybind11.h>

#include <atomic>
#include <string>

#include "analysis/analyze_job.h"
#include "bindings.h"
#include "common/input_file.h"
#include "interruptible.h"
#include "json_object.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

py::dict analyze(const std::function<analysis::AutogradGraph(const Deadline*)>& read, const std::string& source) {
  const analysis::AnalyzeReport report = run_interruptible(
      [&](const std::atomic<bool>* interrupt) { return analysis::analyze_graph(read, source, interrupt); });
  return json_object(analysis::analyze_json(report));
}

}  // namespace

void bind_analysis(py::module_& m) {
  m.def(
      "analyze_graph_text",
      [](const std::string& text, const std::string& source) {
        return analyze([&](const Deadline* clock) { return analysis::parse_autograd_graph_text(text, source, clock); },
                       source);
      },
      py::arg("text"), py::arg("source"));
  m.def(
      "analyze_graph_file",
      [](const std::string& path) {
        return analyze([&](const Deadline* clock) { return analysis::read_autograd_graph(path, clock); },
                       input_name(path));
      },
      py::arg("path"));
}

}  // namespace milpsac::python
