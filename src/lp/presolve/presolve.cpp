// The presolve driver: passes over all rows, then all columns, in index order,
// applying the enabled rules until a pass changes nothing (or max_passes);
// then the reduced LinearProgram is extracted and postsolve maps solutions back.
#include "lp/presolve/presolve.h"

#include <cmath>

#include "common/index.h"
#include "lp/presolve/presolve_model.h"
#include "lp/presolve/rules.h"

namespace milpsac::lp::presolve {

const char* to_string(PresolveStatus status) {
  switch (status) {
    case PresolveStatus::kReduced:
      return "reduced";
    case PresolveStatus::kEmpty:
      return "empty";
    case PresolveStatus::kInfeasible:
      return "infeasible";
    case PresolveStatus::kUnboundedOrInfeasible:
      return "unbounded_or_infeasible";
  }
  return "unknown";
}

namespace {

bool stopped(const PresolveModel& model) { return model.infeasible || model.unbounded_or_infeasible; }

// Within a pass the clock is read every kRowsPerPoll rows or columns: one pass
// over 10^6 columns took minutes before the rules were linear, and a pass must
// not outlast --time-limit whatever it costs. A pass cut short leaves a valid
// model: each rule applies whole or not at all.
constexpr int kRowsPerPoll = 256;
bool out_of_time(const PresolveOptions& o, int index) {
  return index % kRowsPerPoll == 0 && o.deadline != nullptr && o.deadline->expired();
}

bool row_pass(PresolveModel& model, const PresolveOptions& o) {
  bool changed = false;
  for (int i = 0; i < model.num_rows && !stopped(model); ++i) {
    if (out_of_time(o, i)) break;
    if (!model.row_active[uz(i)]) continue;
    const int size = model.row_size[uz(i)];
    if (size == 0) {
      if (o.empty_rows) changed |= remove_empty_row(model, i);
      continue;
    }
    if (size == 1 && o.singleton_rows) {
      changed |= remove_singleton_row(model, i);
      continue;
    }
    if (o.forcing_rows && remove_forcing_or_redundant_row(model, i)) {
      changed = true;
      continue;
    }
    if (stopped(model)) break;
    if (size == 2 && o.doubleton_equations && remove_doubleton_equation(model, i)) {
      changed = true;
      continue;
    }
    if (model.keep_integrality && o.bound_tightening) changed |= tighten_integer_bounds(model, i);
    if (model.keep_integrality && o.coefficient_tightening && !stopped(model))
      changed |= tighten_coefficients(model, i);
  }
  return changed;
}

bool column_pass(PresolveModel& model, const PresolveOptions& o) {
  bool changed = false;
  for (int j = 0; j < model.num_cols && !stopped(model); ++j) {
    if (out_of_time(o, j)) break;
    if (!model.col_active[uz(j)]) continue;
    if (o.fixed_columns && remove_fixed_column(model, j)) {
      changed = true;
      continue;
    }
    if (model.col_size[uz(j)] == 0) {
      if (o.empty_columns) changed |= remove_empty_column(model, j);
      continue;
    }
    if (o.dominated_columns && remove_dominated_column(model, j)) {
      changed = true;
      continue;
    }
    if (stopped(model)) break;
    if (model.col_size[uz(j)] != 1) {
      if (o.free_column_substitution) changed |= substitute_free_column(model, j);
      continue;
    }
    if (o.free_column_singletons && remove_free_column_singleton(model, j)) {
      changed = true;
      continue;
    }
    if (o.slack_columns) changed |= remove_slack_column(model, j);
  }
  return changed;
}

LinearProgram extract_reduced(const LinearProgram& original, PresolveModel& model) {
  PostsolveStack& stack = model.stack;
  std::vector<int> new_row(uz(model.num_rows), -1);
  for (int i = 0; i < model.num_rows; ++i)
    if (model.row_active[uz(i)]) {
      new_row[uz(i)] = static_cast<int>(stack.row_map.size());
      stack.row_map.push_back(i);
    }
  for (int j = 0; j < model.num_cols; ++j)
    if (model.col_active[uz(j)]) stack.col_map.push_back(j);
  const int m = static_cast<int>(stack.row_map.size()), n = static_cast<int>(stack.col_map.size());
  LinearProgram lp;
  lp.name = original.name;
  lp.sense = original.sense;
  lp.resize(m, n);
  const double sign = original.sense == ObjectiveSense::kMaximize ? -1.0 : 1.0;
  lp.offset = sign * model.offset;
  std::vector<Eigen::Triplet<double>> entries;
  for (int c = 0; c < n; ++c) {
    const auto j = uz(stack.col_map[uz(c)]);
    lp.c[c] = sign * model.cost[j];
    lp.col_lower[c] = model.col_lower[j];
    lp.col_upper[c] = model.col_upper[j];
    lp.is_integer[uz(c)] = model.is_integer[j];
    if (j < original.col_names.size()) lp.col_names[uz(c)] = original.col_names[j];
    for (const Entry& e : model.cols[j]) {
      const int r = new_row[uz(e.index)];
      if (r >= 0) entries.emplace_back(r, c, e.value);
    }
  }
  // The last entry for a position wins, as an assignment would.
  lp.A.setFromTriplets(entries.begin(), entries.end(), [](double, double later) { return later; });
  for (int r = 0; r < m; ++r) {
    const auto i = uz(stack.row_map[uz(r)]);
    lp.row_lower[r] = model.row_lower[i];
    lp.row_upper[r] = model.row_upper[i];
    if (i < original.row_names.size()) lp.row_names[uz(r)] = original.row_names[i];
  }
  return lp;
}

PostsolveState initial_state(const PresolveResult& result, const LpSolution& reduced, bool primal_only) {
  const PostsolveStack& stack = result.stack;
  PostsolveState state;
  state.x.assign(uz(stack.original_cols), 0.0);
  state.y.assign(uz(stack.original_rows), 0.0);
  state.col_status.assign(uz(stack.original_cols), VarStatus::kAtLower);
  state.row_status.assign(uz(stack.original_rows), VarStatus::kBasic);
  const bool has_basis =
      reduced.basis.cols.size() == stack.col_map.size() && reduced.basis.rows.size() == stack.row_map.size();
  for (size_t c = 0; c < stack.col_map.size(); ++c) {
    const auto j = uz(stack.col_map[c]);
    if (static_cast<Eigen::Index>(c) < reduced.x.size()) state.x[j] = reduced.x[static_cast<Eigen::Index>(c)];
    state.col_status[j] = has_basis ? reduced.basis.cols[c] : VarStatus::kBasic;
  }
  for (size_t r = 0; r < stack.row_map.size(); ++r) {
    const auto i = uz(stack.row_map[r]);
    if (!primal_only && static_cast<Eigen::Index>(r) < reduced.row_duals.size())
      state.y[i] = reduced.row_duals[static_cast<Eigen::Index>(r)];
    state.row_status[i] = has_basis ? reduced.basis.rows[r] : VarStatus::kBasic;
  }
  return state;
}

}  // namespace

PresolveResult presolve(const LinearProgram& lp, const PresolveOptions& options) {
  PresolveModel model = make_presolve_model(lp, options.keep_integrality);
  PresolveResult result;
  for (int pass = 0; pass < options.max_passes && !stopped(model); ++pass) {
    if (options.deadline != nullptr && options.deadline->expired()) break;
    ++model.stats.passes;
    bool changed = row_pass(model, options);
    if (!stopped(model)) changed |= column_pass(model, options);
    if (!stopped(model) && options.parallel_rows) changed |= remove_parallel_rows(model);
    if (!stopped(model) && options.duplicate_columns && model.keep_integrality)
      changed |= remove_duplicate_columns(model);
    if (!changed) break;
  }
  std::vector<char> implied;
  if (!stopped(model) && options.implied_integers && model.keep_integrality) implied = find_implied_integers(model);
  result.stats = model.stats;
  if (model.infeasible) {
    result.status = PresolveStatus::kInfeasible;
  } else if (model.unbounded_or_infeasible) {
    result.status = PresolveStatus::kUnboundedOrInfeasible;
  }
  result.reduced = extract_reduced(lp, model);
  result.stack = std::move(model.stack);
  if (model.keep_integrality) {
    result.implied_integer.assign(result.stack.col_map.size(), 0);
    if (!implied.empty())
      for (size_t c = 0; c < result.stack.col_map.size(); ++c)
        result.implied_integer[c] = implied[uz(result.stack.col_map[c])];
  }
  if (result.status == PresolveStatus::kReduced && result.reduced.num_rows() == 0 && result.reduced.num_cols() == 0)
    result.status = PresolveStatus::kEmpty;
  return result;
}

Eigen::VectorXd postsolve_primal(const PresolveResult& result, const Eigen::VectorXd& reduced_x) {
  LpSolution reduced;
  reduced.x = reduced_x;
  PostsolveState state = initial_state(result, reduced, true);
  undo_reductions(result.stack, state, true);
  return Eigen::Map<const Eigen::VectorXd>(state.x.data(), static_cast<Eigen::Index>(state.x.size()));
}

LpSolution postsolve(const LinearProgram& original, const PresolveResult& result, const LpSolution& reduced) {
  PostsolveState state = initial_state(result, reduced, false);
  undo_reductions(result.stack, state, false);
  LpSolution out;
  out.status = reduced.status;
  if (result.status == PresolveStatus::kEmpty) out.status = LpStatus::kOptimal;
  out.iterations = reduced.iterations;
  const auto n = static_cast<Eigen::Index>(state.x.size()), m = static_cast<Eigen::Index>(state.y.size());
  out.x = Eigen::Map<const Eigen::VectorXd>(state.x.data(), n);
  out.row_duals = Eigen::Map<const Eigen::VectorXd>(state.y.data(), m);
  out.row_activity = original.A * out.x;
  const double sign = original.sense == ObjectiveSense::kMaximize ? -1.0 : 1.0;
  out.reduced_costs = sign * original.c - original.A.transpose() * out.row_duals;
  out.objective = original.c.dot(out.x) + original.offset;
  out.basis.cols = std::move(state.col_status);
  out.basis.rows = std::move(state.row_status);
  return out;
}

}  // namespace milpsac::lp::presolve
