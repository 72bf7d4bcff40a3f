// Component tests of WorkVector (work_vector.h), the sparse solves' work
// vector: clear() restores all zeros whether the support is listed or not, and
// for_each_nonzero visits exactly the listed positions or the scanned nonzeros.
#include <doctest/doctest.h>

#include <vector>

#include "lp/work_vector.h"

using milpsac::lp::WorkVector;

namespace {

std::vector<int> visited(const WorkVector& v) {
  std::vector<int> out;
  v.for_each_nonzero([&](int i) { out.push_back(i); });
  return out;
}

}  // namespace

TEST_CASE("work vector: resize gives zeros, an empty list, and listed") {
  WorkVector v;
  v.resize(6);
  CHECK(v.size() == 6);
  CHECK(v.values.isZero(0.0));
  CHECK(v.support.empty());
  CHECK(v.listed);
  CHECK(visited(v).empty());
}

TEST_CASE("work vector: add lists its positions and clear zeroes them") {
  WorkVector v;
  v.resize(8);
  v.add(5, 2.0);
  v.add(1, -1.0);
  v.add(5, 0.5);  // a duplicate adds up, the position is listed twice
  CHECK(v.values[5] == 2.5);
  CHECK(v.values[1] == -1.0);
  CHECK(visited(v) == std::vector<int>{5, 1, 5});
  v.clear();
  CHECK(v.size() == 8);
  CHECK(v.values.isZero(0.0));
  CHECK(v.support.empty());
  CHECK(v.listed);
}

TEST_CASE("work vector: without a list, readers scan the values and clear fills them all") {
  WorkVector v;
  v.resize(7);
  // What a solve that went dense leaves: values anywhere, no list.
  v.values[6] = 3.0;
  v.values[0] = -2.0;
  v.values[3] = 1e-300;
  v.listed = false;
  CHECK(visited(v) == std::vector<int>{0, 3, 6});  // ascending, every nonzero
  v.clear();
  CHECK(v.values.isZero(0.0));
  CHECK(v.listed);
  CHECK(v.size() == 7);
}

TEST_CASE("work vector: a listed clear touches the listed positions only") {
  // The point of the list: an entry outside it is not visited. Planted on
  // purpose against the invariant, it survives the listed clear, which shows
  // the clear cost the list and not the size.
  WorkVector v;
  v.resize(5);
  v.add(2, 4.0);
  v.values[4] = 9.0;
  v.clear();
  CHECK(v.values[2] == 0.0);
  CHECK(v.values[4] == 9.0);
}
