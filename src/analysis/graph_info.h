// GraphInfo: the memory (and FLOP) summary of an autograd graph, with the
// liveness semantics of ColossalAI's autograd_graph_analysis.
//
// Walking the nodes in topological order:
//   - a saved node none of whose users is the loss is kept for backward:
//     placeholders count in fwd_mem_in, forward nodes in fwd_mem_tmp (a saved
//     loss or backward node takes this branch too and counts nowhere);
//   - otherwise a backward node with users becomes live (until all its users
//     have run); bwd_mem_tmp is the largest total size of live backward values,
//     measured right after the node becomes live and before its inputs are
//     released; then each live input loses one pending user and is freed when
//     none is left;
//   - a backward node without users is a gradient output: bwd_mem_out. (It
//     releases nothing, as in the seed.)
// Forward and loss values never enter the liveness set. fwd_flop and bwd_flop
// are the sums of the nodes' FLOP counts (0 where a node has none).
#pragma once

#include <cstdint>

#include "analysis/autograd_graph.h"
#include "common/deadline.h"

namespace milpsac::analysis {

struct GraphInfo {
  std::int64_t fwd_flop = 0;
  std::int64_t bwd_flop = 0;
  std::int64_t fwd_mem_in = 0;
  std::int64_t fwd_mem_tmp = 0;
  std::int64_t bwd_mem_tmp = 0;
  std::int64_t bwd_mem_out = 0;
};

// Linear in nodes + edges. Throws InputError when a sum overflows 64 bits,
// and TimeLimitReached("time limit reached while analysing the graph") when
// `deadline` (may be null) expires or its interrupt flag is raised: the pass
// polls it every few thousand nodes, so Ctrl-C stops a long pass.
GraphInfo analyze_autograd_graph(const AutogradGraph& graph, const Deadline* deadline = nullptr);

}  // namespace milpsac::analysis
