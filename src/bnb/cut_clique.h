// Clique cuts from a conflict graph on binary literals.
//
// A literal is a binary column x_j (index j) or its complement 1 - x_j
// (index n + j). Two literals conflict when they cannot both be 1 in any
// feasible point. Conflicts are read from single rows: a row side
// sum a_j x_j <= b is relaxed to its binary columns (every other column at its
// least contribution over its bounds; negative coefficients complemented), and
// two literals whose weights sum to more than the capacity conflict. A clique
// (pairwise conflicting literals) C gives sum over C of the literals <= 1.
//
// Separation is greedy from each literal with a fractional LP value, largest
// value first: the clique grows by the neighbour of all members with the
// largest LP value, then is extended by members of value 0 (a maximal clique
// is a stronger cut). Cuts within a single set-packing row add nothing, the
// gain comes from cliques whose edges come from several rows.
//
// Invariants: the graph is built from the original rows and the global
// bounds, so its cliques are valid at every node; neighbour lists are sorted
// and free of duplicates; building stops adding edges past a fixed budget
// (the graph then has fewer edges, which only weakens the cuts); so does a
// deadline that passes while it is built.
#pragma once

#include <vector>

#include "bnb/cut_pool.h"
#include "bnb/lp_relaxation.h"
#include "common/deadline.h"

namespace milpsac::bnb {

struct ConflictGraph {
  int num_cols = 0;
  std::vector<std::vector<int>> neighbours;  // per literal (2 * num_cols), sorted
  long edges = 0;
  bool empty() const { return edges == 0; }
};

// The conflict graph of the relaxation's original rows at its current (global)
// bounds. With a `deadline`, building stops adding edges once it has passed
// (a set-partitioning row of 17,000 binaries, as in nw04, alone fills the
// edge budget: 0.15 s).
ConflictGraph build_conflict_graph(const LpRelaxation& relaxation, const std::vector<char>& is_integer,
                                   const Deadline* deadline = nullptr);

// Adds violated clique cuts at the current LP values to `pool`. Returns how many.
int separate_cliques(const ConflictGraph& graph, const LpRelaxation& relaxation, CutPool& pool);

}  // namespace milpsac::bnb
