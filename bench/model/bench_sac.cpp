// Google Benchmark of the module-level SAC planner (solve_sac, default gap
// 0.05 and 180 s, as `milp-sac sac` runs it):
//   sac/<instance>/<budget>/W<w>   every row of instances/sac/expected.tsv
//                                  (model read once, built and solved per iteration);
//   synthetic/<modules>/depth<d>   transformer-like ModuleInfo of 50 to 1000 modules
//                                  (synthetic_module_info.h), grouping depth 0 and 2,
//                                  budget 40% of the way from the smallest feasible
//                                  peak to the no-AC peak;
//   read/<modules>                 reading the JSON of such a model.
// Set MILPSAC_BENCH_DATA to point at another shared/ directory.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "model/sac/baseline.h"
#include "model/sac/module_info_reader.h"
#include "model/sac/sac_min_budget.h"
#include "model/sac/sac_solver.h"
#include "synthetic/synthetic_module_info.h"

namespace {

using namespace milpsac;

std::string shared_dir() {
  const char* dir = std::getenv("MILPSAC_BENCH_DATA");
  return dir != nullptr ? dir : MILPSAC_DEFAULT_SHARED;
}

struct Row {
  std::string instance, budget;
  int world = 1;
};

std::vector<Row> expected_rows() {
  std::ifstream in(shared_dir() + "/instances/sac/expected.tsv");
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header: instance, budget_gib, world_size, ...
  while (std::getline(in, line)) {
    std::istringstream cells(line);
    Row row;
    std::string world;
    if (std::getline(cells, row.instance, '\t') && std::getline(cells, row.budget, '\t') &&
        std::getline(cells, world, '\t')) {
      row.world = std::stoi(world);
      rows.push_back(row);
    }
  }
  return rows;
}

void run(benchmark::State& state, const model::ModuleInfo& info, const model::SacRequest& request) {
  model::SacSolution solution;
  for (auto _ : state) {
    solution = model::solve_sac(info, request, {});
    benchmark::DoNotOptimize(solution.objective_ms);
  }
  state.counters["modules"] = info.size();
  state.counters["rows"] = solution.rows;
  state.counters["cols"] = solution.cols;
  state.counters["nodes"] = static_cast<double>(solution.nodes);
  state.counters["recompute_ms"] = solution.has_plan ? solution.recompute_ms : -1.0;
  state.counters["gap"] = solution.gap;
}

}  // namespace

int main(int argc, char** argv) {
  for (const Row& row : expected_rows()) {
    auto info = std::make_shared<model::ModuleInfo>(
        model::read_module_info_file(shared_dir() + "/instances/sac/" + row.instance + ".json"));
    model::SacRequest request;
    request.budget_gib = std::stod(row.budget);
    request.world_size = row.world;
    benchmark::RegisterBenchmark(("sac/" + row.instance + "/" + row.budget + "/W" + std::to_string(row.world)).c_str(),
                                 [info, request](benchmark::State& state) { run(state, *info, request); })
        ->Unit(benchmark::kMillisecond);
  }
  for (int depth : {0, 2}) {
    for (int modules : {50, 100, 200, 500, 1000}) {
      const model::SyntheticSpec spec = model::synthetic_spec_for(modules, depth);
      auto info = std::make_shared<model::ModuleInfo>(
          model::parse_module_info(model::synthetic_module_info_json(spec), "synthetic"));
      model::SacRequest request;
      request.budget_gib = 1.0;
      const model::MinBudget min = model::smallest_feasible_budget(*info, request, Deadline(600.0));
      const double no_ac = static_cast<double>(model::compute_baseline(*info).peak_memory_bytes) / model::kBytesPerGiB;
      request.budget_gib = min.peak_gib + 0.4 * (no_ac - min.peak_gib);
      benchmark::RegisterBenchmark(
          ("synthetic/" + std::to_string(info->size()) + "/depth" + std::to_string(depth)).c_str(),
          [info, request](benchmark::State& state) { run(state, *info, request); })
          ->Unit(benchmark::kMillisecond);
    }
  }
  for (int modules : {100, 1000, 5000}) {
    auto text = std::make_shared<std::string>(model::synthetic_module_info_json(model::synthetic_spec_for(modules, 1)));
    benchmark::RegisterBenchmark(("read/" + std::to_string(modules)).c_str(), [text](benchmark::State& state) {
      for (auto _ : state) {
        auto info = model::parse_module_info(*text, "synthetic");
        benchmark::DoNotOptimize(info.modules.data());
      }
      state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text->size()));
    })->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
