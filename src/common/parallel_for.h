// parallel_for: run task(i) for i in [0, count) on up to `threads` threads.
//
// Each task writes only its own slot of a result the caller sized beforehand,
// so the result does not depend on the number of threads or on the order in
// which the tasks ran. Tasks are handed out by an atomic counter (no
// scheduler beyond that). The first exception a task throws is rethrown here
// once all threads have stopped; the tasks not yet started are skipped.
//
// A thread the system refuses to create (a pids limit such as `ulimit -u` or
// a container's pids.max, an address-space limit) is not an error: the tasks
// run on the threads that did start (at worst the caller's alone), and the
// returned ParallelRun says how many that was, for the caller's warning. No
// exception ever leaves with a joinable thread (std::terminate).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "common/index.h"
#include "common/usable_cpus.h"

namespace milpsac {

// The number of threads a "default" (0) request means: the CPUs this process may use.
inline int default_thread_count() { return usable_cpu_count(); }

struct ParallelRun {
  size_t wanted = 1;   // min(count, threads), at least 1
  size_t started = 1;  // threads that ran tasks, the caller's included
  bool short_of_threads() const { return started < wanted; }
};

// Starts one thread running `work` into `pool`; the default. Tests pass one that fails.
struct StartThread {
  template <class Work>
  void operator()(std::vector<std::thread>& pool, Work& work) const {
    pool.emplace_back(work);
  }
};

template <class Task, class Start = StartThread>
ParallelRun parallel_for(size_t count, int threads, Task&& task, Start start = Start{}) {
  const size_t workers = std::min(count, uz(std::max(1, threads)));
  ParallelRun run{std::max<size_t>(workers, 1), 1};
  if (workers <= 1) {
    for (size_t i = 0; i < count; ++i) task(i);
    return run;
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
  // Joins whatever started, on every way out of this function.
  struct JoinAll {
    std::vector<std::thread>& pool;
    ~JoinAll() {
      for (std::thread& t : pool)
        if (t.joinable()) t.join();
    }
  } join_all{pool};
  try {
    pool.reserve(workers - 1);
    for (size_t w = 1; w < workers; ++w) start(pool, work);
  } catch (const std::system_error&) {
    // EAGAIN from pthread_create: fewer threads, same result.
  } catch (const std::bad_alloc&) {
    // The pool's memory (or a thread's state) could not be allocated: likewise.
  }
  run.started = pool.size() + 1;
  work();
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  return run;
}

}  // namespace milpsac
