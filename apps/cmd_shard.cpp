// milp-sac shard PLAN_INPUT.json [--proposals] [--exact] [--2d] [--format json|table]
//
// Runs the planner loop around the DP proposer (1-D seed semantics, or the
// 2-D HBM x DDR variant with --2d) and prints the best placed plan; with
// --proposals also every proposal in order, with --exact also the exact
// selection MILP's answer and what the bin discretisation cost. Exit 0 with a
// plan, 1 when no proposal could be placed (the JSON says which table did not
// fit and by how much), 2 on bad input.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli_args.h"
#include "commands.h"
#include "output.h"
#include "sharding/exact_selection.h"
#include "sharding/placement.h"
#include "sharding/planner.h"

namespace milpsac::cli {

namespace {

using sharding::PlanInput;
using sharding::PlanResult;
using sharding::Proposal;

Json proposal_json(const Proposal& p) {
  Json a = Json::array();
  for (int i : p) a.push_back(i);
  return a;
}

std::string failure_message(const PlanInput& input, const PlanResult& r) {
  const sharding::PlacementFailure& f = r.closest_failure;
  std::ostringstream m;
  m << "no proposal could be placed; closest: table '" << r.fqns[f.table] << "' (option " << f.option << ", shard "
    << f.shard << ") needs " << f.hbm << " bytes of HBM and " << f.ddr << " bytes of DDR, device " << f.device
    << " (of " << input.topology.world_size << ") has " << f.free_hbm << " HBM and " << f.free_ddr
    << " DDR free: " << f.missing << " bytes missing";
  return m.str();
}

Json plan_json(const PlanInput& input, const PlanResult& r) {
  Json tables = Json::array();
  for (std::size_t t = 0; t < r.best.size(); ++t) {
    const sharding::ShardingOption& o = input.options[static_cast<std::size_t>(r.best[t])];
    Json shards = Json::array();
    for (std::size_t k = 0; k < o.shards.size(); ++k)
      shards.push_back({{"device", r.placement.device_of(t, k)},
                        {"hbm", o.shards[k].hbm},
                        {"ddr", o.shards[k].ddr},
                        {"perf", o.shards[k].perf}});
    tables.push_back({{"fqn", o.fqn},
                      {"option", r.best[t]},
                      {"sharding_type", o.sharding_type},
                      {"compute_kernel", o.compute_kernel},
                      {"hbm", o.hbm},
                      {"ddr", o.ddr},
                      {"perf", o.perf},
                      {"shards", shards}});
  }
  Json devices = Json::array();
  for (std::size_t d = 0; d < r.placement.devices.size(); ++d) {
    const sharding::DeviceUse& u = r.placement.devices[d];
    devices.push_back({{"device", d}, {"hbm", u.hbm}, {"ddr", u.ddr}, {"perf", u.perf}});
  }
  return {{"tables", tables}, {"devices", devices}};
}

Json exact_json(const PlanInput& input, const PlanResult& plan, const sharding::ExactSelection& exact) {
  Json j = {{"status", bnb::to_string(exact.status)}};
  if (!exact.has_solution) return j;
  j["total_perf"] = exact.total_perf;
  j["options"] = proposal_json(exact.choice);
  j["bound"] = exact.bound;
  j["gap"] = exact.gap;
  j["nodes"] = exact.nodes;
  j["seconds"] = exact.seconds;
  // What the bins cost: the DP's best total perf over its proposals minus the optimum.
  if (!plan.proposals.empty()) {
    double dp_best = sharding::total_perf(input, plan.proposals.front());
    for (const Proposal& p : plan.proposals) dp_best = std::min(dp_best, sharding::total_perf(input, p));
    j["dp_best_total_perf"] = dp_best;
    j["discretisation_cost"] = dp_best - exact.total_perf;
  } else {
    j["dp_best_total_perf"] = nullptr;
    j["discretisation_cost"] = nullptr;
  }
  sharding::PlacementResult placed = sharding::place_proposal(input, exact.choice);
  j["placed"] = placed.placed;
  if (placed.placed) j["rating"] = placed.placement.rating;
  return j;
}

void print_table(const PlanInput& input, const PlanResult& r, const Json& out) {
  std::cout << "variant " << out["variant"].get<std::string>() << ": " << r.proposals.size() << " DP proposals ("
            << r.placed << " placed, " << r.unplaceable << " did not fit, " << r.skipped
            << " could not beat the best)\n";
  if (!r.found) {
    std::cout << "status infeasible: " << out["message"].get<std::string>() << "\n";
    return;
  }
  std::cout << "best: " << (r.best_index < 0 ? std::string("initial proposal") : "proposal " + std::to_string(r.best_index))
            << ", rating " << r.placement.rating << " ms, total perf " << sharding::total_perf(input, r.best)
            << " ms\n\n";
  std::cout << std::left << std::setw(24) << "table" << std::right << std::setw(8) << "option" << std::setw(16)
            << "hbm" << std::setw(16) << "ddr" << std::setw(12) << "perf" << "  devices\n";
  for (const Json& t : out["tables"]) {
    std::ostringstream devices;
    for (const Json& s : t["shards"]) devices << (devices.tellp() > 0 ? "," : "") << s["device"].get<int>();
    std::cout << std::left << std::setw(24) << t["fqn"].get<std::string>() << std::right << std::setw(8)
              << t["option"].get<int>() << std::setw(16) << t["hbm"].get<std::int64_t>() << std::setw(16)
              << t["ddr"].get<std::int64_t>() << std::setw(12) << t["perf"].get<double>() << "  " << devices.str()
              << "\n";
  }
  std::cout << "\n" << std::setw(8) << "device" << std::setw(16) << "hbm" << std::setw(16) << "ddr" << std::setw(12)
            << "perf" << "\n";
  for (const Json& d : out["devices"])
    std::cout << std::setw(8) << d["device"].get<int>() << std::setw(16) << d["hbm"].get<std::int64_t>()
              << std::setw(16) << d["ddr"].get<std::int64_t>() << std::setw(12) << d["perf"].get<double>() << "\n";
  if (out.contains("exact")) {
    const Json& e = out["exact"];
    std::cout << "\nexact selection: " << e["status"].get<std::string>();
    if (e.contains("total_perf")) {
      std::cout << ", total perf " << e["total_perf"].get<double>() << " ms";
      if (!e["discretisation_cost"].is_null())
        std::cout << " (DP best " << e["dp_best_total_perf"].get<double>() << " ms)";
    }
    std::cout << "\n";
  }
}

}  // namespace

int run_shard(const Args& args) {
  CliArgs cli(args, {"format"}, {"proposals", "exact", "2d"});
  cli.require_positional(1, "PLAN_INPUT.json");
  const OutputFormat format = output_format(cli);
  const auto variant = cli.flag("2d") ? sharding::Variant::k2D : sharding::Variant::k1D;
  const PlanInput input = sharding::read_plan_input(cli.positional()[0]);
  const PlanResult plan = sharding::plan_sharding(input, variant);

  Json out;
  out["status"] = plan.found ? "ok" : "infeasible";
  out["variant"] = variant == sharding::Variant::k2D ? "2d" : "1d";
  if (plan.found) {
    out["rating"] = plan.placement.rating;
    out["total_perf"] = sharding::total_perf(input, plan.best);
    out["chosen_proposal"] = plan.best_index;
    Json placed = plan_json(input, plan);
    out["tables"] = placed["tables"];
    out["devices"] = placed["devices"];
  } else {
    const sharding::PlacementFailure& f = plan.closest_failure;
    out["message"] = failure_message(input, plan);
    out["unplaced"] = {{"fqn", plan.fqns[f.table]}, {"option", f.option}, {"shard", f.shard},
                       {"hbm", f.hbm},  {"ddr", f.ddr},       {"device", f.device},
                       {"free_hbm", f.free_hbm}, {"free_ddr", f.free_ddr}, {"missing_bytes", f.missing}};
  }
  out["num_proposals"] = plan.proposals.size();
  out["placed"] = plan.placed;
  out["unplaceable"] = plan.unplaceable;
  out["skipped"] = plan.skipped;
  if (cli.flag("proposals")) {
    out["initial_proposal"] = proposal_json(plan.initial_proposal);
    Json all = Json::array();
    for (const Proposal& p : plan.proposals) all.push_back(proposal_json(p));
    out["proposals"] = std::move(all);
  }
  if (cli.flag("exact")) {
    const sharding::SearchSpace space = sharding::load_search_space(input, variant);
    bnb::MilpOptions options;
    options.relative_gap = 0.0;
    const sharding::ExactSelection exact = sharding::solve_exact_selection(input, space, variant, options);
    if (!exact.has_solution && exact.status != bnb::MilpStatus::kInfeasible)
      std::cerr << "milp-sac shard: warning: the exact selection ended with status " << bnb::to_string(exact.status)
                << " and no solution\n";
    out["exact"] = exact_json(input, plan, exact);
  }

  if (!plan.found) std::cerr << "milp-sac shard: " << out["message"].get<std::string>() << "\n";
  if (format == OutputFormat::kTable) {
    print_table(input, plan, out);
  } else {
    print_json(out);
  }
  return plan.found ? 0 : 1;
}

}  // namespace milpsac::cli
