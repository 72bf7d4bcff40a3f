// LinearProgram: the LP/MILP data every solver layer works on.
//
//   minimise (or maximise)  c^T x + offset
//   subject to              row_lower <= A x <= row_upper
//                           col_lower <=   x <= col_upper
//                           x_j integer where is_integer[j]
//                           x_j = 0 instead, where is_semicontinuous[j]
//
// A semi-continuous column (MPS SC, or SI when also integer) is either 0 or
// within its bounds: x_j = 0 OR col_lower_j <= x_j <= col_upper_j. Where the
// bounds already hold 0 that is an ordinary column; the flag still marks it so
// the MPS writer can give the file back as it was read. is_semicontinuous is
// empty (no such columns) or has one entry per column, like is_integer after
// resize(); code that only knows bounds must treat a model with such columns
// as needs_search() and leave it to the branch-and-bound (docs/formats.md#mps).
//
// Either side of a bound may be infinite (+-kInfinity). A is sparse and
// column-major (Eigen::SparseMatrix): the models reach tens of thousands of
// rows and columns at a few nonzeros per column (dfl001 6071 x 12230 would be
// 600 MB dense), so memory and every pass over A scale with the nonzeros.
// Builders of larger models fill A from triplets (setFromTriplets, which sums
// duplicates) and leave it compressed; small builders may use
// set_coefficient. Readers must not assume A is compressed or free of stored
// zeros (a coefficient set to 0 stays stored): test values, not structure.
// Column access is cheap (InnerIterator); a pass that scans rows builds a
// row-major copy once (RowMajorMatrix) instead of calling A.coeff per entry.
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <limits>
#include <string>
#include <vector>

#include "common/index.h"
#include "lp/objective_sense.h"

namespace milpsac::lp {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

using SparseMatrix = Eigen::SparseMatrix<double, Eigen::ColMajor>;
using RowMajorMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

struct LinearProgram {
  std::string name;
  ObjectiveSense sense = ObjectiveSense::kMinimize;
  SparseMatrix A;                // rows x cols, column-major sparse
  Eigen::VectorXd c;             // cols
  double offset = 0.0;           // constant term of the objective (in the stated sense)
  Eigen::VectorXd col_lower;     // cols
  Eigen::VectorXd col_upper;     // cols
  Eigen::VectorXd row_lower;     // rows
  Eigen::VectorXd row_upper;     // rows
  std::vector<char> is_integer;  // cols, 1 for integer columns
  // Empty, or cols entries: 1 for semi-continuous columns (see above).
  std::vector<char> is_semicontinuous;
  std::vector<std::string> col_names;
  std::vector<std::string> row_names;

  int num_rows() const { return static_cast<int>(A.rows()); }
  int num_cols() const { return static_cast<int>(A.cols()); }
  bool has_integers() const {
    for (char v : is_integer)
      if (v) return true;
    return false;
  }
  bool is_semicontinuous_column(int j) const {
    return uz(j) < is_semicontinuous.size() && is_semicontinuous[uz(j)] != 0;
  }
  bool has_semicontinuous() const {
    for (char v : is_semicontinuous)
      if (v) return true;
    return false;
  }
  // Integer or semi-continuous columns: the model needs the branch-and-bound,
  // not just an LP solve.
  bool needs_search() const { return has_integers() || has_semicontinuous(); }
  // A(i, j), zero where nothing is stored (a binary search in column j).
  double coefficient(int i, int j) const { return A.coeff(i, j); }
  // Set A(i, j) = v, storing the entry if it is new. For small builders and
  // tests: each new entry may shift the rest of its column.
  void set_coefficient(int i, int j, double v) { A.coeffRef(i, j) = v; }
  // Row i as a dense vector of num_cols() entries (one pass over A's columns).
  Eigen::VectorXd dense_row(int i) const { return Eigen::VectorXd(A.row(i).transpose()); }
  // Append dense rows (num_cols() entries each) with their bounds: A is rebuilt
  // from its entries and the rows' nonzeros in one pass. Row names are the
  // caller's to add.
  void append_dense_rows(const std::vector<Eigen::VectorXd>& rows, const std::vector<double>& lower,
                         const std::vector<double>& upper) {
    if (rows.empty()) return;
    const int m = num_rows(), n = num_cols(), k = static_cast<int>(rows.size());
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(uz(A.nonZeros()));
    for (int j = 0; j < n; ++j)
      for (SparseMatrix::InnerIterator it(A, j); it; ++it)
        entries.emplace_back(static_cast<int>(it.row()), j, it.value());
    for (int r = 0; r < k; ++r)
      for (int j = 0; j < n; ++j)
        if (rows[uz(r)][j] != 0.0) entries.emplace_back(m + r, j, rows[uz(r)][j]);
    A.resize(m + k, n);
    A.setFromTriplets(entries.begin(), entries.end());
    row_lower.conservativeResize(m + k);
    row_upper.conservativeResize(m + k);
    for (int r = 0; r < k; ++r) {
      row_lower[m + r] = lower[uz(r)];
      row_upper[m + r] = upper[uz(r)];
    }
  }
  // Resize to m rows and n columns: A empty (all zero), c zero, columns [0, inf), rows free.
  void resize(int m, int n) {
    A = SparseMatrix(m, n);
    c = Eigen::VectorXd::Zero(n);
    col_lower = Eigen::VectorXd::Zero(n);
    col_upper = Eigen::VectorXd::Constant(n, kInfinity);
    row_lower = Eigen::VectorXd::Constant(m, -kInfinity);
    row_upper = Eigen::VectorXd::Constant(m, kInfinity);
    is_integer.assign(uz(n), 0);
    is_semicontinuous.clear();
    col_names.resize(uz(n));
    row_names.resize(uz(m));
  }
};

}  // namespace milpsac::lp
