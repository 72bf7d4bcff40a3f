// The hyper-sparse solves of BasisFactor (basis_factor.h): FTRAN and BTRAN
// of a right-hand side with a list of its nonzeros, visiting only the
// triangular pivots reachable from that list.
//
// The blocks' dependencies (basis_factor.cpp builds them that way):
// - a row singleton (back_[b]) has its other entries in rows of later row
//   singletons, of the bump, or of column singletons;
// - a bump column has its entries outside the bump in column-singleton rows
//   (the coupling block);
// - a column singleton (front_[f]) has its other entries in rows of earlier
//   column singletons.
// FTRAN goes back -> bump -> front, BTRAN front -> bump -> back. In each
// triangular block the reach from the entries touched so far, in
// topological order (topological_reach.h), is exactly the set of pivots the
// dense walk would find nonzero, in an order the dense walk's sums agree
// with up to rounding.
#include <algorithm>

#include "common/index.h"
#include "lp/basis_factor.h"
#include "lp/topological_reach.h"

namespace milpsac::lp {
namespace {

// The reach in the dense walk's pivot order: every row then sums its
// updates in the same order as the walk over all pivots, so the two paths
// give the same bits (and the simplex the same pivots) whichever is taken.
// Cheaper than it looks: the reach is short when this path is taken.
void sort_by_pivot(std::vector<int>& nodes, const std::vector<int>& pivot_of, bool ascending) {
  auto less = [&](int a, int b) { return pivot_of[static_cast<size_t>(a)] < pivot_of[static_cast<size_t>(b)]; };
  if (ascending)
    std::sort(nodes.begin(), nodes.end(), less);
  else
    std::sort(nodes.begin(), nodes.end(), [&](int a, int b) { return less(b, a); });
}

}  // namespace

void BasisFactor::index_blocks() {
  const size_t m = uz(m_);
  row_block_.assign(m, Block::kBump);
  position_block_.assign(m, Block::kBump);
  row_pivot_.assign(m, -1);
  position_pivot_.assign(m, -1);
  row_has_coupling_.assign(m, 0);
  for (size_t f = 0; f < front_.size(); ++f) {
    row_block_[uz(front_[f].row)] = position_block_[uz(front_[f].position)] = Block::kFront;
    row_pivot_[uz(front_[f].row)] = position_pivot_[uz(front_[f].position)] = static_cast<int>(f);
  }
  for (size_t b = 0; b < back_.size(); ++b) {
    row_block_[uz(back_[b].row)] = position_block_[uz(back_[b].position)] = Block::kBack;
    row_pivot_[uz(back_[b].row)] = position_pivot_[uz(back_[b].position)] = static_cast<int>(b);
  }
  for (const Entry& e : coupling_entries_) row_has_coupling_[uz(e.row)] = 1;
  seen_.resize(m, 0);
  touched_mark_.resize(m, 0);
  blocks_valid_ = true;
}

unsigned BasisFactor::next_stamp() const {
  // Marks equal to the stamp are set; moving the stamp clears them all. At
  // wrap-around the arrays are cleared once for real.
  if (++stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0u);
    std::fill(touched_mark_.begin(), touched_mark_.end(), 0u);
    stamp_ = 1;
  }
  return stamp_;
}

bool BasisFactor::solve_initial_sparse(Eigen::VectorXd& v, std::vector<int>& support) const {
  // support: rows where v may be nonzero. seen_ is indexed by row here (a
  // pivot's node is its index in its block; rows are unique across blocks).
  const size_t budget = uz(m_) / kHyperSparseShare;
  if (!blocks_valid_ || support.size() > budget) return false;
  const Entry* entries = triangular_entries_.data();
  const unsigned stamp = next_stamp();
  // Row singletons: a node is the row a back_ pivot pivots in.
  seeds_.clear();
  touched_.clear();
  for (int row : support) {
    if (row_block_[uz(row)] == Block::kBack)
      seeds_.push_back(row);
    else
      touch(row);
  }
  std::vector<unsigned>& seen = seen_;
  const bool reached = topological_reach(
      seeds_, seen, stamp, budget, dfs_stack_, order_, [&](int row) { return back_[uz(row_pivot_[uz(row)])].begin; },
      [&](int row) { return back_[uz(row_pivot_[uz(row)])].end; },
      [&](int k) { return row_block_[uz(entries[k].row)] == Block::kBack ? entries[k].row : -1; });
  if (!reached) return false;
  sort_by_pivot(order_, row_pivot_, /*ascending=*/true);

  Eigen::VectorXd& out = solve_out_;
  out.setZero(m_);
  result_.clear();
  for (int row : order_) {
    if (v[row] == 0.0) continue;
    const Pivot& pivot = back_[uz(row_pivot_[uz(row)])];
    const double z = v[row] / pivot.value;
    out[pivot.position] = z;
    result_.push_back(pivot.position);
    for (int k = pivot.begin; k < pivot.end; ++k) {
      v[entries[k].row] -= entries[k].value * z;
      if (row_block_[uz(entries[k].row)] != Block::kBack) touch(entries[k].row);
    }
  }

  // The bump, densely, when an entry in its rows was touched.
  bool bump_touched = false;
  for (int row : touched_) bump_touched = bump_touched || row_block_[uz(row)] == Block::kBump;
  if (!bump_positions_.empty() && bump_touched) ftran_bump(v, out, &result_, true);

  // Column singletons: nodes are rows of front_ pivots.
  seeds_.clear();
  for (int row : touched_)
    if (row_block_[uz(row)] == Block::kFront) seeds_.push_back(row);
  const unsigned front_stamp = next_stamp();
  const bool front_reached = topological_reach(
      seeds_, seen, front_stamp, budget, dfs_stack_, order_,
      [&](int row) { return front_[uz(row_pivot_[uz(row)])].begin; },
      [&](int row) { return front_[uz(row_pivot_[uz(row)])].end; },
      [&](int k) { return entries[k].row; });  // a front pivot's entries are all in front rows
  auto solve_front = [&](const Pivot& pivot) {
    if (v[pivot.row] == 0.0) return;
    const double z = v[pivot.row] / pivot.value;
    out[pivot.position] = z;
    result_.push_back(pivot.position);
    for (int k = pivot.begin; k < pivot.end; ++k) v[entries[k].row] -= entries[k].value * z;
  };
  if (front_reached) {
    sort_by_pivot(order_, row_pivot_, /*ascending=*/false);
    for (int row : order_) solve_front(front_[uz(row_pivot_[uz(row)])]);
  } else {
    for (auto it = front_.rbegin(); it != front_.rend(); ++it) solve_front(*it);
  }
  v.swap(out);
  support.swap(result_);
  return true;
}

bool BasisFactor::solve_initial_transposed_sparse(Eigen::VectorXd& v, std::vector<int>& support) const {
  // support: positions where v may be nonzero. Nodes are positions.
  const size_t budget = uz(m_) / kHyperSparseShare;
  if (!blocks_valid_ || support.size() > budget) return false;
  const unsigned stamp = next_stamp();
  auto targets_begin = [&](int row) { return row_target_start_[uz(row)]; };
  auto targets_end = [&](int row) { return row_target_start_[uz(row) + 1]; };
  // Column singletons in pivot order: a solved row pushes into the positions
  // whose columns have an entry in it (later column singletons, row
  // singletons).
  seeds_.clear();
  touched_.clear();
  for (int position : support) {
    if (position_block_[uz(position)] == Block::kFront)
      seeds_.push_back(position);
    else
      touch(position);
  }
  const bool reached = topological_reach(
      seeds_, seen_, stamp, budget, dfs_stack_, order_,
      [&](int position) { return targets_begin(front_[uz(position_pivot_[uz(position)])].row); },
      [&](int position) { return targets_end(front_[uz(position_pivot_[uz(position)])].row); },
      [&](int k) {
        const int target = row_targets_[uz(k)].position;
        return position_block_[uz(target)] == Block::kFront ? target : -1;
      });
  if (!reached) return false;
  sort_by_pivot(order_, position_pivot_, /*ascending=*/true);

  Eigen::VectorXd& out = solve_out_;
  out.setZero(m_);
  result_.clear();
  bool coupled = false;  // a solved front row holds bump entries
  auto push = [&](int row, double z) { push_row(v, row, z, &result_, true); };
  for (int position : order_) {
    if (v[position] == 0.0) continue;
    const Pivot& pivot = front_[uz(position_pivot_[uz(position)])];
    const double z = v[position] / pivot.value;
    out[pivot.row] = z;
    coupled = coupled || row_has_coupling_[uz(pivot.row)];
    push(pivot.row, z);
  }

  bool bump_touched = coupled;
  for (int position : touched_) bump_touched = bump_touched || position_block_[uz(position)] == Block::kBump;
  if (!bump_positions_.empty() && bump_touched) btran_bump(v, out, &result_, true);

  // Row singletons in reverse pick order: a solved row pushes into earlier
  // row singletons.
  seeds_.clear();
  for (int position : touched_)
    if (position_block_[uz(position)] == Block::kBack) seeds_.push_back(position);
  const unsigned back_stamp = next_stamp();
  const bool back_reached = topological_reach(
      seeds_, seen_, back_stamp, budget, dfs_stack_, order_,
      [&](int position) { return targets_begin(back_[uz(position_pivot_[uz(position)])].row); },
      [&](int position) { return targets_end(back_[uz(position_pivot_[uz(position)])].row); },
      [&](int k) { return row_targets_[uz(k)].position; });  // a back row's targets are earlier row singletons
  auto solve_back = [&](const Pivot& pivot) {
    if (v[pivot.position] == 0.0) return;
    const double z = v[pivot.position] / pivot.value;
    out[pivot.row] = z;
    push(pivot.row, z);
  };
  if (back_reached) {
    sort_by_pivot(order_, position_pivot_, /*ascending=*/false);
    for (int position : order_) solve_back(back_[uz(position_pivot_[uz(position)])]);
  } else {
    for (auto it = back_.rbegin(); it != back_.rend(); ++it) solve_back(*it);
  }
  v.swap(out);
  support.swap(result_);
  return true;
}

void BasisFactor::record_density(DensityHistory& history, size_t nonzeros) const {
  // An exponential average over the last few dozen solves of the kind.
  constexpr double kWeight = 0.05;
  history.share += kWeight * (static_cast<double>(nonzeros) / static_cast<double>(m_) - history.share);
}

void BasisFactor::record_dense_density(DensityHistory& history, const Eigen::VectorXd& v) const {
  // Counting a dense result's nonzeros is a pass over m: done for one solve
  // in kDenseSample, enough for the history to notice the results thinning.
  constexpr int kDenseSample = 8;
  if (history.dense_solves++ % kDenseSample != 0) return;
  record_density(history, static_cast<size_t>((v.array() != 0.0).count()));
}

bool BasisFactor::ftran_sparse(Eigen::VectorXd& v, std::vector<int>& support, DensityHistory& history) const {
  if (v.size() == 0) {
    support.clear();
    return true;
  }
  if (try_sparse(history) && solve_initial_sparse(v, support)) {
    apply_etas(v, support);
    record_density(history, support.size());
    return true;
  }
  // A dense result: the plain solve, and the caller scans v. Listing as it
  // went (the marks of apply_etas) made misc07's branch-and-bound 7 % slower.
  ftran(v);
  support.clear();
  record_dense_density(history, v);
  return false;
}

bool BasisFactor::btran_sparse(Eigen::VectorXd& v, std::vector<int>& support, DensityHistory& history) const {
  if (v.size() == 0) {
    support.clear();
    return true;
  }
  if (!blocks_valid_ || !try_sparse(history)) {
    btran(v);
    support.clear();
    record_dense_density(history, v);
    return false;
  }
  // The transposed etas first (as btran); each may make its position nonzero.
  apply_transposed_etas(v, &support);
  if (!solve_initial_transposed_sparse(v, support)) solve_initial_transposed(v, &support);
  record_density(history, support.size());
  return true;
}

}  // namespace milpsac::lp
