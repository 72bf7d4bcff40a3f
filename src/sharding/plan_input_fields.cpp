// The fields the sharding input format knows, and what the planner does with
// the storage reservation (see plan_input.h). The reader validates the known
// fields; this file only decides which fields are known, so that exporters
// adding their own keys get a warning instead of a rejection.
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sharding/plan_input.h"

namespace milpsac::sharding {
namespace {

const char* const kDocumentFields[] = {
    "topology", "mem_bins_per_device", "hbm_bins_per_device", "ddr_bins_per_device", "storage_reservation", "options"};
const char* const kTopologyFields[] = {"world_size", "local_world_size", "compute_device", "hbm_per_device",
                                       "ddr_per_device"};
const char* const kOptionFields[] = {"fqn", "sharding_type", "compute_kernel", "placement",
                                     "hbm", "ddr",           "perf",           "shards"};
const char* const kShardFields[] = {"hbm", "ddr", "perf"};

// `path()` names the object in the warning; it is called only when there is one.
template <std::size_t N, class Path>
void warn_unknown(const nlohmann::json& object, const char* const (&known)[N], const std::string& source, Path path,
                  std::vector<std::string>& warnings) {
  if (!object.is_object()) return;  // the reader names the wrong type
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool is_known = false;
    for (const char* k : known) is_known = is_known || it.key() == k;
    if (!is_known) warnings.push_back(source + ": " + path() + ": unknown field '" + it.key() + "' ignored");
  }
}

}  // namespace

void warn_unknown_fields(const nlohmann::json& doc, const std::string& source, std::vector<std::string>& warnings) {
  warn_unknown(
      doc, kDocumentFields, source, [] { return std::string("document"); }, warnings);
  if (!doc.is_object()) return;
  if (const auto topology = doc.find("topology"); topology != doc.end())
    warn_unknown(
        *topology, kTopologyFields, source, [] { return std::string("topology"); }, warnings);
  const auto options = doc.find("options");
  if (options == doc.end() || !options->is_array()) return;
  for (std::size_t i = 0; i < options->size(); ++i) warn_unknown_option_fields((*options)[i], i, source, warnings);
}

void warn_unknown_option_fields(const nlohmann::json& option, std::size_t index, const std::string& source,
                                std::vector<std::string>& warnings) {
  const auto option_path = [index] { return "options[" + std::to_string(index) + "]"; };
  warn_unknown(option, kOptionFields, source, option_path, warnings);
  if (!option.is_object()) return;
  const auto shards = option.find("shards");
  if (shards == option.end() || !shards->is_array()) return;
  for (std::size_t k = 0; k < shards->size(); ++k)
    warn_unknown((*shards)[k], kShardFields, source,
                 [&] { return option_path() + ".shards[" + std::to_string(k) + "]"; }, warnings);
}

PlanInput with_storage_reservation(PlanInput input, double fraction) {
  const double kept = static_cast<double>(input.topology.hbm_per_device) * (1.0 - fraction);
  input.topology.hbm_per_device = static_cast<std::int64_t>(std::floor(kept));
  return input;
}

}  // namespace milpsac::sharding
