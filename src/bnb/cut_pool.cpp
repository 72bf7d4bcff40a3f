// Cut violation, efficacy, and the pool's greedy efficacy/parallelism selection.
#include "bnb/cut_pool.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace milpsac::bnb {

double cut_violation(const Cut& cut, const Eigen::VectorXd& x) {
  const double activity = cut.a.dot(x);
  double v = 0.0;
  if (std::isfinite(cut.lower)) v = std::max(v, cut.lower - activity);
  if (std::isfinite(cut.upper)) v = std::max(v, activity - cut.upper);
  return v;
}

double cut_efficacy(const Cut& cut, const Eigen::VectorXd& x) {
  const double norm = cut.a.norm();
  return norm > 0 ? cut_violation(cut, x) / norm : 0.0;
}

std::vector<Cut> CutPool::select(const Eigen::VectorXd& x, size_t max_cuts, double min_efficacy,
                                 double max_parallelism) const {
  std::vector<double> efficacy(candidates_.size());
  for (size_t k = 0; k < candidates_.size(); ++k) efficacy[k] = cut_efficacy(candidates_[k], x);
  std::vector<size_t> order(candidates_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return efficacy[a] > efficacy[b]; });
  std::vector<Cut> chosen;
  std::vector<double> norms;
  for (size_t k : order) {
    if (chosen.size() >= max_cuts || efficacy[k] < min_efficacy) break;
    const Cut& cut = candidates_[k];
    const double norm = cut.a.norm();
    bool parallel = false;
    for (size_t c = 0; c < chosen.size() && !parallel; ++c)
      parallel = std::fabs(cut.a.dot(chosen[c].a)) > max_parallelism * norm * norms[c];
    if (parallel) continue;
    chosen.push_back(cut);
    norms.push_back(norm);
  }
  return chosen;
}

}  // namespace milpsac::bnb
