// Lifted cover of a mixed 0-1 knapsack (lifted_cover.h).
#include "bnb/lifted_cover.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/index.h"

namespace milpsac::bnb {

std::optional<LiftedCover> lifted_mixed_binary_cover(const std::vector<double>& a, const std::vector<double>& z,
                                                     double beta, double tolerance) {
  const double min_lambda = tolerance * std::max(1.0, std::fabs(beta));
  if (!(beta > min_lambda)) return std::nullopt;
  // Items the point uses, in cover order.
  std::vector<int> order;
  for (size_t j = 0; j < a.size(); ++j)
    if (z[j] > tolerance) order.push_back(static_cast<int>(j));
  auto at_one = [&](int j) { return z[uz(j)] >= 1.0 - tolerance; };
  std::stable_sort(order.begin(), order.end(), [&](int p, int q) {
    if (at_one(p) != at_one(q)) return at_one(p);
    const double cp = a[uz(p)] * z[uz(p)], cq = a[uz(q)] * z[uz(q)];
    if (cp != cq) return cp > cq;
    return a[uz(p)] > a[uz(q)];
  });
  std::vector<int> cover;
  double weight = 0.0;
  for (int j : order) {
    if (weight - beta > min_lambda) break;
    cover.push_back(j);
    weight += a[uz(j)];
  }
  const double lambda = weight - beta;
  if (!(lambda > min_lambda)) return std::nullopt;

  // The cover items larger than lambda, largest first, and their partial
  // sums: the breakpoints of the lifting function.
  std::vector<double> large;
  for (int j : cover)
    if (a[uz(j)] > lambda + min_lambda) large.push_back(a[uz(j)]);
  if (large.empty()) return std::nullopt;
  std::sort(large.begin(), large.end(), std::greater<>());
  std::vector<double> partial(large.size());
  std::partial_sum(large.begin(), large.end(), partial.begin());
  // phi is flat at i * lambda on [A_i, A_{i+1} - lambda] and rises with
  // slope 1 on [A_{i+1} - lambda, A_{i+1}] (A_i: the sum of the i largest);
  // past the last breakpoint it rises with slope 1.
  auto phi = [&](double value) {
    for (size_t i = 0; i < partial.size(); ++i) {
      if (value <= partial[i] - lambda) return static_cast<double>(i) * lambda;
      if (value <= partial[i]) return static_cast<double>(i + 1) * lambda + (value - partial[i]);
    }
    return static_cast<double>(partial.size()) * lambda + (value - partial.back());
  };

  LiftedCover cut;
  cut.coef.resize(a.size());
  std::vector<char> in_cover(a.size(), 0);
  for (int j : cover) in_cover[uz(j)] = 1;
  cut.rhs = -lambda;
  for (size_t j = 0; j < a.size(); ++j) {
    if (in_cover[j]) {
      cut.coef[j] = std::min(a[j], lambda);
      cut.rhs += cut.coef[j];
    } else {
      cut.coef[j] = phi(a[j]);
    }
  }
  return cut;
}

}  // namespace milpsac::bnb
