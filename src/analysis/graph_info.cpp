// Seed 003's liveness analysis over the autograd graph (see graph_info.h). The
// seed re-sums the live set at every backward node (quadratic); here the live
// total is kept as a running sum, which gives the same numbers in linear time.
#include "analysis/graph_info.h"

#include <algorithm>
#include <string>

#include "common/input_error.h"

namespace milpsac::analysis {

namespace {

// Nodes between two polls of the clock: a poll costs about as much as a node.
constexpr std::size_t kNodesPerPoll = 4096;

void add_checked(std::int64_t& total, std::int64_t value, const char* what) {
  if (__builtin_add_overflow(total, value, &total))
    throw InputError(std::string("the graph's ") + what + " does not fit in 64 bits");
}

}  // namespace

GraphInfo analyze_autograd_graph(const AutogradGraph& g, const Deadline* deadline) {
  GraphInfo info;
  const std::size_t n = g.nodes.size();
  std::vector<char> tracked(n, 0);         // in the seed's `deps`
  std::vector<std::size_t> pending(n, 0);  // users that have not run yet
  std::int64_t live = 0;                   // total size of tracked values with pending users

  std::size_t done = 0;
  for (std::size_t v : g.order) {
    if (deadline != nullptr && done++ % kNodesPerPoll == 0 && deadline->expired())
      throw TimeLimitReached("time limit reached while analysing the graph");
    const AutogradNode& node = g.nodes[v];
    add_checked(info.fwd_flop, node.fwd_flop, "forward FLOP sum");
    add_checked(info.bwd_flop, node.bwd_flop, "backward FLOP sum");
    bool feeds_loss = false;
    for (std::size_t u : g.users[v]) feeds_loss = feeds_loss || g.nodes[u].stage == Stage::kLoss;

    if (node.saved && !feeds_loss) {
      if (node.stage == Stage::kPlaceholder) add_checked(info.fwd_mem_in, node.out_bytes, "fwd_mem_in");
      if (node.stage == Stage::kForward) add_checked(info.fwd_mem_tmp, node.out_bytes, "fwd_mem_tmp");
    } else if (node.stage == Stage::kBackward) {
      const std::size_t users = g.users[v].size();
      if (users > 0) {
        tracked[v] = 1;
        pending[v] = users;
        add_checked(live, node.out_bytes, "live backward memory");
        info.bwd_mem_tmp = std::max(info.bwd_mem_tmp, live);
        for (std::size_t u : g.distinct_inputs[v]) {
          // Each user releases an input once, so a pending count never goes below 0.
          if (tracked[u] && pending[u] > 0 && --pending[u] == 0) live -= g.nodes[u].out_bytes;
        }
      } else {
        add_checked(info.bwd_mem_out, node.out_bytes, "bwd_mem_out");
      }
    }
  }
  return info;
}

}  // namespace milpsac::analysis
