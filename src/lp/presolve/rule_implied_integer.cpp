// Implied integers, MIP mode only: a continuous column x_j in an equation
//   a_j x_j + sum_i a_i x_i = b
// whose other columns are all integer, with every a_i / a_j and b / a_j an
// integer, satisfies x_j = b / a_j - sum_i (a_i / a_j) x_i: an integer at
// every integer-feasible point. Columns found this way count as integer for
// the next equations (repeated, at most kMaxRounds times over the rows).
//
// The column stays continuous, so branching and the incumbent check ignore
// it. The flag is for the cut separators, which may use it as an integer
// (stronger Gomory/MIR cuts), see MilpOptions::cut_integrality. They
// complement integer columns by their bounds, which must then be integers:
// the marked column's bounds are rounded inward (valid, since every
// integer-feasible point has x_j integral; counted as tightened bounds). A
// column whose rounded bounds would cross is left unmarked (the search finds
// the infeasibility itself).
#include <cmath>
#include <vector>

#include "common/index.h"
#include "lp/presolve/presolve_tolerances.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {
namespace {

constexpr int kMaxRounds = 8;

bool integral_value(double v) {
  return std::fabs(v - std::round(v)) <= ptol::kImpliedIntegerRatio * std::fmax(1.0, std::fabs(v));
}

// Round x_j's bounds inward to integers; false (nothing changed) when they would cross.
bool round_bounds(PresolveModel& model, int j) {
  const auto uj = uz(j);
  double lower = model.col_lower[uj], upper = model.col_upper[uj];
  if (std::isfinite(lower)) lower = std::ceil(lower - ptol::kIntegerRounding);
  if (std::isfinite(upper)) upper = std::floor(upper + ptol::kIntegerRounding);
  if (lower > upper) return false;
  // Rounding within kIntegerRounding may move a bound outward by that much:
  // only inward moves are applied (and counted).
  if (lower > model.col_lower[uj]) {
    model.col_lower[uj] = lower;
    ++model.stats.tightened_bounds;
  }
  if (upper < model.col_upper[uj]) {
    model.col_upper[uj] = upper;
    ++model.stats.tightened_bounds;
  }
  model.bounds_changed(j);
  return true;
}

}  // namespace

std::vector<char> find_implied_integers(PresolveModel& model) {
  std::vector<char> implied(uz(model.num_cols), 0);
  if (!model.keep_integrality) return implied;
  auto integer = [&](int j) { return model.integral(j) || implied[uz(j)]; };
  for (int round = 0; round < kMaxRounds; ++round) {
    bool changed = false;
    for (int i = 0; i < model.num_rows; ++i) {
      const auto ui = uz(i);
      if (!model.row_active[ui] || model.row_size[ui] < 2 || !model.is_equality(i)) continue;
      int candidate = -1;
      double a = 0.0;
      bool usable = true;
      for (const Entry& e : model.rows[ui]) {
        if (!model.col_active[uz(e.index)] || integer(e.index)) continue;
        if (candidate >= 0) {  // two continuous columns: neither follows
          usable = false;
          break;
        }
        candidate = e.index;
        a = e.value;
      }
      if (!usable || candidate < 0) continue;
      bool all_integral = integral_value(model.row_lower[ui] / a);
      for (const Entry& e : model.rows[ui]) {
        if (!all_integral) break;
        if (e.index == candidate || !model.col_active[uz(e.index)]) continue;
        all_integral = integral_value(e.value / a);
      }
      if (!all_integral || !round_bounds(model, candidate)) continue;
      implied[uz(candidate)] = 1;
      ++model.stats.implied_integers;
      changed = true;
    }
    if (!changed) break;
  }
  return implied;
}

}  // namespace milpsac::lp::presolve
