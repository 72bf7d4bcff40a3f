#include "bnb/pseudocost.h"

#include <algorithm>

#include "common/index.h"
#include "lp/tolerances.h"

namespace milpsac::bnb {

Pseudocosts::Pseudocosts(int num_cols) {
  for (int d = 0; d < 2; ++d) {
    sum_[d].assign(uz(num_cols), 0.0);
    count_[d].assign(uz(num_cols), 0);
  }
}

void Pseudocosts::record(int col, bool up, double distance, double gain) {
  if (distance <= lp::tol::kSearchRoundOff) return;
  const double per_unit = std::max(gain, 0.0) / distance;
  sum_[up][uz(col)] += per_unit;
  count_[up][uz(col)] += 1;
  total_sum_[up] += per_unit;
  total_count_[up] += 1;
}

int Pseudocosts::observations(int col, bool up) const { return count_[up][uz(col)]; }

double Pseudocosts::per_unit(int col, bool up) const {
  const int count = count_[up][uz(col)];
  if (count > 0) return sum_[up][uz(col)] / count;
  return total_count_[up] > 0 ? total_sum_[up] / total_count_[up] : 1.0;
}

double Pseudocosts::score(int col, double fraction) const {
  return product_score(per_unit(col, false) * fraction, per_unit(col, true) * (1.0 - fraction));
}

double Pseudocosts::product_score(double down_gain, double up_gain) {
  constexpr double kFloor = 1e-6;
  return std::max(down_gain, kFloor) * std::max(up_gain, kFloor);
}

}  // namespace milpsac::bnb
