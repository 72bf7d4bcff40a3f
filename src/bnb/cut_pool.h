// Cuts and the cut pool: a cut is a row lower <= a^T x <= upper valid for
// every integer-feasible point of the model (one side infinite for the cuts
// the separators produce). The pool keeps the candidates of one separation
// round and selects the ones to add: violated enough, efficacious (violation
// over the norm of a), and not nearly parallel to a cut already selected.
#pragma once

#include <Eigen/Dense>
#include <vector>

namespace milpsac::bnb {

struct Cut {
  Eigen::VectorXd a;  // one coefficient per column
  double lower = -INFINITY;
  double upper = INFINITY;
};

// How far x violates the cut (0 when satisfied).
double cut_violation(const Cut& cut, const Eigen::VectorXd& x);
// Violation divided by ||a|| (Euclidean distance of x to the cut's hyperplane).
double cut_efficacy(const Cut& cut, const Eigen::VectorXd& x);

class CutPool {
 public:
  void add(Cut cut) { candidates_.push_back(std::move(cut)); }
  size_t size() const { return candidates_.size(); }
  // At most `max_cuts` cuts with efficacy >= min_efficacy at x, best first,
  // skipping any whose |cos| with an already selected cut exceeds
  // max_parallelism. Ties keep the order of addition (deterministic).
  std::vector<Cut> select(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy, double max_parallelism) const;
  void clear() { candidates_.clear(); }

 private:
  std::vector<Cut> candidates_;
};

}  // namespace milpsac::bnb
