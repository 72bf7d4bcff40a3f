// Private helper of the MPS reader: the column name index, an open-addressing
// hash table of column numbers.
//
// A node-based map kept a second copy of every name and one allocation per
// column: at 10^6 columns its lookups (cache misses) were a third of `solve`'s
// CPU time, and freeing its nodes cost seconds of wall time on a loaded
// machine after a time limit had passed while reading. Here the names stay in
// the columns (the caller's `name_of(index)`); a slot holds the name's hash and
// the column number, so a probe compares strings only on equal hashes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace milpsac::lp::mps_detail {

class ColumnIndex {
 public:
  // The number stored for `name`, or -1. `name_of(k)` is the name of number k.
  template <class NameOf>
  int find(std::string_view name, const NameOf& name_of) const {
    if (slots_.empty()) return -1;
    const std::uint64_t h = hash(name);
    for (size_t s = h & mask(); slots_[s].index >= 0; s = (s + 1) & mask())
      if (slots_[s].hash == h && name_of(slots_[s].index) == name) return slots_[s].index;
    return -1;
  }

  // Adds `name` -> `index`; the caller has checked that `name` is absent.
  void insert(std::string_view name, int index) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(Slot{hash(name), index});
    ++size_;
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    int index = -1;  // -1: empty
  };

  static std::uint64_t hash(std::string_view name) { return std::hash<std::string_view>{}(name); }
  size_t mask() const { return slots_.size() - 1; }

  void place(const Slot& slot) {
    size_t s = slot.hash & mask();
    while (slots_[s].index >= 0) s = (s + 1) & mask();
    slots_[s] = slot;
  }

  // Doubles the table (a power of two; at most half full keeps probes short).
  void grow() {
    std::vector<Slot> old(slots_.empty() ? 16 : 2 * slots_.size());
    old.swap(slots_);
    for (const Slot& slot : old)
      if (slot.index >= 0) place(slot);
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
};

}  // namespace milpsac::lp::mps_detail
