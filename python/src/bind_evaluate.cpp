// milp_sac._core.evaluate_plan: the check of a SAC plan made elsewhere, as
// `milp-sac evaluate` does it (model::check_plan, the library's one plan
// evaluator). Each document (ModuleInfo, plan, column map) arrives as
// (is_path, path or JSON text, source name), so the C++ readers validate it
// and name it in their messages. The dict has the keys of docs/json.md#evaluate.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "bindings.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_input.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/plan_check.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

using Document = std::tuple<bool, std::string, std::string>;  // is_path, path or text, source

// `max_bytes`: kMaxJsonBytes for the JSON documents (a plan, a column map), as the CLI reads them.
std::string text_of(const Document& doc, size_t max_bytes = kMaxInputBytes) {
  return std::get<0>(doc) ? read_file(std::get<1>(doc), nullptr, max_bytes) : std::get<1>(doc);
}
std::string source_of(const Document& doc) {
  return std::get<0>(doc) ? input_name(std::get<1>(doc)) : std::get<2>(doc);
}

struct Checked {
  model::ModuleInfo info;
  model::PlanInput input;
  model::SacRequest request;
  model::PlanCheck check;
};

Checked run(const Document& info_doc, const Document& plan_doc, const std::optional<Document>& map_doc, int world_size,
            std::optional<double> budget_gib, std::optional<std::vector<std::string>> ac_units,
            std::optional<std::vector<std::string>> fsdp_units) {
  check_record(options::kWorldSize, world_size);
  if (budget_gib) check_record(options::kBudgetGib, *budget_gib);
  Checked out;
  out.info = std::get<0>(info_doc) ? model::read_module_info_file(std::get<1>(info_doc))
                                   : model::parse_module_info(std::get<1>(info_doc), std::get<2>(info_doc));
  out.input = map_doc ? model::parse_plan_solution(text_of(plan_doc), source_of(plan_doc),
                                                   text_of(*map_doc, kMaxJsonBytes), source_of(*map_doc))
                      : model::parse_plan(text_of(plan_doc, kMaxJsonBytes), source_of(plan_doc));
  out.request.world_size = world_size;
  out.request.budget_gib = budget_gib ? *budget_gib : std::numeric_limits<double>::infinity();
  out.request.ac_units = std::move(ac_units);
  out.request.fsdp_units = std::move(fsdp_units);
  out.check = model::check_plan(out.info, out.input, out.request);
  return out;
}

py::object optional_number(const std::optional<double>& value) {
  return value ? py::object(py::float_(*value)) : py::object(py::none());
}

py::int_ bytes_up(double bytes) { return py::int_(static_cast<long long>(std::ceil(bytes))); }

py::dict to_dict(const Checked& c, bool has_budget) {
  const model::PlanEvaluation& eval = c.check.evaluation;
  const auto fqn = [&](int i) { return c.info.modules[static_cast<std::size_t>(i)].fqn; };
  py::dict out;
  out["status"] = c.check.ok() ? "ok" : "broken";
  out["plan_format"] = c.input.format;
  out["world_size"] = c.request.world_size;
  out["budget_gib"] = has_budget ? py::object(py::float_(c.request.budget_gib)) : py::object(py::none());
  py::dict decisions;
  for (const auto& [name, ratio] : c.input.decisions) decisions[py::str(name)] = ratio;
  out["ac_decisions"] = decisions;
  out["peak_memory_bytes"] = bytes_up(eval.peak_bytes);
  out["peak_module"] = eval.peak_module >= 0 ? py::object(py::str(fqn(eval.peak_module))) : py::object(py::none());
  out["recomputation_time_ms"] = eval.total_recompute_ms;
  out["claimed_peak_memory_bytes"] = optional_number(c.input.claimed_peak_bytes);
  out["claimed_recomputation_time_ms"] = optional_number(c.input.claimed_recompute_ms);
  out["no_ac_peak_memory_bytes"] = bytes_up(c.check.no_ac_peak_bytes);
  out["baseline_peak_memory_bytes"] = c.check.baseline.peak_memory_bytes;
  py::list units;
  for (const model::AcDecision& d : c.check.plan) {
    py::dict unit;
    unit["module"] = fqn(d.module);
    unit["ratio"] = d.ratio;
    unit["discarded_bytes"] = eval.discarded_bytes[static_cast<std::size_t>(d.module)];
    unit["recompute_ms"] = eval.recompute_ms[static_cast<std::size_t>(d.module)];
    units.append(unit);
  }
  out["units"] = units;
  py::list violations;
  for (const model::PlanViolation& v : c.check.violations) {
    py::dict entry;
    entry["rule"] = v.rule;
    entry["module"] = v.module.empty() ? py::object(py::none()) : py::object(py::str(v.module));
    entry["message"] = v.message;
    violations.append(entry);
  }
  out["violations"] = violations;
  py::list points;
  for (const model::TimelinePoint& p : c.check.timeline.points) {
    py::dict point;
    point["module"] = fqn(p.module);
    point["phase"] = model::to_string(p.phase);
    point["baseline_bytes"] = static_cast<long long>(p.baseline_bytes);
    point["plan_bytes"] = bytes_up(p.plan_bytes);
    points.append(point);
  }
  out["memory_timeline"] = points;
  out["warnings"] = c.info.warnings;
  return out;
}

}  // namespace

void bind_evaluate(py::module_& m) {
  m.def(
      "evaluate_plan",
      [](const Document& info, const Document& plan, const std::optional<Document>& column_map, int world_size,
         std::optional<double> budget_gib, std::optional<std::vector<std::string>> ac_units,
         std::optional<std::vector<std::string>> fsdp_units) {
        Checked checked;
        {
          py::gil_scoped_release release;
          checked = run(info, plan, column_map, world_size, budget_gib, std::move(ac_units), std::move(fsdp_units));
        }
        return to_dict(checked, budget_gib.has_value());
      },
      py::arg("info"), py::arg("plan"), py::arg("column_map"), py::arg("world_size"), py::arg("budget_gib"),
      py::arg("ac_units"), py::arg("fsdp_units"));
}

}  // namespace milpsac::python
