// The fields the sharding input format knows, and what the planner does with
// the storage reservation (see plan_input.h). The reader validates the known
// fields; this file only decides which fields are known, so that exporters
// adding their own keys get a warning instead of a rejection.
#include <cmath>
#include <nlohmann/json.hpp>

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

template <std::size_t N>
nlohmann::json known_only(const nlohmann::json& object, const char* const (&known)[N], const std::string& source,
                          const std::string& path, std::vector<std::string>& warnings) {
  if (!object.is_object()) return object;  // the reader names the wrong type
  nlohmann::json kept = nlohmann::json::object();
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool is_known = false;
    for (const char* k : known) is_known = is_known || it.key() == k;
    if (is_known)
      kept[it.key()] = it.value();
    else
      warnings.push_back(source + ": " + (path.empty() ? "document" : path) + ": unknown field '" + it.key() +
                         "' ignored");
  }
  return kept;
}

}  // namespace

nlohmann::json drop_unknown_fields(const nlohmann::json& doc, const std::string& source,
                                   std::vector<std::string>& warnings) {
  nlohmann::json kept = known_only(doc, kDocumentFields, source, "", warnings);
  if (!kept.is_object()) return kept;
  if (kept.contains("topology"))
    kept["topology"] = known_only(kept["topology"], kTopologyFields, source, "topology", warnings);
  if (kept.contains("options") && kept["options"].is_array()) {
    nlohmann::json& options = kept["options"];
    for (std::size_t i = 0; i < options.size(); ++i) {
      const std::string path = "options[" + std::to_string(i) + "]";
      options[i] = known_only(options[i], kOptionFields, source, path, warnings);
      if (options[i].is_object() && options[i].contains("shards") && options[i]["shards"].is_array()) {
        nlohmann::json& shards = options[i]["shards"];
        for (std::size_t k = 0; k < shards.size(); ++k)
          shards[k] =
              known_only(shards[k], kShardFields, source, path + ".shards[" + std::to_string(k) + "]", warnings);
      }
    }
  }
  return kept;
}

PlanInput with_storage_reservation(PlanInput input, double fraction) {
  const double kept = static_cast<double>(input.topology.hbm_per_device) * (1.0 - fraction);
  input.topology.hbm_per_device = static_cast<std::int64_t>(std::floor(kept));
  return input;
}

}  // namespace milpsac::sharding
