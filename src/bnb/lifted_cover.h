// The lifted cover inequality of a mixed 0-1 knapsack with one continuous
// variable (Marchand and Wolsey, 1999):
//
//   sum_j a_j z_j <= beta + s,   z_j in {0, 1},  a_j > 0,  s >= 0.
//
// A cover C (sum over C of a_j = beta + lambda, lambda > 0) gives
//
//   sum_{j in C} min(a_j, lambda) z_j + sum_{j not in C} phi(a_j) z_j - s
//       <= sum_{j in C} min(a_j, lambda) - lambda,
//
// where phi is the superadditive lifting function built from the cover items
// larger than lambda (lifted_cover.cpp). With all of C at 1 the row needs
// s >= lambda, which is what the inequality says; the lifting lets the other
// items in at the largest coefficients that stay valid.
//
// The c-MIR separator (cut_mir.cpp) builds such knapsacks from rows and
// aggregations whose integer columns are binary: the continuous columns are
// bounded by simple or variable bounds, the ones with a negative coefficient
// make up s. On lot-sizing models (set1ch) these are the cuts that the MIR
// alone, and the unlifted flow covers, did not find. HiGHS tries the same
// inequality on each of its aggregations (HighsCutGeneration).
#pragma once

#include <optional>
#include <vector>

namespace milpsac::bnb {

struct LiftedCover {
  std::vector<double> coef;  // one per item, in the order given
  double rhs = 0.0;          // the inequality is sum coef_j z_j - s <= rhs
};

// `a` (> 0) and `z` (the LP point, in [0, 1]) per item. The cover is chosen
// from the point: items at 1 first, then by a_j z_j, larger first (ties: the
// larger a_j, then the lower index), until it exceeds beta by more than
// `tolerance` (relative to max(1, |beta|)). Nothing when beta <= 0, when the
// items cannot cover beta, or when no cover item is larger than lambda.
std::optional<LiftedCover> lifted_mixed_binary_cover(const std::vector<double>& a, const std::vector<double>& z,
                                                     double beta, double tolerance);

}  // namespace milpsac::bnb
