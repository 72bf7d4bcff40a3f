#include "lp/primal_infeasibilities.h"

#include <algorithm>

#include "common/index.h"

namespace milpsac::lp {
namespace {

// A full pass walks the list when it holds under m / kListShare positions (a
// list entry costs an indirect load, a scanned one a sequential load); a
// choice makes a full pass once the positions set() since the last one reach
// the same share.
constexpr size_t kListShare = 8;
// Rows are screened with a multiplication before the division: a full pass
// meets a row that ranks among the kept ones only a few times. The margin of
// a few roundings lets through every row whose quotient could beat or tie the
// last kept one, so the ranking is the one a division on every row makes.
constexpr double kScreenMargin = 1.0 - 1e-14;

// a goes before b: a larger score, or an equal one (neither smaller) at a
// lower position; anything goes before no position.
bool better(double a_score, int a_position, double b_score, int b_position) {
  if (b_position < 0) return a_position >= 0;
  return a_score > b_score || (!(a_score < b_score) && a_position < b_position);
}

}  // namespace

void PrimalInfeasibilities::reset(int m) {
  squared_.assign(uz(m), 0.0);
  slot_.assign(uz(m), -1);
  list_.clear();
  touched_.assign(uz(m), 0);
  pass_ = 1;
  touch_limit_ = std::max<size_t>(1, uz(m) / kListShare);
  touched_list_.clear();
  touched_list_.reserve(touch_limit_);
  tracking_ = true;
  candidates_valid_ = false;
}

void PrimalInfeasibilities::changed(int i) {
  if (!tracking_ || touched_[uz(i)] == pass_) return;
  touched_[uz(i)] = pass_;
  touched_list_.push_back(i);
  if (touched_list_.size() >= touch_limit_) stop_tracking();
}

void PrimalInfeasibilities::changed(const std::vector<int>& positions) {
  for (int i : positions) {
    if (!tracking_) return;
    changed(i);
  }
}

int PrimalInfeasibilities::full_pass(const Eigen::VectorXd& weights) {
  const bool sparse = tracking_;
  if (++pass_ == 0) {  // wrapped: clear the stamps once for real
    std::fill(touched_.begin(), touched_.end(), 0u);
    pass_ = 1;
  }
  touched_list_.clear();
  tracking_ = true;
  return sparse ? keep_candidates_pass(weights) : best_only_pass(weights);
}

template <class F>
void PrimalInfeasibilities::for_each_candidate(F&& f) const {
  if (list_.size() * kListShare < squared_.size()) {
    for (int i : list_) f(i);
  } else {
    const int m = static_cast<int>(squared_.size());
    for (int i = 0; i < m; ++i) f(i);
  }
}

int PrimalInfeasibilities::best_only_pass(const Eigen::VectorXd& weights) {
  candidates_valid_ = false;
  int r = -1;
  double best = 0.0;
  const double* v2 = squared_.data();
  const double* w = weights.data();
  // A feasible row (0) never passes the screen.
  for_each_candidate([&](int i) {
    if (!(v2[i] > best * w[i] * kScreenMargin)) return;
    const double score = v2[i] / w[i];
    if (better(score, i, best, r)) {
      best = score;
      r = i;
    }
  });
  return r;
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

int PrimalInfeasibilities::keep_candidates_pass(const Eigen::VectorXd& weights) {
  best_.clear();
  const double* v2 = squared_.data();
  const double* w = weights.data();
  // The score a row must reach to be kept: the last kept one's once
  // kCandidates + 1 are kept. A feasible row (0) never passes the screen.
  double floor = 0.0;
  auto consider = [&](int i) {
    if (!(v2[i] > floor * w[i] * kScreenMargin)) return;
    const double score = v2[i] / w[i];
    if (best_.size() == kCandidates + 1) {
      if (!better(score, i, best_.back().score, best_.back().position)) return;
      best_.pop_back();
    }
    auto at = best_.end();
    while (at != best_.begin() && better(score, i, (at - 1)->score, (at - 1)->position)) --at;
    best_.insert(at, Scored{score, i});
    if (best_.size() == kCandidates + 1) floor = best_.back().score;
  };
  for_each_candidate(consider);
  candidates_.clear();
  for (size_t k = 0; k < best_.size() && k < kCandidates; ++k) candidates_.push_back(best_[k].position);
  bound_ = best_.size() > kCandidates ? best_[kCandidates] : Scored{};
  candidates_valid_ = true;
  return best_.empty() ? -1 : best_.front().position;
}

int PrimalInfeasibilities::choose(const Eigen::VectorXd& weights) {
  if (!candidates_valid_) return full_pass(weights);
  // Untouched positions kept their scores since the full pass: among them
  // the candidates rank first, and the rest score at most the bound.
  Scored best;
  auto consider = [&](int i) {
    const double v2 = squared_[uz(i)];
    if (!(v2 > 0.0)) return;  // feasible
    const double score = v2 / weights[i];
    if (better(score, i, best.score, best.position)) best = Scored{score, i};
  };
  for (int i : candidates_)
    if (touched_[uz(i)] != pass_) consider(i);
  for (int i : touched_list_) consider(i);
  if (bound_.position < 0 || (best.position >= 0 && better(best.score, best.position, bound_.score, bound_.position)))
    return best.position;
  return full_pass(weights);
}

int PrimalInfeasibilities::choose_lowest_variable(const std::vector<int>& head) const {
  int r = -1;
  for (int i : list_)
    if (r < 0 || head[uz(i)] < head[uz(r)]) r = i;
  return r;
}

}  // namespace milpsac::lp
