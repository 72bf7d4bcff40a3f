// What the root cut loop builds for its separators and keeps for the tree's
// node separation (node_cuts.h): the cut pool (candidates never selected and
// cuts retired from the LP), the conflict graph, the implied-bound table and
// the row-major copy of the model's rows the probing row implications read.
// All of it derives from the root's (global) bounds, so it stays valid at
// every node.
#pragma once

#include "bnb/cut_clique.h"
#include "bnb/cut_implied_bound.h"
#include "bnb/cut_pool.h"
#include "lp/linear_program.h"

namespace milpsac::bnb {

struct CutSources {
  explicit CutSources(int max_age) : pool(max_age) {}

  CutPool pool;
  // Built on the first round that separates (not for a root that needs no cuts).
  bool built = false;
  ConflictGraph conflicts;
  ImpliedBoundTable implications;
  lp::RowMajorMatrix model_rows;  // only when probing found row implications
};

}  // namespace milpsac::bnb
