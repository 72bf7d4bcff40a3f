// The per-rank part of `milp-sac shard --format table` (see shard_stats_table.h).
#include "shard_stats_table.h"

#include <iomanip>
#include <sstream>
#include <vector>

#include "text_format.h"

namespace milpsac::cli {
namespace {

std::string percent_cell(const std::optional<double>& value) {
  if (!value) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << *value;
  return s.str();
}

// Imbalance figures in [0, 1] with three decimals, as TorchRec prints them.
std::string fixed3(double value) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << value;
  return s.str();
}

}  // namespace

std::string shard_stats_table(const sharding::PlanStats& stats) {
  std::vector<TextTable::Column> columns = {{"rank"},         {"HBM used (GiB)"}, {"HBM capacity (GiB)"},
                                            {"HBM used (%)"}, {"DDR used (GiB)"}, {"DDR capacity (GiB)"},
                                            {"DDR used (%)"}, {"perf (ms)"},      {"shards"}};
  for (const auto& [type, count] : stats.shards_by_type)
    columns.push_back({sharding::sharding_type_abbreviation(type)});
  TextTable ranks(std::move(columns));
  for (std::size_t d = 0; d < stats.ranks.size(); ++d) {
    const sharding::RankStats& r = stats.ranks[d];
    std::vector<std::string> row = {std::to_string(d),
                                    gib(static_cast<double>(r.hbm)),
                                    gib(static_cast<double>(r.hbm_capacity)),
                                    percent_cell(r.hbm_percent),
                                    gib(static_cast<double>(r.ddr)),
                                    gib(static_cast<double>(r.ddr_capacity)),
                                    percent_cell(r.ddr_percent),
                                    human_number(r.perf),
                                    std::to_string(r.shards)};
    for (const auto& [type, count] : stats.shards_by_type) {
      const auto it = r.shards_by_type.find(type);
      row.push_back(std::to_string(it == r.shards_by_type.end() ? 0 : it->second));
    }
    ranks.add_row(std::move(row));
  }
  std::ostringstream out;
  out << ranks.render();
  out << "perf: max " << human_number(stats.perf_max) << " ms (rank " << stats.perf_max_rank << "), total "
      << human_number(stats.perf_total) << " ms; HBM: max " << gib(static_cast<double>(stats.hbm_max)) << " GiB (rank "
      << stats.hbm_max_rank << ")\n";
  TextTable imbalance({{"imbalance (0 even, 1 all on one rank)", true},
                       {"total variation"},
                       {"total distance"},
                       {"chi divergence"},
                       {"KL divergence"}});
  const std::pair<const char*, const std::optional<sharding::Imbalance>*> rows[] = {
      {"perf", &stats.perf_imbalance}, {"HBM", &stats.hbm_imbalance}, {"DDR", &stats.ddr_imbalance}};
  for (const auto& [name, m] : rows) {
    if (!*m) continue;  // nothing used: nothing to balance
    imbalance.add_row({name, fixed3((*m)->total_variation), fixed3((*m)->total_distance), fixed3((*m)->chi_divergence),
                       fixed3((*m)->kl_divergence)});
  }
  if (!imbalance.empty()) out << "\n" << imbalance.render();
  return out.str();
}

}  // namespace milpsac::cli
