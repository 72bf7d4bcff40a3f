// Formulation names and dispatch (see sac_formulation.h).
#include "model/sac/sac_formulation.h"

#include "model/sac/sac_formulation_pairwise_bigm.h"

namespace milpsac::model {

std::optional<SacFormulation> parse_formulation(const std::string& text) {
  if (text == "cumulative") return SacFormulation::kCumulative;
  if (text == "chain" || text == "ours") return SacFormulation::kChain;
  if (text == "pairwise-bigm" || text == "seed") return SacFormulation::kPairwiseBigM;
  return std::nullopt;
}

const char* to_string(SacFormulation formulation) {
  switch (formulation) {
    case SacFormulation::kCumulative:
      return "cumulative";
    case SacFormulation::kChain:
      return "chain";
    case SacFormulation::kPairwiseBigM:
      return "pairwise-bigm";
  }
  return "cumulative";
}

SacModel build_sac_model(const ModuleInfo& info, const SacRequest& request, SacFormulation formulation,
                         double margin_gib, bool twin_counts) {
  switch (formulation) {
    case SacFormulation::kChain:
      return build_chain_sac_model(info, request, margin_gib, twin_counts);
    case SacFormulation::kPairwiseBigM:
      return build_pairwise_bigm_sac_model(info, request);
    case SacFormulation::kCumulative:
      break;
  }
  return build_cumulative_sac_model(info, request, margin_gib, twin_counts);
}

SacModel build_min_peak_model(const ModuleInfo& info, const SacRequest& request, SacFormulation formulation) {
  if (formulation == SacFormulation::kChain) return build_chain_min_peak_model(info, request);
  return build_cumulative_min_peak_model(info, request);
}

}  // namespace milpsac::model
