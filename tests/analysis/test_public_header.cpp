// The analysis API's public headers compile without Boost: this file
// includes only them, and Boost's version macro (defined by every Boost
// header) must then be absent. A compile-time test: the build fails if
// analysis/autograd_graph.h or graph_info.h starts to pull Boost in again.
#include "analysis/autograd_graph.h"
#include "analysis/graph_info.h"

#ifdef BOOST_VERSION
#error "analysis/autograd_graph.h or analysis/graph_info.h includes Boost: keep it in the implementation"
#endif

#include <doctest/doctest.h>

TEST_CASE("the analysis headers give their edges as plain index lists") {
  milpsac::analysis::AutogradGraph g;
  g.users = {{1}, {}};
  g.distinct_inputs = {{}, {0}};
  g.order = {0, 1};
  CHECK(g.users[0].front() == 1);
  CHECK(g.distinct_inputs[1].front() == 0);
}
