// Bad input found after reading (bins too many for the proposers, no memory
// of the kind the 1-D proposer and selection plan by, an exact model too
// large): the library's InputError names the file, the field and what is
// wrong, and `milp-sac shard` exits 2 with that message once.
#include <doctest/doctest.h>

#include <string>

#include "common/input_error.h"
#include "shard_test_support.h"
#include "sharding/dp_proposals.h"
#include "sharding/exact_selection.h"

using namespace milpsac;
using namespace milpsac::sharding;
using nlohmann::json;

namespace {

json doc_with(int world_size, std::int64_t hbm, std::int64_t ddr, int tables) {
  json options = json::array();
  for (int t = 0; t < tables; ++t) {
    std::string fqn = "t";  // appended, not "t" + ...: GCC 12 raises a false -Wrestrict on that
    fqn += std::to_string(t);
    options.push_back({{"fqn", fqn}, {"hbm", hbm > 0 ? 1 : 0}, {"ddr", hbm > 0 ? 0 : 1}, {"perf", 1}});
  }
  return {{"topology",
           {{"world_size", world_size},
            {"local_world_size", 1},
            {"compute_device", "cuda"},
            {"hbm_per_device", hbm},
            {"ddr_per_device", ddr}}},
          {"options", options}};
}

template <typename Run>
std::string error_of(Run run) {
  try {
    run();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The library's message names the source and the field; so does the CLI's, with exit 2.
void check_message(const std::string& message, const std::string& field, const std::string& what) {
  CAPTURE(message);
  CHECK(message.rfind("plan.json: ", 0) == 0);
  CHECK(contains(message, field));
  CHECK(contains(message, what));
}

void check_cli(const json& doc, const std::string& flags, const std::string& field) {
  test::TempFile file(doc.dump());
  const test::CliRun run = test::run_cli("shard '" + file.path + "' " + flags);
  CAPTURE(run.err);
  CHECK(run.exit_code == 2);
  CHECK(run.out.empty());
  CHECK(run.err.find(file.path + ": " + field) != std::string::npos);
  CHECK(run.err.find(file.path) == run.err.rfind(file.path));  // the file named once
}

}  // namespace

TEST_CASE("1-D proposer: too many bins names mem_bins_per_device and the world size") {
  json doc = doc_with(64, 1000, 0, 2);
  doc["mem_bins_per_device"] = 1 << 20;
  const PlanInput input = parse_plan_input(doc, "plan.json");
  const SearchSpace space = load_search_space(input, Variant::k1D);
  check_message(error_of([&] { dp_proposals_1d(input, space); }), "mem_bins_per_device", "the 1-D proposer allows");
  check_message(error_of([&] { dp_proposals_1d(input, space); }), "topology.world_size 64", "bins");
  check_cli(doc, "--storage-reservation 0", "mem_bins_per_device");
}

TEST_CASE("1-D proposer and selection: no HBM on a CUDA topology names topology.hbm_per_device") {
  const json doc = doc_with(2, 0, 1000, 2);
  const PlanInput input = parse_plan_input(doc, "plan.json");
  const SearchSpace space = load_search_space(input, Variant::k1D);
  check_message(error_of([&] { dp_proposals_1d(input, space); }), "topology.hbm_per_device", "no HBM");
  check_message(error_of([&] { build_exact_model(input, space, Variant::k1D); }), "topology.hbm_per_device", "no HBM");
  check_cli(doc, "", "topology.hbm_per_device");
  // The 2-D variant plans by both memories: the same input is fine there.
  CHECK(error_of([&] { dp_proposals_2d(input, load_search_space(input, Variant::k2D)); }).empty());
}

TEST_CASE("2-D proposer: too many cells names the bins per device and the world size") {
  json doc = doc_with(4, 1000, 1000, 2);
  doc["hbm_bins_per_device"] = 1 << 20;
  doc["ddr_bins_per_device"] = 1 << 10;
  const PlanInput input = parse_plan_input(doc, "plan.json");
  const SearchSpace space = load_search_space(input, Variant::k2D);
  const std::string message = error_of([&] { dp_proposals_2d(input, space); });
  check_message(message, "hbm_bins_per_device: 1048576", "the 2-D proposer allows");
  check_message(message, "ddr_bins_per_device: 1024", "topology.world_size");
  check_cli(doc, "--2d --storage-reservation 0", "hbm_bins_per_device");
}

TEST_CASE("exact selection: a model too large for the dense LP layer names options and its size") {
  // 5000 tables with one option each: 5001 rows x 5000 columns, past the 2e7 entries allowed.
  const json doc = doc_with(1, 1000000, 0, 5000);
  const PlanInput input = parse_plan_input(doc, "plan.json");
  const SearchSpace space = load_search_space(input, Variant::k1D);
  check_message(error_of([&] { build_exact_model(input, space, Variant::k1D); }), "options: 5000 sharding options",
                "too large for the dense LP layer");
  check_cli(doc, "--exact --storage-reservation 0", "options");
}

TEST_CASE("a PlanInput built in code names itself \"plan input\"; the reader names the file") {
  CHECK(PlanInput{}.source == "plan input");
  CHECK(parse_plan_input(doc_with(1, 1000, 0, 1), "x.json").source == "x.json");
}
