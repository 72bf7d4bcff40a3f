// parallel_for (common/parallel_for.h) when threads cannot be created, and
// the CPU count behind every `threads` default (common/usable_cpus.h).
#include <doctest/doctest.h>
#include <sched.h>

#include <atomic>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "common/parallel_for.h"
#include "common/usable_cpus.h"

using milpsac::parallel_for;

namespace {

// Starts `allowed` threads, then fails as pthread_create does under a pids limit.
struct StartUpTo {
  int allowed;
  template <class Work>
  void operator()(std::vector<std::thread>& pool, Work& work) const {
    if (static_cast<int>(pool.size()) >= allowed)
      throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
    pool.emplace_back(work);
  }
};

}  // namespace

TEST_CASE("parallel_for: a thread the system refuses means fewer threads, every task run once") {
  for (int allowed : {0, 1, 3}) {
    CAPTURE(allowed);
    std::vector<int> runs(100, 0);
    const milpsac::ParallelRun run = parallel_for(
        runs.size(), 8, [&](size_t i) { ++runs[i]; }, StartUpTo{allowed});
    CHECK(run.wanted == 8);
    CHECK(run.started == static_cast<size_t>(allowed + 1));
    CHECK(run.short_of_threads());
    for (int r : runs) CHECK(r == 1);
  }
}

TEST_CASE("parallel_for: a task's exception reaches the caller after the threads stopped, also when short of threads") {
  for (int allowed : {0, 2, 7}) {
    CAPTURE(allowed);
    std::atomic<int> done{0};
    CHECK_THROWS_WITH_AS(parallel_for(
                             50, 8,
                             [&](size_t i) {
                               if (i == 10) throw std::runtime_error("task 10 failed");
                               ++done;
                             },
                             StartUpTo{allowed}),
                         "task 10 failed", std::runtime_error);
    CHECK(done.load() < 50);
  }
}

TEST_CASE("parallel_for: all threads started, one per task at most") {
  std::vector<int> runs(3, 0);
  const milpsac::ParallelRun run = parallel_for(runs.size(), 8, [&](size_t i) { ++runs[i]; });
  CHECK(run.wanted == 3);
  CHECK(run.started == 3);
  CHECK_FALSE(run.short_of_threads());
  CHECK(runs == std::vector<int>{1, 1, 1});
}

TEST_CASE("usable_cpu_count: at least 1, at most the affinity mask") {
  const int cpus = milpsac::usable_cpu_count();
  CHECK(cpus >= 1);
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) == 0) CHECK(cpus <= CPU_COUNT(&mask));
}

TEST_CASE("cgroup quotas as CPUs: rounded up; 'max', -1 and junk are no quota") {
  using milpsac::cpus_of_cgroup_v1;
  using milpsac::cpus_of_cgroup_v2;
  CHECK(cpus_of_cgroup_v2("200000 100000\n") == 2);
  CHECK(cpus_of_cgroup_v2("150000 100000") == 2);
  CHECK(cpus_of_cgroup_v2("50000 100000") == 1);
  CHECK_FALSE(cpus_of_cgroup_v2("max 100000"));
  CHECK_FALSE(cpus_of_cgroup_v2(""));
  CHECK_FALSE(cpus_of_cgroup_v2("12abc 100000"));
  CHECK_FALSE(cpus_of_cgroup_v2("0 100000"));
  CHECK(cpus_of_cgroup_v1("300000\n", "100000\n") == 3);
  CHECK_FALSE(cpus_of_cgroup_v1("-1\n", "100000\n"));
  CHECK_FALSE(cpus_of_cgroup_v1("", ""));
}
