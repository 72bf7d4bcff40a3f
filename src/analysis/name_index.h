// Node name -> node index for the readers of the autograd graph.
//
// Open addressing over 8-byte slots (the low 32 bits of the name's hash, which
// also give its home slot, and the node index); the names stay in the nodes,
// where a probe compares them when the hash bits match. A hash map of strings
// spent a third of the reading time on a 10^6-node graph in cache misses and
// one allocation per name; here a new name costs about one miss and a lookup
// two.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string_view>
#include <vector>

#include "analysis/autograd_graph.h"

namespace milpsac::analysis {

class NameIndex {
 public:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  // The index reads names from `nodes`, which must outlive it.
  explicit NameIndex(const std::vector<AutogradNode>& nodes) : nodes_(nodes) {}

  std::size_t find(std::string_view name) const {
    if (slots_.empty()) return kNone;
    const std::uint32_t tag = tag_of(name);
    for (std::size_t s = tag & mask(); slots_[s].node != kEmpty; s = (s + 1) & mask())
      if (slots_[s].tag == tag && nodes_[slots_[s].node].name == name) return slots_[s].node;
    return kNone;
  }

  // Adds node v under its name, or returns the node that already has that name.
  std::size_t insert(std::size_t v) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::string_view name = nodes_[v].name;
    const std::uint32_t tag = tag_of(name);
    std::size_t s = tag & mask();
    for (; slots_[s].node != kEmpty; s = (s + 1) & mask())
      if (slots_[s].tag == tag && nodes_[slots_[s].node].name == name) return slots_[s].node;
    slots_[s] = {tag, static_cast<std::uint32_t>(v)};
    ++size_;
    return kNone;
  }

 private:
  // Node indices fit in 32 bits (4 * 10^9 nodes would need hundreds of GB);
  // the table stays below 2^32 slots, so the tag holds every bit of the mask.
  static constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
  struct Slot {
    std::uint32_t tag = 0;
    std::uint32_t node = kEmpty;
  };
  static std::uint32_t tag_of(std::string_view name) {
    return static_cast<std::uint32_t>(std::hash<std::string_view>()(name));
  }
  std::size_t mask() const { return slots_.size() - 1; }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    for (const Slot& slot : old) {
      if (slot.node == kEmpty) continue;
      std::size_t s = slot.tag & mask();
      while (slots_[s].node != kEmpty) s = (s + 1) & mask();
      slots_[s] = slot;
    }
  }
  const std::vector<AutogradNode>& nodes_;
  std::vector<Slot> slots_;  // a power of two, at most half full
  std::size_t size_ = 0;
};

}  // namespace milpsac::analysis
