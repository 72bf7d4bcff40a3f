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

  // Tighten lower/upper in place. `touched` are the columns whose bounds
  // changed since the last fixed point (their rows are examined first);
  // empty means all rows. Not for concurrent calls on one object (it reuses
  // its scratch).
  Outcome propagate(Eigen::VectorXd& lower, Eigen::VectorXd& upper, const std::vector<int>& touched) const;

 private:
  struct Entry {
    int index;
    double value;
  };
  // Examine one row; tightened columns are appended to `moved`. False if infeasible.
  bool propagate_row(int row, Eigen::VectorXd& lower, Eigen::VectorXd& upper, std::vector<int>& moved) const;

  std::vector<std::vector<Entry>> rows_;    // row -> (column, a)
  std::vector<std::vector<int>> col_rows_;  // column -> rows holding it
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
