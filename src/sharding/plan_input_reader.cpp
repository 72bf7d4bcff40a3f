// Reads and validates the sharding input of docs/formats.md (see plan_input.h).
// Every rejection names the file, the JSON path of the field and the problem.
#include <exception>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/input_error.h"
#include "common/input_file.h"
#include "common/json_fields.h"
#include "common/json_input.h"
#include "sharding/plan_input.h"

namespace milpsac::sharding {

namespace {

// Bytes are whole numbers in [0, 2^53]: sums stay exact in double.
constexpr std::int64_t kMaxBytes = kMaxByteCount;
constexpr const char* kBytes = "a whole number of bytes in [0, 2^53]";

constexpr std::int64_t kMaxDevices = 1 << 20;
constexpr std::int64_t kMaxBinsPerDevice = 1 << 20;

// An object, or "PATH: must be a JSON object".
const JsonField& object(const JsonField& f) {
  if (!f.value().is_object()) f.fail("must be a JSON object");
  return f;
}

double perf(const JsonField& f) {
  const double v = f.number();
  if (v < 0.0) f.fail("must be a finite number >= 0, got " + describe_json(f.value()));
  return v;
}

Topology parse_topology(const JsonField& f) {
  object(f);
  Topology t;
  t.world_size = static_cast<int>(f.member("world_size").whole(1, kMaxDevices, "a whole number of devices >= 1"));
  t.local_world_size = t.world_size;
  if (f.has("local_world_size"))
    t.local_world_size = static_cast<int>(
        f.member("local_world_size").whole(1, t.world_size, "a whole number of devices in [1, world_size]"));
  const JsonField device_field = f.member("compute_device");
  const std::string& device = device_field.string();
  if (device == "cuda") {
    t.compute_device = ComputeDevice::kCuda;
  } else if (device == "cpu") {
    t.compute_device = ComputeDevice::kCpu;
  } else {
    device_field.fail("must be \"cuda\" or \"cpu\", got \"" + device + "\"");
  }
  t.hbm_per_device = f.member("hbm_per_device").whole(0, kMaxBytes, kBytes);
  t.ddr_per_device = f.member("ddr_per_device").whole(0, kMaxBytes, kBytes);
  if (t.hbm_per_device == 0 && t.ddr_per_device == 0)
    f.fail("devices have zero memory (hbm_per_device and ddr_per_device are both 0)");
  return t;
}

Shard parse_shard(const JsonField& f) {
  object(f);
  Shard s;
  s.hbm = f.member("hbm").whole(0, kMaxBytes, kBytes);
  s.ddr = f.member("ddr").whole(0, kMaxBytes, kBytes);
  s.perf = perf(f.member("perf"));
  return s;
}

ShardingOption parse_option(const JsonField& f) {
  object(f);
  ShardingOption o;
  const JsonField fqn = f.member("fqn");
  o.fqn = fqn.string();
  if (o.fqn.empty()) fqn.fail("must not be empty");
  if (f.has("sharding_type")) o.sharding_type = f.member("sharding_type").string();
  if (f.has("compute_kernel")) o.compute_kernel = f.member("compute_kernel").string();
  if (f.has("placement")) o.placement = f.member("placement").string();
  o.hbm = f.member("hbm").whole(0, kMaxBytes, kBytes);
  o.ddr = f.member("ddr").whole(0, kMaxBytes, kBytes);
  o.perf = perf(f.member("perf"));
  if (f.has("shards")) {
    const JsonField shards = f.member("shards");
    if (!shards.value().is_array()) shards.fail("must be an array of shards");
    if (shards.size() == 0) shards.fail("must hold at least one shard");
    for (std::size_t k = 0; k < shards.size(); ++k) o.shards.push_back(parse_shard(shards.element(k)));
  } else {
    o.shards.push_back(Shard{o.hbm, o.ddr, o.perf});
  }
  return o;
}

constexpr std::size_t kOptionsPerClockCheck = 1024;

// Everything of the document but the options' elements, in the order the
// checks report: unknown-field warnings of the document and the topology,
// then the document's fields. `options` stays to be read by the caller.
PlanInput parse_around_options(const nlohmann::json& doc, const std::string& source) {
  PlanInput input;
  input.source = source;
  // Exporters add fields of their own: the known fields are read by name, and
  // each unknown one is a warning (no copy of the document without them).
  warn_unknown_fields(doc, source, input.warnings);
  const JsonField f(doc, source);
  object(f);
  input.topology = parse_topology(f.member("topology"));
  const char* bins = "a whole number of bins >= 1";
  if (f.has("mem_bins_per_device"))
    input.mem_bins_per_device = static_cast<int>(f.member("mem_bins_per_device").whole(1, kMaxBinsPerDevice, bins));
  if (f.has("hbm_bins_per_device"))
    input.hbm_bins_per_device = static_cast<int>(f.member("hbm_bins_per_device").whole(1, kMaxBinsPerDevice, bins));
  if (f.has("ddr_bins_per_device"))
    input.ddr_bins_per_device = static_cast<int>(f.member("ddr_bins_per_device").whole(1, kMaxBinsPerDevice, bins));
  if (f.has("storage_reservation")) {
    const JsonField reservation = f.member("storage_reservation");
    input.storage_reservation = reservation.number_at_least(0.0, "a fraction in [0, 1)");
    if (*input.storage_reservation >= 1.0) reservation.fail("must be a fraction in [0, 1)");
  }
  const JsonField options = f.member("options");
  if (!options.value().is_array()) options.fail("must be an array of sharding options");
  return input;
}

// Reads the options of a streamed file one at a time, as the parser completes
// them (each element's JSON is dropped after it): the warnings, checks and the
// error reported first are those of parse_plan_input on the whole document,
// so an option's error waits until the fields around the options are checked
// (finish). A 10^5-option file held whole took 0.2 s just to free.
class OptionStream {
 public:
  explicit OptionStream(const std::string& source) : source_(source) {}

  void add(std::size_t i, const nlohmann::json& element) {
    if (error_) return;  // the input is refused: later options' warnings would be dropped with it
    warn_unknown_option_fields(element, i, source_, warnings_);
    try {
      options_.push_back(parse_option(list_.element(element, i)));
    } catch (const InputError&) {
      error_ = std::current_exception();
    }
  }

  // `input` holds what surrounds the options (parse_around_options).
  PlanInput finish(PlanInput input) {
    if (error_) std::rethrow_exception(error_);
    input.warnings.insert(input.warnings.end(), warnings_.begin(), warnings_.end());
    input.options = std::move(options_);
    return input;
  }

 private:
  const std::string& source_;
  const nlohmann::json shape_ = {{"options", nlohmann::json::array()}};  // names the elements' path
  const JsonField root_{shape_, source_};
  const JsonField list_ = root_.member("options");
  std::vector<ShardingOption> options_;
  std::vector<std::string> warnings_;
  std::exception_ptr error_;
};

}  // namespace

PlanInput parse_plan_input(const nlohmann::json& doc, const std::string& source, const Deadline* deadline) {
  PlanInput input = parse_around_options(doc, source);
  const JsonField root(doc, source);  // a named parent: a JsonField keeps a pointer to it
  const JsonField options = root.member("options");
  input.options.reserve(options.size());
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (i % kOptionsPerClockCheck == 0) check_deadline(deadline, source, "reading the sharding options");
    input.options.push_back(parse_option(options.element(i)));
  }
  return input;
}

PlanInput read_plan_input(const std::string& path, const Deadline* deadline) {
  const std::string source = input_name(path);
  // The size limit of a document held whole (64 MiB), as before streaming.
  const std::string text = read_file(path, deadline, kMaxJsonBytes);
  OptionStream stream(source);
  const nlohmann::json doc = parse_json_streaming(
      text, source, "options", [&](std::size_t i, nlohmann::json& option) { stream.add(i, option); }, deadline,
      kMaxJsonBytes);
  return stream.finish(parse_around_options(doc, source));
}

}  // namespace milpsac::sharding
