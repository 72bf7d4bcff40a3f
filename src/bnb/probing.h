// Probing on binary columns at the root.
//
// Each binary column x_j (integer, bounds [0, 1]) is set to 0 and then to 1
// and the rows are propagated (RowPropagator) from there. Every feasible
// point has x_j = 0 or x_j = 1, so:
//   - a side whose propagation proves the rows unsatisfiable is impossible:
//     x_j is fixed to the other side (and that is propagated at once);
//   - a bound implied on both sides holds everywhere: the global bounds
//     become the union of the two probes' bounds (min of the lowers, max of
//     the uppers), which fixes columns that take the same value on both sides.
// Probes propagate continuous columns too (RowPropagator::Columns::kAll), so
// that a chain of rows carries a fixing through (y = 0 closes a facility,
// its flow rows then bound the flows downstream). What a probe implies for a
// continuous column with a finite bound on that side is kept as an
// implication y = v => x <= b (or >=) when it tightens the global bound by a
// set share of its range: the root cut loop turns those into implied-bound
// cuts (cut_implied_bound.h). Likewise, a probe that leaves an inequality row
// slack (its activity bound under the probe falls short of the row's side by
// that share) gives an implication on the row's activity, which the cut loop
// turns into a strengthened row (cut_row_implication.h). Continuous global
// bounds are never changed.
// Both sides impossible means the model is infeasible; probing then stops and
// leaves the bounds as they were (the root LP gives the verdict, with its
// certificate). Only the global bounds of integer columns ever move.
//
// The work is counted (row entries the propagations examine), not timed:
// probing stops after a stretch of work that fixed nothing, or at a total
// budget (probing.cpp), and when `deadline` passes (keeping what it found).
// Columns are probed in index order; apart from the deadline, deterministic.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "bnb/implied_bound.h"
#include "bnb/propagation.h"
#include "common/deadline.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

struct ProbingOutcome {
  int probed = 0;             // binaries probed (each on both sides)
  int fixed_by_conflict = 0;  // binaries fixed because one side was impossible
  int tightened = 0;          // columns whose global bounds moved (fixings included)
  bool infeasible = false;    // both sides of one binary impossible (bounds left alone)
  // y = v => bound on a continuous column, and on the activity of an
  // inequality row (at most kMaxProbingImplications each).
  std::vector<ImpliedBound> implications;
  std::vector<RowImpliedBound> row_implications;
};

inline constexpr size_t kMaxProbingImplications = 200'000;

// Tightens lower/upper in place (already propagated root bounds of `lp`).
// `propagator` (integer columns only) propagates the global bounds that
// probing moves; `probe_propagator` (all columns, RowPropagator::Columns::kAll,
// on the same lp) runs the probes.
ProbingOutcome probe_binaries(const lp::LinearProgram& lp, const RowPropagator& propagator,
                              const RowPropagator& probe_propagator, Eigen::VectorXd& lower, Eigen::VectorXd& upper,
                              const Deadline* deadline = nullptr);

}  // namespace milpsac::bnb
