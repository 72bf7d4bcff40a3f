// Our module-level SAC MILP (docs/sac.md, with the deliberate differences
// documented in docs/sac.md). Same optimal value as the seed formulation
// wherever the seed's constant big-M does not cut off a plan; far fewer rows
// and columns and a tighter LP relaxation.
//
// Columns, only for modules that may be AC units (non-leaf, allowed by
// ac_units / fsdp_units; every other y_i is 0 and is dropped with its other
// columns):
//   y_i in {0,1};  d_i in [0, IA_i] = discarded memory (GiB);  t_i >= 0 =
//   recompute time (ms). The seed's r_i is lo_i y_i + d_i / ACM_i with
//   lo_i = (ACM_i - IA_i)/ACM_i, so r_i >= lo_i y_i and the seed's
//   d_i = ACM_i r_i - (ACM_i - IA_i) y_i hold by construction; r_i <= y_i
//   becomes d_i <= IA_i y_i. a_i, m_i, rcp_i, rct_i and max_m are substituted out.
// Rows:
//   d_i <= IA_i y_i.
//   t_i >= ACT_i (slope_s r_i + intercept_s y_i) for every segment s: the big-M
//     row of the seed with the smallest valid per-segment M, ACT_i*intercept_s,
//     derived from the data (this is the convex hull of "y_i=0 => no cost").
//   No nesting: sum of y over each maximal chain of candidate modules <= 1
//     (one row per candidate with no candidate below it: it and its candidate
//     ancestors), instead of one row per ancestor pair.
//   Memory: m_i <= budget (- margin) for every module i. The modules finished
//     before i in fw_post_order form a prefix (in post order) of the
//     candidates, so modules with the same prefix share one row:
//       need_k - B <= sum_{j in prefix k} d_j <= cap_k
//     with need_k the largest TA_i + AG_i + (P + TG_i)/W and cap_k the
//     smallest TA_i + AG_i (the seed's a_i >= 0) over the group. Sides implied
//     by another row or by 0 <= d_j <= IA_j are left out.
// Memory in GiB, time in ms, objective sum t_i.
#pragma once

#include "model/module_info.h"
#include "model/sac_model.h"
#include "model/sac_request.h"

namespace milpsac::model {

// Minimise recompute time with every m_i <= request.budget_gib - margin_gib.
SacModel build_sac_model(const ModuleInfo& info, const SacRequest& request, double margin_gib = 0.0);

// Same feasible plans without the budget: minimise the peak memory (GiB, column
// peak_col). Its optimum is the smallest budget at which a plan exists.
SacModel build_min_peak_model(const ModuleInfo& info, const SacRequest& request);

}  // namespace milpsac::model
