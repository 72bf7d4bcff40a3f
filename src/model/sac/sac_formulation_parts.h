// The parts the chain and cumulative SAC formulations share (see
// sac_formulation.h for both models): the per-unit columns and rows, the
// no-nesting chain rows, and which sides of the memory rows are needed.
// Internal to src/model/sac/.
#pragma once

#include <vector>

#include "model/sac/lp_builder.h"
#include "model/sac/memory_prefixes.h"
#include "model/sac/module_info.h"
#include "model/sac/sac_model.h"
#include "model/sac/sac_request.h"

namespace milpsac::model::formulation {

enum class Objective { kRecomputeTime, kPeakMemory };

// The time unit of the t columns: 1 ms unless the runtimes are far from 1 ms
// (then the largest candidate's sac_runtime), so that the objective the
// solver sees is of order 1 whatever the scale of the input.
double time_unit_ms(const ModuleInfo& info, const std::vector<char>& candidate);

// y_i, d_i (GiB discarded), t_i (time_unit) for each candidate; d_i <= IA_i y_i
// and t_i >= ACT_i (slope_s r_i + intercept_s y_i) / unit with r_i = lo_i y_i +
// d_i / ACM_i. Fills model.y_col, ratio_*, time_col; returns the d columns.
std::vector<int> add_units(const ModuleInfo& info, const std::vector<char>& candidate, Objective objective,
                           LpBuilder& b, SacModel& model);

// No nesting: for each candidate with no candidate below it, the sum of y over
// it and its candidate ancestors (a maximal chain) is at most 1.
void add_chains(const ModuleInfo& info, const std::vector<char>& candidate, const SacModel& model, LpBuilder& b);

// Twin counts (see sac_formulation.h): per group of two or more candidates of
// one kind, an integer column n_g and the row sum of y over g - n_g = 0.
// Fills model.twin_count_col. Needs the y columns (add_units first).
void add_twin_counts(const ModuleInfo& info, const std::vector<char>& candidate, LpBuilder& b, SacModel& model);

// The sides of the memory rows that are not implied by others (infinite when
// left out). Lower side of prefix k: needed only above every earlier one
// (d >= 0 makes the prefix sums grow). Upper side: needed only below every
// later one and below the sum of IA_j over the prefix.
struct MemorySides {
  std::vector<double> lower, upper;
};
MemorySides memory_sides(const MemoryPrefixes& prefixes, Objective objective, double budget_gib);

// Prefix 0 has no column: when one of its sides is violated no plan exists;
// the model is marked infeasible and keeps a constant row that says so (one
// side only, so that it stays writable as MPS).
void add_constant_row(const char* row_name, double lower, double upper, LpBuilder& b, SacModel& model);

// How a formulation writes its memory rows (the one part where chain and
// cumulative differ), given the unit columns and the needed sides.
using MemoryRowWriter = void (*)(const MemoryPrefixes& prefixes, const MemorySides& sides,
                                 const std::vector<int>& d_col, Objective objective, LpBuilder& b, SacModel& model);

// The whole model: candidates, unit columns and rows, chain rows, then the
// memory rows by `write_memory_rows`, for the budget request.budget_gib -
// margin_gib (ignored for the minimum-peak objective); twin counts when asked.
SacModel build_model(const ModuleInfo& info, const SacRequest& request, Objective objective, double margin_gib,
                     MemoryRowWriter write_memory_rows, bool twin_counts);

}  // namespace milpsac::model::formulation
