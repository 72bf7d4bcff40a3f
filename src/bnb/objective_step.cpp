#include "bnb/objective_step.h"

#include <cmath>

#include "common/index.h"
#include "lp/tolerances.h"

namespace milpsac::bnb {
namespace {

// Is v an integer multiple of g (relative tolerance)?
bool is_multiple(double v, double g) {
  const double k = v / g;
  return std::fabs(k - std::round(k)) <= lp::tol::kSearchRoundOff * std::max(1.0, std::fabs(k));
}

}  // namespace

double objective_step(const lp::LinearProgram& lp, const std::vector<char>& integral) {
  double step = 0.0;
  for (int j = 0; j < lp.num_cols(); ++j) {
    const double c = std::fabs(lp.c[j]);
    if (c <= 1e-12) continue;
    if (!integral[uz(j)]) return 0.0;
    if (step <= 0.0) {
      step = c;
      continue;
    }
    // Euclid on reals, stopped when the remainder is negligible: the step is
    // the largest value dividing every cost seen so far.
    double a = std::max(step, c), b = std::min(step, c);
    constexpr double kRoundOff = lp::tol::kSearchRoundOff;
    for (int guard = 0; guard < 64 && b > kRoundOff * a; ++guard) {
      const double r = std::fmod(a, b);
      a = b;
      b = (r < kRoundOff * a || a - r < kRoundOff * a) ? 0.0 : r;
    }
    step = a;
  }
  if (step <= 0.0) return 0.0;
  for (int j = 0; j < lp.num_cols(); ++j)
    if (std::fabs(lp.c[j]) > 1e-12 && !is_multiple(lp.c[j], step)) return 0.0;
  return step;
}

}  // namespace milpsac::bnb
