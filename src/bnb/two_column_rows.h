// The two shapes the flow-cover and MIR separators both look for before they
// cut: a row with exactly two entries (where a variable bound x <= d + e*y of
// a continuous x on a binary y comes from) and a binary column in the node's
// bounds. Written once so that both separators read a variable bound alike.
#pragma once

#include <cstddef>
#include <vector>

#include "bnb/lp_relaxation.h"
#include "common/index.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

// Row i's two entries when it has exactly two, else nothing.
struct TwoColumnRow {
  int cols[2] = {-1, -1};
  double vals[2] = {0.0, 0.0};
};

inline bool two_column_row(const lp::RowMajorMatrix& rows, int i, TwoColumnRow& out) {
  if (rows.row(i).nonZeros() != 2) return false;
  int k = 0;
  for (lp::RowMajorMatrix::InnerIterator it(rows, i); it; ++it, ++k) {
    out.cols[k] = static_cast<int>(it.col());
    out.vals[k] = it.value();
  }
  return true;
}

// An integer column whose current bounds lie within [0, 1].
inline bool is_binary_column(const LpRelaxation& relaxation, const std::vector<char>& is_integer, int j) {
  return is_integer[uz(j)] && relaxation.lower(j) >= 0.0 && relaxation.upper(j) <= 1.0;
}

}  // namespace milpsac::bnb
