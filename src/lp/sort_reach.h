// sort_reach: the nodes of a reach (topological_reach.h) sorted by index,
// increasing or decreasing: the order in which the plain triangular walk
// visits them, so that a hyper-sparse solve gives the plain solve's bits.
//
// A comparison sort costs about r log2 r comparisons for r nodes. When the
// nodes' index range is short against that, a bitmap over the range is
// cheaper: one bit set per node, then the range's 64-bit words walked in
// order, each word's bits taken lowest or highest first (range / 64 words
// plus r bit extractions, no comparisons). pds-40's U solves reach about 900
// of 67,000 pivots: about 1,000 words against 9,000 comparisons. A reach of
// a few nodes spread over the whole factor keeps the comparison sort.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "common/index.h"

namespace milpsac::lp {

enum class NodeOrder { kIncreasing, kDecreasing };

// Whether sort_reach walks a bitmap (true) or sorts (false) for `count`
// nodes spanning `words` 64-bit words: the walk when its words are at most
// count * bit_width(count). Timed on random reaches: at 256 and 1,024 nodes
// the walk wins up to 4-6 times that many words (the sort mispredicts), at
// 16 and 64 nodes it loses past 0.5-1 times (tens of nanoseconds either way).
inline bool sort_reach_by_bitmap(size_t count, size_t words) { return words <= count * uz(std::bit_width(count)); }

namespace detail {

// Takes the set bits of bits[first_word .. last_word] into `order` in the
// requested order, clearing every word it reads.
inline void take_bitmap(std::vector<int>& order, std::vector<std::uint64_t>& bits, size_t first_word, size_t last_word,
                        NodeOrder direction) {
  size_t out = 0;
  if (direction == NodeOrder::kIncreasing) {
    for (size_t w = first_word; w <= last_word; ++w) {
      for (std::uint64_t x = bits[w]; x != 0; x &= x - 1)
        order[out++] = static_cast<int>(w * 64 + uz(std::countr_zero(x)));
      bits[w] = 0;
    }
    return;
  }
  for (size_t w = last_word + 1; w-- > first_word;) {
    for (std::uint64_t x = bits[w]; x != 0;) {
      const int bit = 63 - std::countl_zero(x);
      order[out++] = static_cast<int>(w * 64 + uz(bit));
      x ^= std::uint64_t{1} << bit;
    }
    bits[w] = 0;
  }
}

}  // namespace detail

// Sorts `order` (distinct nodes >= 0). `bits` is scratch, all zero on entry
// and on return; it grows to cover the largest node when the bitmap is used.
inline void sort_reach(std::vector<int>& order, std::vector<std::uint64_t>& bits, NodeOrder direction) {
  if (order.size() < 2) return;
  const auto [lo, hi] = std::minmax_element(order.begin(), order.end());
  const size_t first_word = uz(*lo) / 64, last_word = uz(*hi) / 64;
  if (!sort_reach_by_bitmap(order.size(), last_word - first_word + 1)) {
    if (direction == NodeOrder::kIncreasing)
      std::sort(order.begin(), order.end());
    else
      std::sort(order.begin(), order.end(), std::greater<int>());
    return;
  }
  if (bits.size() <= last_word) bits.resize(last_word + 1, 0);
  for (int node : order) bits[uz(node) / 64] |= std::uint64_t{1} << (uz(node) % 64);
  detail::take_bitmap(order, bits, first_word, last_word, direction);
}

}  // namespace milpsac::lp
