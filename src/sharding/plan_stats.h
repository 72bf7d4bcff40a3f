// Per-rank statistics of a placed sharding plan, the figures TorchRec's
// EmbeddingStats logs after planning: per rank HBM and DDR used (bytes and %
// of the capacity), perf, shard counts by sharding type; over the ranks the
// maximum and total perf and the imbalance of perf, HBM and DDR. Computed once
// here for the JSON (plan_json.h) and the CLI table, so both say the same.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sharding/plan_input.h"
#include "sharding/planner.h"

namespace milpsac::sharding {

// How far a load spread over k ranks is from even, each in [0, 1] (0: even,
// 1: everything on one rank), with TorchRec's definitions on p = load / total:
// total variation max_i |p_i - 1/k|; total distance sum_i |p_i - 1/k|; chi
// divergence sum_i k (p_i - 1/k)^2 divided by its maximum; KL divergence
// sum_i p_i ln(k p_i) divided by ln k. (The first two reach (k-1)/k and
// 2(k-1)/k at most.)
struct Imbalance {
  double total_variation = 0.0;
  double total_distance = 0.0;
  double chi_divergence = 0.0;
  double kl_divergence = 0.0;
};
// nullopt when the total load is 0 (nothing to balance; TorchRec prints none).
std::optional<Imbalance> imbalance(const std::vector<double>& load);

struct RankStats {
  std::int64_t hbm = 0;
  std::int64_t ddr = 0;
  std::int64_t hbm_capacity = 0;  // before the storage reservation
  std::int64_t ddr_capacity = 0;
  std::optional<double> hbm_percent;  // 100 * used / capacity; nullopt when the capacity is 0
  std::optional<double> ddr_percent;
  double perf = 0.0;  // ms, sum of the perf of the shards on the rank
  int shards = 0;
  std::map<std::string, int> shards_by_type;  // sharding type ("" when the input gives none) -> shards
};

struct PlanStats {
  std::vector<RankStats> ranks;
  double perf_max = 0.0;    // ms: the plan's rating, the slowest rank
  int perf_max_rank = 0;    // the first rank with perf_max
  double perf_total = 0.0;  // ms, over all ranks
  std::int64_t hbm_max = 0;
  int hbm_max_rank = 0;
  std::map<std::string, int> shards_by_type;  // over all ranks
  std::optional<Imbalance> perf_imbalance, hbm_imbalance, ddr_imbalance;
};

// Of plan.best as placed (plan.found must be true). `original` gives the
// capacities as read, before the storage reservation, as TorchRec reports them.
PlanStats plan_stats(const PlanInput& input, const PlanInput& original, const PlanResult& plan);

// TorchRec's short names: TW, RW, CW, TWRW, TWCW, DP, GRID; other names as
// they are, "-" for none.
std::string sharding_type_abbreviation(const std::string& sharding_type);

}  // namespace milpsac::sharding
