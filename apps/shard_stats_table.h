// The per-rank part of `milp-sac shard --format table`, laid out like
// TorchRec's EmbeddingStats: one row per rank (HBM and DDR used, capacity and
// %, perf, shards, shards per sharding type), then perf max / total and the
// imbalance of perf, HBM and DDR.
#pragma once

#include <string>

#include "sharding/plan_stats.h"

namespace milpsac::cli {

std::string shard_stats_table(const sharding::PlanStats& stats);

}  // namespace milpsac::cli
