// milp_sac._core: embedding sharding. propose_sharding_text / _file read a
// plan input (JSON text or a file), run sharding::plan_sharding, the planner
// loop around the DP proposer that `milp-sac shard` runs, with the same
// options (variant, storage reservation, time limit, proposals, exact), and
// return the CLI's JSON text (sharding/plan_json.h, sharding/exact_json.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include "bindings.h"
#include "common/deadline.h"
#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_input.h"
#include "common/options.h"
#include "interruptible.h"
#include "named_errors.h"
#include "sharding/shard_job.h"

namespace py = pybind11;

namespace milpsac::python {
namespace {

sharding::Variant parse_variant(const std::string& variant) {
  if (variant == "1d") return sharding::Variant::k1D;
  if (variant == "2d") return sharding::Variant::k2D;
  throw InputError("option variant: expected '1d' or '2d', got '" + variant + "'");
}

// What `milp-sac shard` takes besides the input (apps/cmd_shard.cpp), with
// the same checks and defaults.
struct ShardOptions {
  std::string variant = "1d";
  std::optional<double> storage_reservation;  // else the input's, else TorchRec's default
  double time_limit = INFINITY;
  bool proposals = false;
  bool exact = false;
};

void check(const ShardOptions& o) {
  options::check_option(options::kTimeLimit, o.time_limit, "time_limit");  // the CLI's rule and words
  if (o.storage_reservation) check_record(options::kStorageReservation, *o.storage_reservation);
}

// The JSON text of `milp-sac shard`: the library's door (sharding/shard_job.h)
// builds it, "schema" first; the package's propose_sharding parses it, so
// both give the same keys. Ctrl-C stops the call (KeyboardInterrupt,
// interruptible.h).
std::string propose(const std::function<sharding::PlanInput(const Deadline&)>& read, const ShardOptions& o) {
  sharding::ShardRequest request;
  request.variant = parse_variant(o.variant);
  check(o);
  request.storage_reservation = o.storage_reservation;
  request.time_limit_seconds = o.time_limit;
  request.proposals = o.proposals;
  request.exact = o.exact;
  const sharding::ShardReport report = run_interruptible(
      [&](const std::atomic<bool>* interrupt) { return sharding::propose_sharding(read, request, interrupt); });
  return report.json.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace

void bind_sharding(py::module_& m) {
  m.def(
      "propose_sharding_text",
      [](const std::string& text, const std::string& source, const std::string& variant,
         std::optional<double> storage_reservation, double time_limit, bool proposals, bool exact) {
        return naming_source(source, [&] {
          return propose(
              [&](const Deadline& reading) {
                return sharding::parse_plan_input(milpsac::parse_json(text, source, &reading), source);
              },
              ShardOptions{variant, storage_reservation, time_limit, proposals, exact});
        });
      },
      py::arg("text"), py::arg("source"), py::arg("variant"), py::arg("storage_reservation"), py::arg("time_limit"),
      py::arg("proposals"), py::arg("exact"));
  m.def(
      "propose_sharding_file",
      [](const std::string& path, const std::string& variant, std::optional<double> storage_reservation,
         double time_limit, bool proposals, bool exact) {
        return naming_source(input_name(path), [&] {
          return propose([&](const Deadline& reading) { return sharding::read_plan_input(path, &reading); },
                         ShardOptions{variant, storage_reservation, time_limit, proposals, exact});
        });
      },
      py::arg("path"), py::arg("variant"), py::arg("storage_reservation"), py::arg("time_limit"), py::arg("proposals"),
      py::arg("exact"));
}

}  // namespace milpsac::python
