// milp_sac._core: embedding sharding. propose_sharding_text / _file read a
// plan input (JSON text or a file), run sharding::plan_sharding, the planner
// loop around the DP proposer that `milp-sac shard` runs, and return the
// CLI's JSON text (sharding/plan_json.h).
#include <pybind11/pybind11.h>

#include <string>

#include "bindings.h"
#include "common/input_error.h"
#include "common/json_input.h"
#include "sharding/plan_json.h"
#include "sharding/planner.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

sharding::Variant parse_variant(const std::string& variant) {
  if (variant == "1d") return sharding::Variant::k1D;
  if (variant == "2d") return sharding::Variant::k2D;
  throw InputError("option variant: expected '1d' or '2d', got '" + variant + "'");
}

// The JSON text of `milp-sac shard` (sharding::plan_json, "schema" first);
// the package's propose_sharding parses it, so both give the same keys.
template <typename Read>
std::string propose(Read read, const std::string& variant_name) {
  py::gil_scoped_release release;
  const sharding::Variant variant = parse_variant(variant_name);
  // As `milp-sac shard`: the input's storage reservation, else TorchRec's default.
  const sharding::PlanInput original = read();
  const double reservation = original.storage_reservation.value_or(sharding::kDefaultStorageReservation);
  const sharding::PlanInput input = sharding::with_storage_reservation(original, reservation);
  const sharding::PlanResult result = sharding::plan_sharding(input, variant);
  const nlohmann::ordered_json plan = sharding::plan_json(input, original, result, variant, reservation, false);
  nlohmann::ordered_json out;
  out["schema"] = 1;
  for (const auto& [key, value] : plan.items()) out[key] = value;
  return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
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
