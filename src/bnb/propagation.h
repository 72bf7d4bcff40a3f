// Bound propagation on rows: activity bounds with integer rounding.
//
// For a row lo <= sum a_j x_j <= up and column bounds l <= x <= u, the
// smallest activity is minact = sum(a_j > 0 ? a_j l_j : a_j u_j) (maxact the
// other way round). Every column must then keep
//     a_j x_j <= up - (minact - its own smallest term)
//     a_j x_j >= lo - (maxact - its own largest term),
// which bounds x_j; integer columns round inward. A row whose minact exceeds
// up (or maxact falls below lo) beyond the tolerance proves the bounds
// infeasible. Rows are re-examined while their columns tighten, until a fixed
// point or the work limit.
//
// Invariants: only integer columns are tightened (continuous columns keep
// their bounds: no drift from repeated floating-point tightening), unless the
// propagator is built with Columns::kAll (probing's scratch propagations, whose
// continuous bounds become implied-bound cuts and never global bounds; a
// continuous bound then moves only by a set share of its range, so a chain of
// rows cannot creep in tiny steps until the work limit); every
// derived bound is loosened by a margin proportional to the magnitudes that
// produced it before rounding, so floating-point error never cuts off a
// feasible integer point; results depend only on the input (deterministic).
//
// A row visit sums the row's activity bounds, a pass over the row. A caller
// that propagates one box again and again (probing: two propagations per
// binary from the same global box) keeps those sums in an Activities object
// instead: the visit reads them, and each bound move updates the rows of its
// column. The sums then carry the round-off of their updates rather than of
// one summation; the margins above are proportional to the magnitudes summed
// and cover it.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "lp/linear_program.h"

namespace milpsac::bnb {

class RowPropagator {
 public:
  // Which columns the propagation may tighten.
  enum class Columns { kIntegers, kAll };
  explicit RowPropagator(const lp::LinearProgram& lp, Columns columns = Columns::kIntegers);

  struct Outcome {
    bool infeasible = false;
    // Columns whose bounds moved (each once, in first-moved order); when
    // infeasible, every column whose bounds were written before it stopped.
    std::vector<int> tightened;
    long work = 0;  // row entries examined (+1 per row): what the call cost
  };

  // A row's activity bounds over a box: the finite parts of the least and
  // the largest activity, how many terms of each are infinite, and the
  // magnitude of the finite terms summed (for the floating-point margin);
  // and how many of its columns may tighten and are not fixed (none: no
  // bound of the row can move).
  struct RowSums {
    double min_finite = 0.0, max_finite = 0.0, magnitude = 0.0;
    int min_infinite = 0, max_infinite = 0;
    int open = 0;
  };

  // Every row's sums over one box, kept by the caller beside that box. The
  // caller reports each bound it moves itself (move_column); propagate()
  // reports its own. checkpoint() and rollback() undo a trial's moves
  // exactly (the sums saved, not recomputed), so a box put back by its
  // columns has its sums put back bit for bit. An object is used with the
  // propagator that made it (activities()): its counts of open columns are
  // of that propagator's Columns.
  class Activities {
   public:
    void checkpoint();  // start recording: rollback() returns here
    void rollback();    // the sums as at checkpoint(); stops recording
    const RowSums& row(int i) const { return rows_[static_cast<size_t>(i)]; }

   private:
    friend class RowPropagator;
    std::vector<RowSums> rows_;
    std::vector<std::pair<int, RowSums>> undo_;  // (row, sums at checkpoint), each row once
    // A row is in undo_ when its stamp is the current checkpoint's: a probe
    // that fixes a thousand columns of air03 moves its 124 rows' sums many
    // times each, and a log of every move cost more than the row passes saved.
    std::vector<unsigned> logged_;
    unsigned checkpoint_ = 0;
    bool recording_ = false;
  };
  // The sums of every row over [lower, upper].
  Activities activities(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper) const;
  // Column j's bounds moved from [old_lower, old_upper] to [new_lower, new_upper]:
  // the sums of its rows follow.
  void move_column(Activities& kept, int j, double old_lower, double old_upper, double new_lower,
                   double new_upper) const;

  // Tighten lower/upper in place. `touched` are the columns whose bounds
  // changed since the last fixed point (their rows are examined first);
  // empty means all rows. `kept`, if given, holds the sums over the box on
  // entry and is kept equal to it (an infeasible call's box too). Not for concurrent calls on one object (it
  // reuses its scratch).
  Outcome propagate(Eigen::VectorXd& lower, Eigen::VectorXd& upper, const std::vector<int>& touched,
                    Activities* kept = nullptr) const;

 private:
  struct Entry {
    int index;
    double value;
  };
  // The sums of one row over the box, and the largest |a_j| (u_j - l_j) over
  // the columns that may tighten.
  RowSums sum_row(int row, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper, double& widest) const;
  // Examine one row; tightened columns are appended to `moved`. False if infeasible.
  bool propagate_row(int row, Eigen::VectorXd& lower, Eigen::VectorXd& upper, std::vector<int>& moved,
                     Activities* kept) const;

  std::vector<std::vector<Entry>> rows_;         // row -> (column, a)
  std::vector<std::vector<Entry>> col_entries_;  // column -> (row, a)
  // Per row, the largest |a_j| (u_j - l_j) over the columns that may tighten,
  // at the model's own bounds: with kept sums a visit does not pass over the
  // row, and this stands in for the box's own (never smaller: a box within
  // the model's bounds; a larger box only misses a tightening, never makes one
  // wrong).
  std::vector<double> model_widest_;
  Eigen::VectorXd row_lower_, row_upper_;
  std::vector<char> is_integer_;
  bool tighten_continuous_ = false;
  long nonzeros_ = 0;  // of rows_: sets a call's work limit
  // propagate()'s scratch, all zero (the lists empty) between calls: a call
  // clears what it set, so it costs its work and not a pass over every row
  // and column. Probing propagates twice per binary: on mitre (10,724
  // columns) the fresh per-call vectors were most of its probing.
  mutable std::vector<char> queued_, seen_;
  mutable std::vector<int> worklist_, moved_;
};

}  // namespace milpsac::bnb
