// Google Benchmark: LP solves of the Netlib set and MILP solves of the MIPLIB
// set in ../shared/instances/lp, one benchmark per model (read once, solved
// per iteration). Set MILPSAC_BENCH_DATA to point elsewhere.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "bnb/branch_and_bound.h"
#include "lp/mps/mps.h"
#include "lp/simplex.h"

namespace {

std::string shared_dir() {
  const char* dir = std::getenv("MILPSAC_BENCH_DATA");
  return dir != nullptr ? dir : MILPSAC_DEFAULT_SHARED;
}

std::vector<std::filesystem::path> models(const std::string& set) {
  std::vector<std::filesystem::path> files;
  const std::filesystem::path dir = std::filesystem::path(shared_dir()) / "instances/lp" / set;
  if (!std::filesystem::exists(dir)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string model_name(const std::filesystem::path& path) {
  std::string name = path.filename().string();
  return name.substr(0, name.find('.'));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace milpsac;
  for (const auto& path : models("netlib")) {
    auto lp = std::make_shared<lp::LinearProgram>(lp::read_mps_file(path.string()));
    benchmark::RegisterBenchmark(("lp/" + model_name(path)).c_str(), [lp](benchmark::State& state) {
      for (auto _ : state) {
        auto solution = lp::solve_lp(*lp);
        benchmark::DoNotOptimize(solution.objective);
        if (solution.status != lp::LpStatus::kOptimal) state.SkipWithError("not optimal");
      }
    })->Unit(benchmark::kMillisecond);
  }
  for (const auto& path : models("miplib")) {
    auto lp = std::make_shared<lp::LinearProgram>(lp::read_mps_file(path.string()));
    benchmark::RegisterBenchmark(("milp/" + model_name(path)).c_str(),
                                 [lp](benchmark::State& state) {
                                   bnb::MilpOptions options;
                                   options.relative_gap = 1e-6;
                                   for (auto _ : state) {
                                     auto result = bnb::solve_milp(*lp, options);
                                     benchmark::DoNotOptimize(result.objective);
                                     state.counters["nodes"] = static_cast<double>(result.nodes);
                                   }
                                 })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
