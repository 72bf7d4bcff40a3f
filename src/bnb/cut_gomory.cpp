// GMI cut separation (see cut_gomory.h).
#include "bnb/cut_gomory.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "bnb/fractional_rows.h"
#include "common/index.h"

namespace milpsac::bnb {
namespace {

constexpr double kMinFraction = 0.01;      // f0 in [0.01, 0.99], else the cut is weak and unstable
constexpr double kMaxTableauEntry = 1e7;   // rows with larger entries are numerically unreliable
constexpr double kZeroEntry = 1e-11;       // tableau entries below this are zero
constexpr double kMaxDynamism = 1e4;       // max |coef| / min |coef| of a kept cut
constexpr double kTinyCoefficient = 1e-9;  // relative to max |coef|: removed over the column bound
constexpr double kMinViolation = 1e-6;     // relative to 1 + |rhs|
constexpr double kRhsMargin = 1e-9;        // relative safety margin on the right-hand side
constexpr int kMinSupportLimit = 50;       // a cut may use max(this, n / 2) columns: dense cuts slow the LP

}  // namespace

int separate_gomory(const LpRelaxation& relaxation, const std::vector<char>& is_integer, CutPool& pool, int max_rows) {
  const lp::LinearProgram& model = relaxation.model();
  const lp::SimplexSolver& simplex = relaxation.simplex();
  const int n = model.num_cols(), m = model.num_rows();
  const Eigen::VectorXd x = relaxation.values();

  // Rows whose activity is integer at every integer point: all columns
  // integer with integral coefficients.
  std::vector<char> integral_row(uz(m), 1);
  for (int j = 0; j < n; ++j)
    for (lp::SparseMatrix::InnerIterator it(model.A, j); it; ++it) {
      const double a = it.value();
      if (a != 0.0 && (!is_integer[uz(j)] || !is_integral(a))) integral_row[uz(it.row())] = 0;
    }
  // Rows of A are scanned below (a logical's row enters pi): a row-major copy once.
  const lp::RowMajorMatrix rows_of_a = model.A;

  // Candidate positions: basic integer columns at fractional values, most fractional first.
  const std::vector<int> chosen = most_fractional_rows(simplex, m, n, is_integer, x, kMinFraction, max_rows);

  const size_t max_support = uz(std::max(kMinSupportLimit, n / 2));
  int added = 0;
  Eigen::VectorXd row;
  for (const int r : chosen) {
    const int b = simplex.basic_variable(r);
    simplex.tableau_row(r, row);
    const double f0 = fractional_part(x[b]);
    Eigen::VectorXd pi = Eigen::VectorXd::Zero(n);
    double pi0 = 1.0;
    bool usable = true;
    for (int v = 0; v < n + m && usable; ++v) {
      if (v == b) continue;
      const double alpha = row[v];
      if (std::fabs(alpha) <= kZeroEntry) continue;
      if (std::fabs(alpha) > kMaxTableauEntry) {
        usable = false;
        break;
      }
      const lp::VarStatus status = simplex.variable_status(v);
      if (status == lp::VarStatus::kBasic) continue;
      const bool at_upper = status == lp::VarStatus::kAtUpper;
      if (status == lp::VarStatus::kAtZero) {
        usable = false;
        break;
      }  // free nonbasic: t unbounded both ways
      const bool logical = v >= n;
      const int i = v - n;
      const double bound = logical ? (at_upper ? model.row_upper[i] : model.row_lower[i])
                                   : (at_upper ? relaxation.upper(v) : relaxation.lower(v));
      if (!std::isfinite(bound)) {
        usable = false;
        break;
      }
      // t = x - bound (at lower) or bound - x (at upper); x_b + abar t = beta.
      const double abar = at_upper ? -alpha : alpha;
      const bool integer_t =
          logical ? (integral_row[uz(i)] && is_integral(bound)) : (is_integer[uz(v)] && is_integral(bound));
      double g;
      if (integer_t) {
        const double fv = fractional_part(abar);
        g = fv <= f0 ? fv / f0 : (1.0 - fv) / (1.0 - f0);
      } else {
        g = abar >= 0 ? abar / f0 : -abar / (1.0 - f0);
      }
      if (g == 0.0) continue;
      // g t, written in x: at lower g (x - bound), at upper g (bound - x).
      const double sign = at_upper ? -1.0 : 1.0;
      if (logical)
        for (lp::RowMajorMatrix::InnerIterator it(rows_of_a, i); it; ++it) pi[it.col()] += (sign * g) * it.value();
      else
        pi[v] += sign * g;
      pi0 += sign * g * bound;
    }
    if (!usable) continue;
    // Remove tiny coefficients over the column's bounds (relaxing pi0).
    const double largest = pi.cwiseAbs().maxCoeff();
    if (!(largest > 0) || !std::isfinite(largest)) continue;
    double smallest = INFINITY;
    size_t support = 0;
    for (int j = 0; j < n && usable; ++j) {
      const double c = pi[j];
      if (c == 0.0) continue;
      if (std::fabs(c) < kTinyCoefficient * largest) {
        // pi_j x_j <= max over the bounds: drop it from the >= row.
        const double worst = c > 0 ? c * relaxation.upper(j) : c * relaxation.lower(j);
        if (!std::isfinite(worst)) {
          usable = false;
          break;
        }
        pi0 -= worst;
        pi[j] = 0.0;
        continue;
      }
      smallest = std::min(smallest, std::fabs(c));
      ++support;
    }
    if (!usable || support == 0 || support > max_support || largest / smallest > kMaxDynamism) continue;
    pi0 -= kRhsMargin * std::max(1.0, std::fabs(pi0));
    // Normalise to max |coef| = 1.
    pi /= largest;
    pi0 /= largest;
    Cut cut{pi, pi0, INFINITY};
    if (cut_violation(cut, x) < kMinViolation * (1.0 + std::fabs(pi0))) continue;
    pool.add(std::move(cut));
    ++added;
  }
  return added;
}

}  // namespace milpsac::bnb
