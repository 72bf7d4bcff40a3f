// Checks of the certificates behind an `infeasible` or `unbounded` verdict,
// on the original (unscaled) data.
//
// Both checks take the LP as an OriginalData view: the sparse constraint
// matrix, the costs in minimisation form and the four bound vectors, all in
// the user's units. SimplexSolver builds this view from its own (exactly
// unscaled) copy, solve_lp from the LinearProgram it was given, so a verdict
// is checked the same way at both doors.
//
//   Farkas ray y (infeasible): with g = A^T y, the interval of g^T x over the
//   column box and the interval of y^T s over the row box do not meet, by a
//   gap clearly above round-off. Entries of g within round-off of zero on an
//   unbounded side are treated as zero and reported as the ray residual.
//
//   Primal ray d (unbounded): d moves every column only towards an infinite
//   bound, A d moves every row only towards an infinite bound, and c^T d < 0.
//   The verdict also needs a feasible point, which the caller checks.
#pragma once

#include <Eigen/Dense>
#include <Eigen/SparseCore>

namespace milpsac::lp {

struct OriginalData {
  const Eigen::SparseMatrix<double>& A;  // rows x cols
  const Eigen::VectorXd& cost;           // minimisation form
  const Eigen::VectorXd& col_lower;
  const Eigen::VectorXd& col_upper;
  const Eigen::VectorXd& row_lower;
  const Eigen::VectorXd& row_upper;
};

struct CertificateCheck {
  bool valid = false;
  // Relative size of what had to be ignored as round-off (0 for an exact
  // certificate), or of the worst violation when the check failed.
  double residual = INFINITY;
  // Farkas: the separating gap relative to the size of the terms; primal ray:
  // -c^T d relative to sum |c_j d_j|. Positive when the certificate holds.
  double margin = 0.0;
};

CertificateCheck check_farkas_ray(const OriginalData& lp, const Eigen::VectorXd& y);
CertificateCheck check_primal_ray(const OriginalData& lp, const Eigen::VectorXd& d);

}  // namespace milpsac::lp
