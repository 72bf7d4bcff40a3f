// Test support: separation rounds at the root without the search, so that
// every candidate cut (not only the ones selected into the LP) can be
// checked against integer points known to be feasible.
#pragma once

#include <array>
#include <cmath>
#include <functional>

#include "bnb/cut_clique.h"
#include "bnb/cut_flow_cover.h"
#include "bnb/cut_gomory.h"
#include "bnb/cut_implied_bound.h"
#include "bnb/cut_knapsack_cover.h"
#include "bnb/cut_mir.h"
#include "bnb/cut_pool.h"
#include "bnb/cut_zero_half.h"
#include "bnb/lp_relaxation.h"

namespace milpsac::test {

enum Separator { kGomory, kCover, kMir, kClique, kImpliedBound, kFlowCover, kTableauMir, kZeroHalf, kNumSeparators };
inline const char* separator_name(int s) {
  static constexpr std::array<const char*, kNumSeparators> names = {
      "GMI", "cover", "c-MIR", "clique", "implied-bound", "flow-cover", "tableau c-MIR", "zero-half"};
  return names[static_cast<size_t>(s)];
}

struct CutRoundsResult {
  int candidates = 0;                              // cuts separated over all rounds
  std::array<int, kNumSeparators> by_separator{};  // the same, per separator
  double root_bound = NAN;                         // LP value (minimisation form) before the first round
  double final_bound = NAN;                        // after the last round
};

// Solve the root LP (integer bounds rounded inward), then run `rounds` rounds:
// separate GMI, cover, c-MIR (with the flow covers of its row aggregations),
// clique, implied-bound, flow cover, tableau c-MIR and zero-half cuts, hand every
// candidate to `check`, add the selected ones and re-solve.
inline CutRoundsResult run_cut_rounds(const lp::LinearProgram& lp, int rounds,
                                      const std::function<void(const bnb::Cut&, int separator)>& check) {
  CutRoundsResult result;
  Deadline no_limit;
  bnb::LpRelaxation relaxation(lp, &no_limit);
  for (int j = 0; j < lp.num_cols(); ++j)
    if (lp.is_integer[static_cast<size_t>(j)])
      relaxation.set_bounds(j, std::ceil(lp.col_lower[j] - 1e-9), std::floor(lp.col_upper[j] + 1e-9));
  if (relaxation.resolve(nullptr, 1000000) != lp::LpStatus::kOptimal) return result;
  result.root_bound = result.final_bound = relaxation.objective();
  const bnb::ConflictGraph conflicts = bnb::build_conflict_graph(relaxation, lp.is_integer);
  const bnb::ImpliedBoundTable implications = bnb::find_implied_bounds(relaxation, lp.is_integer);
  for (int round = 0; round < rounds; ++round) {
    const Eigen::VectorXd x = relaxation.values();
    bnb::CutPool pool;
    for (int s = 0; s < kNumSeparators; ++s) {
      bnb::CutPool one;
      switch (s) {
        case kGomory:
          bnb::separate_gomory(relaxation, lp.is_integer, one, 200);
          break;
        case kCover:
          bnb::separate_knapsack_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer, one);
          break;
        case kMir: {  // with the flow covers of its aggregations, as in the root cut loop
          const bnb::FlowCoverSeparator flow_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer);
          bnb::separate_mir(relaxation, bnb::current_bounds(relaxation), lp.is_integer, one, &flow_covers);
          break;
        }
        case kClique:
          bnb::separate_cliques(conflicts, relaxation, one);
          break;
        case kImpliedBound:
          bnb::separate_implied_bounds(implications, relaxation, one);
          break;
        case kFlowCover:
          bnb::separate_flow_covers(relaxation, bnb::current_bounds(relaxation), lp.is_integer, one);
          break;
        case kZeroHalf:
          bnb::separate_zero_half(relaxation, lp.is_integer, one);
          break;
        default:
          bnb::separate_tableau_mir(relaxation, bnb::current_bounds(relaxation), lp.is_integer, one, 200);
          break;
      }
      const auto separated = one.select(x, one.size(), 0.0, 1.0);
      for (const auto& cut : separated) {
        check(cut, s);
        pool.add(cut);
      }
      result.by_separator[static_cast<size_t>(s)] += static_cast<int>(separated.size());
      result.candidates += static_cast<int>(separated.size());
    }
    const auto selected = pool.select(x, 50, 1e-5, 0.98);
    if (selected.empty()) break;
    const bnb::CutRows added = bnb::as_rows(selected);
    relaxation.add_rows(added.rows, added.lower, added.upper);
    if (relaxation.resolve(nullptr, 1000000) != lp::LpStatus::kOptimal) break;
    result.final_bound = relaxation.objective();
  }
  return result;
}

}  // namespace milpsac::test
