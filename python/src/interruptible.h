// Ctrl-C for the Python package: a long native solve stops within a poll of
// the solver's clock and KeyboardInterrupt is raised, instead of the signal
// waiting for the time limit (180 s by default for SAC).
//
// Python runs its signal handlers only in the main thread and only when that
// thread asks (PyErr_CheckSignals). So the work runs on a worker thread and
// the calling thread waits with the GIL released, waking every 50 ms to ask.
// When a handler raises, the interrupt flag handed to the work is set (the
// work puts it into its Deadline, which every solver loop polls), the worker
// is joined, and the Python exception propagates. Called from a thread that
// is not the main one, PyErr_CheckSignals does nothing and the call behaves
// as before.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace milpsac::python {

// Runs work(const std::atomic<bool>* interrupt) and returns its result;
// called with the GIL held, returns with it held.
template <class Work>
auto run_interruptible(Work&& work) -> decltype(work(static_cast<const std::atomic<bool>*>(nullptr))) {
  using Result = decltype(work(static_cast<const std::atomic<bool>*>(nullptr)));
  constexpr auto kPoll = std::chrono::milliseconds(50);
  std::atomic<bool> interrupt{false};
  std::optional<Result> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  bool python_error = false;
  {
    pybind11::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result.emplace(work(&interrupt));
      } catch (...) {
        error = std::current_exception();
      }
      const std::lock_guard<std::mutex> lock(mutex);
      done = true;
      finished.notify_one();
    });
    std::unique_lock<std::mutex> lock(mutex);
    while (!finished.wait_for(lock, kPoll, [&] { return done; })) {
      if (python_error) continue;  // raised already: wait for the worker to stop
      lock.unlock();
      {
        const pybind11::gil_scoped_acquire acquire;
        python_error = PyErr_CheckSignals() != 0;
      }
      if (python_error) interrupt.store(true);
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (python_error) throw pybind11::error_already_set();  // KeyboardInterrupt, or what the handler raised
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace milpsac::python
