// ContinuousCompletion: the best continuous completion of a point's integer
// values, the LP with every integer column fixed at its rounded value.
//
// The search asks for one whenever a point it is offered holds the rows only
// to the LP's tolerance (SearchState::offer_solution), which is nearly every
// integral node-LP point on a mixed model: misc06 asked 19 times in a run
// whose whole search took 2,450 simplex iterations, and each completion
// solved from scratch took about 400 more. The completions of one search
// differ only in the integer columns' values, so they share one LP relaxation
// and each starts from the last one's basis (dual simplex after bound changes,
// as a node LP does). The checked engine (lp::CheckedSimplex) reports an
// optimum only after its check on the unscaled data, and infeasibility only
// with a checked certificate; when the warm solve ends otherwise (iteration or
// numerical trouble), the one-shot lp::solve_lp (presolve and its whole
// ladder) answers.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <vector>

#include "bnb/lp_relaxation.h"
#include "bnb/node.h"
#include "common/deadline.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

class ContinuousCompletion {
 public:
  // `lp` and `deadline` (the search's model and clock) outlive this object.
  ContinuousCompletion(const lp::LinearProgram& lp, const Deadline* deadline) : lp_(lp), deadline_(deadline) {}

  // x with the integer columns at their rounded values of `point` and the
  // continuous ones optimal for them; the semi-continuous columns keep the
  // side of 0 or [l, u] given by `pattern`. Empty when that LP has no checked
  // optimum before the deadline.
  Eigen::VectorXd complete(const Eigen::VectorXd& point, const std::vector<BoundChange>& pattern);
  // Completions the warm solve did not settle (the one-shot solve answered).
  long cold_solves() const { return cold_solves_; }

 private:
  const lp::LinearProgram& lp_;
  const Deadline* deadline_;
  std::unique_ptr<LpRelaxation> warm_;  // built at the first completion
  long cold_solves_ = 0;
};

}  // namespace milpsac::bnb
