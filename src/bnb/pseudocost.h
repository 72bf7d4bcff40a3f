// Pseudocosts: the average objective gain per unit of change when a column was
// branched down or up, learnt from strong branching and from every solved child.
// Branching picks the column with the best product score
// max(gain_down, eps) * max(gain_up, eps); columns not yet observed borrow the
// average of the observed ones.
#pragma once

#include <vector>

namespace milpsac::bnb {

class Pseudocosts {
 public:
  explicit Pseudocosts(int num_cols);

  // A child moved column `col` by `distance` (> 0) in direction `up` and its
  // objective rose by `gain` (>= 0).
  void record(int col, bool up, double distance, double gain);
  int observations(int col, bool up) const;
  // Expected gain per unit in one direction (average when unobserved).
  double per_unit(int col, bool up) const;
  // Product score of branching on `col` at fractional part `fraction`.
  double score(int col, double fraction) const;
  // The product score of a column whose sides gain `down_gain` and `up_gain`
  // (each floored, so a side without gain still ranks by the other).
  static double product_score(double down_gain, double up_gain);

 private:
  std::vector<double> sum_[2];
  std::vector<int> count_[2];
  double total_sum_[2] = {0, 0};
  int total_count_[2] = {0, 0};
};

}  // namespace milpsac::bnb
