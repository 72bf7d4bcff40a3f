// Checking a MIP start (see mip_start.h).
#include "api/internal/mip_start.h"

#include <cmath>
#include <cstdio>

#include "common/index.h"
#include "common/input_error.h"

namespace milpsac::api {
namespace {

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", value);
  return buffer;
}

// The worst violation seen so far, as a sentence.
struct Worst {
  double amount = 0.0;
  std::string what;
  void offer(double violation, double scale, const std::string& sentence) {
    const double relative = violation / std::max(1.0, std::fabs(scale));
    if (relative > amount) {
      amount = relative;
      what = sentence;
    }
  }
};

void check_interval(Worst& worst, const std::string& name, double value, double lower, double upper) {
  if (value < lower)
    worst.offer(lower - value, lower, name + " is " + number(value) + ", below its lower bound " + number(lower));
  if (value > upper)
    worst.offer(value - upper, upper, name + " is " + number(value) + ", above its upper bound " + number(upper));
}

}  // namespace

std::string check_initial_solution(const lp::LinearProgram& lp, const std::vector<double>& x, double tolerance) {
  if (x.size() != uz(lp.num_cols()))
    throw InputError("initial_solution: " + std::to_string(x.size()) + " values for " + std::to_string(lp.num_cols()) +
                     " columns");
  Eigen::VectorXd point(lp.num_cols());
  Worst worst;
  for (int j = 0; j < lp.num_cols(); ++j) {
    const double v = x[uz(j)];
    const std::string name = "column '" + lp.col_names[uz(j)] + "'";
    if (!std::isfinite(v)) throw InputError("initial_solution: " + name + " is not a finite number");
    point[j] = v;
    check_interval(worst, name, v, lp.col_lower[j], lp.col_upper[j]);
    if (lp.is_integer[uz(j)] && std::fabs(v - std::round(v)) > 0.0)
      worst.offer(std::fabs(v - std::round(v)), 1.0, name + " is " + number(v) + ", not an integer");
  }
  const Eigen::VectorXd activity = lp.A * point;
  for (int i = 0; i < lp.num_rows(); ++i)
    check_interval(worst, "row '" + lp.row_names[uz(i)] + "'", activity[i], lp.row_lower[i], lp.row_upper[i]);
  if (worst.amount <= tolerance) return "";
  return "initial_solution: " + worst.what + "; ignored";
}

}  // namespace milpsac::api
