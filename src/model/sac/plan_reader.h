// Reading a module-level SAC plan made elsewhere, for `milp-sac evaluate` and
// Python's evaluate_plan (docs/formats.md#sac-plan). Three JSON shapes, told
// apart by their top level:
//
//   {"ac_decisions": {fqn: ratio}, ...}   `milp-sac sac` output (its
//                                          peak_memory_bytes and
//                                          recomputation_time_ms are kept as
//                                          the plan's claims), or by hand
//   [{fqn: ratio}, time_ms, peak_bytes]   PyTorch's sac_milp tuple, json.dump'ed
//                                          (peak -1: sac_milp found no plan)
//   {fqn: ratio}                          bare ac_decisions
//
// and another solver's answer to `milp-sac export-mps`, read back through its
// --column-map: a HiGHS solution file (what `milp-sac solve --write-solution`
// writes), CBC's `solu` file, `milp-sac solve`'s JSON ("x": {column: value}),
// or a JSON object {column: value}. A module whose y column is above 0.5 is an
// AC unit with ratio offset + scale * value (the map's formula); a y column
// further than 1e-6 from 0 or 1 is reported as a broken rule (not_binary).
//
// Ratios are taken as written, not rounded: the evaluator judges them. Every
// problem with the text is an InputError naming the source and the field.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/sac/plan_evaluator.h"

namespace milpsac::model {

struct PlanInput {
  std::vector<std::pair<std::string, double>> decisions;  // fqn -> ratio, in the order read
  std::string format;                                     // "ac_decisions", "milp-sac sac", "sac_milp", "solution"
  std::optional<double> claimed_peak_bytes;               // the peak the plan's maker reported
  std::optional<double> claimed_recompute_ms;             // the recompute time it reported
  std::vector<PlanViolation> violations;                  // found while reading (not_binary)
};

// A plan in one of the three JSON shapes; `source` names it in messages.
PlanInput parse_plan(std::string_view text, const std::string& source);

// A solver's solution of an exported model, through the column map written
// with it (export-mps --column-map).
PlanInput parse_plan_solution(std::string_view solution, const std::string& solution_source,
                              std::string_view column_map, const std::string& map_source);

}  // namespace milpsac::model
