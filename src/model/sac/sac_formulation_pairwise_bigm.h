// The pairwise-bigm formulation: the reference module-level SAC MILP
// (PyTorch's sac_milp), row for row, for export to other solvers and for
// cross-checking the chain and cumulative formulations.
//
// All seven variable families for every module (y, r, d, a, m, rcp, rct) plus
// max_m; constant big-M 100 (ms); one "no nested AC units" row per
// ancestor/descendant pair; y_i = 0 rows for leaves, for modules outside
// ac_units and for strict ancestors of fsdp_units; memory in GiB; the budget
// row max_m <= budget (no margin). Two things differ from the reference's code
// (docs/sac.md, item 3): modules are in fw_pre_order (P is the root's parameters),
// and submodules are found by fqn prefix, not by substring.
#pragma once

#include "model/sac/module_info.h"
#include "model/sac/sac_model.h"
#include "model/sac/sac_request.h"

namespace milpsac::model {

inline constexpr double kPairwiseBigMms = 100.0;

SacModel build_pairwise_bigm_sac_model(const ModuleInfo& info, const SacRequest& request);

}  // namespace milpsac::model
