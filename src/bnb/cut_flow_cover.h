// Flow cover cuts for single-node flow rows (fixed-charge networks).
//
// A row side sum a_j x_j <= b is read as a single-node flow set
//   sum over N+ of f_j - sum over N- of f_j <= b',  0 <= f_j <= u_j y_j,
// with f_j = |a_j| x_j (N+ for a_j > 0, N- for a_j < 0) and y_j binary:
//  - a binary column is its own arc: f = |a| x, u = |a|, y = x;
//  - a continuous column x >= 0 with a variable upper bound x <= d y on a
//    binary y (a two-column row of the model, right-hand side 0) gives
//    u = |a| min(d, upper(x)) and that y;
//  - any other column x >= 0 is an arc that is always open (y = 1), with
//    u = |a| upper(x) (infinite: it cannot join a cover);
//  - a column that may be negative is replaced by its smallest contribution
//    over its bounds (moved into b'; the row is skipped when that is infinite).
// For a cover C of N+ (lambda = sum over C of u_j - b' > 0) and any L of N-,
// the simple generalised flow cover inequality
//   sum over C of [f_j + (u_j - lambda)^+ (1 - y_j)]
//     <= b' + lambda sum over L of y_j + sum over N- \ L of f_j
// holds for every point of the flow set (a case split on whether every cover
// arc is open: if so the left side is at most b' + lambda and at most
// b' + sum of N- flows; if not, either a closed arc with u_j > lambda pays
// lambda back, or every closed arc has u_j <= lambda and the left side is the
// open flow, at most b' + sum of N- flows). Arcs sharing a binary, or an
// always-open arc, are special cases of independent arcs, so the cut stays
// valid in x. No lifting: coefficients of N+ arcs outside C are 0.
//
// Separation: the cover is chosen greedily by (1 - y*_j) / u_j (open arcs
// with large capacity first), and every prefix from the first cover on, up to
// a few more arcs, is tried; L takes the N- arcs where lambda y*_j < f*_j. The
// most efficacious violated cut of each row side goes to the pool.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Dense>

#include "bnb/cut_bounds.h"
#include "bnb/cut_pool.h"
#include "bnb/lp_relaxation.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

// The separator at one LP point, for any row side: a row of the model, or an
// aggregation of rows (the c-MIR separator hands it the aggregations it
// builds, whose intermediate flows are eliminated, as on a lot-sizing path).
class FlowCoverSeparator {
 public:
  // At the relaxation's current point, with cuts derived from `bounds`
  // (cut_bounds.h: global, for cuts valid at every node).
  FlowCoverSeparator(const LpRelaxation& relaxation, const CutBounds& bounds, const std::vector<char>& is_integer);
  // Every side of every original row; returns how many cuts went to `pool`.
  int run(CutPool& pool) const;
  // The row side sum over `support` of coef_j x_j <= b (coef dense, zero
  // off the support; entries at zero are skipped). True when a cut went to
  // `pool`.
  bool separate(const std::vector<int>& support, const Eigen::VectorXd& coef, double b, CutPool& pool) const;

 private:
  struct Arc {
    int col;      // the flow's column
    double coef;  // a_j (f = |a_j| x)
    int binary;   // y's column, -1 for an arc that is always open
    double cap;   // u_j (infinite: cannot join a cover)
    double flow;  // f*_j
    double open;  // y*_j
  };
  // The tightest variable upper bound x <= d y (y binary) of a continuous
  // column x >= 0, from the model's two-column rows with right-hand side 0.
  struct VariableUpperBound {
    int binary = -1;
    double d = INFINITY;
  };

  // A cut in the making: (column, coefficient) terms, sorted, no repeats.
  struct SparseCut {
    std::vector<std::pair<int, double>> terms;
    double upper = INFINITY;
  };

  bool binary(int j) const;
  void find_variable_upper_bounds();
  // The inequality of cover `in_cover` with excess lambda, written in x;
  // false when it is not violated enough or badly scaled.
  bool build_cut(const std::vector<Arc>& arcs, const std::vector<char>& in_cover, double b, double lambda,
                 SparseCut& cut, double& efficacy) const;

  const LpRelaxation& relaxation_;
  const CutBounds bounds_;
  const lp::LinearProgram& model_;
  const std::vector<char>& is_integer_;
  const lp::RowMajorMatrix rows_;  // rows are scanned: a row-major copy once
  const Eigen::VectorXd x_;
  std::vector<VariableUpperBound> vub_;
};

// Adds violated flow cover cuts for the original rows to `pool` at the
// current LP values, derived from `bounds` (global for globally valid cuts).
// Returns how many were added.
int separate_flow_covers(const LpRelaxation& relaxation, const CutBounds& bounds, const std::vector<char>& is_integer,
                         CutPool& pool);

}  // namespace milpsac::bnb
