// What a node's fields may hold (docs/formats.md#autograd-graph), written once
// for the two readers of the autograd graph: the checked reader, which names
// the field of every error, and the fast reader of well-formed files.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "analysis/autograd_graph.h"
#include "common/json_fields.h"

namespace milpsac::analysis {

// out_bytes is a byte count (kMaxByteCount: 2^53); FLOP counts fill an int64.
inline constexpr std::int64_t kMaxOutBytes = kMaxByteCount;
inline constexpr std::int64_t kMaxFlop = std::numeric_limits<std::int64_t>::max();

// The stage a "stage" string names, or none.
inline std::optional<Stage> stage_named(std::string_view name) {
  if (name == "placeholder") return Stage::kPlaceholder;
  if (name == "forward") return Stage::kForward;
  if (name == "loss") return Stage::kLoss;
  if (name == "backward") return Stage::kBackward;
  return std::nullopt;
}

// Adds `value` (>= 0) to `total` unless the sum leaves int64: the analysis
// sums FLOPs and bytes over all nodes and must not overflow.
inline bool add_within_int64(std::int64_t& total, std::int64_t value) {
  if (value > std::numeric_limits<std::int64_t>::max() - total) return false;
  total += value;
  return true;
}

}  // namespace milpsac::analysis
