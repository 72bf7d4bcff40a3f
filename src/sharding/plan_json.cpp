// The JSON of a sharding plan (see plan_json.h).
#include "sharding/plan_json.h"
#include "common/index.h"

#include <sstream>

#include "sharding/placement.h"
#include "sharding/placement_rules.h"
#include "sharding/plan_stats.h"

namespace milpsac::sharding {
namespace {

using Json = nlohmann::ordered_json;

Json optional_json(const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); }

Json imbalance_json(const std::optional<Imbalance>& m) {
  if (!m) return nullptr;
  return {{"total_variation", m->total_variation},
          {"total_distance", m->total_distance},
          {"chi_divergence", m->chi_divergence},
          {"kl_divergence", m->kl_divergence}};
}

void add_plan(Json& out, const PlanInput& input, const PlanInput& original, const PlanResult& r) {
  const std::vector<PlacementRule> rules = placement_rules(input);
  Json tables = Json::array();
  for (std::size_t t = 0; t < r.best.size(); ++t) {
    const auto option = uz(r.best[t]);
    const ShardingOption& o = input.options[option];
    Json shards = Json::array();
    for (std::size_t k = 0; k < o.shards.size(); ++k)
      shards.push_back({{"device", r.placement.device_of(t, k)},
                        {"hbm_bytes", o.shards[k].hbm},
                        {"ddr_bytes", o.shards[k].ddr},
                        {"perf_ms", o.shards[k].perf}});
    tables.push_back({{"fqn", o.fqn},
                      {"option", r.best[t]},
                      {"sharding_type", o.sharding_type},
                      {"compute_kernel", o.compute_kernel},
                      {"placement", to_string(rules[option])},
                      {"hbm_bytes", o.hbm},
                      {"ddr_bytes", o.ddr},
                      {"perf_ms", o.perf},
                      {"shards", shards}});
  }
  const PlanStats stats = plan_stats(input, original, r);
  Json devices = Json::array();
  for (std::size_t d = 0; d < stats.ranks.size(); ++d) {
    const RankStats& u = stats.ranks[d];
    devices.push_back({{"device", d},
                       {"hbm_bytes", u.hbm},
                       {"ddr_bytes", u.ddr},
                       {"perf_ms", u.perf},
                       {"hbm_capacity_bytes", u.hbm_capacity},
                       {"ddr_capacity_bytes", u.ddr_capacity},
                       {"hbm_used_percent", optional_json(u.hbm_percent)},
                       {"ddr_used_percent", optional_json(u.ddr_percent)},
                       {"shards", u.shards},
                       {"shards_by_type", u.shards_by_type}});
  }
  out["tables"] = std::move(tables);
  out["devices"] = std::move(devices);
  out["stats"] = {{"perf_max_ms", stats.perf_max},
                  {"perf_max_device", stats.perf_max_rank},
                  {"perf_total_ms", stats.perf_total},
                  {"hbm_max_bytes", stats.hbm_max},
                  {"hbm_max_device", stats.hbm_max_rank},
                  {"shards_by_type", stats.shards_by_type},
                  {"imbalance",
                   {{"perf", imbalance_json(stats.perf_imbalance)},
                    {"hbm", imbalance_json(stats.hbm_imbalance)},
                    {"ddr", imbalance_json(stats.ddr_imbalance)}}}};
}

}  // namespace

Json proposal_json(const Proposal& proposal) {
  Json a = Json::array();
  for (int i : proposal) a.push_back(i);
  return a;
}

std::string failure_message(const PlanInput& input, const PlanResult& r) {
  const PlacementFailure& f = r.closest_failure;
  std::ostringstream m;
  m << "no proposal could be placed; closest: table '" << r.fqns[f.table] << "' (option " << f.option << ", shard "
    << f.shard << ") needs " << f.hbm << " bytes of HBM and " << f.ddr << " bytes of DDR, device " << f.device
    << " (of " << input.topology.world_size << ") has " << f.free_hbm << " HBM and " << f.free_ddr
    << " DDR free: " << f.missing << " bytes missing";
  return m.str();
}

Json plan_json(const PlanInput& input, const PlanInput& original, const PlanResult& plan, Variant variant,
               double storage_reservation, bool with_proposals) {
  Json out;
  out["status"] = plan.found ? "feasible" : (plan.time_limit_reached ? "time_limit" : "infeasible");
  out["variant"] = variant == Variant::k2D ? "2d" : "1d";
  out["storage_reservation"] = storage_reservation;
  if (plan.found) {
    out["rating_ms"] = plan.placement.rating;
    out["total_perf_ms"] = total_perf(input, plan.best);
    out["chosen_proposal"] = plan.best_index;
    add_plan(out, input, original, plan);
  } else {
    const PlacementFailure& f = plan.closest_failure;
    out["message"] = failure_message(input, plan);
    out["unplaced"] = {{"fqn", plan.fqns[f.table]},    {"option", f.option},           {"shard", f.shard},
                       {"hbm_bytes", f.hbm},           {"ddr_bytes", f.ddr},           {"device", f.device},
                       {"free_hbm_bytes", f.free_hbm}, {"free_ddr_bytes", f.free_ddr}, {"missing_bytes", f.missing}};
  }
  out["num_proposals"] = plan.proposals.size();
  out["placed"] = plan.placed;
  out["unplaceable"] = plan.unplaceable;
  out["skipped"] = plan.skipped;
  out["time_limit_reached"] = plan.time_limit_reached;
  out["warnings"] = original.warnings;
  if (with_proposals) {
    out["initial_proposal"] = proposal_json(plan.initial_proposal);
    Json all = Json::array();
    for (const Proposal& p : plan.proposals) all.push_back(proposal_json(p));
    out["proposals"] = std::move(all);
  }
  return out;
}

}  // namespace milpsac::sharding
