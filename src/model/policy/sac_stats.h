// SacStats: the operator-level statistics of one module (PyTorch's SACStats),
// the input of the operator-level SAC policy (docs/formats.md#sacstats), and its reader.
//
// The reader accepts the bare SACStats object or an object holding it under
// "sac_stats" (the shape of the shared cases file). It checks every field
// before anything is built on it: the eight keys are present with the right
// types, runtimes and memory have one entry per op and are finite and >= 0
// (memory a whole number of bytes), and every op index (view-like, random,
// saved-autograd, both sides of each in-place pair) lies in [0, ops). A
// problem is an InputError naming the file and the field, e.g.
// "stats.json: inplace_ops[2][1]: index 9 out of range [0, 8)".
// Unknown keys are ignored.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/deadline.h"

namespace milpsac::model {

struct SacStats {
  std::vector<std::string> func_names;           // one per op, e.g. "aten.mm"
  std::vector<double> runtimes;                  // ms, >= 0
  std::vector<std::int64_t> memory;              // bytes, >= 0
  std::vector<int> view_like_ops;                // always recomputed
  std::vector<int> rand_ops;                     // tied together, or saved if forced
  std::vector<int> saved_autograd_ops;           // read and checked, not used by the policy
  std::vector<std::pair<int, int>> inplace_ops;  // (op, parent): op follows its parent
  bool force_store_random = false;

  int size() const { return static_cast<int>(func_names.size()); }
};

// Check lengths, index ranges and values of stats built in code (the reader
// runs the same check); `source` names the data in the InputError.
void validate_sac_stats(const SacStats& stats, const std::string& source);

// Parse SACStats JSON text; `source` names it in error messages.
SacStats parse_sac_stats(std::string_view text, const std::string& source, const Deadline* deadline = nullptr);

// Read a SACStats file; `path` names it in error messages. With a `deadline`,
// reading and parsing poll it (TimeLimitReached).
SacStats read_sac_stats_file(const std::string& path, const Deadline* deadline = nullptr);

}  // namespace milpsac::model
