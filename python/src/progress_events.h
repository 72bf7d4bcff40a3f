// A branch-and-bound progress report (bnb::MilpProgress) as the dict the
// Python side turns into milp_sac.ProgressEvent (milp_sac/_progress.py):
// kind, time, nodes, incumbent, bound, gap, found_by, ... Reports are copied
// on the worker thread (found_by points at static text) and converted in the
// calling thread, with the GIL (interruptible.h's ProgressQueue and Watch).
#pragma once

#include <pybind11/pybind11.h>

#include <cmath>

#include "bnb/milp_types.h"

namespace milpsac::python {

inline pybind11::dict event_dict(const bnb::MilpProgress& p) {
  namespace py = pybind11;
  auto finite_or_none = [](double v) { return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none()); };
  py::dict d;
  d["kind"] = bnb::to_string(p.event);
  d["time"] = p.seconds;
  d["nodes"] = p.nodes;
  d["open_nodes"] = p.open_nodes;
  d["incumbent"] = finite_or_none(p.objective);
  d["bound"] = finite_or_none(p.bound);
  d["gap"] = finite_or_none(p.gap);
  d["lp_iterations"] = p.lp_iterations;
  d["found_by"] = p.event == bnb::MilpEvent::kIncumbent ? py::object(py::str(p.found_by)) : py::object(py::none());
  if (p.event == bnb::MilpEvent::kCutRound) {
    d["cut_round"] = p.cut_round;
    d["cuts_added"] = p.cuts_added;
  }
  return d;
}

// A report of one solve of a budget sweep, with the point's budget (GiB;
// NaN outside sweeps): with several threads the points' events interleave.
struct PointProgress {
  bnb::MilpProgress progress;
  double budget_gib = NAN;
};

inline pybind11::dict event_dict(const PointProgress& e) {
  pybind11::dict d = event_dict(e.progress);
  if (std::isfinite(e.budget_gib)) d["budget_gib"] = e.budget_gib;
  return d;
}

}  // namespace milpsac::python
