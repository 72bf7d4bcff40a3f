// Tableau access for the cut separators of the branch-and-bound: rows of
// B^-1 [A -I] by one BTRAN of a unit vector and a product with A, brought
// back from the scaled to the original space. Kept apart from the simplex
// internals on purpose: it needs only the factor, the basis heading and the
// scale factors.
#include <cmath>

#include "common/index.h"
#include "lp/simplex_solver.h"

namespace milpsac::lp {

int SimplexSolver::basic_variable(int position) const { return head_[uz(position)]; }

VarStatus SimplexSolver::variable_status(int v) const { return status_[uz(v)]; }

void SimplexSolver::tableau_row(int position, Eigen::VectorXd& row) const {
  // Scaled space: x~_b + sum alpha~_v x~_v = 0 with alpha~ = e_r^T B^-1 [A -I].
  Eigen::VectorXd rho = Eigen::VectorXd::Zero(m_);
  rho[position] = 1.0;
  factor_.btran(rho);
  row.resize(num_vars());
  row.head(n_).noalias() = A_sparse_.transpose() * rho;
  row.tail(m_) = -rho;
  // x~_j = x_j / col_scale_j and s~_i = row_scale_i * s_i: with f_v those
  // factors, the original row is x_b + sum (alpha~_v f_v / f_b) x_v = 0.
  auto factor = [&](int v) { return v < n_ ? 1.0 / scale_.col[v] : scale_.row[v - n_]; };
  const double fb = factor(head_[uz(position)]);
  for (int v = 0; v < num_vars(); ++v) {
    if (status_[uz(v)] == VarStatus::kBasic) {
      row[v] = 0.0;
      continue;
    }
    row[v] *= factor(v) / fb;
  }
  row[head_[uz(position)]] = 1.0;
}

}  // namespace milpsac::lp
