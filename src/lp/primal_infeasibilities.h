// PrimalInfeasibilities: the squared bound violation of every basic
// variable, by basis position, with the list of the violated positions: the
// dual simplex's leaving-row choice (dual_simplex.cpp).
//
// The choice is the largest violation^2 / weight (dual steepest edge). A
// scan over all m positions made it a tenth of the SAC root LP's run, most
// of it on feasible rows; near the optimum only a few rows are violated, so
// the choice walks the list when it is short and scans the contiguous array
// otherwise. Both give the same position: the largest score, the lowest
// position among equal scores.
#pragma once

#include <Eigen/Dense>
#include <vector>

namespace milpsac::lp {

class PrimalInfeasibilities {
 public:
  // m positions, all feasible.
  void reset(int m);
  // Position i's violation max(lower - x, x - upper); within tol it counts
  // as feasible. Inline: the dual calls it for every entry of every pivot
  // column.
  void set(int i, double violation, double tol) {
    const auto k = static_cast<size_t>(i);
    if (violation > tol) {
      squared_[k] = violation * violation;
      if (slot_[k] < 0) {
        slot_[k] = static_cast<int>(list_.size());
        list_.push_back(i);
      }
      return;
    }
    squared_[k] = 0.0;
    if (slot_[k] >= 0) unlist(i);
  }
  bool violated(int i) const { return slot_[static_cast<size_t>(i)] >= 0; }
  int num_violated() const { return static_cast<int>(list_.size()); }
  // The position with the largest squared violation over its weight (all
  // weights positive); the lowest such position on ties; -1 when none.
  int choose(const Eigen::VectorXd& weights) const;
  // The violated position whose variable (head[i]) has the lowest index:
  // Bland's rule. -1 when none.
  int choose_lowest_variable(const std::vector<int>& head) const;

 private:
  void unlist(int i);

  std::vector<double> squared_;  // 0 where feasible
  std::vector<int> list_;        // the violated positions, in no set order
  std::vector<int> slot_;        // index in list_, -1 where feasible
};

}  // namespace milpsac::lp
