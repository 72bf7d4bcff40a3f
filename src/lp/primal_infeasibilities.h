// PrimalInfeasibilities: the squared bound violation of every basic
// variable, by basis position, with the list of the violated positions: the
// dual simplex's leaving-row choice (dual_simplex.cpp).
//
// The choice is the largest violation^2 / weight (dual steepest edge), the
// lowest position among equal scores. A scan over all m positions made it a
// tenth of the SAC root LP's run. Two things keep it short:
//  - near the optimum only a few rows are violated: a full pass walks the
//    list when it is short and scans the contiguous array otherwise;
//  - a pivot changes the violations and weights of the pivot column's
//    support only (a hundred of the SAC LP's 8,700 rows). A full pass keeps
//    its kCandidates best positions and the best score left outside them;
//    until the next full pass a choice looks only at the unchanged candidates
//    and the positions changed since, and stands whenever it beats that bound
//    (HiGHS's hyper-sparse CHUZR works the same way). Once the positions
//    changed since a pass reach m / 8 (a dense pivot column: greenbea's are 40 %
//    dense) the bookkeeping would cost more than it saves: the next pass
//    keeps only the best position, and the one after decides again.
// Every path gives the position a division on every row would give.
//
// Contract: between two choices the caller reports through changed() every
// position it set() or whose weight it changed, or calls invalidate(). The
// report is separate from set() so that set(), inlined into the dual's
// loops, stays as small as it was.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "common/index.h"

namespace milpsac::lp {

class PrimalInfeasibilities {
 public:
  // m positions, all feasible.
  void reset(int m);
  // Position i's violation max(lower - x, x - upper); within tol it counts
  // as feasible. Inline: the dual calls it for every entry of every pivot
  // column.
  void set(int i, double violation, double tol) {
    const auto k = uz(i);
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
  // What changed since the last choice, as the caller reports it: the
  // positions whose violation or weight moved (a pivot column's support), or
  // anything anywhere (a dense column, fresh values after a refactor).
  void changed(int i);
  void changed(const std::vector<int>& positions);
  void invalidate() { stop_tracking(); }
  bool violated(int i) const { return slot_[uz(i)] >= 0; }
  int num_violated() const { return static_cast<int>(list_.size()); }
  // The position with the largest squared violation over its weight (all
  // weights positive); the lowest such position on ties; -1 when none.
  int choose(const Eigen::VectorXd& weights);
  // The violated position whose variable (head[i]) has the lowest index:
  // Bland's rule. -1 when none.
  int choose_lowest_variable(const std::vector<int>& head) const;

 private:
  // A score and its position; `position` -1 is no position at all.
  struct Scored {
    double score = 0.0;
    int position = -1;
  };
  static constexpr size_t kCandidates = 16;

  void unlist(int i);
  void stop_tracking() {
    tracking_ = false;
    candidates_valid_ = false;
  }
  // A pass over every violated position: keeping the kCandidates best when
  // the positions changed since the last pass were few, only the best otherwise.
  int full_pass(const Eigen::VectorXd& weights);
  int keep_candidates_pass(const Eigen::VectorXd& weights);
  int best_only_pass(const Eigen::VectorXd& weights);
  // f(i) for every violated position i: the list when it is short, else
  // every position in order (f then meets feasible ones too, with score 0).
  template <class F>
  void for_each_candidate(F&& f) const;

  std::vector<double> squared_;  // 0 where feasible
  std::vector<int> list_;        // the violated positions, in no set order
  std::vector<int> slot_;        // index in list_, -1 where feasible
  // Since the last full pass: the positions changed(), each once, while they
  // are fewer than touch_limit_ = m / 8 (tracking_); past that, none are noted.
  std::vector<unsigned> touched_;  // == pass_ where noted since the last pass
  unsigned pass_ = 1;
  std::vector<int> touched_list_;
  size_t touch_limit_ = 0;
  bool tracking_ = true;
  // The last full pass's best positions, best first, and the best score
  // outside them (position -1 when every violated position was kept).
  std::vector<Scored> best_;  // scratch of full_pass: up to kCandidates + 1
  std::vector<int> candidates_;
  Scored bound_;
  bool candidates_valid_ = false;
};

}  // namespace milpsac::lp
