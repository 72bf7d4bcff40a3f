// The DP proposer's protocol (TorchEasyRec's DynamicProgrammingProposer): load, propose, feedback.
//
//   load      sort and group the options (search_space.h);
//   propose   before the first feedback: each table's smallest option; after
//             it: the current DP proposal, or nothing once they are used up;
//   feedback  the first call runs the DP (1-D or 2-D) and points at its first
//             proposal; every later call advances to the next one. Once
//             exhausted it stays exhausted (the seed's counter would wrap
//             around to the first proposal again; no planner asks it to).
//
// The planner feeds back after every proposal whatever its outcome, as
// TorchRec's planner does; the DP proposer ignores the outcome, so feedback
// takes none.
#pragma once

#include <optional>
#include <vector>

#include "sharding/dp_proposals.h"
#include "sharding/plan_input.h"
#include "sharding/search_space.h"

namespace milpsac::sharding {

struct DpProposer {
  Variant variant = Variant::k1D;
  SearchSpace space;
  bool inited = false;              // the first feedback has run the DP
  std::vector<Proposal> proposals;  // the DP's proposals, in the order they are proposed
  long current = -1;                // index into proposals; -1 when none is left
};

DpProposer load_proposer(const PlanInput& input, Variant variant);

// The proposal to try next, or nullopt when the proposer has no more. With no
// tables the first proposal is empty (not nullopt), as in the seed.
std::optional<Proposal> propose(const DpProposer& proposer);

// Runs the DP on the first call (needs the same input as load_proposer), then
// advances. Throws InputError from the DP (see dp_proposals.h).
void feedback(DpProposer& proposer, const PlanInput& input);

}  // namespace milpsac::sharding
