#include "lp/primal_infeasibilities.h"

#include "common/index.h"

namespace milpsac::lp {
namespace {

// The list is walked when it holds under m / kListShare positions: a list
// entry costs an indirect load, a scanned one a sequential load.
constexpr size_t kListShare = 8;
// Rows are screened with a multiplication before the division: the scan
// meets a better row only a few times. The margin of a few roundings lets
// through every row whose quotient could beat or tie the best, so the choice
// is the one a division on every row would make.
constexpr double kScreenMargin = 1.0 - 1e-14;

}  // namespace

void PrimalInfeasibilities::reset(int m) {
  squared_.assign(uz(m), 0.0);
  slot_.assign(uz(m), -1);
  list_.clear();
}

void PrimalInfeasibilities::unlist(int i) {
  // Swap-remove: the last listed position takes i's slot.
  const size_t k = uz(i);
  const int last = list_.back();
  list_[uz(slot_[k])] = last;
  slot_[uz(last)] = slot_[k];
  list_.pop_back();
  slot_[k] = -1;
}

int PrimalInfeasibilities::choose(const Eigen::VectorXd& weights) const {
  int r = -1;
  double best = 0.0;
  const double* v2 = squared_.data();
  const double* w = weights.data();
  if (list_.size() * kListShare < squared_.size()) {
    for (int i : list_) {
      if (!(v2[i] > best * w[i] * kScreenMargin)) continue;
      const double score = v2[i] / w[i];
      // Larger, or equal (neither smaller) at a lower position.
      if (score > best || (!(score < best) && i < r)) {
        best = score;
        r = i;
      }
    }
    return r;
  }
  // A feasible row (0) never passes the screen; strict comparison keeps the
  // first, lowest, of equal scores.
  const int m = static_cast<int>(squared_.size());
  for (int i = 0; i < m; ++i) {
    if (!(v2[i] > best * w[i] * kScreenMargin)) continue;
    const double score = v2[i] / w[i];
    if (score > best) {
      best = score;
      r = i;
    }
  }
  return r;
}

int PrimalInfeasibilities::choose_lowest_variable(const std::vector<int>& head) const {
  int r = -1;
  for (int i : list_)
    if (r < 0 || head[uz(i)] < head[uz(r)]) r = i;
  return r;
}

}  // namespace milpsac::lp
