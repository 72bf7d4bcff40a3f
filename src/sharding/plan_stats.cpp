// Per-rank statistics of a placed sharding plan (see plan_stats.h).
#include "sharding/plan_stats.h"
#include "common/index.h"

#include <algorithm>
#include <cmath>

namespace milpsac::sharding {

std::optional<Imbalance> imbalance(const std::vector<double>& load) {
  double total = 0.0;
  for (double x : load) total += x;
  if (load.empty() || !(total > 0.0)) return std::nullopt;
  const auto k = static_cast<double>(load.size());
  Imbalance m;
  double chi = 0.0;
  double kl = 0.0;
  for (double x : load) {
    const double p = x / total;
    const double off = std::abs(p - 1.0 / k);
    m.total_variation = std::max(m.total_variation, off);
    m.total_distance += off;
    chi += k * off * off;
    if (p > 0.0) kl += p * std::log(k * p);
  }
  // The largest values, reached with the whole load on one rank; 0 for one rank.
  const double chi_max = (k - 1.0) / k * ((k - 1.0) / k) * k + (k - 1.0) / k;
  const double kl_max = std::log(k);
  m.chi_divergence = chi_max > 0.0 ? chi / chi_max : 0.0;
  m.kl_divergence = kl_max > 0.0 ? kl / kl_max : 0.0;
  return m;
}

namespace {

std::optional<double> percent_of(std::int64_t used, std::int64_t capacity) {
  if (capacity <= 0) return std::nullopt;
  return 100.0 * static_cast<double>(used) / static_cast<double>(capacity);
}

}  // namespace

PlanStats plan_stats(const PlanInput& input, const PlanInput& original, const PlanResult& plan) {
  PlanStats s;
  s.ranks.resize(plan.placement.devices.size());
  for (std::size_t d = 0; d < s.ranks.size(); ++d) {
    const DeviceUse& u = plan.placement.devices[d];
    RankStats& r = s.ranks[d];
    r.hbm = u.hbm;
    r.ddr = u.ddr;
    r.hbm_capacity = original.topology.hbm_per_device;
    r.ddr_capacity = original.topology.ddr_per_device;
    r.hbm_percent = percent_of(r.hbm, r.hbm_capacity);
    r.ddr_percent = percent_of(r.ddr, r.ddr_capacity);
    r.perf = u.perf;
  }
  for (std::size_t t = 0; t < plan.best.size(); ++t) {
    const ShardingOption& o = input.options[uz(plan.best[t])];
    for (std::size_t k = 0; k < o.shards.size(); ++k) {
      RankStats& r = s.ranks[uz(plan.placement.device_of(t, k))];
      ++r.shards;
      ++r.shards_by_type[o.sharding_type];
      ++s.shards_by_type[o.sharding_type];
    }
  }
  std::vector<double> perf, hbm, ddr;
  for (std::size_t d = 0; d < s.ranks.size(); ++d) {
    const RankStats& r = s.ranks[d];
    if (d == 0 || r.perf > s.perf_max) {
      s.perf_max = r.perf;
      s.perf_max_rank = static_cast<int>(d);
    }
    if (d == 0 || r.hbm > s.hbm_max) {
      s.hbm_max = r.hbm;
      s.hbm_max_rank = static_cast<int>(d);
    }
    s.perf_total += r.perf;
    perf.push_back(r.perf);
    hbm.push_back(static_cast<double>(r.hbm));
    ddr.push_back(static_cast<double>(r.ddr));
  }
  s.perf_imbalance = imbalance(perf);
  s.hbm_imbalance = imbalance(hbm);
  s.ddr_imbalance = imbalance(ddr);
  return s;
}

std::string sharding_type_abbreviation(const std::string& sharding_type) {
  static const std::map<std::string, std::string> kShort = {
      {"table_wise", "TW"},          {"row_wise", "RW"},      {"column_wise", "CW"}, {"table_row_wise", "TWRW"},
      {"table_column_wise", "TWCW"}, {"data_parallel", "DP"}, {"grid_shard", "GRID"}};
  if (sharding_type.empty()) return "-";
  const auto it = kShort.find(sharding_type);
  return it == kShort.end() ? sharding_type : it->second;
}

}  // namespace milpsac::sharding
