// milp_sac._core: autograd memory analysis. analyze_graph_text / _file read an
// autograd graph (JSON text or a file) and run analysis::analyze_autograd_graph,
// as `milp-sac analyze` does. The work runs on a worker thread
// (interruptible.h), so Ctrl-C raises KeyboardInterrupt once the one linear
// pass over the graph is done rather than being lost.
#include <pybind11/pybind11.h>

#include <atomic>
#include <string>
#include <utility>

#include "analysis/graph_info.h"
#include "bindings.h"
#include "common/json_input.h"
#include "interruptible.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

template <typename Read>
py::dict analyze(Read read) {
  const auto [nodes, info] = run_interruptible([&](const std::atomic<bool>*) {
    const analysis::AutogradGraph graph = read();
    return std::make_pair(graph.nodes.size(), analysis::analyze_autograd_graph(graph));
  });
  py::dict out;
  out["num_nodes"] = nodes;
  out["fwd_flop"] = info.fwd_flop;
  out["bwd_flop"] = info.bwd_flop;
  out["fwd_mem_in"] = info.fwd_mem_in;
  out["fwd_mem_tmp"] = info.fwd_mem_tmp;
  out["bwd_mem_tmp"] = info.bwd_mem_tmp;
  out["bwd_mem_out"] = info.bwd_mem_out;
  return out;
}

}  // namespace

void bind_analysis(py::module_& m) {
  m.def(
      "analyze_graph_text",
      [](const std::string& text, const std::string& source) {
        return analyze([&] { return analysis::parse_autograd_graph_text(text, source); });
      },
      py::arg("text"), py::arg("source"));
  m.def(
      "analyze_graph_file",
      [](const std::string& path) { return analyze([&] { return analysis::read_autograd_graph(path); }); },
      py::arg("path"));
}

}  // namespace milpsac::python
