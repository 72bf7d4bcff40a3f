#include "lp/basis_factor.h"

#include <algorithm>
#include <cmath>
#include <deque>

#include "lp/tolerances.h"

namespace milpsac::lp {
namespace {

using SparseIt = Eigen::SparseMatrix<double>::InnerIterator;

// Positions of B that depend on the others, and the rows left uncovered, from
// a rank-revealing LU of the whole matrix (only on the rare singular path): the
// first `rank` columns in Q order are independent; rows pivoted after `rank`
// are uncovered.
std::vector<int> dependent_columns(const Eigen::SparseMatrix<double>& sparse, std::vector<int>* uncovered_rows) {
  const Eigen::MatrixXd B(sparse);
  const int m = static_cast<int>(B.rows());
  Eigen::FullPivLU<Eigen::MatrixXd> full(B);
  full.setThreshold(tol::kSingularPivot);
  const int rank = static_cast<int>(full.rank());
  const auto& q = full.permutationQ().indices();
  const auto& p = full.permutationP().indices();
  std::vector<int> dependent;
  for (int k = rank; k < m; ++k) dependent.push_back(q[k]);
  if (uncovered_rows) {
    std::vector<int> inverse(static_cast<size_t>(m));
    for (int i = 0; i < m; ++i) inverse[static_cast<size_t>(p[i])] = i;
    for (int k = rank; k < m; ++k) uncovered_rows->push_back(inverse[static_cast<size_t>(k)]);
  }
  std::sort(dependent.begin(), dependent.end());
  return dependent;
}

}  // namespace

std::vector<int> BasisFactor::factor(const Eigen::SparseMatrix<double>& B, std::vector<int>* uncovered_rows) {
  etas_.clear();
  front_.clear();
  back_.clear();
  bump_positions_.clear();
  bump_rows_.clear();
  bump_coupling_.clear();
  m_ = static_cast<int>(B.rows());
  if (uncovered_rows) uncovered_rows->clear();
  if (m_ == 0) return {};
  const size_t m = static_cast<size_t>(m_);

  // Row-wise pattern, active counts, and each column's largest entry.
  std::vector<std::vector<int>> row_columns(m);
  std::vector<int> col_count(m, 0), row_count(m, 0);
  std::vector<double> col_max(m, 0.0);
  for (int p = 0; p < m_; ++p)
    for (SparseIt it(B, p); it; ++it) {
      if (it.value() == 0.0) continue;  // explicit zeros are no entries (structural test)
      row_columns[static_cast<size_t>(it.row())].push_back(p);
      ++col_count[static_cast<size_t>(p)];
      ++row_count[static_cast<size_t>(it.row())];
      col_max[static_cast<size_t>(p)] = std::max(col_max[static_cast<size_t>(p)], std::fabs(it.value()));
    }
  std::vector<char> col_active(m, 1), row_active(m, 1);
  auto others_of = [&](int p, int pivot_row) {
    std::vector<Entry> others;
    for (SparseIt it(B, p); it; ++it)
      if (it.row() != pivot_row && it.value() != 0.0) others.push_back({static_cast<int>(it.row()), it.value()});
    return others;
  };
  auto acceptable = [&](int p, double value) {
    return std::fabs(value) >= tol::kTriangularPivotRatio * col_max[static_cast<size_t>(p)];
  };

  // Column singletons: their other entries lie in rows pivoted earlier.
  std::deque<int> queue;
  for (int p = 0; p < m_; ++p)
    if (col_count[static_cast<size_t>(p)] == 1) queue.push_back(p);
  while (!queue.empty()) {
    const int p = queue.front();
    queue.pop_front();
    if (!col_active[static_cast<size_t>(p)] || col_count[static_cast<size_t>(p)] != 1) continue;
    int row = -1;
    double value = 0.0;
    for (SparseIt it(B, p); it; ++it)
      if (it.value() != 0.0 && row_active[static_cast<size_t>(it.row())]) {
        row = static_cast<int>(it.row());
        value = it.value();
      }
    if (row < 0 || !acceptable(p, value)) continue;
    col_active[static_cast<size_t>(p)] = 0;
    row_active[static_cast<size_t>(row)] = 0;
    front_.push_back({p, row, value, others_of(p, row)});
    for (int q : row_columns[static_cast<size_t>(row)])
      if (col_active[static_cast<size_t>(q)] && --col_count[static_cast<size_t>(q)] == 1) queue.push_back(q);
  }
  // Row singletons among what is left: the pivot column's other entries lie in
  // rows still active (bump, later row singletons) or already pivoted.
  for (int i = 0; i < m_; ++i) {
    if (!row_active[static_cast<size_t>(i)]) continue;
    int count = 0;
    for (int p : row_columns[static_cast<size_t>(i)]) count += col_active[static_cast<size_t>(p)];
    row_count[static_cast<size_t>(i)] = count;
    if (count == 1) queue.push_back(i);
  }
  while (!queue.empty()) {
    const int row = queue.front();
    queue.pop_front();
    if (!row_active[static_cast<size_t>(row)] || row_count[static_cast<size_t>(row)] != 1) continue;
    int p = -1;
    for (int q : row_columns[static_cast<size_t>(row)])
      if (col_active[static_cast<size_t>(q)]) p = q;
    if (p < 0) continue;
    double value = 0.0;
    for (SparseIt it(B, p); it; ++it)
      if (it.row() == row) value = it.value();
    if (!acceptable(p, value)) continue;
    col_active[static_cast<size_t>(p)] = 0;
    row_active[static_cast<size_t>(row)] = 0;
    back_.push_back({p, row, value, others_of(p, row)});
    for (SparseIt it(B, p); it; ++it) {
      const size_t i = static_cast<size_t>(it.row());
      if (it.value() != 0.0 && row_active[i] && --row_count[i] == 1) queue.push_back(static_cast<int>(i));
    }
  }

  // The bump: active columns on active rows, factored densely.
  std::vector<int> bump_index(m, -1);
  for (int i = 0; i < m_; ++i)
    if (row_active[static_cast<size_t>(i)]) {
      bump_index[static_cast<size_t>(i)] = static_cast<int>(bump_rows_.size());
      bump_rows_.push_back(i);
    }
  for (int p = 0; p < m_; ++p)
    if (col_active[static_cast<size_t>(p)]) bump_positions_.push_back(p);
  const int s = static_cast<int>(bump_positions_.size());
  if (static_cast<int>(bump_rows_.size()) != s) return dependent_columns(B, uncovered_rows);
  if (s == 0) {
    refactor_interval_ = kMinUpdates;
    return {};
  }
  Eigen::MatrixXd kernel = Eigen::MatrixXd::Zero(s, s);
  bump_coupling_.resize(static_cast<size_t>(s));
  for (int c = 0; c < s; ++c) {
    const int p = bump_positions_[static_cast<size_t>(c)];
    for (SparseIt it(B, p); it; ++it) {
      const int k = bump_index[static_cast<size_t>(it.row())];
      if (k >= 0)
        kernel(k, c) = it.value();
      else if (it.value() != 0.0)
        bump_coupling_[static_cast<size_t>(c)].push_back({static_cast<int>(it.row()), it.value()});
    }
  }
  bump_lu_.compute(kernel);
  const double factor_cost = static_cast<double>(s) * s * s / 3.0 + static_cast<double>(B.nonZeros());
  const double interval = std::sqrt(2.0 * factor_cost / (3.0 * m_));
  refactor_interval_ =
      static_cast<int>(std::clamp(interval, static_cast<double>(kMinUpdates), static_cast<double>(kMaxUpdates)));
  // Partial pivoting keeps column order, so a tiny U(c,c) means bump column c
  // is (nearly) a combination of the columns before it.
  const auto& U = bump_lu_.matrixLU();
  for (int c = 0; c < s; ++c) {
    const double scale = std::max(1.0, kernel.col(c).cwiseAbs().maxCoeff());
    if (!(std::fabs(U(c, c)) > tol::kSingularPivot * scale)) return dependent_columns(B, uncovered_rows);
  }
  return {};
}

void BasisFactor::solve_initial(Eigen::VectorXd& v) const {
  // v is indexed by row on entry; out by position. Back substitution in the
  // block order: row singletons (in pick order), the bump, column singletons
  // (in reverse pivot order).
  Eigen::VectorXd out = Eigen::VectorXd::Zero(m_);
  for (const Pivot& pivot : back_) {
    const double z = v[pivot.row] / pivot.value;
    out[pivot.position] = z;
    if (z == 0.0) continue;  // sparse right-hand side: nothing to subtract
    for (const Entry& e : pivot.others) v[e.row] -= e.value * z;
  }
  const size_t s = bump_positions_.size();
  if (s > 0) {
    Eigen::VectorXd z(static_cast<Eigen::Index>(s));
    for (size_t r = 0; r < s; ++r) z[static_cast<Eigen::Index>(r)] = v[bump_rows_[r]];
    z = bump_lu_.solve(z);
    for (size_t c = 0; c < s; ++c) {
      const double value = z[static_cast<Eigen::Index>(c)];
      out[bump_positions_[c]] = value;
      if (value == 0.0) continue;
      for (const Entry& e : bump_coupling_[c]) v[e.row] -= e.value * value;
    }
  }
  for (auto it = front_.rbegin(); it != front_.rend(); ++it) {
    const double z = v[it->row] / it->value;
    out[it->position] = z;
    if (z == 0.0) continue;
    for (const Entry& e : it->others) v[e.row] -= e.value * z;
  }
  v.swap(out);
}

void BasisFactor::solve_initial_transposed(Eigen::VectorXd& v) const {
  // v is indexed by position on entry; out by row. Forward substitution with
  // the transposed blocks: column singletons in pivot order, the bump, row
  // singletons in reverse pick order.
  Eigen::VectorXd out = Eigen::VectorXd::Zero(m_);
  for (const Pivot& pivot : front_) {
    double sum = v[pivot.position];
    for (const Entry& e : pivot.others) sum -= e.value * out[e.row];
    out[pivot.row] = sum / pivot.value;
  }
  const size_t s = bump_positions_.size();
  if (s > 0) {
    Eigen::VectorXd rhs(static_cast<Eigen::Index>(s));
    for (size_t c = 0; c < s; ++c) {
      double sum = v[bump_positions_[c]];
      for (const Entry& e : bump_coupling_[c]) sum -= e.value * out[e.row];
      rhs[static_cast<Eigen::Index>(c)] = sum;
    }
    // K = P^-1 L U, so K^T w = rhs is U^T L^T (P w) = rhs. Written out because
    // Eigen's lu.transpose() copies the whole factorisation on every call.
    const auto& lu = bump_lu_.matrixLU();
    lu.triangularView<Eigen::Upper>().transpose().solveInPlace(rhs);
    lu.triangularView<Eigen::UnitLower>().transpose().solveInPlace(rhs);
    rhs = bump_lu_.permutationP().transpose() * rhs;
    for (size_t r = 0; r < s; ++r) out[bump_rows_[r]] = rhs[static_cast<Eigen::Index>(r)];
  }
  for (auto it = back_.rbegin(); it != back_.rend(); ++it) {
    double sum = v[it->position];
    for (const Entry& e : it->others) sum -= e.value * out[e.row];
    out[it->row] = sum / it->value;
  }
  v.swap(out);
}

void BasisFactor::ftran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  solve_initial(v);
  for (const Eta& eta : etas_) {
    const double pivot_value = v[eta.position];
    if (pivot_value == 0.0) continue;  // the eta leaves v unchanged
    v += pivot_value * eta.column;
    v[eta.position] = pivot_value * eta.column[eta.position];
  }
}

void BasisFactor::btran(Eigen::VectorXd& v) const {
  if (v.size() == 0) return;
  // (E^T v)[r] = eta . v ; other entries unchanged.
  for (auto it = etas_.rbegin(); it != etas_.rend(); ++it) v[it->position] = it->column.dot(v);
  solve_initial_transposed(v);
}

void BasisFactor::update(int position, const Eigen::VectorXd& alpha) {
  const double pivot = alpha[position];
  Eta eta{position, -alpha / pivot};
  eta.column[position] = 1.0 / pivot;
  etas_.push_back(std::move(eta));
}

}  // namespace milpsac::lp
