// milp-sac's public C++ API in one include: `#include <milpsac/milpsac.h>`.
//
// Every header named here (and what they include) is installed under
// include/milpsac/ by `meson install`; the list is what a consumer may rely on.
// Link with `pkg-config --cflags --libs milpsac`, or `dependency('milpsac')` in
// meson (installed, or with milp-sac in subprojects/).
//
//   in memory: everything of <milpsac/api.h> (standard library only): api::Model,
//              api::read_model / write_mps, api::solve (status, x, LP duals and
//              reduced costs, progress and incumbent callbacks, MIP start,
//              interrupt flag); options::OptionRecord (defaults, ranges)
//   LP/MILP:   lp::LinearProgram, lp::read_mps_file, bnb::solve_milp
//   SAC:       model::read_module_info_file, model::solve_sac (module level),
//              model::read_sac_stats_file, model::solve_policy (operator level)
//   sharding:  sharding::read_plan_input, sharding::plan_sharding
//   analysis:  analysis::read_autograd_graph, analysis::analyze_autograd_graph
//   errors:    milpsac::InputError (bad input; the message names file and field)
#pragma once

#include <milpsac/version.h>

#include <milpsac/common/input_error.h>
#include <milpsac/common/options.h>

#include <milpsac/api.h>

#include <milpsac/bnb/branch_and_bound.h>
#include <milpsac/lp/linear_program.h>
#include <milpsac/lp/mps/mps.h>

#include <milpsac/model/policy/op_policy.h>
#include <milpsac/model/policy/sac_stats.h>
#include <milpsac/model/sac/baseline.h>
#include <milpsac/model/sac/module_info.h>
#include <milpsac/model/sac/module_info_reader.h>
#include <milpsac/model/sac/sac_request.h>
#include <milpsac/model/sac/sac_solver.h>

#include <milpsac/sharding/plan_input.h>
#include <milpsac/sharding/planner.h>

#include <milpsac/analysis/autograd_graph.h>
#include <milpsac/analysis/graph_info.h>
