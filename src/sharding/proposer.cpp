// The load / propose / feedback state machine of the DP proposer (proposer.h).
#include "sharding/proposer.h"
#include "common/index.h"

namespace milpsac::sharding {

DpProposer load_proposer(const PlanInput& input, Variant variant) {
  DpProposer p;
  p.variant = variant;
  p.space = load_search_space(input, variant);
  return p;
}

std::optional<Proposal> propose(const DpProposer& proposer) {
  if (!proposer.inited) {
    Proposal smallest;
    smallest.reserve(proposer.space.num_tables());
    for (const auto& options : proposer.space.options) smallest.push_back(options.front());
    return smallest;
  }
  if (proposer.current >= 0) return proposer.proposals[uz(proposer.current)];
  return std::nullopt;
}

void feedback(DpProposer& proposer, const PlanInput& input) {
  if (!proposer.inited) {
    proposer.inited = true;
    proposer.proposals = proposer.variant == Variant::k1D ? dp_proposals_1d(input, proposer.space)
                                                          : dp_proposals_2d(input, proposer.space);
    proposer.current = proposer.proposals.empty() ? -1 : 0;
    return;
  }
  if (proposer.current < 0) return;
  ++proposer.current;
  if (proposer.current >= static_cast<long>(proposer.proposals.size())) proposer.current = -1;
}

}  // namespace milpsac::sharding
