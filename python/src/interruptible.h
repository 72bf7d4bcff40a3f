// Ctrl-C, progress and cancellation for the Python package: a long native
// solve stops within a poll of the solver's clock and KeyboardInterrupt is
// raised, instead of the signal waiting for the time limit (180 s by default
// for SAC).
//
// Python runs its signal handlers only in the main thread and only when that
// thread asks (PyErr_CheckSignals). So the work runs on a worker thread and
// the calling thread waits with the GIL released, waking every 50 ms to ask.
// When a handler raises, the interrupt flag handed to the work is set (the
// work puts it into its Deadline, which every solver loop polls), the worker
// is joined, and the Python exception propagates. Called from a thread that
// is not the main one, PyErr_CheckSignals does nothing and the call behaves
// as before.
//
// Watch adds two things to the same loop: a cancel flag any thread may raise
// (CancelToken), which stops the work like Ctrl-C but without an exception,
// and a hook run with the GIL held at every wake-up and once at the end, in
// the calling thread: progress events queued by the worker are handed to
// Python callbacks there (ProgressQueue), so a callback runs where the user
// called from, and an exception it raises stops the solve and propagates.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace milpsac::python {

// milp_sac.CancelToken: cancel() from any thread stops every call it was given to.
struct CancelToken {
  std::atomic<bool> cancelled{false};
};

struct Watch {
  const std::atomic<bool>* cancel = nullptr;  // raised: stop the work (no exception)
  std::function<void()> poll;                 // GIL held; may throw pybind11::error_already_set
};

// Events handed from the worker to the calling thread, in order.
template <class Event>
class ProgressQueue {
 public:
  void push(Event event) {
    const std::lock_guard<std::mutex> lock(mutex_);
    events_.push_back(std::move(event));
  }
  std::deque<Event> take() {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::deque<Event> out;
    out.swap(events_);
    return out;
  }

 private:
  std::mutex mutex_;
  std::deque<Event> events_;
};

// Runs work(const std::atomic<bool>* interrupt) and returns its result;
// called with the GIL held, returns with it held. When Python raised
// (Ctrl-C, or the poll hook), the work's result, if it returned one, is
// handed to keep(result) before the exception propagates (keep may attach
// it to the exception: see attach_result).
template <class Work, class Keep>
auto run_watched(Work&& work, const Watch& watch, Keep&& keep)
    -> decltype(work(static_cast<const std::atomic<bool>*>(nullptr))) {
  using Result = decltype(work(static_cast<const std::atomic<bool>*>(nullptr)));
  constexpr auto kPoll = std::chrono::milliseconds(50);
  std::atomic<bool> interrupt{false};
  std::optional<Result> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  bool python_error = false;
  // With the GIL held: signals, then the hook; false when Python raised
  // (the error is left set for error_already_set to fetch).
  auto ask_python = [&](bool signals) {
    if (signals && PyErr_CheckSignals() != 0) return false;
    if (!watch.poll) return true;
    try {
      watch.poll();
    } catch (pybind11::error_already_set& e) {
      e.restore();
      return false;
    }
    return true;
  };
  if (watch.cancel != nullptr && watch.cancel->load()) interrupt.store(true);
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
      if (watch.cancel != nullptr && watch.cancel->load()) interrupt.store(true);
      if (python_error) continue;  // raised already: wait for the worker to stop
      lock.unlock();
      {
        const pybind11::gil_scoped_acquire acquire;
        python_error = !ask_python(true);
      }
      if (python_error) interrupt.store(true);
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  // The events of the last moments (the final snapshot) still reach the hook.
  if (!python_error && !error) python_error = !ask_python(false);
  if (python_error) {
    pybind11::error_already_set raised;  // KeyboardInterrupt, or what a handler or callback raised
    if (result) keep(raised, *result);
    throw raised;
  }
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

template <class Work>
auto run_interruptible(Work&& work) -> decltype(work(static_cast<const std::atomic<bool>*>(nullptr))) {
  return run_watched(std::forward<Work>(work), Watch{}, [](const pybind11::error_already_set&, const auto&) {});
}

// The result of an interrupted call rides on the exception: e.result.
inline void attach_result(const pybind11::error_already_set& raised, const pybind11::object& result) {
  if (raised.value()) pybind11::setattr(raised.value(), "result", result);
}

}  // namespace milpsac::python
