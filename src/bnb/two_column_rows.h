// The two shapes the flow-cover and MIR separators both look for before they
// cut: a row with exactly two entries (where a variable bound x <= d + e*y of
// a continuous x on a binary y comes from) and a binary column in the
// separator's bounds (cut_bounds.h). Written once so that both separators
// read a variable bound alike.
#pragma once

#include <cstddef>
#include <vector>

#include "bnb/cut_bounds.h"
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

// An integer column whose bounds lie within [0, 1].
inline bool is_binary_column(const CutBounds& bounds, const std::vector<char>& is_integer, int j) {
  return is_integer[uz(j)] && bounds.lower[j] >= 0.0 && bounds.upper[j] <= 1.0;
}

// Calls visit(i, x, y, a, c) for every two-column row i among the first
// `num_rows` whose entries are a continuous column x (coefficient a) and a
// binary column y (coefficient c): where the variable bounds come from.
template <class Visit>
void for_each_continuous_binary_row(const lp::RowMajorMatrix& rows, int num_rows, const CutBounds& bounds,
                                    const std::vector<char>& is_integer, Visit visit) {
  for (int i = 0; i < num_rows; ++i) {
    TwoColumnRow row;
    if (!two_column_row(rows, i, row)) continue;
    for (int p = 0; p < 2; ++p) {
      const int x = row.cols[p], y = row.cols[1 - p];
      if (is_integer[uz(x)] || !is_binary_column(bounds, is_integer, y)) continue;
      visit(i, x, y, row.vals[p], row.vals[1 - p]);
    }
  }
}

}  // namespace milpsac::bnb
