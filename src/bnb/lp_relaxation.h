// LpRelaxation: the one door between the search and the simplex.
//
// The branch-and-bound, strong branching, the heuristics and the cut loop see
// the LP relaxation only through this object: set column bounds, re-solve
// warm from a basis with an iteration budget of its own, read the values,
// save and restore a basis, add cut rows. Everything here is in the original
// (unscaled) space and in minimisation form.
//
// Invariants and guarantees:
//   * Iteration budgets are per solve (the simplex counts cumulatively; the
//     offset is handled here, never by callers).
//   * The LP engine is lp::CheckedSimplex (lp/checked_simplex.h), the one the
//     one-shot solve_lp and the feasibility pump use: an optimum is only
//     reported after its check on the unscaled data at the current bounds,
//     and a solve that fails it climbs the engine's one fallback ladder before
//     kNumericalError is returned.
//   * kInfeasible is passed through from the simplex (certificate-backed by
//     the LP core); the search prunes a node as infeasible only on it.
//   * The model grows only by appended rows (cuts, valid for every node): the
//     columns and their order never change.
#pragma once

#include <Eigen/Dense>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "common/deadline.h"
#include "lp/checked_simplex.h"
#include "lp/linear_program.h"
#include "lp/simplex.h"
#include "lp/simplex_solver.h"

namespace milpsac::bnb {

class LpRelaxation {
 public:
  LpRelaxation(const lp::LinearProgram& lp, const Deadline* deadline);

  // The LP as the simplex holds it: the original rows, then any cut rows.
  const lp::LinearProgram& model() const { return engine_.model(); }
  int num_cols() const { return model().num_cols(); }
  int num_rows() const { return model().num_rows(); }
  int num_original_rows() const { return original_rows_; }

  // Current column bounds (the engine's model holds them, so its check sees them too).
  double lower(int j) const { return model().col_lower[j]; }
  double upper(int j) const { return model().col_upper[j]; }
  const Eigen::VectorXd& lower() const { return model().col_lower; }
  const Eigen::VectorXd& upper() const { return model().col_upper; }
  void set_bounds(int j, double lower, double upper) { engine_.set_col_bounds(j, lower, upper); }
  // Dual simplex stops with kCutoff once the objective provably exceeds this.
  void set_cutoff(double cutoff) { engine_.set_cutoff(cutoff); }

  // The dual steepest-edge weights a solve from an installed basis starts
  // with (lp::SimplexSolver::set_exact_weights_on_install).
  enum class StartWeights { kUnit, kExact };
  // Solve at the current bounds, warm from `basis` (the live basis when null),
  // with at most `iteration_budget` simplex iterations for this call.
  lp::LpStatus resolve(const lp::Basis* basis, long iteration_budget, StartWeights weights = StartWeights::kUnit);
  lp::LpStatus last_status() const { return last_status_; }

  // Values of the last solve (minimisation form, offset included).
  double objective() const { return active().objective(); }
  Eigen::VectorXd values() const { return active().primal_values(); }
  Eigen::VectorXd reduced_costs() const { return active().reduced_costs(); }
  Eigen::VectorXd row_duals() const { return active().row_duals(); }
  // After a solve stopped by a time or iteration limit: a lower bound of the
  // LP at the current bounds from the simplex's current duals
  // (CheckedSimplex::limit_bound), -inf when they give none.
  double limit_bound() const { return engine_.limit_bound(); }
  lp::Basis basis() const { return active().basis(); }
  // Make `basis` the live one (rows it lacks, e.g. cuts added since, get
  // basic slacks). A basis that does not fit leaves the slack basis (the
  // engine counts it and says why); false then.
  bool restore_basis(const lp::Basis& basis) { return engine_.set_basis(basis); }

  // Cumulative simplex iterations (statistics and work budgets).
  long iterations() const { return engine_.iterations(); }
  // How many solves needed a fallback of the engine's ladder.
  long fallbacks() const { return engine_.fallbacks(); }

  // Append rows lower <= a^T x <= upper (cuts). The simplex is rebuilt on the
  // extended model and warm-started from the current basis, new slacks basic.
  void add_rows(const std::vector<Eigen::VectorXd>& rows, const std::vector<double>& lower,
                const std::vector<double>& upper);
  // Drop every row from `rows` on (undo an add_rows) and make `basis` (taken
  // before that add_rows) the live one again.
  void truncate_rows(int rows, const lp::Basis& basis);
  // Drop the cut rows whose logical is basic (not binding at the last
  // optimum), only those marked in `among` when it is given (one flag per
  // cut row, in row order); the rest of the basis carries over. Returns how
  // many went.
  int remove_slack_cuts(const std::vector<char>* among = nullptr);
  // Which rows the LP has: one id per cut row, in row order (the original
  // rows are not listed: they never change). Every cut row gets a new id
  // when it is added, so the ids only grow along the rows, and a new list
  // (a new pointer) is made whenever rows are added or removed. A basis
  // stored with the list of its time can be carried to the rows of a later
  // one (carry_basis), after node separation removed some.
  using RowIds = std::vector<long>;
  const std::shared_ptr<const RowIds>& row_ids() const { return row_ids_; }
  // `basis`, taken when the cut rows were `ids`, on the current rows: a row
  // both have keeps its status, a row added since gets a basic logical, and
  // a row removed since drops out. A removed row whose logical was nonbasic
  // leaves one basic variable too many: a basic column of that row (the
  // largest coefficient) becomes nonbasic at a finite bound, as if the
  // row's logical had entered the basis in its place. Null when that is not
  // possible (the row is no longer remembered, or has no such column): the
  // search then starts from the live basis. `basis` itself when the rows are
  // the same or only appended to; else `scratch`, filled.
  const lp::Basis* carry_basis(const lp::Basis& basis, const RowIds& ids, lp::Basis& scratch) const;

  // The simplex that produced the last values (for tableau access by the cut
  // separators; its public interface only).
  const lp::SimplexSolver& simplex() const { return active(); }

 private:
  const lp::SimplexSolver& active() const { return engine_.active(); }
  void rebuild(lp::LinearProgram model, const lp::Basis& basis) { engine_.replace_model(std::move(model), basis); }
  // A new row_ids_ list: without the cut rows flagged in `removed` (one flag
  // per cut row; null: none), then with `added` new ids appended.
  void renumber_rows(const std::vector<char>* removed, int added);

  // Remember the cut rows flagged in `removed` (one flag per cut row) for
  // carry_basis, forgetting the oldest beyond a budget.
  void remember_removed(const std::vector<char>& removed);

  lp::CheckedSimplex engine_;

  // A cut row that left the LP, for carry_basis: its entries.
  struct RemovedRow {
    std::vector<int> cols;
    std::vector<double> values;
  };

  int original_rows_ = 0;
  std::shared_ptr<const RowIds> row_ids_ = std::make_shared<const RowIds>();
  long next_row_id_ = 0;
  std::map<long, RemovedRow> removed_rows_;  // by row id
  long removed_entries_ = 0;                 // entries held in removed_rows_
  lp::LpStatus last_status_ = lp::LpStatus::kNumericalError;
};

}  // namespace milpsac::bnb
