// Component tests of sort_reach (lp/sort_reach.h): for random sets of
// distinct nodes, both its branches (the bitmap walk over a short range, the
// comparison sort over a long one) give std::sort's order, increasing or
// decreasing, and leave the bitmap all zero.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "lp/sort_reach.h"

using milpsac::lp::NodeOrder;
using milpsac::lp::sort_reach;
using milpsac::lp::sort_reach_by_bitmap;

namespace {

// `count` distinct nodes from [first, first + range), shuffled (a DFS order
// is no sorted order either).
std::vector<int> random_reach(size_t count, int first, int range, std::mt19937& rng) {
  std::vector<int> all(static_cast<size_t>(range));
  for (int i = 0; i < range; ++i) all[static_cast<size_t>(i)] = first + i;
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(count);
  return all;
}

bool all_zero(const std::vector<std::uint64_t>& bits) {
  return std::all_of(bits.begin(), bits.end(), [](std::uint64_t w) { return w == 0; });
}

// The words a reach spans, as sort_reach counts them.
size_t words_spanned(const std::vector<int>& nodes) {
  const auto [lo, hi] = std::minmax_element(nodes.begin(), nodes.end());
  return static_cast<size_t>(*hi / 64 - *lo / 64 + 1);
}

void check_both_orders(const std::vector<int>& reach, std::vector<std::uint64_t>& bits) {
  std::vector<int> up = reach, down = reach;
  sort_reach(up, bits, NodeOrder::kIncreasing);
  CHECK(all_zero(bits));
  sort_reach(down, bits, NodeOrder::kDecreasing);
  CHECK(all_zero(bits));
  std::vector<int> expected = reach;
  std::sort(expected.begin(), expected.end());
  CHECK(up == expected);
  std::sort(expected.begin(), expected.end(), std::greater<int>());
  CHECK(down == expected);
}

}  // namespace

TEST_CASE("sort reach: a dense range takes the bitmap and gives the sorted order") {
  std::mt19937 rng(44);
  std::vector<std::uint64_t> bits;
  int bitmap_cases = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int range = 1 + static_cast<int>(rng() % 5000);
    const size_t count = 1 + rng() % static_cast<unsigned>(range);
    const int first = static_cast<int>(rng() % 1000);
    const std::vector<int> reach = random_reach(count, first, range, rng);
    if (count >= 2 && sort_reach_by_bitmap(count, words_spanned(reach))) ++bitmap_cases;
    check_both_orders(reach, bits);
  }
  CHECK(bitmap_cases > 150);
}

TEST_CASE("sort reach: a few nodes over a long range take the comparison sort") {
  std::mt19937 rng(45);
  std::vector<std::uint64_t> bits;
  for (int trial = 0; trial < 100; ++trial) {
    const size_t count = 2 + rng() % 30;
    const std::vector<int> reach = random_reach(count, 0, 200000, rng);
    REQUIRE_FALSE(sort_reach_by_bitmap(count, words_spanned(reach)));
    check_both_orders(reach, bits);
  }
  CHECK(bits.empty());  // the sort never touched the bitmap
}

TEST_CASE("sort reach: word edges, a single node and an empty reach") {
  std::vector<std::uint64_t> bits;
  check_both_orders({0, 63, 64, 127, 128, 1, 62, 65}, bits);
  check_both_orders({191, 64}, bits);
  REQUIRE(sort_reach_by_bitmap(8, 3));
  std::vector<int> one{12345}, none;
  sort_reach(one, bits, NodeOrder::kDecreasing);
  sort_reach(none, bits, NodeOrder::kIncreasing);
  CHECK(one == std::vector<int>{12345});
  CHECK(none.empty());
  CHECK(all_zero(bits));
}
