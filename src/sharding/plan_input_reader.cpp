// Reads and validates the sharding input of docs/formats.md (see plan_input.h).
// Every rejection names the file, the JSON path of the field and the problem.
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/input_error.h"
#include "sharding/json_fields.h"
#include "sharding/plan_input.h"

namespace milpsac::sharding {

namespace {

using detail::kMaxBytes;
using detail::ObjectFields;

constexpr std::int64_t kMaxDevices = 1 << 20;
constexpr std::int64_t kMaxBinsPerDevice = 1 << 20;

Topology parse_topology(const nlohmann::json& doc, const std::string& source) {
  ObjectFields f(doc, source, "topology");
  f.reject_unknown({"world_size", "local_world_size", "compute_device", "hbm_per_device", "ddr_per_device"});
  Topology t;
  t.world_size = static_cast<int>(f.integer("world_size", 1, kMaxDevices, "a whole number of devices >= 1"));
  t.local_world_size = t.world_size;
  if (f.has("local_world_size"))
    t.local_world_size = static_cast<int>(
        f.integer("local_world_size", 1, t.world_size, "a whole number of devices in [1, world_size]"));
  std::string device = f.string("compute_device");
  if (device == "cuda") {
    t.compute_device = ComputeDevice::kCuda;
  } else if (device == "cpu") {
    t.compute_device = ComputeDevice::kCpu;
  } else {
    f.fail(f.field_path("compute_device"), "must be \"cuda\" or \"cpu\", got \"" + device + "\"");
  }
  const char* bytes = "a whole number of bytes in [0, 2^53]";
  t.hbm_per_device = f.integer("hbm_per_device", 0, kMaxBytes, bytes);
  t.ddr_per_device = f.integer("ddr_per_device", 0, kMaxBytes, bytes);
  if (t.hbm_per_device == 0 && t.ddr_per_device == 0)
    f.fail("topology", "devices have zero memory (hbm_per_device and ddr_per_device are both 0)");
  return t;
}

Shard parse_shard(const nlohmann::json& doc, const std::string& source, const std::string& path) {
  ObjectFields f(doc, source, path);
  f.reject_unknown({"hbm", "ddr", "perf"});
  const char* bytes = "a whole number of bytes in [0, 2^53]";
  Shard s;
  s.hbm = f.integer("hbm", 0, kMaxBytes, bytes);
  s.ddr = f.integer("ddr", 0, kMaxBytes, bytes);
  s.perf = f.finite_non_negative("perf");
  return s;
}

ShardingOption parse_option(const nlohmann::json& doc, const std::string& source, const std::string& path) {
  ObjectFields f(doc, source, path);
  f.reject_unknown({"fqn", "sharding_type", "compute_kernel", "placement", "hbm", "ddr", "perf", "shards"});
  const char* bytes = "a whole number of bytes in [0, 2^53]";
  ShardingOption o;
  o.fqn = f.string("fqn");
  if (o.fqn.empty()) f.fail(f.field_path("fqn"), "must not be empty");
  if (f.has("sharding_type")) o.sharding_type = f.string("sharding_type");
  if (f.has("compute_kernel")) o.compute_kernel = f.string("compute_kernel");
  if (f.has("placement")) o.placement = f.string("placement");
  o.hbm = f.integer("hbm", 0, kMaxBytes, bytes);
  o.ddr = f.integer("ddr", 0, kMaxBytes, bytes);
  o.perf = f.finite_non_negative("perf");
  if (f.has("shards")) {
    const nlohmann::json& shards = f.at("shards");
    if (!shards.is_array()) f.fail(f.field_path("shards"), "must be an array of shards");
    if (shards.empty()) f.fail(f.field_path("shards"), "must hold at least one shard");
    for (std::size_t k = 0; k < shards.size(); ++k)
      o.shards.push_back(parse_shard(shards[k], source, f.field_path("shards") + "[" + std::to_string(k) + "]"));
  } else {
    o.shards.push_back(Shard{o.hbm, o.ddr, o.perf});
  }
  return o;
}

}  // namespace

PlanInput parse_plan_input(const nlohmann::json& raw, const std::string& source) {
  PlanInput input;
  const nlohmann::json doc = drop_unknown_fields(raw, source, input.warnings);
  ObjectFields f(doc, source, "");
  f.reject_unknown({"topology", "mem_bins_per_device", "hbm_bins_per_device", "ddr_bins_per_device",
                    "storage_reservation", "options"});
  input.topology = parse_topology(f.at("topology"), source);
  const char* bins = "a whole number of bins >= 1";
  if (f.has("mem_bins_per_device"))
    input.mem_bins_per_device = static_cast<int>(f.integer("mem_bins_per_device", 1, kMaxBinsPerDevice, bins));
  if (f.has("hbm_bins_per_device"))
    input.hbm_bins_per_device = static_cast<int>(f.integer("hbm_bins_per_device", 1, kMaxBinsPerDevice, bins));
  if (f.has("ddr_bins_per_device"))
    input.ddr_bins_per_device = static_cast<int>(f.integer("ddr_bins_per_device", 1, kMaxBinsPerDevice, bins));
  if (f.has("storage_reservation")) {
    input.storage_reservation = f.finite_non_negative("storage_reservation");
    if (*input.storage_reservation >= 1.0) f.fail("storage_reservation", "must be a fraction in [0, 1)");
  }
  const nlohmann::json& options = f.at("options");
  if (!options.is_array()) f.fail("options", "must be an array of sharding options");
  input.options.reserve(options.size());
  for (std::size_t i = 0; i < options.size(); ++i)
    input.options.push_back(parse_option(options[i], source, "options[" + std::to_string(i) + "]"));
  return input;
}

PlanInput read_plan_input(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception& e) {
    throw InputError(path + ": malformed JSON: " + e.what());
  }
  return parse_plan_input(doc, path);
}

}  // namespace milpsac::sharding
