// milp_sac._core: embedding sharding. propose_sharding_text / _file read a
// plan input (JSON text or a file) and run sharding::plan_sharding, the
// planner loop around the DP proposer that `milp-sac shard` runs.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "bindings.h"
#include "common/input_error.h"
#include "common/json_input.h"
#include "sharding/placement.h"
#include "sharding/planner.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

sharding::Variant parse_variant(const std::string& variant) {
  if (variant == "1d") return sharding::Variant::k1D;
  if (variant == "2d") return sharding::Variant::k2D;
  throw InputError("option variant: expected '1d' or '2d', got '" + variant + "'");
}

py::dict to_dict(const sharding::PlanInput& input, const sharding::PlanResult& r, const std::string& variant) {
  py::dict out;
  out["status"] = r.found ? "feasible" : "infeasible";
  out["schema"] = 1;
  out["variant"] = variant;
  out["storage_reservation"] = input.storage_reservation.value_or(sharding::kDefaultStorageReservation);
  out["num_proposals"] = r.proposals.size();
  out["placed"] = r.placed;
  out["unplaceable"] = r.unplaceable;
  out["skipped"] = r.skipped;
  if (!r.found) {
    const sharding::PlacementFailure& f = r.closest_failure;
    py::dict unplaced;
    unplaced["fqn"] = r.fqns[f.table];
    unplaced["option"] = f.option;
    unplaced["shard"] = f.shard;
    unplaced["hbm_bytes"] = f.hbm;
    unplaced["ddr_bytes"] = f.ddr;
    unplaced["device"] = f.device;
    unplaced["free_hbm_bytes"] = f.free_hbm;
    unplaced["free_ddr_bytes"] = f.free_ddr;
    unplaced["missing_bytes"] = f.missing;
    out["unplaced"] = unplaced;
    return out;
  }
  out["rating_ms"] = r.placement.rating;
  out["total_perf_ms"] = sharding::total_perf(input, r.best);
  out["chosen_proposal"] = r.best_index;
  py::list tables;
  for (std::size_t t = 0; t < r.best.size(); ++t) {
    const sharding::ShardingOption& o = input.options[static_cast<std::size_t>(r.best[t])];
    py::list shards;
    for (std::size_t k = 0; k < o.shards.size(); ++k) {
      py::dict s;
      s["device"] = r.placement.device_of(t, k);
      s["hbm_bytes"] = o.shards[k].hbm;
      s["ddr_bytes"] = o.shards[k].ddr;
      s["perf_ms"] = o.shards[k].perf;
      shards.append(s);
    }
    py::dict table;
    table["fqn"] = o.fqn;
    table["option"] = r.best[t];
    table["sharding_type"] = o.sharding_type;
    table["compute_kernel"] = o.compute_kernel;
    table["hbm_bytes"] = o.hbm;
    table["ddr_bytes"] = o.ddr;
    table["perf_ms"] = o.perf;
    table["shards"] = shards;
    tables.append(table);
  }
  out["tables"] = tables;
  py::list devices;
  for (std::size_t d = 0; d < r.placement.devices.size(); ++d) {
    py::dict u;
    u["device"] = d;
    u["hbm_bytes"] = r.placement.devices[d].hbm;
    u["ddr_bytes"] = r.placement.devices[d].ddr;
    u["perf_ms"] = r.placement.devices[d].perf;
    devices.append(u);
  }
  out["devices"] = devices;
  return out;
}

template <typename Read>
py::dict propose(Read read, const std::string& variant_name) {
  sharding::PlanInput input;
  sharding::PlanResult result;
  {
    py::gil_scoped_release release;
    const sharding::Variant variant = parse_variant(variant_name);
    // As `milp-sac shard`: the input's storage reservation, else TorchRec's default.
    const sharding::PlanInput original = read();
    input = sharding::with_storage_reservation(
        original, original.storage_reservation.value_or(sharding::kDefaultStorageReservation));
    result = sharding::plan_sharding(input, variant);
  }
  return to_dict(input, result, variant_name);
}

}  // namespace

void bind_sharding(py::module_& m) {
  m.def(
      "propose_sharding_text",
      [](const std::string& text, const std::string& source, const std::string& variant) {
        return propose([&] { return sharding::parse_plan_input(milpsac::parse_json(text, source), source); }, variant);
      },
      py::arg("text"), py::arg("source"), py::arg("variant"));
  m.def(
      "propose_sharding_file",
      [](const std::string& path, const std::string& variant) {
        return propose([&] { return sharding::read_plan_input(path); }, variant);
      },
      py::arg("path"), py::arg("variant"));
}

}  // namespace milpsac::python
