// Artificial bounds for a cold dual start (SimplexSolver::run_dual_with_artificial_bounds).
//
// At a cold start some nonbasic columns have reduced costs of the wrong sign
// and no bound on the side they want to move to, so the slack basis is not
// dual feasible. Dual phase 1 (dual_phase_one.cpp) repairs that by an
// auxiliary problem, which on some models is most of the run: greenbea took
// 3,443 of its 4,694 pivots there with 12 dual infeasible columns to cure,
// and pilot87's phase 1 cycled until its budget ran out.
//
// Instead, each such column first gets an artificial bound of kArtificialBox
// (scaled units) from its finite bound, or a box [-kArtificialBox,
// kArtificialBox] when free, and sits on the side its reduced cost asks for:
// the basis is dual feasible at once, and the dual simplex (phase 2) solves
// the LP with those bounds. This is CLP's "fake bounds" start (ClpSimplexDual's
// dualBound_). When it ends, the true bounds come back: if no nonbasic column
// rests on an artificial bound, the basis is the true optimum's; otherwise
// the columns on artificial bounds go to a true bound (or zero) and the
// caller's next pass goes on from that basis by the usual route. Verdicts
// found under artificial bounds prove nothing about the true LP: an
// infeasibility is not reported but sends the caller round again, and no
// cutoff applies while they are in place (their optimum bounds nothing).
//
// Netlib (lp_solve_file, all 91): 98,844 -> 91,558 pivots; greenbea 4,694
// -> 3,318, greenbeb 4,589 -> 4,018, pilot87 14,456 -> 9,038 (its phase 1
// no longer cycles), dfl001 17,339 -> 18,695. A box of 1e7 gave 92,569
// pivots and was slower per pivot; 1e3 and 1e5 left greenbea's columns on
// artificial bounds and doubled its pivots.
#include <cmath>

#include "lp/simplex_solver.h"

namespace milpsac::lp {
namespace {

constexpr double kArtificialBox = 1e6;

}  // namespace

bool SimplexSolver::set_artificial_bounds() {
  const double tol_d = tolerances_.dual_feasibility;
  bool any = false;
  for (int v = 0; v < num_vars(); ++v) {
    if (status_[v] == VarStatus::kBasic || !movable(v)) continue;
    const bool wants_up = d_[v] < -tol_d;  // at a lower bound it would rise
    const bool wants_down = d_[v] > tol_d;
    const bool has_lower = std::isfinite(lower_[v]), has_upper = std::isfinite(upper_[v]);
    if (!(wants_up && !has_upper) && !(wants_down && !has_lower)) continue;
    if (!any) {
      saved_lower_ = lower_;
      saved_upper_ = upper_;
      any = true;
    }
    if (!has_lower && !has_upper) {
      lower_[v] = -kArtificialBox;
      upper_[v] = kArtificialBox;
    } else if (wants_up) {
      upper_[v] = lower_[v] + kArtificialBox;
    } else {
      lower_[v] = upper_[v] - kArtificialBox;
    }
  }
  if (!any) return false;
  place_nonbasics_by_reduced_cost();
  compute_primal();
  return true;
}

bool SimplexSolver::remove_artificial_bounds() {
  lower_ = saved_lower_;
  upper_ = saved_upper_;
  // A nonbasic at a bound that no longer exists rested on an artificial one.
  bool moved = false;
  for (int v = 0; v < num_vars(); ++v) {
    if (status_[v] == VarStatus::kAtLower && !std::isfinite(lower_[v])) {
      status_[v] = std::isfinite(upper_[v]) ? VarStatus::kAtUpper : VarStatus::kAtZero;
      moved = true;
    } else if (status_[v] == VarStatus::kAtUpper && !std::isfinite(upper_[v])) {
      status_[v] = std::isfinite(lower_[v]) ? VarStatus::kAtLower : VarStatus::kAtZero;
      moved = true;
    } else {
      continue;
    }
    x_[v] = nonbasic_value(v);
  }
  return moved;
}

SimplexSolver::Outcome SimplexSolver::run_dual_with_artificial_bounds() {
  const double cutoff = cutoff_;
  cutoff_ = INFINITY;
  const Outcome outcome = run_dual();
  cutoff_ = cutoff;
  const bool moved = remove_artificial_bounds();
  if (outcome == Outcome::kLimit) return outcome;
  if (moved || outcome != Outcome::kOptimal) return Outcome::kRestart;
  return outcome;
}

}  // namespace milpsac::lp
