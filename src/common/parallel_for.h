// parallel_for: run task(i) for i in [0, count) on up to `threads` threads.
//
// Each task writes only its own slot of a result the caller sized beforehand,
// so the result does not depend on the number of threads or on the order in
// which the tasks ran. Tasks are handed out by an atomic counter (no
// scheduler beyond that). The first exception a task throws is rethrown here
// once all threads have stopped; the tasks not yet started are skipped.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "common/index.h"

namespace milpsac {

// The number of threads a "default" (0) request means: the cores reported, at least 1.
inline int default_thread_count() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(cores);
}

template <class Task>
void parallel_for(size_t count, int threads, Task&& task) {
  const size_t workers = std::min(count, uz(std::max(1, threads)));
  if (workers <= 1) {
    for (size_t i = 0; i < count; ++i) task(i);
    return;
  }
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (size_t i = next++; i < count && !failed.load(); i = next++) {
      try {
        task(i);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (size_t w = 1; w < workers; ++w) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace milpsac
